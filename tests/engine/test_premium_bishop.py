"""The Bishop, premium 5-8 players (docs/rules.md §5.4, §5.5, §5.6, §5.8; CL-12 .. CL-17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, IllegalActionError, Phase, Play, Redraw, stacked_deck
from loveletter.engine import events as ev
from tests.engine.premium_scenario import few_left, pile_sum, premium_variant, quick_game, tokens_given
from tests.support import deal, play

HANDS = ["Guard", "Prince", "Priest", "Baron", "Handmaid"]


def bishop_on_a_prince(ruleset: str = "premium") -> Game:
    """Five players: seat 0 holds a Guard and draws the Bishop; seat 1 holds a Prince; the next cards are a
    Countess then a Count."""
    return deal(ruleset, 5, hands=HANDS, draws=["Bishop", "Countess", "Count"])


# ----------------------------------------------------------------------------------------------------- CL-12


def test_CL_12_a_right_guess_gives_a_token_at_once_and_the_target_decides() -> None:
    game = bishop_on_a_prince()
    events = game.push("Bishop>1=5")
    guessed = next(e for e in events if isinstance(e, ev.Guessed))
    assert guessed == ev.Guessed(0, 1, 5, True) and guessed.audience is None
    assert tokens_given(events) == [(0, "bishop")]
    assert game.tokens == (1, 0, 0, 0, 0)
    # 5 is both the Prince's and the Count's value: the exact card is not made public.
    assert not any(isinstance(e, ev.CardRevealed) for e in events)
    assert game.view(2).seats[1].known == ()

    # The Bishop's target decides on someone else's turn, and the engine says so.
    assert game.phase is Phase.BISHOP
    assert game.decider == 1
    for seat in range(5):
        view = game.view(seat)
        assert view.current == 0 and view.decider == 1 and view.phase is Phase.BISHOP
        assert view.to_move == (seat == 1)
        assert set(view.legal_actions) == ({Redraw(True), Redraw(False)} if seat == 1 else set())
    assert set(game.legal_actions()) == {Redraw(True), Redraw(False)}
    assert game.legal_actions(0) == ()
    with pytest.raises(IllegalActionError):
        game.push("Guard>2=2")


def test_CL_12_a_right_guess_that_reaches_the_goal_wins_at_once() -> None:
    game = quick_game("premium", 5, [0, 0, 0])
    assert game.tokens == (3, 0, 0, 0, 0)
    game.next_round(deck=stacked_deck(game.ruleset, 5, hands=HANDS, draws=["Bishop"]), first_player=0)
    events = game.push("Bishop>1=5")
    assert game.over and game.winners == (0,)
    assert game.tokens == (4, 0, 0, 0, 0)
    assert game.result is not None and game.result.reason == "interrupted" and game.result.winners == ()
    assert events[-2:] == [ev.RoundEnded(game.state.round, "interrupted", ()), ev.GameEnded((0,))]
    # No redraw decision for the target: nobody decides any more.
    assert game.decider is None and game.legal_actions() == () and game.view(1).legal_actions == ()
    with pytest.raises(IllegalActionError):
        game.push("redraw")


# ----------------------------------------------------------------------------------------------------- CL-13


def test_CL_13_the_target_may_keep_the_card() -> None:
    game = bishop_on_a_prince()
    game.push("Bishop>1=5")
    events = game.push("pass")
    assert not any(isinstance(e, (ev.Discarded, ev.Drew)) for e in events)
    assert game.phase is Phase.PLAY and game.decider == 1  # seat 0's turn is over
    assert game.view(1).hand == ("Prince", "Countess")


def test_CL_13_the_target_may_discard_and_draw() -> None:
    game = bishop_on_a_prince()
    game.push("Bishop>1=5")
    events = game.push("redraw")
    discarded = next(e for e in events if isinstance(e, ev.Discarded))
    assert discarded == ev.Discarded(1, "Prince", "Bishop") and discarded.audience is None
    drew = [e for e in events if isinstance(e, (ev.Drew, ev.DrewCard)) and e.seat == 1]
    assert drew[0] == ev.Drew(1, from_set_aside=False) and drew[0].audience is None
    assert drew[1] == ev.DrewCard(1, "Countess") and drew[1].audience == (1,)
    assert game.view(1).hand == ("Countess", "Count")
    assert game.view(0).seats[1].discards == ("Prince",)
    assert game.view(0).seats[1].known == ()


def test_CL_13_discarding_the_princess_knocks_out_with_the_constable_check() -> None:
    # Seat 1 plays the Constable first; seat 0 names 8 (only the Princess has it) with the Bishop.
    game = deal(
        "premium",
        5,
        hands=["Guard", "Princess", "Priest", "Baron", "Handmaid"],
        draws=["Constable", "Count", "Countess", "Baroness", "Bishop"],
        first_player=1,
    )
    play(game, "Constable", "Count", "Countess", "Baroness>2")
    events = game.push("Bishop>1=8")
    assert ev.CardRevealed(1, "Princess") in events  # a value that only one card has
    assert all(game.view(seat).seats[1].known == ("Princess",) for seat in (0, 2, 3, 4))
    events = game.push("redraw")
    assert ev.Discarded(1, "Princess", "Bishop") in events
    assert ev.KnockedOut(1, "princess", ()) in events
    assert not any(isinstance(e, (ev.Drew, ev.DrewCard)) and e.seat == 1 for e in events)  # out: no new card
    assert tokens_given(events) == [(1, "constable")]
    assert game.tokens == (1, 1, 0, 0, 0)
    assert game.decider == 2 and not game.view(2).seats[1].in_round


def test_CL_13_with_the_deck_empty_the_target_draws_the_set_aside_card() -> None:
    game = few_left(
        ["Countess", "Priest"],
        set_aside="King",
        finale_draws=["Bishop"],
        fillers={0: ["Count"], 1: ["Count"]},
    )
    assert game.decider == 0 and game.view(0).hand == ("Countess", "Bishop") and game.view(0).deck_size == 0
    events = game.push("Bishop>1=2")
    assert tokens_given(events) == [(0, "bishop")]
    events = game.push("redraw")
    assert ev.Drew(1, from_set_aside=True) in events
    assert ev.DrewCard(1, "King") in events
    assert game.view(0).set_aside_taken_by == 1
    # The deck is out: the new card takes part in the comparison (Countess 7 + 1 Count beats King 6 + 1 Count).
    result = game.result
    assert result is not None and result.reason == "deck_out"
    assert dict(result.hands) == {0: "Countess", 1: "King"} and dict(result.scores) == {0: 8, 1: 7}
    assert result.winners == (0,)
    assert game.tokens[:2] == (2, 0)


# ----------------------------------------------------------------------------------------------------- CL-14


def test_CL_14_a_wrong_guess_does_nothing() -> None:
    game = bishop_on_a_prince()
    events = game.push("Bishop>1=4")
    assert ev.Guessed(0, 1, 4, False) in events
    assert tokens_given(events) == []
    assert game.phase is Phase.PLAY and game.decider == 1
    assert game.view(1).hand == ("Prince", "Countess")


# ----------------------------------------------------------------------------------------------------- CL-15


def test_CL_15_the_bishop_chooses_another_unprotected_player_still_in_and_never_names_1() -> None:
    game = deal(
        "premium",
        5,
        hands=["Guard", "Princess", "Priest", "Baron", "Handmaid"],
        draws=["Count", "Handmaid", "Baroness", "Priest", "Bishop"],
        first_player=1,
    )
    play(game, "Princess", "Handmaid", "Baroness>4", "Priest>3")  # seat 1 is out, seat 2 protected
    bishops = [a for a in game.legal_actions() if isinstance(a, Play) and a.card == "Bishop"]
    assert {a.targets for a in bishops} == {(3,), (4,)}
    assert {a.named for a in bishops} == {0, 2, 3, 4, 5, 6, 7, 8, 9}
    for illegal in ("Bishop>0=1", "Bishop>1=8", "Bishop>2=2", "Bishop>3=1", "Bishop>3=Baron"):
        with pytest.raises(IllegalActionError):
            game.push(illegal)


@pytest.mark.parametrize("may_name_1", [False, True])
def test_CL_15_flag_bishop_may_name_1(tmp_path: Path, may_name_1: bool) -> None:
    ruleset = premium_variant(tmp_path, flags={"bishop_may_name_1": may_name_1})
    game = deal(ruleset, 5, hands=["Countess", "Guard", "Priest", "Baron", "Handmaid"], draws=["Bishop"])
    numbers = {a.named for a in game.legal_actions() if isinstance(a, Play) and a.card == "Bishop"}
    assert (1 in numbers) is may_name_1
    assert numbers - {1} == {0, 2, 3, 4, 5, 6, 7, 8, 9}
    if not may_name_1:
        with pytest.raises(IllegalActionError):
            game.push("Bishop>1=1")
        return
    events = game.push("Bishop>1=1")
    assert tokens_given(events) == [(0, "bishop")]
    assert ev.CardRevealed(1, "Guard") in events  # only Guards have the value 1


def test_CL_15_the_guard_still_never_names_1_with_the_bishop_flag(tmp_path: Path) -> None:
    ruleset = premium_variant(tmp_path, flags={"bishop_may_name_1": True})
    game = deal(ruleset, 5, hands=["Countess", "Guard", "Priest", "Baron", "Handmaid"], draws=["Guard"])
    assert 1 not in {a.named for a in game.legal_actions() if isinstance(a, Play) and a.card == "Guard"}


# ----------------------------------------------------------------------------------------------------- CL-16


def test_CL_16_the_princess_beats_the_bishop_even_with_two_counts() -> None:
    game = few_left(["Princess", "Bishop"], fillers={1: ["Count", "Count"]})
    result = game.result
    assert result is not None and result.reason == "deck_out"
    assert dict(result.scores) == {0: 8, 1: 11}  # the Bishop's 9 + 2 Counts is shown...
    assert result.winners == (0,)  # ...but the Princess still wins
    revealed = next(e for e in game.log if isinstance(e, ev.HandsRevealed))
    assert revealed.hands == ((0, "Princess"), (1, "Bishop"))


@pytest.mark.parametrize(("lead", "winners"), [(1, (0,)), (0, (0, 2)), (-1, (2,))])
def test_CL_16_with_the_princess_held_the_bishop_drops_out_and_the_rest_compare(
    lead: int, winners: tuple[int, ...]
) -> None:
    # Princess 8, Bishop 9 + 1 Count, Countess 7 + 1 Count = 8: the Bishop cannot win; the other two tie on 8 and
    # their discard piles decide.
    game = few_left(["Princess", "Bishop", "Countess"], fillers={1: ["Count"], 2: ["Count"]}, balance=[(0, 2, lead)])
    result = game.result
    assert result is not None and dict(result.scores) == {0: 8, 1: 10, 2: 8}
    assert pile_sum(game, 0) - pile_sum(game, 2) == lead
    assert result.winners == winners


def test_CL_16_without_the_princess_the_bishop_counts_9_plus_counts() -> None:
    # Bishop 9 + 1 Count = 10 beats Countess 7 + 1 Count = 8; the Princess was knocked out early.
    game = few_left(["Bishop", "Countess"], fillers={0: ["Count"], 1: ["Count"]})
    result = game.result
    assert result is not None and dict(result.scores) == {0: 10, 1: 8}
    assert result.winners == (0,)


def test_CL_16_without_the_princess_the_bishop_ties_a_countess_with_two_counts() -> None:
    game = few_left(["Bishop", "Countess"], fillers={1: ["Count", "Count"]}, balance=[(0, 1, 0)])
    result = game.result
    assert result is not None and dict(result.scores) == {0: 9, 1: 9}
    assert result.winners == (0, 1)  # equal discard sums too


# ----------------------------------------------------------------------------------------------------- CL-17


@pytest.mark.parametrize(("mine", "card", "loser"), [("Princess", "Baron", 0), ("Guard", "DowagerQueen", 1)])
def test_CL_17_the_bishop_is_9_for_the_baron_and_the_dowager_queen(mine: str, card: str, loser: int) -> None:
    game = deal("premium", 5, hands=[mine, "Bishop", "Priest", "Baron", "Handmaid"], draws=[card])
    events = game.push(f"{card}>1")
    assert ev.Compared(0, 1, card, loser) in events


@pytest.mark.parametrize(("lead", "winners"), [(0, (0, 1)), (2, (0,))])
def test_CL_17_the_bishop_counts_9_in_the_discard_sums(lead: int, winners: tuple[int, ...]) -> None:
    # Equal hands (Countess and Dowager Queen, 7 + 1 Count each); seat 0 played the Bishop (a wrong guess) earlier.
    game = few_left(
        ["Countess", "DowagerQueen"],
        fillers={0: ["Bishop", "Count"], 1: ["Count"]},
        balance=[(0, 1, lead)],
    )
    assert "Bishop" in game.view(1).seats[0].discards
    result = game.result
    assert result is not None and dict(result.scores) == {0: 8, 1: 8}
    assert result.winners == winners
