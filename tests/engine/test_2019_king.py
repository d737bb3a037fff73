"""docs/rules.md §7.1 A-K*: the King (2019; the classic rulesets)."""

from __future__ import annotations

import pytest

from loveletter.engine import IllegalActionError, Play
from loveletter.engine.events import KnockedOut, NoEffect, Received, Swapped
from tests.engine.scenario import AB, known, mentioning, of_type, plays_of, public
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
def test_A_K1_hands_are_exchanged_and_each_learns_the_card_received(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Handmaid", "Baron", "Priest"], draws=["King"])
    events = play(game, "King>1")
    assert Swapped(0, 1) in public(events)
    received = of_type(events, Received)
    assert received == [Received(0, "Baron", 1), Received(1, "Handmaid", 0)]
    assert [e.audience for e in received] == [(0,), (1,)]
    assert received[0] in game.log_for(0) and received[0] not in game.log_for(1)
    assert received[1] in game.log_for(1) and received[1] not in game.log_for(0)
    assert game.view(0).hand == ("Baron",)
    assert game.view(1).hand[0] == "Handmaid"
    # Each knows what the other now holds (the card it gave away); seat 2 knows neither.
    assert known(game, 0, 1) == ("Handmaid",)
    assert known(game, 1, 0) == ("Baron",)
    assert known(game, 2, 0) == known(game, 2, 1) == ()
    assert not mentioning(game.log_for(2), "Baron") and not mentioning(game.log_for(2), "Handmaid")


@pytest.mark.parametrize("ruleset", AB)
def test_A_K2_no_knocked_out_or_protected_target_and_otherwise_no_effect(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Priest", "Baron", "Priest"], draws=["Guard", "Handmaid", "King"])
    play(game, "Guard>1=Baron", "Handmaid")
    assert plays_of(game.legal_actions(), "King") == [Play("King")]
    for target in (1, 2):
        with pytest.raises(IllegalActionError):
            game.push(f"King>{target}")
    events = play(game, "King")
    assert NoEffect(0, "King") in events and not of_type(events, Swapped)
    assert game.view(0).hand == ("Priest",)


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("giver", [True, False])
def test_A_K3_trading_the_princess_knocks_nobody_out(ruleset: str, giver: bool) -> None:
    hands = ["Princess", "Baron", "Priest"] if giver else ["Baron", "Princess", "Priest"]
    game = deal(ruleset, 3, hands=hands, draws=["King"])
    events = play(game, "King>1")
    assert not of_type(events, KnockedOut)
    assert all(game.view(2).seats[p].in_round for p in range(3))
    holder = 1 if giver else 0
    assert game.view(holder).hand[0] == "Princess"
