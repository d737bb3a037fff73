"""The coach's one judge: deterministic for a position and budget, from the view alone, exact when few cards remain,
moves within the error "about equal" and never a mistake; the hint and the review agree."""

from __future__ import annotations

import random

import pytest

from loveletter.coach.advice import assess
from loveletter.coach.hint import hint_for
from loveletter.coach.judge import Estimate, Judgement, judge, position_key
from loveletter.engine import Game, Play, View
from tests.bots.helpers import decisions, positions_by_kind, redeal
from tests.support import deal

#: Small budgets keep these quick; the judge's rules do not depend on the budget.
BUDGET = 400


def test_the_same_position_gets_the_same_judgement_whatever_ran_before() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron", "Handmaid", "Prince", "King"])
    view = game.view(0)
    first = judge(view, budget=BUDGET)
    random.seed(12)  # nothing global: the judge seeds itself from the position
    judge(deal("2019", 4, hands=["Guard", "Priest", "Baron", "King"], draws=["Prince"]).view(0), budget=BUDGET)
    assert judge(view, budget=BUDGET) == first


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 6)])
def test_a_judgement_depends_on_the_view_alone(ruleset: str, players: int) -> None:
    rng = random.Random(f"judge/{ruleset}/{players}")
    changed = checked = 0
    for states in positions_by_kind(ruleset, players, seed=5, count=1).values():
        for state in states:
            seat = state.decider
            assert seat is not None
            other = redeal(state, seat, rng)
            view, twin = state.view(seat), other.view(seat)
            assert position_key(view) == position_key(twin)
            assert judge(view, budget=BUDGET) == judge(twin, budget=BUDGET)
            checked += 1
            changed += state.hands != other.hands or state.deck != other.deck
    assert changed >= checked // 2


def test_tiers_hold_what_the_error_cannot_tell_apart() -> None:
    checked = 0
    for game, seat in decisions("2019", 3, seed=2, count=25):
        judged = judge(game.view(seat), budget=BUDGET)
        moves = judged.moves
        assert sorted(str(m.action) for m in moves) == sorted(map(str, game.view(seat).legal_actions))
        tiers = [m.tier for m in moves]
        assert tiers == sorted(tiers) and tiers[0] == 0
        best = judged.best
        assert best.chance == max(m.chance for m in moves)
        for m in moves:
            if m.tier == 0:
                assert not judged.mistake(m.action)
            else:
                # A later tier's move lies beyond its error from its tier's leader, so below the best.
                assert m.chance < best.chance
            if m.action != best.action:
                assert m.error >= 0.0
        checked += len(moves) > 1
    assert checked >= 10


def test_a_mistake_is_beyond_the_error_and_the_threshold() -> None:
    a, b, c = Play("Guard", (1,), "Priest"), Play("Priest", (1,)), Play("Handmaid")
    judged = Judgement(
        (Estimate(a, 0.6, 0.0, 0), Estimate(b, 0.52, 0.05, 1), Estimate(c, 0.4, 0.05, 2)), exact=False, deals=50
    )
    assert not judged.mistake(a)
    assert not judged.mistake(b)  # 8 points, but 5 of them within the error: not sure enough
    assert judged.mistake(c) and judged.loss(c) == pytest.approx(0.2)


def late_view(seed: int) -> View | None:
    """A decision of a 2-player round whose deck has at most two cards left, if the seeded random game gets there."""
    rng = random.Random(seed)
    game = Game("2019", 2, seed=seed)
    while not game.round_over:
        seat = game.decider
        assert seat is not None
        view = game.view(seat)
        if view.deck_size <= 2 and len(view.legal_actions) > 1:
            return view
        game.push(rng.choice(game.legal_actions()))
    return None


def test_few_hidden_cards_are_played_out_exactly() -> None:
    views = [v for v in map(late_view, range(20)) if v is not None][:3]
    assert views
    for view in views:
        judged = judge(view, budget=2_000)
        assert judged.exact and judged.deals > 0
    early = judge(deal("2019", 4, hands=["Guard", "Priest", "Baron", "King"], draws=["Prince"]).view(0), budget=BUDGET)
    assert not early.exact


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 6)])
def test_the_hint_and_the_review_agree(ruleset: str, players: int) -> None:
    """On fixed positions: the review judges a decision as the hint did, so the move the hint lists first is never
    marked a mistake, and every move the review marks lies outside the hint's first tier."""
    checked = 0
    for game, seat in decisions(ruleset, players, seed=9, count=8):
        view = game.view(seat)
        if len(view.legal_actions) < 2:
            continue
        hint = hint_for(view, budget=BUDGET)
        first = hint.moves[0].action
        assert not assess(view, first, budget=BUDGET).mistake
        for move in hint.moves:
            judged = assess(view, move.action, budget=BUDGET)
            assert judged.judgement.moves == hint.moves
            if judged.mistake:
                assert move.tier > 0
        checked += 1
    assert checked >= 4
