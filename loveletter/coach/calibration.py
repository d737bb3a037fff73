"""What the judge's estimate of a move means in rounds won: a fitted, order-keeping mapping of the raw estimate.

The judge's play-outs let every other seat play the ``easy`` heuristic after the first decisions, so its raw
estimates are too sure of themselves against players who play well, and the more so the more opponents are left.
The mapping reads a raw estimate as the share of rounds won by ``hard`` players' decisions that had it: a *beta
calibration* (a logistic fit of the outcome on ``ln x`` and ``-ln(1 - x)``; Kull, Silva Filho and Flach, 2017),
one per number of seats still in the round (2, 3, 4, 5 or more), whatever the table's size. Three numbers a
group, so it cannot follow the noise of a few decisions as a step function would. Estimates are read at least
:data:`EDGE` from 0 and 1: play-outs that all lost (or all won) say "hardly ever" rather than "never", and such
moves are fitted with the rest. (A move the rules settle is not read here at all: :mod:`~loveletter.coach.judge`
shows its result as it is.) The coefficients of the logarithms are kept non-negative, so the mapping never
decreases: it keeps the order of a decision's moves.

The coefficients are fitted by ``benchmarks/calibration.py --fit`` and checked on games the fit never saw
(``--cross``); the figures are in ``benchmarks/NOTES.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The fitted mappings, as data beside this module.
DATA = Path(__file__).resolve().parent / "calibration.json"
#: Raw estimates are read at least this far from 0 and 1 (chosen by the held-out check among 0.001, 0.01, 0.03 and
#: 0.05: ``benchmarks/NOTES.md``).
EDGE = 0.01


def group(seats: int) -> str:
    """The group whose mapping reads an estimate made with ``seats`` seats still in the round."""
    return str(seats) if seats <= 4 else "5+"


@dataclass(frozen=True, slots=True)
class Curve:
    """One group's mapping: ``1 / (1 + exp(-(c + a ln x - b ln(1 - x))))``, ``x`` the raw estimate kept
    :data:`EDGE` from 0 and 1. With ``a = b = 1`` and ``c = 0`` it is the raw estimate itself.

    >>> curve = Curve(a=0.6, b=0.5, c=-0.2)
    >>> round(curve(0.0), 3), round(curve(0.5), 3), round(curve(1.0), 3)
    (0.049, 0.433, 0.891)
    """

    a: float
    b: float
    c: float

    def __call__(self, raw: float) -> float:
        """What ``raw`` means: never decreasing in ``raw`` (``a`` and ``b`` are not negative)."""
        x = min(max(raw, EDGE), 1.0 - EDGE)
        z = self.c + self.a * math.log(x) - self.b * math.log(1.0 - x)
        return 1.0 / (1.0 + math.exp(-z))


@cache
def curves() -> dict[str, Curve]:
    """Each group's fitted curve. Empty if there is no data file (the raw estimates then stand)."""
    if not DATA.exists():
        return {}
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {name: Curve(**fields) for name, fields in data["groups"].items()}


def calibrated(raw: float, seats: int) -> float:
    """What a raw estimate of ``raw`` means, made with ``seats`` seats still in the round."""
    curve = curves().get(group(seats))
    return raw if curve is None else curve(raw)


def fit(decisions: Sequence[tuple[float, bool]]) -> Curve:
    """The curve that best predicts the outcomes of ``decisions`` (raw estimate, round won) by log-likelihood. A
    coefficient the fit would make negative (the curve would turn down) is left out."""
    rows = [(_features(x), float(won)) for x, won in decisions]
    used = [0, 1, 2]
    while True:
        weights = _logistic([[f[i] for i in used] for f, _ in rows], [y for _, y in rows])
        negative = [i for i, w in zip(used, weights, strict=True) if i > 0 and w < 0]
        if not negative:
            break
        used.remove(negative[0])
    coefficients = dict(zip(used, weights, strict=True))
    return Curve(
        a=round(coefficients.get(1, 0.0), 6), b=round(coefficients.get(2, 0.0), 6), c=round(coefficients[0], 6)
    )


def _features(raw: float) -> tuple[float, float, float]:
    x = min(max(raw, EDGE), 1.0 - EDGE)
    return (1.0, math.log(x), -math.log(1.0 - x))


def _logistic(xs: Sequence[Sequence[float]], ys: Sequence[float], *, ridge: float = 1e-6) -> list[float]:
    """Logistic regression by Newton's method (a few unknowns, many rows): the weights ``w`` maximising the
    likelihood of ``ys`` under ``1 / (1 + exp(-w·x))``, with a tiny ridge so a separable set still converges."""
    k = len(xs[0]) if xs else 0
    w = [0.0] * k
    for _ in range(50):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))
            for i in range(k):
                gradient[i] += (p - y) * x[i]
                for j in range(k):
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j]
        for i in range(k):
            gradient[i] += ridge * w[i]
            hessian[i][i] += ridge
        step = _solve(hessian, gradient)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    return w


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gauss-Jordan elimination with partial pivoting (a small, well-posed system)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    return [rows[i][n] / rows[i][i] for i in range(n)]


__all__ = ["DATA", "Curve", "calibrated", "curves", "fit", "group"]
