"""Fit the solitaire search's estimate (``loveletter/solitaire/estimate.py``) to exact values, and tell how close it is.

    uv run python benchmarks/solitaire_estimate.py                # 400 deals: about 40 min on one core
    uv run python benchmarks/solitaire_estimate.py --quick        # a smoke run

The hard player plays deals (with some random moves, to see more kinds of states). The states where its search
stops looking ahead and estimates are sampled, with the states it starts its turns in; those short enough to solve
(at most ``EXACT_RETINUE`` retinue cards left) are solved exactly. A logistic regression of the exact values on
:func:`~loveletter.solitaire.estimate.features` (L2-regularised, Newton's method) is fitted on four fifths of
them; the script prints its error on the other fifth next to the current weights' error, then the new
``WEIGHTS`` to paste into ``estimate.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.solitaire import Phase, SolitaireGame, load_solitaire_ruleset
from loveletter.solitaire.compact import Cards, Queue, Unseen
from loveletter.solitaire.estimate import WEIGHTS, estimate, features
from loveletter.solitaire.search import EXACT_RETINUE, Search

State = tuple[Queue, int, int, Unseen, bool]


def collect(deals: int, seed: int) -> list[State]:
    """States met by the hard player's search on ``deals`` deals (a sample of those it estimated)."""
    rng = random.Random(seed)
    found: list[State] = []

    def sampling(cards: Cards, q: Queue, hand: int, agent: int, u: Unseen, qp: bool) -> float:
        if rng.random() < 0.004:
            found.append((q, hand, agent, u, qp))
        return estimate(cards, q, hand, agent, u, qp)

    rs = load_solitaire_ruleset()
    cards = Cards(rs)
    for deal in range(deals):
        game = SolitaireGame(rs, seed=seed * 1_000_003 + deal)
        search = Search(rs, estimate=sampling)
        while not game.over:
            view = game.view()
            if view.phase is Phase.TURN:
                q, hand, agent, u, qp = cards.state(view)
                found.append((q, hand[0], agent, u, qp))
            legal = view.legal_actions
            if len(legal) > 1 and view.phase is not Phase.CHOOSE and rng.random() < 0.12:
                game.push(rng.choice(legal))
                continue
            values = search.values(view).values
            game.push(max(legal, key=lambda a: values[a]))
    return found


def label(states: list[State], budget: int) -> list[tuple[list[float], float]]:
    """The features and exact value of every state short enough to solve within ``budget`` states."""
    rs = load_solitaire_ruleset()
    cards = Cards(rs)
    solver = Search(rs, budget=budget)
    rows = []
    for state in states:
        if sum(c != cards.princess for c in state[0]) > EXACT_RETINUE:
            continue
        value = solver.solve(*state)
        if value is not None:
            rows.append((features(cards, *state), value))
    return rows


def fit(rows: list[tuple[list[float], float]], ridge: float, rounds: int = 12) -> list[float]:
    """Logistic regression on soft targets by Newton's method (pure Python: the project needs no numpy)."""
    d = len(rows[0][0])
    w = [0.0] * d
    for _ in range(rounds):
        grad = [ridge * x for x in w]
        hess = [[ridge * (i == j) for j in range(d)] for i in range(d)]
        for x, y in rows:
            p = _logistic(sum(a * b for a, b in zip(w, x, strict=True)))
            g, h = (p - y) / len(rows), p * (1 - p) / len(rows)
            active = [(i, xi) for i, xi in enumerate(x) if xi]
            for i, xi in active:
                grad[i] += g * xi
                row = hess[i]
                for j, xj in active:
                    row[j] += h * xi * xj
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def rmse(w: list[float] | tuple[float, ...], rows: list[tuple[list[float], float]]) -> float:
    errors = [(_logistic(sum(a * b for a, b in zip(w, x, strict=True))) - y) ** 2 for x, y in rows]
    return math.sqrt(sum(errors) / max(1, len(errors)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=150_000, help="states to solve one state exactly")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 deals")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = label(collect(3 if args.quick else args.deals, args.seed), 20_000 if args.quick else args.budget)
    random.Random(0).shuffle(rows)
    test, train = rows[: len(rows) // 5], rows[len(rows) // 5 :]
    spread = math.sqrt(sum((y - sum(v for _, v in rows) / len(rows)) ** 2 for _, y in rows) / len(rows))
    w = fit(train, args.ridge, rounds=3 if args.quick else 12)
    print(f"{len(rows):,} exact values ({time.perf_counter() - start:.0f} s); their spread {spread:.4f}")
    print(f"held-out RMSE: new weights {rmse(w, test):.4f}, current weights {rmse(WEIGHTS, test):.4f}")
    w = fit(rows, args.ridge, rounds=3 if args.quick else 12)
    print("WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{x:.4f}" for x in w) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
