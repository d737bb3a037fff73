"""The calibration of the judge's estimates: the fit finds the curve outcomes were drawn from, reads estimates of
0 and 1 at its ends, never turns down; the shipped mapping never reverses two estimates; the judge shows it
without changing the order of a decision's moves or its marks, and shows a move the rules settle as it is."""

from __future__ import annotations

import json
import random

import pytest

from loveletter.coach import calibration
from loveletter.coach.calibration import EDGE, Curve, calibrated, curves, fit, group
from loveletter.coach.judge import judge
from loveletter.engine import Game, Play
from tests.support import deal, play


def draw(curve: Curve, count: int, seed: int) -> list[tuple[float, bool]]:
    """``count`` decisions whose raw estimates are spread over (0, 1), won as ``curve`` says."""
    rng = random.Random(seed)
    return [(x, rng.random() < curve(x)) for x in (rng.uniform(0.01, 0.99) for _ in range(count))]


def test_the_fit_finds_the_curve_the_outcomes_were_drawn_from() -> None:
    # Estimates that are too sure, as the judge's are: the truth is flatter than the raw estimate.
    truth = Curve(a=0.6, b=0.5, c=-0.2)
    fitted = fit(draw(truth, 6000, seed=3))
    for x in (0.05, 0.2, 0.5, 0.8, 0.95):
        assert fitted(x) == pytest.approx(truth(x), abs=0.03), x
    # A fit cannot be told apart from the raw estimate on outcomes drawn from the raw estimate itself.
    honest = fit(draw(Curve(a=1.0, b=1.0, c=0.0), 6000, seed=4))
    for x in (0.1, 0.5, 0.9):
        assert honest(x) == pytest.approx(x, abs=0.03)


def test_estimates_of_0_and_1_are_read_as_hardly_ever_and_almost_always() -> None:
    # Play-outs that all lost (or all won) are fitted with the rest, at the edge: rare wins among them move the
    # curve's ends off 0 and 1, and the ends stay its lowest and highest values.
    decisions = draw(Curve(a=0.7, b=0.7, c=0.0), 2000, seed=5)
    decisions += [(0.0, False)] * 38 + [(0.0, True)] * 2 + [(1.0, True)] * 45 + [(1.0, False)] * 5
    curve = fit(decisions)
    assert 0.0 < curve(0.0) == curve(EDGE / 2) < 0.1 and 0.9 < curve(1.0) == curve(1 - EDGE / 2) < 1.0
    values = [curve(i / 1000) for i in range(1001)]
    assert min(values) == curve(0.0) and max(values) == curve(1.0)
    assert values == sorted(values)


def test_a_curve_that_would_turn_down_is_kept_never_decreasing() -> None:
    # Outcomes that fall as the estimate nears 1 (a U turned over): the fit leaves out what would turn it down.
    rng = random.Random(6)
    decisions = [(x, rng.random() < 0.6 - 0.5 * x * x) for x in (rng.uniform(0.01, 0.99) for _ in range(3000))]
    curve = fit(decisions)
    assert curve.a >= 0 and curve.b >= 0
    values = [curve(i / 100) for i in range(1, 100)]
    assert values == sorted(values)


def test_the_shipped_mapping_never_reverses_two_estimates() -> None:
    data = json.loads(calibration.DATA.read_text(encoding="utf-8"))
    assert set(data["groups"]) == {"2", "3", "4", "5+"}
    assert data["fitted_on"]["seeds"]  # fitted on named seeds (the cross-check holds each out in turn)
    for seats in range(2, 9):
        values = [calibrated(i / 1000, seats) for i in range(1001)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values == sorted(values), seats
    assert [group(n) for n in range(2, 9)] == ["2", "3", "4", "5+", "5+", "5+", "5+"]
    assert set(curves()) == {"2", "3", "4", "5+"}


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
                shown = a.raw if a.decided else calibrated(a.raw, view.seats_in_round)
                assert a.chance == pytest.approx(shown)
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


def test_moves_the_rules_settle_show_their_result_and_the_rest_are_calibrated() -> None:
    # Ana saw Bot's King with her Priest; Bot missed with a Guard. Holding a Baron and a Guard, the Guard naming
    # the King wins the round and the Baron loses it, on every deal: no fit applies to either.
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Baron", "Guard", "Guard"])
    play(game, "Priest>1", "Guard>0=Princess")
    judged = judge(game.view(0), budget=400)
    sure_win, sure_loss = judged.of(Play("Guard", (1,), named="King")), judged.of(Play("Baron", (1,)))
    assert (sure_win.decided, sure_win.chance, sure_loss.decided, sure_loss.chance) == (True, 1.0, True, 0.0)
    undecided = [m for m in judged.moves if not m.decided]
    assert [m.action for m in judged.moves if m.decided] == [sure_win.action, sure_loss.action]
    assert undecided and all(m.chance == pytest.approx(calibrated(m.raw, 2)) for m in undecided)
    # At four players the same sure hit leaves two opponents: the round goes on, and its chance is read through the
    # calibration.
    game = deal(
        "2019", 4, hands=["Priest", "King", "Handmaid", "Handmaid"], draws=["Guard", "Guard", "Guard", "Guard", "Baron"]
    )
    play(game, "Priest>1", "Guard>0=Princess", "Handmaid", "Handmaid")
    view = game.view(0)
    hit = judge(view, budget=400).of(Play("Guard", (1,), named="King"))
    assert not hit.decided and hit.chance == pytest.approx(calibrated(hit.raw, view.seats_in_round))
