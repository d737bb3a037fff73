"""docs/rules.md §7.1 A-R*: the Prince (2019; the classic rulesets where the cards exist)."""

from __future__ import annotations

import pytest

from loveletter.engine import Phase, load_ruleset
from loveletter.engine.events import (
    ChancellorDrew,
    Compared,
    Discarded,
    Drew,
    DrewCard,
    HandsRevealed,
    KnockedOut,
    Protected,
    Swapped,
    TurnStarted,
)
from tests.engine.scenario import AB, at_deck, coast, known, mentioning, of_type, others, public, rest_of_deck
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
def test_A_R1_prince_on_another_player_discards_and_draws_from_the_deck(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Baron", "Priest"], draws=["Prince", "King", "Handmaid"])
    deck_before = game.view(0).deck_size
    events = play(game, "Prince>1")
    assert Discarded(1, "Baron", "Prince") in public(events)
    assert Drew(1, False) in public(events)
    new_card = of_type(events, DrewCard)[0]
    assert new_card == DrewCard(1, "King") and new_card.audience == (1,)
    for seat in others(game, 1):
        assert not mentioning(game.log_for(seat), "King")
        assert known(game, seat, 1) == ()
    # Seat 1 now plays its turn with the replacement and its own draw.
    assert game.view(1).hand == ("King", "Handmaid")
    assert game.view(0).deck_size == deck_before - 2
    assert game.view(2).seats[1].discards == ("Baron",)


@pytest.mark.parametrize("ruleset", AB)
def test_A_R2_prince_on_yourself_discards_your_other_card_and_draws(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Baron", "Priest"], draws=["Prince", "Countess"])
    events = play(game, "Prince>0")
    assert Discarded(0, "Guard", "Prince") in events
    assert DrewCard(0, "Countess") in game.log_for(0)
    assert game.view(0).hand == ("Countess",)
    assert game.view(1).seats[0].discards == ("Prince", "Guard")


@pytest.mark.parametrize("ruleset", AB)
def test_A_R3_prince_on_the_princess_holder_knocks_them_out_without_a_new_card(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Princess", "Priest"], draws=["Prince", "Handmaid"])
    deck_before = game.view(0).deck_size
    events = play(game, "Prince>1")
    assert Discarded(1, "Princess", "Prince") in events
    assert KnockedOut(1, "princess", ()) in events
    assert not [e for e in of_type(events, Drew) if e.seat == 1]
    assert not game.view(1).seats[1].in_round and game.view(1).hand == ()
    assert game.view(0).deck_size == deck_before - 1  # only seat 2's own draw
    assert game.decider == 2


@pytest.mark.parametrize("ruleset", AB)
def test_A_R4_with_the_deck_empty_the_target_draws_the_set_aside_card(ruleset: str) -> None:
    # Four players; the last card of the deck is a second Prince for the seat keeping the first one, and the
    # Princess is the set-aside card. The King's holder (seat 0) is the Prince's target.
    rs = load_ruleset(ruleset)
    players = 4
    last = (rs.mode_for(players).deck_size - 1 - players - 1) % players  # who draws the last card
    hands = ["King", "Baron", "Baron"]
    hands.insert(last, "Prince")
    draws = rest_of_deck(rs, players, [*hands, "Princess"], last=["Prince"])
    game = deal(ruleset, players, hands=hands, set_aside="Princess", draws=draws)
    coast(game, at_deck(0))
    assert game.decider == last and game.view(last).hand == ("Prince", "Prince")
    events = play(game, "Prince>0")
    assert Discarded(0, "King", "Prince") in events
    assert Drew(0, True) in public(events)
    assert DrewCard(0, "Princess") in game.log_for(0)
    for seat in range(players):
        assert game.view(seat).set_aside_taken_by == 0
    # The round ends after this turn, and the set-aside card takes part in the comparison.
    assert game.result is not None and game.result.reason == "deck_out"
    assert (0, "Princess") in of_type(events, HandsRevealed)[0].hands
    assert game.result.winners == (0,)


@pytest.mark.parametrize("ruleset", AB)
def test_A_R5_two_players_the_face_down_card_is_drawn_never_a_face_up_one(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    face_up = ("King", "Prince", "Baron")
    hands = ["Prince", "Baron"]
    draws = rest_of_deck(rs, 2, [*hands, *face_up, "Princess"])
    # Seat 0 (keeping its Prince) draws the last card when the deck has an odd number of cards.
    first = (len(draws) - 1) % 2
    game = deal(ruleset, 2, hands=hands, set_aside="Princess", face_up=face_up, draws=draws, first_player=first)
    coast(game, at_deck(0))
    assert game.decider == 0 and game.view(0).hand == ("Prince", draws[-1])
    events = play(game, "Prince>1")
    assert Drew(1, True) in events
    assert DrewCard(1, "Princess") in game.log_for(1)
    assert game.view(0).face_up == game.view(1).face_up == face_up
    assert game.view(0).set_aside_taken_by == 1
    assert game.result is not None and game.result.reason == "deck_out"
    assert game.result.hands == ((0, draws[-1]), (1, "Princess"))
    assert game.result.winners == (1,)


@pytest.mark.parametrize("ruleset", AB)
def test_A_R6_a_prince_that_draws_the_last_card_ends_the_round_after_the_turn(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    face_up = ("King", "Prince", "Countess")
    rest = rest_of_deck(rs, 2, ["Baron", "Baron", *face_up, "Princess", "Prince"])
    draws = [*rest[:-1], "Prince", rest[-1]]  # the Prince is the last card but one
    actor = (len(draws) - 2) % 2  # who draws it
    target = 1 - actor
    game = deal(ruleset, 2, hands=["Baron", "Baron"], set_aside="Princess", face_up=face_up, draws=draws)
    coast(game, at_deck(1, seat=actor))
    assert game.view(actor).hand == ("Baron", "Prince")
    events = play(game, f"Prince>{target}")
    assert Discarded(target, "Baron", "Prince") in events and Drew(target, False) in events
    assert game.view(0).deck_size == 0
    assert game.round_over and game.result is not None and game.result.reason == "deck_out"
    assert not of_type(events, TurnStarted)  # the target does not get another turn
    assert dict(game.result.hands) == {actor: "Baron", target: draws[-1]}
    assert game.result.winners == ((target,) if rs.value(draws[-1]) > rs.value("Baron") else (actor,))
    assert game.view(0).set_aside_taken_by is None


def test_A_R7_a_spy_discarded_by_a_prince_counts_for_its_owner() -> None:
    game = deal("2019", 2, hands=["Guard", "Spy"], draws=["Prince", "Princess", "Baron"])
    events = play(game, "Prince>1")
    assert Discarded(1, "Spy", "Prince") in events
    events = play(game, "Baron>0")  # Princess against Guard: seat 0 is out
    assert game.result is not None and game.result.winners == (1,)
    assert sorted(game.result.tokens) == [(1, "round"), (1, "spy")]
    assert game.tokens == (0, 2)


@pytest.mark.parametrize(
    ("ruleset", "card"),
    [(r, c) for r in AB for c in ("Countess", "King", "Handmaid", "Baron", "Guard")] + [("2019", "Chancellor")],
)
def test_A_R8_a_card_discarded_by_a_prince_has_no_effect(ruleset: str, card: str) -> None:
    game = deal(ruleset, 3, hands=["Princess", card, "Priest"], draws=["Prince", "Priest"])
    events = play(game, "Prince>1")
    assert Discarded(1, card, "Prince") in events
    effects = (Swapped, ChancellorDrew, Protected, Compared, KnockedOut)
    assert not [e for e in events if isinstance(e, effects)]
    assert game.phase is Phase.PLAY and game.decider == 1
    assert not game.view(0).seats[1].protected
    assert game.view(1).hand[0] == "Priest"
