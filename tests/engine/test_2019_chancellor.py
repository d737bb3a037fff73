"""docs/rules.md §7.1 A-N*: the Chancellor (2019 only: the classic rulesets have none)."""

from __future__ import annotations

from loveletter.engine import Keep, Phase
from loveletter.engine.events import (
    ChancellorCards,
    ChancellorDrew,
    DrewCard,
    KnockedOut,
    NoEffect,
    Played,
    ReturnedCards,
    ReturnedToDeck,
    TurnStarted,
)
from tests.engine.scenario import at_deck, coast, known, mentioning, of_type, others, public, two_barons
from tests.support import deal, play

QUIET_12 = ["Guard"] * 6 + ["Priest", "Priest", "Handmaid", "Handmaid", "Spy", "Spy"]


def test_A_N1_draw_two_keep_one_return_two_in_the_chosen_order() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Chancellor", "King", "Countess"])
    size = game.view(0).deck_size
    events = play(game, "Chancellor")
    assert ChancellorDrew(0, 2) in public(events)
    assert game.phase is Phase.CHANCELLOR and game.decider == 0
    assert game.view(0).hand == ("Guard", "King", "Countess")
    assert game.view(0).deck_size == size - 2
    keeps = game.legal_actions()
    assert len(keeps) == 3 * 2  # keep any of three; return the other two in either order
    assert all(isinstance(a, Keep) for a in keeps)
    play(game, "keep King return Countess,Guard")
    view = game.view(0)
    assert view.hand == ("King",)
    assert view.deck_size == size - 1  # unchanged by the Chancellor; seat 1 has drawn for its turn
    # The Guard is the very bottom card, the Countess just above it; seat 0 knows both positions.
    bottom = view.deck_size - 1
    assert view.deck_known == ((bottom - 1, "Countess"), (bottom, "Guard"))
    assert game.state.deck[:2] == ["Guard", "Countess"]  # index 0 is the bottom


def test_A_N2_with_one_card_left_draw_one_return_one_and_play_on() -> None:
    game = two_barons("2019", [*QUIET_12, "Chancellor", "Chancellor", "Countess"])
    coast(game, at_deck(1, seat=1))
    assert game.view(1).hand == ("Baron", "Chancellor")
    events = play(game, "Chancellor")
    assert ChancellorDrew(1, 1) in events
    assert game.view(1).hand == ("Baron", "Countess")
    assert [a for a in game.legal_actions() if isinstance(a, Keep)] == [
        Keep("Baron", ("Countess",)),
        Keep("Countess", ("Baron",)),
    ]
    events = play(game, "keep Baron return Countess")
    assert ReturnedToDeck(1, 1) in events
    # The round goes on: seat 0 draws the returned card.
    assert not game.round_over and game.decider == 0
    assert game.view(0).hand == ("Baron", "Countess")
    assert game.view(0).deck_size == 0


def test_A_N3_with_the_deck_empty_the_chancellor_does_nothing() -> None:
    game = two_barons("2019", [*QUIET_12, "Countess", "Chancellor", "Chancellor"])
    coast(game, at_deck(0))
    assert game.decider == 0 and game.view(0).hand == ("Baron", "Chancellor")
    events = play(game, "Chancellor")
    assert Played(0, "Chancellor") in events and NoEffect(0, "Chancellor") in events
    assert not of_type(events, ChancellorDrew)
    assert game.round_over and game.result is not None and game.result.reason == "deck_out"


def test_A_N4_returning_the_princess_or_a_spy_is_neither_playing_nor_discarding() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Chancellor", "Princess", "Spy", "Guard", "Guard"])
    play(game, "Chancellor")
    events = play(game, "keep Guard return Princess,Spy")
    assert not of_type(events, KnockedOut)
    assert game.view(1).seats[0].in_round
    assert game.view(1).seats[0].discards == ("Chancellor",)
    play(game, "Guard>0=Princess", "Guard>1=Priest")
    assert game.result is not None and game.result.winners == (0,)
    # No Spy credit for a returned Spy.
    assert game.result.tokens == ((0, "round"),)


def test_A_N5_only_the_chancellors_player_sees_the_cards() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Chancellor", "King", "Countess"])
    events = play(game, "Chancellor") + play(game, "keep Guard return Countess,King")
    secret = [e for e in events if isinstance(e, ChancellorCards | ReturnedCards)]
    assert secret == [ChancellorCards(0, ("King", "Countess")), ReturnedCards(0, ("Countess", "King"))]
    assert all(e.audience == (0,) for e in secret)
    assert ChancellorDrew(0, 2) in public(events) and ReturnedToDeck(0, 2) in public(events)
    for seat in others(game, 0):
        log = game.log_for(seat)
        assert not mentioning(log, "King") and not mentioning(log, "Countess")
        assert game.view(seat).deck_known == ()
        assert known(game, seat, 0) == ()
    assert game.view(0).deck_known != ()


def test_A_N6_a_returned_card_is_drawn_like_any_other() -> None:
    game = two_barons("2019", [*QUIET_12, "Chancellor", "Chancellor", "Countess"])
    coast(game, at_deck(1, seat=1))
    play(game, "Chancellor", "keep Baron return Countess")
    # Seat 0 draws it: an ordinary draw, seen by seat 0 only; seat 1 can place it in seat 0's hand.
    last = game.log[-2:]
    assert isinstance(last[0], TurnStarted) and last[1] == DrewCard(0, "Countess")
    assert last[1].audience == (0,)
    assert game.view(1).deck_known == ()
    assert known(game, 1, 0) == ("Countess",)
    assert game.view(0).deck_known == ()
    play(game, "Countess")
    assert game.result is not None and game.result.reason == "deck_out"
    assert known(game, 1, 0) == ("Baron",)  # the hand shown at the deck-out, not the played Countess
