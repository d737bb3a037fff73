"""What the easy and hard levels decide in situations with one sensible answer, and that every level plays
every ruleset to the end."""

from __future__ import annotations

import random

import pytest

from loveletter.arena.games import GameSpec, play_game
from loveletter.bots import LEVELS, make_bot
from loveletter.engine import Game, Keep, Play, Redraw
from tests.support import deal, decisions, play

SMART = ("easy", "hard")
#: Enough simulated moves for the hard level to see the clear cases below, and still quick.
HARD_BUDGET = 2000


def choice(level: str, game: Game, seed: int = 1) -> str:
    seat = game.decider
    assert seat is not None
    bot = make_bot(level, seed=seed, budget=HARD_BUDGET if level == "hard" else None)
    return str(bot.choose(game.view(seat)))


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("other", ["Guard", "Baron", "Handmaid", "Priest", "King", "Countess", "Chancellor"])
def test_never_gives_up_the_princess(level: str, other: str) -> None:
    game = deal("2019", 2, hands=["Princess", "Spy"], draws=[other])
    assert not choice(level, game).startswith("Princess")


@pytest.mark.parametrize("level", SMART)
def test_a_prince_beside_the_princess_goes_to_the_opponent(level: str) -> None:
    game = deal("2019", 2, hands=["Princess", "Spy"], draws=["Prince"])
    assert choice(level, game) == "Prince>1"


@pytest.mark.parametrize("level", SMART)
def test_a_guard_names_the_card_a_priest_showed(level: str) -> None:
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Guard", "Spy", "Guard"])
    play(game, "Priest>1", "Spy")
    assert choice(level, game) == "Guard>1=King"


@pytest.mark.parametrize("level", SMART)
def test_a_baron_is_played_with_a_strong_hand_and_not_with_a_weak_one(level: str) -> None:
    strong = deal("2019", 2, hands=["Princess", "Spy"], draws=["Baron"])
    assert choice(level, strong) == "Baron>1"
    weak = deal("2019", 2, hands=["Guard", "Spy"], draws=["Baron"])
    assert choice(level, weak) != "Baron>1"


@pytest.mark.parametrize("level", SMART)
def test_a_baron_on_a_known_lower_card(level: str) -> None:
    # Seat 0 looked at seat 1 (a Priest) and keeps a Handmaid: the Baron wins for sure.
    game = deal("2019", 2, hands=["Priest", "Priest"], draws=["Handmaid", "Guard", "Baron"])
    play(game, "Priest>1", "Guard>0=Princess")
    assert choice(level, game) == "Baron>1"


@pytest.mark.parametrize("level", SMART)
def test_the_countess_is_kept_and_the_lower_card_played(level: str) -> None:
    game = deal("2019", 2, hands=["Countess", "Spy"], draws=["Handmaid"])
    assert choice(level, game) == "Handmaid"


@pytest.mark.parametrize("level", SMART)
def test_a_chancellor_keeps_the_best_card(level: str) -> None:
    game = deal("2019", 2, hands=["Chancellor", "Spy"], draws=["Guard", "Princess", "Priest"])
    play(game, "Chancellor")
    assert choice(level, game).startswith("keep Princess")


def bottom_of_the_deck() -> Game:
    """Seat 0 at its Chancellor's keep with the deck empty: it holds the Princess, a Guard and the Countess, and
    seat 1 holds a Baron (both Barons are the only cards seat 0 has not seen). Seat 1 draws first whichever card
    goes back first: the Countess leaves it nothing that wins; a Guard lets it name the Princess."""
    game = deal(
        "2019",
        2,
        hands=["Priest", "Baron"],
        set_aside="Baron",
        face_up=["King", "Prince", "Prince"],
        draws=[
            *("Princess", "Priest", "Guard", "Guard", "Guard", "Guard", "Guard", "Spy", "Spy", "Handmaid"),
            *("Handmaid", "Chancellor", "Guard", "Countess", "Chancellor"),
        ],
    )
    play(game, "Priest>1", "Priest>0", "Guard>1=Priest", "Guard>0=Spy", "Guard>1=Spy", "Guard>0=Baron")
    play(game, "Guard>1=Handmaid", "Spy", "Spy", "Handmaid", "Handmaid")
    play(game, "Chancellor", "keep Baron return Guard,Countess", "Chancellor")
    return game


def test_a_chancellor_at_the_bottom_of_the_deck_returns_the_cards_in_the_order_that_wins() -> None:
    game = bottom_of_the_deck()
    view = game.view(0)
    assert view.deck_size == 0 and sorted(view.hand) == ["Countess", "Guard", "Princess"]
    # The heuristic's order (lower card first) would hand seat 1 the Guard.
    assert choice("hard", game) == "keep Princess return Countess,Guard"


def test_the_order_of_returned_cards_is_searched_only_near_the_bottom_of_the_deck() -> None:
    from loveletter.bots import beliefs
    from loveletter.bots.hard_v2 import RETURN_ORDER_DEPTH, HardV2Bot

    def keeps(game: Game) -> list[list[str]]:
        view = game.view(0)
        assert view.phase.value == "chancellor"
        options = HardV2Bot(random.Random(1)).options(view, beliefs.read(view), prune=True)
        return sorted(sorted(str(a) for a in option.actions) for option in options)

    early = deal("2019", 2, hands=["Chancellor", "Spy"], draws=["Guard", "Princess", "Priest"])
    play(early, "Chancellor")
    assert early.view(0).deck_size > RETURN_ORDER_DEPTH
    pruned = keeps(early)
    assert [len(k) for k in pruned] == [1, 1, 1]  # one order per kept card
    assert {k[0].split(" return")[0] for k in pruned} == {"keep Guard", "keep Princess", "keep Priest"}
    late = keeps(bottom_of_the_deck())
    assert len(late) == 6 and all(len(k) == 1 for k in late)  # every keep in both orders


@pytest.mark.parametrize("level", LEVELS)
def test_a_protected_opponent_is_not_chosen(level: str) -> None:
    game = deal("2019", 2, hands=["Handmaid", "Guard"], draws=["Priest", "Guard"])
    play(game, "Handmaid")
    assert choice(level, game) in ("Guard", "Priest")


@pytest.mark.parametrize("level", SMART)
def test_a_guard_is_not_aimed_at_a_known_assassin(level: str) -> None:
    game = deal(
        "premium",
        5,
        hands=["Priest", "Assassin", "Handmaid", "Handmaid", "Baron"],
        draws=["Guard", "Count", "Count", "Constable", "Priest", "Guard"],
    )
    play(game, "Priest>1", "Count", "Count", "Constable", "Priest>2")
    action = choice(level, game)
    assert action.startswith("Guard>") and not action.startswith("Guard>1")


@pytest.mark.parametrize("level", SMART)
def test_the_bishops_target_keeps_the_princess_and_may_redraw_a_revealed_low_card(level: str) -> None:
    princess = deal("premium", 5, hands=["Guard", "Princess", "Handmaid", "Handmaid", "Count"], draws=["Bishop"])
    play(princess, "Bishop>1=8")
    assert princess.decider == 1
    assert choice(level, princess) == "pass"
    priest = deal("premium", 5, hands=["Guard", "Priest", "Handmaid", "Handmaid", "Count"], draws=["Bishop"])
    play(priest, "Bishop>1=2")
    if level == "easy":  # the search judges this one by its play-outs; the heuristic redraws a revealed card
        assert choice(level, priest) == "redraw"


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("2019", 2), ("2019", 6), ("classic", 4), ("original2012", 3), ("premium", 3), ("premium", 7)],
)
def test_every_level_plays_every_ruleset_to_the_end(level: str, ruleset: str, players: int) -> None:
    seats = (level if level != "hard" else "hard:80",) + ("easy",) * (players - 1)
    spec = GameSpec(
        index=0,
        ruleset=ruleset,
        players=players,
        levels=seats,
        slots=tuple(range(players)),
        seed=players,
        bot_seeds=tuple(range(players)),
    )
    result = play_game(spec)
    assert result.winners and result.rounds >= 1


@pytest.mark.slow
def test_every_kind_of_decision_is_made_by_every_level() -> None:
    """Premium 5-8 has most kinds of decision: named numbers (Guard, Bishop), the Baroness's one or two players,
    the Cardinal's pair and look, the Sycophant, the Jester. Some random moves vary the positions; only the
    bot's own decisions are counted."""
    kinds: dict[str, set[str]] = {level: set() for level in LEVELS}
    rng = random.Random(0)
    for level in LEVELS:
        for seed in range(6 if level != "hard" else 2):
            game = Game("premium", 6, seed=seed)
            bot = make_bot(level, seed=seed, budget=60)
            for view in decisions(game):
                if rng.random() < 0.3:
                    game.push(rng.choice(view.legal_actions))
                    continue
                action = bot.choose(view)
                assert action in view.legal_actions
                if isinstance(action, Redraw):
                    kinds[level].add("redraw")
                elif isinstance(action, Keep):
                    kinds[level].add("keep")
                elif isinstance(action, Play):
                    kinds[level].add(game.ruleset.cards[action.card].effect)
                game.push(action)
    for level, seen in kinds.items():
        assert {"guard", "baroness", "cardinal", "sycophant", "bishop", "jester"} <= seen, (level, seen)


def test_the_hard_level_keeps_to_a_time_limit() -> None:
    import time

    from loveletter.bots.hard import HardBot

    game = Game("2019", 4, seed=2)
    view = game.view(game.decider or 0)
    bot = HardBot(random.Random(1), budget=10**9, seconds=0.05)
    start = time.perf_counter()
    action = bot.choose(view)
    assert action in view.legal_actions
    # One more deal's play-outs may finish after the limit; allow for a busy machine.
    assert time.perf_counter() - start < 1.0


def test_the_same_seed_gives_the_same_decisions() -> None:
    game = Game("2019", 3, seed=8)
    view = game.view(game.decider or 0)
    first = [str(make_bot(level, seed=4, budget=500).choose(view)) for level in LEVELS]
    again = [str(make_bot(level, seed=4, budget=500).choose(view)) for level in LEVELS]
    assert first == again
