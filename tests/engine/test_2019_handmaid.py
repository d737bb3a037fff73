"""docs/rules.md §7.1 A-H*: the Handmaid (2019; the classic rulesets where the cards exist)."""

from __future__ import annotations

import pytest

from loveletter.engine import IllegalActionError, Play
from loveletter.engine.events import Discarded, HandsRevealed, KnockedOut, NoEffect, Protected
from tests.engine.scenario import AB, at_deck, coast, of_type, plays_of, public, targets_of
from tests.support import deal, play

CHOOSING = ["Guard", "Priest", "Baron", "King", "Prince"]


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("card", CHOOSING)
def test_A_H1_a_protected_player_cannot_be_chosen(ruleset: str, card: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Priest", "Baron"], draws=["Handmaid", card])
    events = play(game, "Handmaid")
    assert Protected(0) in public(events)
    allowed = targets_of(game.legal_actions(), card)
    assert 0 not in allowed
    assert allowed == ({1, 2} if card == "Prince" else {2})
    with pytest.raises(IllegalActionError):
        game.push(Play(card, (0,), "Countess" if card == "Guard" else None))


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("card", CHOOSING)
def test_A_H2_every_other_player_protected(ruleset: str, card: str) -> None:
    game = deal(ruleset, 3, hands=["Priest", "Guard", "Baron"], draws=["Handmaid", "Handmaid", card], first_player=1)
    play(game, "Handmaid", "Handmaid")
    assert game.decider == 0
    plays = plays_of(game.legal_actions(), card)
    if card == "Prince":
        # The Prince must choose its own player.
        assert plays == [Play("Prince", (0,))]
        events = play(game, "Prince>0")
        assert Discarded(0, "Priest", "Prince") in events
    else:
        assert plays == [Play(card)]
        events = play(game, card)
        assert NoEffect(0, card) in events
        assert not of_type(events, KnockedOut)
        assert game.view(1).seats[0].hand_size == 1


@pytest.mark.parametrize("ruleset", AB)
def test_A_H3_a_prince_forced_onto_its_princess_holder_knocks_them_out(ruleset: str) -> None:
    game = deal(ruleset, 2, hands=["Princess", "Guard"], draws=["Handmaid", "Prince"], first_player=1)
    play(game, "Handmaid")
    assert targets_of(game.legal_actions(), "Prince") == {0}
    events = play(game, "Prince>0")
    assert Discarded(0, "Princess", "Prince") in events
    assert KnockedOut(0, "princess", ()) in events
    assert game.round_over and game.result is not None
    assert game.result.reason == "last_standing" and game.result.winners == (1,)


def test_A_H4_protection_affects_neither_the_deck_out_comparison_nor_the_spy() -> None:
    game = deal(
        "2019",
        2,
        hands=["Guard", "Princess"],
        face_up=["King", "Prince", "Prince"],
        set_aside="Baron",
        # Seat 0 draws the odd cards, seat 1 the even ones; seat 1 plays both Spies and, last, a Handmaid.
        draws=[
            *["Priest", "Handmaid", "Baron", "Spy", "Guard", "Spy", "Guard"],
            *["Guard", "Guard", "Guard", "Countess", "Priest", "Chancellor", "Handmaid", "Chancellor"],
        ],
    )
    coast(game, at_deck(0))
    assert game.view(0).seats[1].protected
    events = coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    assert of_type(events, HandsRevealed)[0].hands == ((0, "Guard"), (1, "Princess"))
    assert game.result.winners == (1,)
    assert sorted(game.result.tokens) == [(1, "round"), (1, "spy")]
    assert game.tokens == (0, 2)
