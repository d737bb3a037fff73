"""docs/rules.md §7.1 A-C*: the Countess (2019; the classic rulesets where the cards exist)."""

from __future__ import annotations

import pytest

from loveletter.engine import IllegalActionError, Keep, Phase, Play
from loveletter.engine.events import Played
from tests.engine.scenario import AB, cards_played, mentioning, of_type, others, public
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("royal", ["King", "Prince"])
@pytest.mark.parametrize("countess_drawn", [False, True])
def test_A_C1_A_C2_countess_with_king_or_prince_must_be_played(ruleset: str, royal: str, countess_drawn: bool) -> None:
    dealt, drawn = ("Countess", royal) if not countess_drawn else (royal, "Countess")
    game = deal(ruleset, 3, hands=[dealt, "Guard", "Priest"], draws=[drawn])
    assert game.legal_actions() == (Play("Countess"),)
    assert game.view(0).legal_actions == (Play("Countess"),)
    with pytest.raises(IllegalActionError):
        game.push(f"{royal}>1")
    events = play(game, "Countess")
    assert of_type(events, Played)[0] == Played(0, "Countess")
    assert game.view(0).hand == (royal,)


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("other", ["Princess", "Guard", "Priest", "Baron", "Handmaid"])
def test_A_C3_countess_with_any_other_card_is_a_free_choice(ruleset: str, other: str) -> None:
    game = deal(ruleset, 3, hands=["Countess", "Guard", "Priest"], draws=[other])
    assert cards_played(game.legal_actions()) == {"Countess", other}
    play(game, "Countess")  # voluntarily
    assert game.view(1).seats[0].discards == ("Countess",)
    assert game.view(0).hand == (other,)


@pytest.mark.parametrize("other", ["Spy", "Chancellor"])
def test_A_C3_countess_with_spy_or_chancellor_is_a_free_choice(other: str) -> None:
    game = deal("2019", 3, hands=["Countess", "Guard", "Priest"], draws=[other])
    assert cards_played(game.legal_actions()) == {"Countess", other}
    play(game, other)
    assert game.view(0).seats[0].discards == (other,)


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("royal", ["King", "Prince"])
def test_A_C4_countess_is_forced_even_when_every_opponent_is_protected(ruleset: str, royal: str) -> None:
    game = deal(ruleset, 3, hands=["Countess", "Guard", "Priest"], draws=["Guard", "Handmaid", "Handmaid", royal])
    play(game, "Guard>1=Princess", "Handmaid", "Handmaid")
    assert game.view(0).seats[1].protected and game.view(0).seats[2].protected
    # The King would have no target, and the Prince only its own player: the Countess is still forced.
    assert game.legal_actions() == (Play("Countess"),)
    with pytest.raises(IllegalActionError):
        game.push(royal if royal == "King" else "Prince>0")


@pytest.mark.parametrize("royal", ["King", "Prince"])
def test_A_C5_a_chancellors_keep_ignores_the_countess(royal: str) -> None:
    game = deal("2019", 3, hands=["Countess", "Guard", "Priest"], draws=["Chancellor", royal, "Guard"])
    play(game, "Chancellor")
    assert game.phase is Phase.CHANCELLOR
    keeps = {a.card for a in game.legal_actions() if isinstance(a, Keep)}
    assert keeps == {"Countess", royal, "Guard"}
    play(game, f"keep {royal} return Countess,Guard")
    assert game.view(0).hand == (royal,)
    # Back to a normal turn: the next player plays; seat 0 keeps the royal with no Countess in hand.
    assert game.decider == 1 and game.view(1).phase is Phase.PLAY


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("voluntary", ["Guard", "Priest", "Princess", "Handmaid"])
@pytest.mark.parametrize("forced", ["King", "Prince"])
@pytest.mark.parametrize("draw_first", [False, True])
def test_A_C6_forced_and_voluntary_countess_look_the_same_to_everyone_else(
    ruleset: str, voluntary: str, forced: str, draw_first: bool
) -> None:
    hands = ["Countess", "Baron", "Priest"]
    games = []
    for other in (forced, voluntary):
        hand0, draw0 = ("Countess", other) if not draw_first else (other, "Countess")
        game = deal(ruleset, 3, hands=[hand0, *hands[1:]], draws=[draw0, "Guard", "Handmaid"])
        play(game, "Countess", "Guard>0=Baron", "Handmaid")
        games.append(game)
    forced_game, voluntary_game = games
    # Every event another seat may see, byte for byte, and every view of another seat.
    assert repr(public(forced_game.log)) == repr(public(voluntary_game.log))
    for seat in others(forced_game, 0):
        assert repr(forced_game.log_for(seat)) == repr(voluntary_game.log_for(seat))
        assert forced_game.view(seat) == voluntary_game.view(seat)
        # Neither the royal nor the voluntary alternative shows up anywhere another seat can see.
        assert not mentioning(forced_game.log_for(seat), forced)
    # The difference exists only in seat 0's private view.
    assert forced_game.view(0).hand[0] == forced and voluntary_game.view(0).hand[0] == voluntary
