"""docs/rules.md §7.1 A-G*: the Guard (2019; the classic rulesets where the cards exist)."""

from __future__ import annotations

import pytest

from loveletter.engine import IllegalActionError, Play, load_ruleset
from loveletter.engine.events import Guessed, HandsRevealed, KnockedOut, NoEffect, Played
from tests.engine.scenario import AB, at_deck, coast, of_type, others, plays_of, public, rest_of_deck, targets_of
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
def test_A_G1_a_correct_guess_knocks_the_target_out_and_shows_the_card(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Priest", "Baron", "Handmaid"], draws=["Guard"])
    events = play(game, "Guard>1=Baron")
    expected = [
        Played(0, "Guard", (1,), "Baron"),
        Guessed(0, 1, "Baron", True),
        KnockedOut(1, "guard", ("Baron",)),
    ]
    assert [e for e in events if isinstance(e, Played | Guessed | KnockedOut)] == expected
    for seat in range(3):
        log = game.log_for(seat)
        assert all(e in log for e in expected)  # public: every seat, the knocked-out one included
        view = game.view(seat)
        assert not view.seats[1].in_round
        assert view.seats[1].discards == ("Baron",)
        assert view.seats[1].hand_size == 0
    assert game.decider == 2


@pytest.mark.parametrize("ruleset", AB)
def test_A_G2_a_wrong_guess_changes_nothing_but_everyone_learns_the_miss(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Priest", "Baron", "Handmaid"], draws=["Guard"])
    events = play(game, "Guard>1=King")
    assert Guessed(0, 1, "King", False) in public(events)
    assert not of_type(events, KnockedOut)
    for seat in range(3):
        assert Guessed(0, 1, "King", False) in game.log_for(seat)
        assert game.view(seat).seats[1].in_round
        assert game.view(seat).seats[1].discards == ()
    # Seat 1 still holds its card (and now draws for its turn); nobody else learnt what it is.
    assert game.decider == 1 and game.view(1).hand[0] == "Baron"
    assert game.view(0).seats[1].known == game.view(2).seats[1].known == ()


@pytest.mark.parametrize("ruleset", AB)
def test_A_G3_the_guard_names_every_other_card_type_but_never_the_guard(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    game = deal(ruleset, 3, hands=["Priest", "Baron", "Handmaid"], draws=["Guard"])
    for target in (1, 2):
        names = {a.named for a in plays_of(game.legal_actions(), "Guard") if a.targets == (target,)}
        assert names == set(rs.mode_for(3).copies) - {"Guard"}
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=Guard")
    assert game.decider == 0 and game.view(1).seats[1].in_round


def test_A_G3_naming_the_spy_is_accepted_and_can_hit() -> None:
    game = deal("2019", 3, hands=["Priest", "Spy", "Handmaid"], draws=["Guard"])
    assert Play("Guard", (1,), "Spy") in game.legal_actions()
    events = play(game, "Guard>1=Spy")
    assert Guessed(0, 1, "Spy", True) in events
    assert KnockedOut(1, "guard", ("Spy",)) in events


@pytest.mark.parametrize("ruleset", AB)
def test_A_G4_the_guard_cannot_choose_itself_a_knocked_out_or_a_protected_player(ruleset: str) -> None:
    game = deal(ruleset, 4, hands=["Priest", "Baron", "Countess", "Priest"], draws=["Guard", "Handmaid", "Guard"])
    assert 0 not in targets_of(game.legal_actions(), "Guard")
    with pytest.raises(IllegalActionError):
        game.push("Guard>0=Priest")
    play(game, "Guard>1=Baron", "Handmaid")  # seat 1 out, seat 2 protected
    assert game.decider == 3
    assert targets_of(game.legal_actions(), "Guard") == {0}
    for target in (1, 2, 3):
        with pytest.raises(IllegalActionError):
            game.push(f"Guard>{target}=Priest")


@pytest.mark.parametrize("ruleset", AB)
def test_A_G5_with_every_other_player_protected_the_guard_names_nothing_and_does_nothing(ruleset: str) -> None:
    game = deal(
        ruleset, 3, hands=["Priest", "Baron", "Priest"], draws=["Handmaid", "Handmaid", "Guard"], first_player=1
    )
    play(game, "Handmaid", "Handmaid")
    assert game.decider == 0
    guard_plays = plays_of(game.legal_actions(), "Guard")
    assert guard_plays == [Play("Guard")]
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=Baron")
    events = play(game, "Guard")
    assert Played(0, "Guard", (), None) in events
    assert NoEffect(0, "Guard") in events
    assert not of_type(events, Guessed)
    assert all(game.view(0).seats[p].in_round for p in range(3))


@pytest.mark.parametrize("ruleset", AB)
def test_A_G6_hitting_the_last_opponent_on_the_last_card_ends_by_last_standing(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    hands, face_up = ["Guard", "Princess"], ["King", "Prince", "Prince"]
    # The first player draws a Priest, the other a Handmaid, the first the Baron (its target is protected).
    draws = ["Priest", "Handmaid", "Baron"]
    draws += rest_of_deck(rs, 2, [*hands, *face_up, "Baron", *draws])
    first = (len(draws) - 1) % 2  # so that seat 0 draws the last card
    game = deal(ruleset, 2, hands=hands, face_up=face_up, set_aside="Baron", draws=draws, first_player=first)
    coast(game, at_deck(0))
    assert game.decider == 0 and game.view(0).deck_size == 0 and "Guard" in game.view(0).hand
    events = play(game, "Guard>1=Princess")
    assert game.round_over and game.result is not None
    assert game.result.reason == "last_standing"
    assert game.result.winners == (0,)
    assert game.result.hands == ()
    assert not of_type(events, HandsRevealed)
    assert game.tokens[0] >= 1 and game.tokens[1] == 0
    for seat in others(game):
        assert game.view(seat).result == game.result
