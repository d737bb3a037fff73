"""Dowager Queen, Constable and Count, premium 5-8 players (docs/rules.md §2.4, §5.4, §5.5, §5.6; CL-18 .. CL-28)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, stacked_deck
from loveletter.engine import events as ev
from loveletter.engine.events import KnockOutCause
from tests.engine.premium_scenario import (
    few_left,
    pile_sum,
    premium_variant,
    quick_game,
    quick_round,
    tokens_given,
)
from tests.support import deal, play

# ----------------------------------------------------------------------------------------------------- CL-18


@pytest.mark.parametrize(
    ("mine", "theirs", "loser"),
    [
        ("Priest", "Baron", 1),  # the higher card goes
        ("King", "Baron", 0),  # the Dowager Queen's own player can be the one
        ("Baroness", "Baron", None),  # equal values: nothing happens
        ("Princess", "Bishop", 1),  # the Bishop is 9
    ],
)
def test_CL_18_the_dowager_queen_knocks_out_the_higher_card(mine: str, theirs: str, loser: int | None) -> None:
    game = deal("premium", 5, hands=[mine, theirs, "Priest", "Guard", "Handmaid"], draws=["DowagerQueen"])
    events = game.push("DowagerQueen>1")
    compared = next(e for e in events if isinstance(e, ev.Compared))
    assert compared == ev.Compared(0, 1, "DowagerQueen", loser) and compared.audience is None
    both = next(e for e in events if isinstance(e, ev.ComparedHands))
    assert both == ev.ComparedHands(0, 1, mine, theirs) and both.audience == (0, 1)
    for seat in range(5):
        assert game.view(seat).seats[0].in_round == (loser != 0)
        assert game.view(seat).seats[1].in_round == (loser != 1)
    if loser is None:  # each of the pair learned the other's card; nobody else did
        assert game.view(0).seats[1].known == (theirs,) and game.view(1).seats[0].known == (mine,)
        assert game.view(2).seats[0].known == () and game.view(2).seats[1].known == ()


#: Five players, seat 1 first: seat 1 plays a Count on each of its turns, the others play quiet cards, then seat 0
#: (holding a Prince) draws the card under test and uses it on seat 1 (holding a Baron: 3, or 5 with the Counts).
TWO_COUNTS_HANDS = ["Prince", "Baron", "Handmaid", "Guard", "Countess"]
TWO_COUNTS_DRAWS = ["Count", "Priest", "Baroness", "Assassin", "Priest", "Count", "Baroness", "Constable", "Jester"]
TWO_COUNTS_TURNS = ("Count", "Priest>3", "Baroness>4", "Assassin", "Priest>1", "Count", "Baroness>0", "Constable")


def seat_1_with_two_counts(card: str) -> Game:
    game = deal("premium", 5, hands=TWO_COUNTS_HANDS, draws=[*TWO_COUNTS_DRAWS, card], first_player=1)
    play(game, *TWO_COUNTS_TURNS, "Jester>2")
    assert game.view(0).seats[1].discards == ("Count", "Count") and game.view(0).hand == ("Prince", card)
    return game


def test_CL_18_the_dowager_queen_ignores_the_counts() -> None:
    game = seat_1_with_two_counts("DowagerQueen")
    events = game.push("DowagerQueen>1")  # Prince 5 against Baron 3 (it would be 5 with the two Counts)
    assert ev.Compared(0, 1, "DowagerQueen", 0) in events


# ----------------------------------------------------------------------------------------------------- CL-19

#: Five players, seat 1 first: seat 1 plays the Constable, the others play quiet cards, then seat 0 guesses seat 1's
#: Baron with a Guard.
CONSTABLE_HANDS = ["Guard", "Baron", "Handmaid", "Priest", "Countess"]
CONSTABLE_DRAWS = ["Constable", "Priest", "Baroness", "Count", "Guard"]
CONSTABLE_TURNS = ("Constable", "Priest>3", "Baroness>4", "Count")


def test_CL_19_knocked_out_with_a_constable_in_the_pile_gains_a_token() -> None:
    game = deal("premium", 5, hands=CONSTABLE_HANDS, draws=CONSTABLE_DRAWS, first_player=1)
    play(game, *CONSTABLE_TURNS)
    events = game.push("Guard>1=3")
    kinds = [type(e) for e in events]
    assert kinds.index(ev.KnockedOut) < kinds.index(ev.TokenAwarded)
    assert tokens_given(events) == [(1, "constable")]
    assert all(e.audience is None for e in events if isinstance(e, ev.TokenAwarded))
    assert game.tokens == (0, 1, 0, 0, 0)
    assert not game.round_over and game.decider == 2  # the round goes on


def test_CL_19_the_constable_token_can_win_the_game_mid_round() -> None:
    game = quick_game("premium", 5, [1, 1, 1])
    deck = stacked_deck(game.ruleset, 5, hands=CONSTABLE_HANDS, draws=CONSTABLE_DRAWS, first_player=1)
    game.next_round(deck=deck, first_player=1)
    play(game, *CONSTABLE_TURNS)
    events = game.push("Guard>1=3")
    assert game.over and game.winners == (1,)  # the knocked-out player wins the game
    assert game.tokens == (0, 4, 0, 0, 0)
    assert game.result is not None and game.result.reason == "interrupted"
    assert events[-1] == ev.GameEnded((1,))


# ----------------------------------------------------------------------------------------------------- CL-20


@pytest.mark.parametrize("counts_hand", [False, True])
def test_CL_20_a_constable_in_hand_at_the_knock_out(tmp_path: Path, counts_hand: bool) -> None:
    ruleset = premium_variant(tmp_path, flags={"constable_counts_hand": counts_hand})
    game = deal(ruleset, 5, hands=["Guard", "Constable", "Priest", "Baron", "Handmaid"], draws=["Guard"])
    events = game.push("Guard>1=6")
    assert ev.KnockedOut(1, "guard", ("Constable",)) in events
    assert tokens_given(events) == ([(1, "constable")] if counts_hand else [])


@pytest.mark.parametrize("counts_hand", [False, True])
def test_CL_20_playing_the_princess_with_the_constable_in_hand(tmp_path: Path, counts_hand: bool) -> None:
    ruleset = premium_variant(tmp_path, flags={"constable_counts_hand": counts_hand})
    game = deal(ruleset, 5, hands=["Constable", "Guard", "Priest", "Baron", "Handmaid"], draws=["Princess"])
    events = game.push("Princess")
    assert ev.KnockedOut(0, "princess", ("Constable",)) in events
    assert tokens_given(events) == ([(0, "constable")] if counts_hand else [])


# ----------------------------------------------------------------------------------------------------- CL-21


def test_CL_21_a_constable_discarded_by_a_prince_counts_later() -> None:
    game = deal(
        "premium",
        5,
        hands=["Guard", "Constable", "Priest", "Baron", "Handmaid"],
        draws=["Prince", "Count", "Countess", "Guard"],
    )
    events = game.push("Prince>1")  # seat 1 discards the Constable and draws a Count
    assert ev.Discarded(1, "Constable", "Prince") in events and tokens_given(events) == []
    game.push("Countess")  # seat 1 keeps the Count
    events = game.push("Guard>1=5")  # seat 2 names the Count's value
    assert ev.KnockedOut(1, "guard", ("Count",)) in events
    assert tokens_given(events) == [(1, "constable")]


# ----------------------------------------------------------------------------------------------------- CL-22


def test_CL_22_playing_the_princess_with_a_constable_in_the_pile_gains_a_token() -> None:
    game = deal(
        "premium",
        5,
        hands=["Princess", "Guard", "Priest", "Baron", "Handmaid"],
        draws=["Constable", "Priest", "Baroness", "Count", "Countess", "Guard"],
    )
    play(game, "Constable", "Priest>2", "Baroness>3", "Count", "Countess")
    events = game.push("Princess")
    assert ev.KnockedOut(0, "princess", ("Guard",)) in events
    assert tokens_given(events) == [(0, "constable")]


@pytest.mark.parametrize(
    ("mine", "card", "cause"), [("Priest", "Baron", "baron"), ("Countess", "DowagerQueen", "dowager_queen")]
)
def test_CL_22_losing_your_own_comparison_with_a_constable_in_the_pile_gains_a_token(
    mine: str, card: str, cause: KnockOutCause
) -> None:
    # Seat 1 holds the King (6): lower than the Countess, higher than the Priest.
    game = deal(
        "premium",
        5,
        hands=[mine, "King", "Guard", "Baron", "Handmaid"],
        draws=["Constable", "Priest", "Baroness", "Count", "Count", card],
    )
    play(game, "Constable", "Priest>2", "Baroness>3", "Count", "Count")
    events = game.push(f"{card}>1")
    assert ev.KnockedOut(0, cause, (mine,)) in events
    assert tokens_given(events) == [(0, "constable")]


# ----------------------------------------------------------------------------------------------------- CL-23


def test_CL_23_bob_and_susan_constable_and_round_token_tie() -> None:
    # Susan (seat 0) and Bob (seat 1) have 3 tokens each; Bob has the Constable in his pile when Susan knocks him
    # out, leaving her alone in the round: both reach 4 in the same batch and play a tie-break round.
    game = quick_game("premium", 5, [0, 0, 0, 1, 1, 1])
    assert game.tokens == (3, 3, 0, 0, 0)
    deck = stacked_deck(
        game.ruleset,
        5,
        hands=["Countess", "Baron", "Priest", "King", "Handmaid"],
        draws=["Constable", "Guard", "Guard", "Guard", "Priest", "Guard"],
        first_player=1,
    )
    game.next_round(deck=deck, first_player=1)
    play(game, "Constable", "Guard>3=6", "Guard>2=2", "Guard>4=4", "Priest>0")
    events = game.push("Guard>1=3")
    assert game.result is not None and game.result.reason == "last_standing" and game.result.winners == (0,)
    assert sorted(game.result.tokens) == [(0, "round"), (1, "constable")]
    assert sorted(tokens_given(events)) == [(0, "round"), (1, "constable")]
    assert game.tokens == (4, 4, 0, 0, 0)
    assert not game.over and game.round_over
    assert ev.TiebreakAnnounced((0, 1)) in events
    assert game.view(3).tiebreak == (0, 1)
    assert game.state.next_first == (0,)  # Susan won the last round and plays in the tie-break

    deck, actions = quick_round(game.ruleset, 5, winner=1, first_player=0, seats=(0, 1))
    events = game.next_round(deck=deck, first_player=0)
    assert [s.dealt_in for s in game.view(2).seats] == [True, True, False, False, False]
    for action in actions:
        events += game.push(action)
    assert game.over and game.winners == (1,)


# ----------------------------------------------------------------------------------------------------- CL-24


def test_CL_24_losing_the_deck_out_comparison_is_not_a_knock_out() -> None:
    game = few_left(["Countess", "Priest"], fillers={0: ["Count"], 1: ["Constable", "Count"]})
    assert "Constable" in game.view(0).seats[1].discards
    result = game.result
    assert result is not None and result.reason == "deck_out" and result.winners == (0,)
    assert result.tokens == ((0, "round"),)
    assert game.tokens[:2] == (1, 0)


# ----------------------------------------------------------------------------------------------------- CL-25


@pytest.mark.parametrize("counts", [1, 2])
def test_CL_25_each_count_in_the_pile_adds_1_at_a_deck_out(counts: int) -> None:
    game = few_left(["Baron", "Baroness"], fillers={0: ["Count"] * counts}, also_out=["Count"] * (2 - counts))
    result = game.result
    assert result is not None and result.reason == "deck_out"
    assert dict(result.scores) == {0: 3 + counts, 1: 3}
    assert result.winners == (0,)
    revealed = next(e for e in game.log if isinstance(e, ev.HandsRevealed))
    assert dict(revealed.scores) == {0: 3 + counts, 1: 3}  # the bonus is public


# ----------------------------------------------------------------------------------------------------- CL-26


@pytest.mark.parametrize("seven", ["Countess", "DowagerQueen"])
def test_CL_26_a_seven_with_two_counts_beats_the_princess(seven: str) -> None:
    game = few_left([seven, "Princess"], fillers={0: ["Count", "Count"]})
    result = game.result
    assert result is not None and dict(result.scores) == {0: 9, 1: 8}
    assert result.winners == (0,)


#: (seat 0's discard sum minus seat 1's, cards put out of the way so that it can be met, round winners)
SUM_CASES = [(1, (), (0,)), (0, ("Bishop",), (0, 1)), (-1, (), (1,))]


@pytest.mark.parametrize(("lead", "out", "winners"), SUM_CASES)
def test_CL_26_the_countess_with_one_count_ties_the_princess(
    lead: int, out: tuple[str, ...], winners: tuple[int, ...]
) -> None:
    game = few_left(["Countess", "Princess"], fillers={0: ["Count"]}, also_out=["Count", *out], balance=[(0, 1, lead)])
    result = game.result
    assert result is not None and dict(result.scores) == {0: 8, 1: 8}
    assert result.winners == winners


# ----------------------------------------------------------------------------------------------------- CL-27


def test_CL_27_the_baron_ignores_the_counts() -> None:
    game = seat_1_with_two_counts("Baron")
    events = game.push("Baron>1")  # Prince 5 against Baron 3 (it would be a tie with the two Counts)
    assert ev.Compared(0, 1, "Baron", 1) in events


def test_CL_27_the_guard_and_the_bishop_ignore_the_counts() -> None:
    game = seat_1_with_two_counts("Guard")
    events = game.push("Guard>1=5")  # the Baron is 3, not 3 + 2
    assert ev.Guessed(0, 1, 5, False) in events
    game = seat_1_with_two_counts("Bishop")
    events = game.push("Bishop>1=3")
    assert ev.Guessed(0, 1, 3, True) in events


def test_CL_27_no_count_bonus_for_the_last_player_standing() -> None:
    # Seat 0 has both Counts in its pile and knocks seat 1 (a Priest) out with the last card.
    game = few_left(["Countess", "Priest"], fillers={0: ["Count", "Count"]}, finale_draws=["Guard"])
    assert game.decider == 0
    events = game.push("Guard>1=2")
    result = game.result
    assert result is not None and result.reason == "last_standing" and result.winners == (0,)
    assert result.scores == () and result.hands == ()
    assert not any(isinstance(e, ev.HandsRevealed) for e in events)
    assert tokens_given(events) == [(0, "round")]


# ----------------------------------------------------------------------------------------------------- CL-28


@pytest.mark.parametrize(("lead", "out", "winners"), SUM_CASES)
def test_CL_28_a_count_made_tie_goes_to_the_printed_discard_sums(
    lead: int, out: tuple[str, ...], winners: tuple[int, ...]
) -> None:
    # Prince 5 + 1 Count ties King 6. Seat 0's pile holds the Count, counted at its printed 5 in the sums.
    game = few_left(["Prince", "King"], fillers={0: ["Count"]}, also_out=["Count", *out], balance=[(0, 1, lead)])
    assert "Count" in game.view(1).seats[0].discards
    assert pile_sum(game, 0) - pile_sum(game, 1) == lead
    result = game.result
    assert result is not None and dict(result.scores) == {0: 6, 1: 6}
    assert result.winners == winners
