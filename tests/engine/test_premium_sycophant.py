"""The Sycophant, premium 5-8 players (docs/rules.md §2.3, §5.3, §5.4, §5.7; CL-29 .. CL-35)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from loveletter.engine import Game, IllegalActionError, Phase, Play
from loveletter.engine import events as ev
from tests.engine.premium_scenario import few_left, premium_variant
from tests.support import deal, play

#: Cards that choose exactly one other player, and each one's numbers (``None``: it names nothing).
ONE_OTHER = {
    "Guard": (0, 2, 3, 4, 5, 6, 7, 8, 9),
    "Priest": (None,),
    "Baron": (None,),
    "King": (None,),
    "DowagerQueen": (None,),
    "Jester": (None,),
    "Bishop": (0, 2, 3, 4, 5, 6, 7, 8, 9),
}


def marked_then(mark: int, card: str, ruleset: str = "premium", hand: str = "Count") -> Game:
    """Five players: seat 0 plays a Sycophant on ``mark``; seat 1 (holding ``hand``) then draws ``card``."""
    game = deal(ruleset, 5, hands=["Guard", hand, "Priest", "Baron", "Handmaid"], draws=["Sycophant", card, "Guard"])
    events = game.push(f"Sycophant>{mark}")
    marked = next(e for e in events if isinstance(e, ev.Marked))
    assert marked == ev.Marked(0, mark, "sycophant") and marked.audience is None
    assert all(game.view(seat).sycophant == mark for seat in range(5))
    assert game.decider == 1
    return game


def plays_of(game: Game, card: str) -> set[Play]:
    return {a for a in game.legal_actions() if isinstance(a, Play) and a.card == card}


# ----------------------------------------------------------------------------------------------------- CL-29


@pytest.mark.parametrize("card", sorted(ONE_OTHER))
def test_CL_29_a_card_that_chooses_one_player_must_choose_the_marked_one(card: str) -> None:
    game = marked_then(2, card)
    assert plays_of(game, card) == {Play(card, (2,), n) for n in ONE_OTHER[card]}
    with pytest.raises(IllegalActionError):
        game.push(Play(card, (3,), ONE_OTHER[card][0]))
    game.push(Play(card, (2,), ONE_OTHER[card][-1]))
    assert game.view(4).sycophant is None  # used up by that card


@pytest.mark.parametrize("card", ["Prince", "Sycophant"])
def test_CL_29_a_card_that_may_choose_its_player_must_choose_the_marked_one(card: str) -> None:
    game = marked_then(2, card)
    assert plays_of(game, card) == {Play(card, (2,))}


def test_CL_29_a_baroness_must_look_at_the_marked_player_among_one_or_two() -> None:
    game = marked_then(2, "Baroness")
    groups = {a.targets for a in plays_of(game, "Baroness")}
    assert groups == {(2,), (0, 2), (2, 3), (2, 4)}


def test_CL_29_a_cardinal_must_swap_the_marked_player() -> None:
    game = marked_then(2, "Cardinal")
    pairs = {a.targets for a in plays_of(game, "Cardinal")}
    assert pairs == {p for p in combinations(range(5), 2) if 2 in p}
    looks = {(a.targets, a.look) for a in plays_of(game, "Cardinal") if a.look is not None}
    assert ((0, 2), 0) in looks and ((2, 3), 2) in looks


def test_CL_29_a_sycophant_can_send_the_next_guard_into_the_assassin() -> None:
    game = deal("premium", 5, hands=["Guard", "Count", "Assassin", "Baron", "Handmaid"], draws=["Sycophant", "Guard"])
    game.push("Sycophant>2")
    assert {a.targets for a in plays_of(game, "Guard")} == {(2,)}
    events = game.push("Guard>2=3")
    assert ev.AssassinStruck(2, 1) in events
    assert not game.view(0).seats[1].in_round


# ----------------------------------------------------------------------------------------------------- CL-30


@pytest.mark.parametrize("card", [*sorted(ONE_OTHER), "Baroness"])
def test_CL_30_the_marked_next_player_cannot_meet_the_marker_no_effect(card: str) -> None:
    game = marked_then(1, card)
    assert plays_of(game, card) == {Play(card)}
    events = game.push(card)
    assert ev.NoEffect(1, card) in events
    assert game.view(0).sycophant is None
    assert {a.targets for a in game.legal_actions() if isinstance(a, Play) and a.card == "Guard"} == {
        (0,),
        (1,),
        (3,),
        (4,),
    }  # seat 2's card is free again


@pytest.mark.parametrize("card", [*sorted(ONE_OTHER), "Baroness"])
def test_CL_30_flag_ignore_constraint_gives_a_free_choice(tmp_path: Path, card: str) -> None:
    ruleset = premium_variant(tmp_path, flags={"sycophant_impossible": "ignore_constraint"})
    game = marked_then(1, card, ruleset)
    targets = {a.targets for a in plays_of(game, card)}
    if card == "Baroness":
        assert targets == {(p,) for p in (0, 2, 3, 4)} | set(combinations((0, 2, 3, 4), 2))
    else:
        assert targets == {(0,), (2,), (3,), (4,)}


def test_CL_30_a_cardinal_marked_on_its_own_player_swaps_with_it() -> None:
    game = marked_then(1, "Cardinal")
    assert plays_of(game, "Cardinal") == {Play("Cardinal", p) for p in [(0, 1), (1, 2), (1, 3), (1, 4)]}


@pytest.mark.parametrize("flag", ["no_effect", "ignore_constraint"])
def test_CL_30_a_marker_that_can_be_met_binds_under_both_flag_values(tmp_path: Path, flag: str) -> None:
    ruleset = premium_variant(tmp_path, flags={"sycophant_impossible": flag})
    game = marked_then(3, "Priest", ruleset)
    assert plays_of(game, "Priest") == {Play("Priest", (3,))}


# ----------------------------------------------------------------------------------------------------- CL-31


@pytest.mark.parametrize("card", ["Handmaid", "Countess", "Count", "Constable", "Princess", "Assassin"])
def test_CL_31_a_card_that_chooses_nobody_uses_the_marker_up(card: str) -> None:
    game = marked_then(2, card, hand="Baroness")
    game.push(card)
    assert game.view(3).sycophant is None
    assert game.decider == 2
    # Seat 2's Guard may choose anyone now.
    assert {a.targets for a in plays_of(game, "Guard")} >= {(0,), (3,), (4,)}


def test_CL_31_the_bishops_target_decides_freely_and_the_marker_is_gone() -> None:
    game = deal("premium", 5, hands=["Guard", "Count", "Priest", "Baron", "Handmaid"], draws=["Sycophant", "Bishop"])
    game.push("Sycophant>2")
    game.push("Bishop>2=2")  # right: seat 2 holds a Priest
    assert game.phase is Phase.BISHOP and game.view(0).sycophant is None
    assert game.view(2).legal_actions and len(game.view(2).legal_actions) == 2


# ----------------------------------------------------------------------------------------------------- CL-32


def test_CL_32_protected_players_cannot_be_marked_and_alone_you_mark_yourself() -> None:
    # Seat 1 plays the Princess, seats 2 and 3 a Handmaid, seat 4 loses a Baron: seat 0 is alone to be chosen.
    game = deal(
        "premium",
        5,
        hands=["King", "Guard", "Priest", "Baroness", "Jester"],
        draws=["Princess", "Handmaid", "Handmaid", "Baron", "Sycophant", "Guard"],
        first_player=1,
    )
    play(game, "Princess", "Handmaid", "Handmaid", "Baron>0")
    view = game.view(0)
    assert [s.in_round for s in view.seats] == [True, False, True, True, False]
    assert [s.protected for s in view.seats] == [False, False, True, True, False]
    assert plays_of(game, "Sycophant") == {Play("Sycophant", (0,))}
    assert plays_of(game, "King") == {Play("King")}  # nobody else to trade with
    for target in (1, 2, 3, 4):
        with pytest.raises(IllegalActionError):
            game.push(f"Sycophant>{target}")
    game.push("Sycophant>0")
    assert game.view(2).sycophant == 0
    # Seat 2's protection ends with its turn; its Guard must choose seat 0.
    assert game.decider == 2 and {a.targets for a in plays_of(game, "Guard")} == {(0,)}


# ----------------------------------------------------------------------------------------------------- CL-33


def test_CL_33_a_prince_after_a_sycophant_on_its_own_player_must_choose_itself() -> None:
    game = marked_then(1, "Prince", hand="Baroness")
    assert plays_of(game, "Prince") == {Play("Prince", (1,))}
    events = game.push("Prince>1")
    assert ev.Discarded(1, "Baroness", "Prince") in events
    assert game.view(1).hand == ("Guard",)


# ----------------------------------------------------------------------------------------------------- CL-34


@pytest.mark.parametrize("mark", [3, 1])
def test_CL_34_a_second_sycophant_must_mark_the_same_player_and_keeps_the_marker(mark: int) -> None:
    game = deal(
        "premium",
        5,
        hands=["Guard", "Count", "Baroness", "Baron", "Handmaid"],
        draws=["Sycophant", "Sycophant", "Priest", "Guard"],
    )
    game.push(f"Sycophant>{mark}")
    assert plays_of(game, "Sycophant") == {Play("Sycophant", (mark,))}
    events = game.push(f"Sycophant>{mark}")
    assert ev.Marked(1, mark, "sycophant") in events
    assert game.view(0).sycophant == mark  # still there for the next card
    assert game.decider == 2
    priests = plays_of(game, "Priest")
    assert priests == {Play("Priest", (mark,))}
    game.push(f"Priest>{mark}")
    assert game.view(0).sycophant is None


# ----------------------------------------------------------------------------------------------------- CL-35


def test_CL_35_the_marker_is_public_while_active() -> None:
    game = marked_then(3, "Priest")
    assert all(game.view(seat).sycophant == 3 for seat in range(5))
    assert all(ev.Marked(0, 3, "sycophant") in game.log_for(seat) for seat in range(5))


def test_CL_35_the_marker_is_cleared_at_round_end() -> None:
    # The last card of the deck is a Sycophant: the round ends right after it marks someone.
    game = few_left(["Countess", "Baron"], fillers={0: ["Count"], 1: ["Count"]}, finale_draws=["Sycophant"])
    assert game.decider == 0 and game.view(0).deck_size == 0
    game.push("Sycophant>1")
    assert game.round_over
    assert all(game.view(seat).sycophant is None for seat in range(8))
    game.next_round()
    assert game.view(0).sycophant is None
