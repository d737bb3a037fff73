"""The Assassin, premium 5-8 players (docs/rules.md §5.4, §5.7, §5.8; CL-5 .. CL-11)."""

from __future__ import annotations

import pytest

from loveletter.engine import IllegalActionError, Phase, Play, stacked_deck
from loveletter.engine import events as ev
from tests.engine.premium_scenario import few_left, quick_game, tokens_given
from tests.support import deal, play

# ------------------------------------------------------------------------------------------------------ CL-5


@pytest.mark.parametrize("number", [0, 2, 5, 9])
def test_CL_5_a_guard_on_the_assassin_knocks_out_the_guards_player(number: int) -> None:
    game = deal(
        "premium",
        5,
        hands=["Countess", "Assassin", "Priest", "Baron", "Handmaid"],
        draws=["Guard", "Prince", "Handmaid"],
    )
    events = game.push(f"Guard>1={number}")  # 0 is the Assassin's own value: it makes no difference
    kinds = [type(e) for e in events]
    assert kinds[:6] == [ev.Played, ev.AssassinStruck, ev.KnockedOut, ev.Discarded, ev.Drew, ev.DrewCard]
    assert events[1] == ev.AssassinStruck(1, 0) and events[1].audience is None  # revealed to everyone
    assert events[2] == ev.KnockedOut(0, "assassin", ("Countess",))
    assert events[3].audience is None and events[3] == ev.Discarded(1, "Assassin", "Assassin")
    assert events[4] == ev.Drew(1, from_set_aside=False) and events[4].audience is None
    assert events[5] == ev.DrewCard(1, "Prince") and events[5].audience == (1,)
    assert not any(isinstance(e, ev.Guessed) for e in events)  # the number is ignored

    view = game.view(3)
    assert not view.seats[0].in_round and view.seats[0].discards == ("Guard", "Countess")
    assert view.seats[1].in_round and view.seats[1].discards == ("Assassin",)
    assert view.seats[1].known == ()  # the new card is the holder's secret
    assert game.tokens == (0, 0, 0, 0, 0)
    assert game.decider == 1 and game.view(1).hand == ("Prince", "Handmaid")


# ------------------------------------------------------------------------------------------------------ CL-6


def test_CL_6_with_the_deck_empty_the_holder_draws_the_set_aside_card() -> None:
    # Eight players; seats 0 (Countess) and 1 (Assassin) are left, and seat 0 draws the last card: a Guard.
    game = few_left(
        ["Countess", "Assassin"],
        set_aside="King",
        finale_draws=["Guard"],
        fillers={0: ["Count", "Count"], 1: ["Guard", "Guard"]},
    )
    view = game.view(0)
    assert game.decider == 0 and view.hand == ("Countess", "Guard") and view.deck_size == 0
    assert view.set_aside_taken_by is None

    events = game.push("Guard>1=0")
    assert ev.Drew(1, from_set_aside=True) in events
    drew = next(e for e in events if isinstance(e, ev.DrewCard))
    assert drew == ev.DrewCard(1, "King") and drew.audience == (1,)
    assert game.view(1).hand == ("King",)
    assert game.view(0).set_aside_taken_by == 1
    assert game.result is not None and game.result.reason == "last_standing" and game.result.winners == (1,)


# ------------------------------------------------------------------------------------------------------ CL-7


def test_CL_7_the_assassins_knock_out_can_end_the_round_with_the_holder_as_winner() -> None:
    game = deal(
        "premium",
        5,
        hands=["Countess", "Assassin", "Priest", "Baron", "Handmaid"],
        draws=["Guard", "Guard", "Princess", "Guard", "Priest"],
    )
    play(game, "Guard>2=2", "Guard>3=3", "Princess")  # seats 2, 3 and 4 are out
    events = game.push("Guard>1=7")
    assert game.round_over
    result = game.result
    assert result is not None and result.reason == "last_standing" and result.winners == (1,)
    assert result.scores == ()  # no comparison of hands
    assert tokens_given(events) == [(1, "round")]
    # The holder still discards the Assassin and draws before the round is settled.
    kinds = [type(e) for e in events]
    assert kinds.index(ev.Discarded) < kinds.index(ev.Drew) < kinds.index(ev.TokenAwarded) < kinds.index(ev.RoundEnded)
    assert game.view(0).seats[1].discards == ("Guard", "Assassin")
    assert game.view(1).hand == ("Priest",)


# ------------------------------------------------------------------------------------------------------ CL-8

#: Five players: seat 0 plays the Constable, the others quiet cards, then seat 0 sends a Guard at seat 1's Assassin.
CONSTABLE_HANDS = ["Guard", "Assassin", "Priest", "Handmaid", "Baron"]
CONSTABLE_DRAWS = ["Constable", "Priest", "Baroness", "Count", "Handmaid", "Guard", "Prince"]
CONSTABLE_TURNS = ("Constable", "Priest>2", "Baroness>3", "Count", "Handmaid")


def test_CL_8_a_guard_player_with_a_constable_in_the_pile_gains_a_token() -> None:
    game = deal("premium", 5, hands=CONSTABLE_HANDS, draws=CONSTABLE_DRAWS)
    play(game, *CONSTABLE_TURNS)
    events = game.push("Guard>1=6")
    kinds = [type(e) for e in events]
    # Its own award batch, at once: before the holder's redraw.
    assert kinds.index(ev.KnockedOut) < kinds.index(ev.TokenAwarded) < kinds.index(ev.Discarded)
    assert tokens_given(events) == [(0, "constable")]
    assert game.tokens == (1, 0, 0, 0, 0)
    assert not game.round_over and game.decider == 1
    assert game.view(1).seats[1].discards == ("Priest", "Assassin")


def test_CL_8_the_constable_token_can_win_the_game_and_cut_the_reaction_short() -> None:
    game = quick_game("premium", 5, [0, 0, 0])
    assert game.tokens == (3, 0, 0, 0, 0)
    deck = stacked_deck(game.ruleset, 5, hands=CONSTABLE_HANDS, draws=CONSTABLE_DRAWS, first_player=0)
    game.next_round(deck=deck, first_player=0)
    play(game, *CONSTABLE_TURNS)
    events = game.push("Guard>1=6")
    assert game.over and game.winners == (0,)
    assert game.result is not None and game.result.reason == "interrupted"
    assert ev.GameEnded((0,)) in events
    # docs/rules.md §5.6: the rest of the card's resolution (the holder's discard and redraw) is skipped.
    assert not any(isinstance(e, (ev.Discarded, ev.Drew)) for e in events)
    assert game.view(1).hand == ("Assassin",)


# ------------------------------------------------------------------------------------------------------ CL-9


def test_CL_9_a_bishop_naming_0_on_the_assassin_scores_without_a_reaction() -> None:
    game = deal("premium", 5, hands=["Guard", "Assassin", "Priest", "Baron", "Handmaid"], draws=["Bishop"])
    events = game.push("Bishop>1=0")
    assert ev.Guessed(0, 1, 0, True) in events
    assert tokens_given(events) == [(0, "bishop")]
    assert not any(isinstance(e, (ev.AssassinStruck, ev.KnockedOut, ev.CardRevealed)) for e in events)
    assert game.phase is Phase.BISHOP and game.decider == 1
    game.push("pass")
    assert game.view(1).seats[0].in_round and game.view(1).hand[0] == "Assassin"


def test_CL_9_a_baron_compares_the_assassin_as_0() -> None:
    game = deal("premium", 5, hands=["Guard", "Assassin", "Priest", "Baron", "Handmaid"], draws=["Baron"])
    events = game.push("Baron>1")
    assert ev.KnockedOut(1, "baron", ("Assassin",)) in events
    assert not any(isinstance(e, ev.AssassinStruck) for e in events)


@pytest.mark.parametrize(("mine", "loser"), [("Priest", 0), ("Jester", None)])
def test_CL_9_a_dowager_queen_compares_the_assassin_as_0(mine: str, loser: int | None) -> None:
    game = deal("premium", 5, hands=[mine, "Assassin", "Priest", "Baron", "Handmaid"], draws=["DowagerQueen"])
    events = game.push("DowagerQueen>1")
    assert ev.Compared(0, 1, "DowagerQueen", loser) in events
    compared = next(e for e in events if isinstance(e, ev.ComparedHands))
    assert compared == ev.ComparedHands(0, 1, mine, "Assassin") and compared.audience == (0, 1)
    assert game.view(2).seats[1].in_round


# ------------------------------------------------------------------------------------------------------ CL-10


def test_CL_10_a_prince_discards_the_assassin_without_effect() -> None:
    game = deal("premium", 5, hands=["Guard", "Assassin", "Priest", "Baron", "Handmaid"], draws=["Prince", "Count"])
    events = game.push("Prince>1")
    assert ev.Discarded(1, "Assassin", "Prince") in events
    assert not any(isinstance(e, (ev.AssassinStruck, ev.KnockedOut)) for e in events)
    assert game.view(1).hand[0] == "Count" and game.view(1).seats[0].in_round


def test_CL_10_playing_the_assassin_does_nothing() -> None:
    game = deal("premium", 5, hands=["Assassin", "Guard", "Priest", "Baron", "Handmaid"], draws=["Priest"])
    events = game.push("Assassin")
    assert events[0] == ev.Played(0, "Assassin")
    assert isinstance(events[1], ev.TurnStarted) and events[1].seat == 1
    assert game.view(0).hand == ("Priest",)
    assert all(s.in_round for s in game.view(0).seats)


# ------------------------------------------------------------------------------------------------------ CL-11


def test_CL_11_a_protected_assassin_holder_cannot_be_chosen_by_a_guard() -> None:
    game = deal(
        "premium",
        5,
        hands=["Guard", "Assassin", "Priest", "Baron", "Baroness"],
        draws=["Handmaid", "Count", "Countess", "Constable", "Guard"],
        first_player=1,
    )
    play(game, "Handmaid", "Count", "Countess", "Constable")
    assert game.decider == 0 and game.view(0).seats[1].protected
    guard_targets = {a.targets for a in game.legal_actions() if isinstance(a, Play) and a.card == "Guard"}
    assert guard_targets == {(2,), (3,), (4,)}
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=0")
