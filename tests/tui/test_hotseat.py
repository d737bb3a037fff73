"""The game loop: who gets the laptop when, what each screen may show, and what observers hear."""

from __future__ import annotations

import random
from collections.abc import Sequence

from loveletter.engine import Action, Game, Redraw
from loveletter.engine import events as ev
from loveletter.tui.hotseat import Hotseat, Observer, Seat, StackedDeal
from tests.support import deal


class Recorder:
    """A front end that plays at random and writes down what the loop asked of it."""

    def __init__(self, seed: int = 0, rounds: int = 99, choose: dict[int, Action] | None = None) -> None:
        self.rng = random.Random(seed)
        self.calls: list[tuple[str, int | None]] = []
        self.rounds = rounds
        self.choose = choose or {}
        self.table: Hotseat | None = None
        self.screens: list[int | None] = []

    def start(self, table: Hotseat) -> None:
        self.table = table

    def hand_off(self, seat: int) -> None:
        self.calls.append(("hand_off", seat))

    def decide(self, seat: int) -> Action:
        assert self.table is not None
        self.calls.append(("decide", seat))
        # Whoever decides holds the laptop (or is the only person there).
        assert self.table.screen_seat() == seat
        legal = self.table.game.legal_actions()
        wanted = self.choose.get(seat)
        return wanted if wanted in legal else self.rng.choice(legal)

    def turn_done(self, seat: int, since: int) -> None:
        self.calls.append(("turn_done", seat))

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        assert self.table is not None
        self.calls.append(("computer", seat))
        self.screens.append(self.table.screen_seat())

    def round_over(self) -> bool:
        assert self.table is not None
        self.calls.append(("round_over", None))
        self.screens.append(self.table.screen_seat())
        self.rounds -= 1
        return self.rounds > 0

    def game_over(self) -> None:
        self.calls.append(("game_over", None))


class Counter(Observer):
    def __init__(self) -> None:
        self.deals = 0
        self.actions: list[tuple[int, Action]] = []

    def round_dealt(self, game: Game, events: Sequence[ev.Event]) -> None:
        assert isinstance(events[0], ev.RoundStarted)
        self.deals += 1

    def action_applied(self, game: Game, seat: int, action: Action, events: Sequence[ev.Event]) -> None:
        self.actions.append((seat, action))


def people(*names: str) -> list[Seat]:
    return [Seat(n) for n in names]


def test_hot_seat_hands_off_before_every_persons_turn_and_takes_back_after() -> None:
    game = Game("classic", 3, seed=5)
    front = Recorder(seed=1)
    counter = Counter()
    Hotseat(game, [*people("Ana", "Bea"), Seat("Bot", "random")], front, seed=3, observers=[counter]).run()
    assert game.over and front.calls[-1] == ("game_over", None)
    calls = front.calls
    for i, (what, seat) in enumerate(calls):
        if what == "decide" and (i == 0 or calls[i - 1] != ("decide", seat)):
            assert calls[i - 1] == ("hand_off", seat)  # nobody decides without the laptop handed to them
        if what == "decide" and seat == 2:
            raise AssertionError("the computer player never goes through the front end")
    # Between hand-offs the screen is public: computer moves and round results are shown to nobody in particular.
    assert set(front.screens) == {None}
    assert counter.deals == len(game.deals) and len(counter.actions) == sum(len(a) for a in game.actions)
    assert {seat for seat, _ in counter.actions} == {0, 1, 2}


def test_one_person_never_hands_off_and_sees_the_computer_moves_in_their_view() -> None:
    game = Game("2019", 3, seed=2)
    front = Recorder()
    Hotseat(game, [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random")], front, seed=1).run()
    assert game.over
    assert not [c for c in front.calls if c[0] == "hand_off"]
    assert set(front.screens) == {0}


def test_all_computer_players_need_no_person() -> None:
    game = Game("premium", 6, seed=9)
    front = Recorder()
    Hotseat(game, [Seat(f"B{i}", "random") for i in range(6)], front, seed=4).run()
    assert game.over and not [c for c in front.calls if c[0] in ("hand_off", "decide")]
    assert set(front.screens) == {None}


def test_stopping_at_a_round_end() -> None:
    game = Game("classic", 2, seed=1)
    front = Recorder(rounds=1)
    table = Hotseat(game, people("Ana", "Bea"), front)
    table.run()
    assert table.stopped and not game.over and len(game.deals) == 1


def test_stacked_deals_are_used_for_the_next_rounds() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    second = tuple(game.deals[0].deck)
    front = Recorder(rounds=3, choose={0: game.parse("Guard>1=Priest")})
    Hotseat(game, people("Ana", "Bea"), front, deals=[StackedDeal(second, 0)]).run()
    assert game.deals[1] == game.deals[0]


def test_the_bishops_target_gets_the_laptop_for_their_decision_and_hands_it_back() -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "Handmaid", "King"], draws=["Bishop", "Prince"])
    front = Recorder(rounds=1, choose={0: game.parse("Bishop>3=4"), 3: Redraw(False)})
    seats = [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random"), Seat("Dee"), Seat("B4", "random")]
    Hotseat(game, seats, front, seed=2).run()
    assert front.calls[:9] == [
        ("hand_off", 0),
        ("decide", 0),
        ("turn_done", 0),  # Ana sees her hit, then the screen is wiped
        ("hand_off", 3),  # Dee decides during Ana's turn...
        ("decide", 3),
        ("turn_done", 3),  # ...and gives the laptop back
        ("computer", 1),
        ("computer", 2),
        ("hand_off", 3),  # Dee's own turn: handed to her again
    ]


def test_a_bishop_target_that_is_a_computer_player_decides_by_itself() -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "Handmaid", "King"], draws=["Bishop", "Prince"])
    front = Recorder(rounds=1, choose={0: game.parse("Bishop>1=2")})
    seats = [Seat("Ana"), *(Seat(f"B{i}", "random") for i in range(4))]
    Hotseat(game, seats, front, seed=2).run()
    assert front.calls[:3] == [("decide", 0), ("turn_done", 0), ("computer", 1)]
    assert isinstance(game.actions[0][1], Redraw)  # the computer player at seat 1 made the Bishop decision


def test_private_results_wait_for_the_seats_next_screen() -> None:
    game = deal("classic", 3, hands=["Guard", "Priest", "Baron"], draws=["King"])
    front = Recorder(rounds=1, choose={0: game.parse("King>1")})
    table = Hotseat(game, people("Ana", "Bea", "Cal"), front)
    front.table = table
    game.push(game.parse("King>1"))
    # Bea's trade is in her log, new since she last looked; not in Cal's, nor on a public screen.
    bea = [e for e in table.log(1) if e.private]
    assert bea and bea[-1].index >= table.seen.get(1, 0)
    assert not [e for e in table.log(2) if e.private] and not [e for e in table.log(None) if e.private]
