"""The game loop: who gets the laptop when, what each screen may show, and what observers hear."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from loveletter.engine import Action, Game, Redraw, View
from loveletter.engine import events as ev
from loveletter.table.loop import GameLoop, Observer
from loveletter.table.seats import Seat, StackedDeal
from loveletter.tui.log import round_log
from loveletter.tui.spectator import SpectatorFrontend
from tests.engine.scenario import ruleset_with
from tests.support import deal


class Recorder:
    """A front end that plays at random and writes down what the loop asked of it."""

    def __init__(
        self,
        seed: int = 0,
        rounds: int = 99,
        choose: dict[int, Action] | None = None,
        first: Callable[[Sequence[int]], int | None] = lambda choices: None,
    ) -> None:
        self.rng = random.Random(seed)
        self.calls: list[tuple[str, int | None]] = []
        self.rounds = rounds
        self.choose = choose or {}
        self.table: GameLoop | None = None
        self.screens: list[int | None] = []
        self.news: list[list[str]] = []
        self.first = first
        self.moves: list[tuple[int, int]] = []
        self.thinking: list[int] = []
        #: Each time the host was asked who starts: the round to deal, the choices, the answer.
        self.firsts: list[tuple[int, tuple[int, ...], int | None]] = []

    def start(self, table: GameLoop) -> None:
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

    def computer_thinking(self, seat: int) -> None:
        self.thinking.append(seat)  # not in calls: a busy machine may make any move take a while

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        assert self.table is not None
        self.calls.append(("computer", seat))
        self.screens.append(self.table.screen_seat())
        self.moves.append((seat, since))

    def private_news(self, seat: int, since: int) -> None:
        assert self.table is not None
        self.calls.append(("news", seat))
        # Only the person holding the laptop is shown their news, and it is news to them.
        assert self.table.screen_seat() == seat
        self.news.append([e.text.plain for e in round_log(self.table, seat) if e.private and e.index >= since])

    def first_player(self, choices: Sequence[int]) -> int | None:
        assert self.table is not None
        assert len(choices) > 1  # nobody is asked when the rules leave no choice
        self.calls.append(("first_player", None))
        answer = self.first(choices)
        self.firsts.append((len(self.table.game.deals), tuple(choices), answer))
        return answer

    def round_over(self) -> bool:
        assert self.table is not None
        self.calls.append(("round_over", None))
        self.screens.append(self.table.screen_seat())
        self.rounds -= 1
        return self.rounds > 0

    def game_over(self) -> bool:
        self.calls.append(("game_over", None))
        return False


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
    GameLoop(game, [*people("Ana", "Bea"), Seat("Bot", "random")], front, seed=3, observers=[counter]).run()
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
    GameLoop(game, [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random")], front, seed=1).run()
    assert game.over
    assert not [c for c in front.calls if c[0] == "hand_off"]
    assert set(front.screens) == {0}


def test_all_computer_players_need_no_person() -> None:
    game = Game("premium", 6, seed=9)
    front = Recorder()
    GameLoop(game, [Seat(f"B{i}", "random") for i in range(6)], front, seed=4).run()
    assert game.over and not [c for c in front.calls if c[0] in ("hand_off", "decide")]
    assert set(front.screens) == {None}


def test_stopping_at_a_round_end() -> None:
    game = Game("classic", 2, seed=1)
    front = Recorder(rounds=1)
    table = GameLoop(game, people("Ana", "Bea"), front)
    table.run()
    assert table.stopped and not game.over and len(game.deals) == 1


def test_stacked_deals_are_used_for_the_next_rounds() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    second = tuple(game.deals[0].deck)
    front = Recorder(rounds=3, choose={0: game.parse("Guard>1=Priest")})
    GameLoop(game, people("Ana", "Bea"), front, deals=[StackedDeal(second, 0)]).run()
    assert game.deals[1] == game.deals[0]


def test_the_bishops_target_gets_the_laptop_for_their_decision_and_hands_it_back() -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "Handmaid", "King"], draws=["Bishop", "Prince"])
    front = Recorder(rounds=1, choose={0: game.parse("Bishop>3=4"), 3: Redraw(False)})
    seats = [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random"), Seat("Dee"), Seat("B4", "random")]
    GameLoop(game, seats, front, seed=2).run()
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
    GameLoop(game, seats, front, seed=2).run()
    assert front.calls[:3] == [("decide", 0), ("turn_done", 0), ("computer", 1)]
    assert isinstance(game.actions[0][1], Redraw)  # the computer player at seat 1 made the Bishop decision


def test_private_results_wait_for_the_seats_next_screen() -> None:
    game = deal("classic", 3, hands=["Guard", "Priest", "Baron"], draws=["King"])
    front = Recorder(rounds=1, choose={0: game.parse("King>1")})
    table = GameLoop(game, people("Ana", "Bea", "Cal"), front)
    front.table = table
    game.push(game.parse("King>1"))
    # Bea's trade is in her log, new since she last looked; not in Cal's, nor on a public screen.
    bea = [e for e in round_log(table, 1) if e.private]
    assert bea and bea[-1].index >= table.seen.get(1, 0)
    assert not [e for e in round_log(table, 2) if e.private] and not [e for e in round_log(table, None) if e.private]


def test_a_knocked_out_baron_target_is_handed_the_laptop_to_see_the_winners_card() -> None:
    # Ana's Baron (she keeps the Countess) against Bea's Guard: Bea is out and the round is over at once.
    game = deal("2019", 2, hands=["Baron", "Guard"], draws=["Countess"])
    front = Recorder(rounds=1, choose={0: game.parse("Baron>1")})
    GameLoop(game, people("Ana", "Bea"), front).run()
    assert front.calls == [
        ("hand_off", 0),
        ("decide", 0),
        ("news", 0),  # Ana still holds the laptop: she sees Bea's card without a hand-off
        ("hand_off", 1),
        ("news", 1),  # Bea learns Ana's Countess before the public end screen
        ("round_over", None),
    ]
    assert any("Countess" in line for line in front.news[1]) and front.screens[-1] is None


def test_no_private_news_means_no_extra_hand_off() -> None:
    # Ana's Guard names Bea's Priest: everything is public, so the end screen follows at once.
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    front = Recorder(rounds=1, choose={0: game.parse("Guard>1=Priest")})
    GameLoop(game, people("Ana", "Bea"), front).run()
    assert front.calls == [("hand_off", 0), ("decide", 0), ("round_over", None)]


def test_news_goes_to_people_only_and_not_with_a_single_person() -> None:
    # A computer player's Baron knocks out Ana, the only person: her own screen shows the result, no hand-off.
    game = deal("2019", 2, hands=["Baron", "Guard"], draws=["Countess"])
    front = Recorder(rounds=1)
    table = GameLoop(game, [Seat("Bot", "random"), Seat("Ana")], front, bots={0: _Fixed(game.parse("Baron>1"))})
    table.run()
    assert [c for c in front.calls if c[0] in ("hand_off", "news")] == []
    # Two people and a computer player: the computer player's Baron knocks Bea out on the first turn; she never
    # decides again this round, and is handed the laptop at its end to see the Countess that beat her.
    game = deal("2019", 3, hands=["Baron", "Guard", "Priest"], draws=["Countess"])
    front = Recorder(rounds=1)
    seats = [Seat("Bot", "random"), Seat("Ana"), Seat("Bea")]
    GameLoop(game, seats, front, bots={0: _Fixed(game.parse("Baron>2"))}).run()
    assert ("decide", 2) not in front.calls
    end = front.calls.index(("round_over", None))
    assert front.calls[end - 2 : end] == [("hand_off", 2), ("news", 2)]
    assert any("Countess" in line for line in front.news[-1])


class _Fixed:
    """A computer player that plays ``action`` when it is legal, else the first legal action."""

    level = "fixed"

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        return self.action if self.action in legal else legal[0]


def test_the_host_chooses_who_starts_after_a_tied_round(tmp_path: Path) -> None:
    ruleset = ruleset_with(tmp_path, "classic", first_player_mode="choose")
    for seed in range(100):  # random games until one has a tied round (a few percent of rounds are)
        game = Game(ruleset, 4, seed=seed, first_player=3)
        front = Recorder(seed=seed, first=max)
        GameLoop(game, people("Ana", "Bea", "Cal", "Dee"), front, seed=seed).run()
        if front.firsts:
            break
    else:
        raise AssertionError("no tied round in 100 games")
    assert game.deals[0].first_player == 3
    for round_index, choices, answer in front.firsts:
        assert answer == max(choices) and game.deals[round_index].first_player == answer
        assert front.calls[front.calls.index(("first_player", None)) - 1] == ("round_over", None)  # after the result


def test_with_nobody_to_ask_the_first_player_is_drawn_from_the_seed(tmp_path: Path) -> None:
    ruleset = ruleset_with(tmp_path, "classic", first_player_mode="choose")

    def show(seed: int) -> tuple[Game, str]:
        game = Game(ruleset, 4, seed=seed, first_player=0)
        out = io.StringIO()
        GameLoop(game, [Seat(f"B{i}", "random") for i in range(4)], SpectatorFrontend(out), seed=seed).run()
        assert game.over
        return game, out.getvalue()

    game, text = show(11)
    again, same = show(11)
    assert same == text and again.deals == game.deals  # the same seed, the same game
    picks: list[tuple[tuple[int, ...], int]] = []
    for seed in range(11, 31):
        game = show(seed)[0]
        ends = [e for e in game.log if isinstance(e, ev.RoundEnded)]
        for end, dealt in zip(ends, game.deals[1:], strict=False):
            if len(end.winners) > 1 and not any(isinstance(e, ev.TiebreakAnnounced) for e in game.log):
                picks.append((end.winners, dealt.first_player))
    # Each tied round was dealt to one of its winners without asking anyone, and not always to the lowest seat.
    assert picks and all(first in winners for winners, first in picks)
    assert any(first != min(winners) for winners, first in picks)


def test_a_computer_chancellor_is_one_move_shown_once_and_marked_new() -> None:
    # Ana plays her Handmaid; the computer player must play a Chancellor, then choose what to keep.
    game = deal("2019", 2, hands=["Handmaid", "Chancellor"], draws=["Guard", "Chancellor"])
    front = Recorder(rounds=1, choose={0: game.parse("Handmaid")})
    table = GameLoop(game, [Seat("Ana"), Seat("Bot", "random")], front, seed=1)
    table.run()
    assert front.calls[:4] == [("decide", 0), ("turn_done", 0), ("computer", 1), ("decide", 0)]
    assert len(game.actions[0]) > 3 and str(game.actions[0][2]).startswith("keep")  # two decisions, one pause
    seat, since = front.moves[0]
    entry = next(e for e in round_log(table, 0) if "plays Chancellor" in e.text.plain)
    assert seat == 1 and entry.index >= since  # the whole line is new: marked as such on the screen
