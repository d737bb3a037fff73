"""The coach's reasons: facts the seat can check, from its view alone."""

from __future__ import annotations

import random

import pytest

from loveletter.coach import reasons as why
from loveletter.coach.advice import card_chances
from loveletter.coach.reasons import Facts
from loveletter.engine import Play, parse_action
from tests.bots.helpers import positions_by_kind, redeal
from tests.support import deal, play


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("classic", 3), ("premium", 6)])
def test_reasons_never_change_with_the_cards_the_seat_cannot_see(ruleset: str, players: int) -> None:
    rng = random.Random(f"reasons/{ruleset}/{players}")
    changed = checked = 0
    for states in positions_by_kind(ruleset, players, seed=4, count=2).values():
        for state in states:
            seat = state.decider
            assert seat is not None
            other = redeal(state, seat, rng)
            view, twin = state.view(seat), other.view(seat)
            facts, twins = Facts(view), Facts(twin)
            for action in view.legal_actions:
                assert facts.reason(action) == twins.reason(action), action
            checked += 1
            changed += state.hands != other.hands or state.deck != other.deck
    assert changed >= checked // 2


def test_a_guess_that_cannot_hit_says_so() -> None:
    game = deal("2019", 2, hands=["King", "Priest"], draws=["Guard"])
    facts = Facts(game.view(0))  # Ana holds the only King
    reason = facts.reason(parse_action("Guard>1=King"))
    assert reason.key == "cannot_hit_seen" and reason.get("target") == why.Seat(1)
    assert facts.reason(parse_action("Guard>1=Priest")).key in ("guess", "guess_top", "guess_few")


def test_a_card_seen_with_a_priest_is_a_sure_hit_and_says_how_it_was_seen() -> None:
    game = deal("2019", 2, hands=["Priest", "Baron"], draws=["Guard", "Guard", "Guard"])
    play(game, "Priest>1", "Guard>0=Princess")
    reason = Facts(game.view(0)).reason(parse_action("Guard>1=Baron"))
    assert reason.key == "hit_known_by"
    assert reason.get("card") == why.Card("Baron") and reason.get("by") == why.Card("Priest")


def test_a_baron_counts_what_the_kept_card_beats() -> None:
    game = deal("2019", 2, hands=["Baron", "Guard"], draws=["Guard"])
    view = game.view(0)
    reason = Facts(view).reason(Play("Baron", (1,)))  # keeping a Guard: it beats the Spy alone
    odds = card_chances(view)[1]
    assert reason.key == "compare"
    win, lose = reason.get("win"), reason.get("lose")
    assert isinstance(win, why.Chance) and win.value == pytest.approx(odds["Spy"]) and win.value > 0
    assert isinstance(lose, why.Chance) and lose.value == pytest.approx(1 - odds["Spy"] - odds["Guard"])


def test_the_countess_s_rule_and_the_princess() -> None:
    game = deal("2019", 2, hands=["Countess", "Guard"], draws=["King"])
    facts = Facts(game.view(0))
    assert facts.reason(Play("Countess")).key == "countess_forced"
    game = deal("2019", 2, hands=["Princess", "Guard"], draws=["Handmaid"])
    assert Facts(game.view(0)).reason(Play("Princess")).key == "princess"


def test_a_premium_guess_names_a_value_with_its_cards() -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "King", "Handmaid"], draws=["Prince"])
    facts = Facts(game.view(0))
    assert facts.named(4) == why.Named(4, ("Handmaid", "Sycophant"))
