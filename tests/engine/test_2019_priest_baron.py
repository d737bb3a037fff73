"""docs/rules.md §7.1 A-P* and A-B*: the Priest and the Baron (2019; the classic rulesets)."""

from __future__ import annotations

import pytest

from loveletter.engine import load_ruleset
from loveletter.engine.events import Compared, ComparedHands, KnockedOut, NoEffect, Played, SawHand
from tests.engine.scenario import AB, known, mentioning, of_type, plays_of, public, strings_in
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
def test_A_P1_the_priest_shows_the_card_to_its_player_only(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "King", "Baron"], draws=["Priest"])
    events = play(game, "Priest>1")
    assert Played(0, "Priest", (1,)) in public(events)
    saw = of_type(events, SawHand)
    assert saw == [SawHand(0, 1, "King")]
    assert saw[0].audience == (0,)
    assert saw[0] in game.log_for(0)
    assert saw[0] not in game.log_for(1) and saw[0] not in game.log_for(2)
    assert known(game, 0, 1) == ("King",)
    assert known(game, 2, 1) == ()
    assert not mentioning(game.log_for(2), "King")
    assert not mentioning(public(game.log), "King")


@pytest.mark.parametrize("ruleset", AB)
def test_A_P2_the_priest_does_nothing_when_every_other_player_is_protected(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "King", "Baron"], draws=["Handmaid", "Handmaid", "Priest"], first_player=1)
    play(game, "Handmaid", "Handmaid")
    assert plays_of(game.legal_actions(), "Priest") == [game.parse("Priest")]
    events = play(game, "Priest")
    assert NoEffect(0, "Priest") in events and not of_type(events, SawHand)
    assert known(game, 0, 1) == known(game, 0, 2) == ()


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize(
    ("mine", "theirs"), [("King", "Priest"), ("Guard", "Handmaid"), ("Priest", "Priest"), ("Princess", "Countess")]
)
def test_A_B1_the_lower_card_is_knocked_out_and_a_tie_does_nothing(ruleset: str, mine: str, theirs: str) -> None:
    rs = load_ruleset(ruleset)
    game = deal(ruleset, 3, hands=[mine, theirs, "Handmaid"], draws=["Baron"])
    events = play(game, "Baron>1")
    a, b = rs.value(mine), rs.value(theirs)
    loser = None if a == b else (0 if a < b else 1)
    assert of_type(events, Compared) == [Compared(0, 1, "Baron", loser)]
    if loser is None:
        assert not of_type(events, KnockedOut)
        assert game.view(2).seats[0].in_round and game.view(2).seats[1].in_round
    else:
        lost_card = mine if loser == 0 else theirs
        assert of_type(events, KnockedOut) == [KnockedOut(loser, "baron", (lost_card,))]
        assert not game.view(2).seats[loser].in_round
        assert game.view(2).seats[1 - loser].in_round


@pytest.mark.parametrize("ruleset", AB)
def test_A_B2_the_baron_compares_the_other_card_already_on_the_pile(ruleset: str) -> None:
    # The Baron (3) would beat the Priest (2), but it is on the pile: the Guard (1) is compared, and loses.
    game = deal(ruleset, 3, hands=["Guard", "Priest", "Handmaid"], draws=["Baron"])
    events = play(game, "Baron>1")
    assert of_type(events, ComparedHands) == [ComparedHands(0, 1, "Guard", "Priest")]
    assert of_type(events, KnockedOut) == [KnockedOut(0, "baron", ("Guard",))]
    assert game.view(1).seats[0].discards == ("Baron", "Guard")


@pytest.mark.parametrize("ruleset", AB)
def test_A_B3_both_players_see_both_cards_the_others_only_the_outcome(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["King", "Priest", "Handmaid"], draws=["Baron"])
    events = play(game, "Baron>1")
    private_part = of_type(events, ComparedHands)[0]
    assert set(private_part.audience or ()) == {0, 1}
    assert private_part in game.log_for(0) and private_part in game.log_for(1)
    assert private_part not in game.log_for(2)
    assert KnockedOut(1, "baron", ("Priest",)) in game.log_for(2)
    # The survivor's King: known to the pair (the loser keeps that knowledge), never shown to seat 2.
    assert known(game, 1, 0) == ("King",)
    assert known(game, 2, 0) == ()
    assert not mentioning(game.log_for(2), "King")


@pytest.mark.parametrize("ruleset", AB)
def test_A_B4_a_tie_is_announced_without_the_values(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Priest", "Priest", "Countess"], draws=["Baron"])
    events = play(game, "Baron>1")
    compared = of_type(public(events), Compared)
    assert compared == [Compared(0, 1, "Baron", None)]
    assert strings_in(compared[0]) == {"Baron"}
    assert not mentioning(game.log_for(2), "Priest")
    assert known(game, 0, 1) == ("Priest",) and known(game, 1, 0) == ("Priest",)
    assert known(game, 2, 0) == known(game, 2, 1) == ()
