"""docs/rules.md §7.1 A-X*: the Princess and knock-outs (2019; the classic rulesets)."""

from __future__ import annotations

import pytest

from loveletter.engine import Phase, Play
from loveletter.engine.events import Discarded, Drew, HandsRevealed, KnockedOut, Played, RoundEnded, TurnStarted
from tests.engine.scenario import AB, of_type, public, targets_of
from tests.support import deal, play


@pytest.mark.parametrize("ruleset", AB)
def test_A_X1_playing_the_princess_knocks_you_out_and_discards_your_other_card(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Baron", "Priest"], draws=["Princess"])
    assert Play("Princess") in game.legal_actions()
    events = play(game, "Princess")
    assert of_type(events, Played) == [Played(0, "Princess")]
    assert KnockedOut(0, "princess", ("Guard",)) in public(events)
    view = game.view(1)
    assert not view.seats[0].in_round
    assert view.seats[0].discards == ("Princess", "Guard")
    assert not game.round_over and game.decider == 1


@pytest.mark.parametrize(
    ("ruleset", "card"),
    [(r, c) for r in AB for c in ("Prince", "King", "Handmaid", "Countess", "Princess")]
    + [("2019", "Chancellor"), ("2019", "Spy")],
)
def test_A_X2_a_knocked_out_hand_is_discarded_face_up_without_effect(ruleset: str, card: str) -> None:
    game = deal(ruleset, 3, hands=["Baron", card, "Priest"], draws=["Guard"])
    events = play(game, f"Guard>1={card}")
    assert KnockedOut(1, "guard", (card,)) in public(events)
    assert not [e for e in events if isinstance(e, Discarded | Drew)]
    assert game.view(2).seats[1].discards == (card,)
    assert not game.view(2).seats[1].protected
    # Nothing else happened: seat 2 plays next with its own card and a normal draw.
    assert game.phase is Phase.PLAY and game.decider == 2 and game.view(2).hand[0] == "Priest"
    assert game.view(0).hand == ("Baron",)


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "King", "Prince"])
def test_A_X3_knocked_out_players_are_skipped_and_cannot_be_chosen(ruleset: str, card: str) -> None:
    game = deal(ruleset, 4, hands=["Princess", "Baron", "Priest", "Handmaid"], draws=["Guard", card])
    events = play(game, "Guard>1=Baron")
    assert [e.seat for e in of_type(events, TurnStarted)] == [2]
    chosen = targets_of(game.legal_actions(), card)
    assert 1 not in chosen
    assert chosen == ({0, 2, 3} if card == "Prince" else {0, 3})


@pytest.mark.parametrize("ruleset", AB)
def test_A_X4_the_last_player_standing_wins_at_once_without_a_comparison(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Handmaid", "Baron", "Priest"], draws=["Guard", "Princess"])
    play(game, "Guard>1=Baron")
    events = play(game, "Princess")
    assert game.round_over and game.result is not None
    assert game.result.reason == "last_standing" and game.result.winners == (0,)
    assert game.result.hands == () and game.result.scores == ()
    assert not of_type(events, HandsRevealed)
    assert of_type(events, RoundEnded)[0].winners == (0,)
    assert game.view(0).deck_size > 0  # the deck did not run out
    assert game.tokens == (1, 0, 0)
    # docs/rules.md §2.6 says remaining hands become public at a round's end, but §2.5a and the §3.10 table reveal them
    # only at a deck-out: we read it so (the survivor, who needs no comparison, keeps their card to themselves).
    assert all(not game.view(seat).seats[0].known for seat in (1, 2))
