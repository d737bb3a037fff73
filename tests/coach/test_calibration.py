"""The calibration of the judge's estimates: the fit is isotonic and keeps sure things sure, the mapping never
reverses two estimates, and the judge shows it without changing the order of a decision's moves or its marks."""

from __future__ import annotations

import json
import random

import pytest

from loveletter.coach import calibration
from loveletter.coach.calibration import calibrated, fit, group, interpolate, knots
from loveletter.coach.judge import judge
from loveletter.engine import Game


def test_the_fit_never_decreases_and_pools_small_blocks() -> None:
    rng = random.Random(3)
    # Estimates that are too sure: a raw x wins a share 0.2 + 0.5 x of the time.
    decisions = [(x, rng.random() < 0.2 + 0.5 * x) for x in (rng.random() for _ in range(3000))]
    points = fit(decisions, least=50)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert xs == sorted(set(xs)) and ys == sorted(ys)
    assert len(points) >= 5
    # Read back on its own data, the fit is close to the truth it was drawn from.
    for x in (0.2, 0.5, 0.8):
        assert interpolate(tuple(xs), tuple(ys), x) == pytest.approx(0.2 + 0.5 * x, abs=0.08)


def test_sure_estimates_keep_their_own_block_and_violations_are_pooled() -> None:
    decisions = [(0.0, False)] * 3 + [(0.5, True), (0.5, False)] * 40 + [(1.0, True)] * 5
    assert fit(decisions, least=30) == [(0.0, 0.0), (0.5, 0.5), (1.0, 1.0)]
    # Sure losses that were won after all are pooled with what follows: the shares never decrease.
    decisions = [(0.0, True)] * 3 + [(0.5, True), (0.5, False)] * 40 + [(1.0, True)] * 5
    points = fit(decisions, least=30)
    assert points[0][1] == pytest.approx(43 / 83, abs=1e-6) and points[-1] == (1.0, 1.0)


def test_the_shipped_mapping_never_reverses_two_estimates() -> None:
    data = json.loads(calibration.DATA.read_text(encoding="utf-8"))
    assert set(data["groups"]) == {"2", "4", "6"}
    assert data["fitted_on"]["seeds"]  # fitted on named seeds (the report holds out others)
    for players in range(2, 9):
        values = [calibrated(i / 1000, players) for i in range(1001)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values == sorted(values), players
    assert (group(2), group(3), group(4), group(5), group(8)) == ("2", "4", "4", "6", "6")
    assert set(knots()) == {"2", "4", "6"}


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("2019", 2, 4), ("2019", 4, 8), ("premium", 6, 2)])
def test_the_judge_shows_calibrated_chances_in_the_order_of_its_raw_estimates(
    ruleset: str, players: int, seed: int
) -> None:
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.round_over and checked < 4:
        view = game.view(game.decider)
        if len(view.legal_actions) > 1:
            judged = judge(view, budget=400)
            for a in judged.moves:
                assert a.chance == pytest.approx(calibrated(a.raw, players))
                for b in judged.moves:
                    if a.raw > b.raw:
                        assert a.chance >= b.chance
            # Tiers and marks are the raw estimates' (the calibration only changes what is shown).
            best = judged.best
            for m in judged.moves:
                expected = m.tier > 0 and best.raw - m.raw >= 0.05 + m.error
                assert judged.mistake(m.action) == expected
            checked += 1
        game.push(rng.choice(view.legal_actions))
    assert checked
