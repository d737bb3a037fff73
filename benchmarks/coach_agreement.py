"""Whether the coach's hints stay the same hints: the moves and order of 300 decisions, against a saved run.

    uv run python benchmarks/coach_agreement.py --save before.json     # on the old code
    uv run python benchmarks/coach_agreement.py --against before.json  # on the new: what changed

The decisions are every seat's in random games' first rounds at every table size (2019 at 2-6 players, premium at
7 and 8), the same ones on every run. For each, the judge's moves in order with their chances and errors. Two runs
agree on a decision when they rank the same move first, or when the first of one is within the other's estimate
error of its first (both "about equal", tier 0); and their order agrees when every pair of moves they rank the
other way round is within the error of their difference. The figures: how many decisions have the same first move,
the same order, and how many differ beyond the error (the goal: none).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.coach.hint import hint_for
from loveletter.engine import Game

TABLES = (("2019", 2), ("2019", 3), ("2019", 4), ("2019", 5), ("2019", 6), ("premium", 7), ("premium", 8))
DECISIONS = 300


def decisions(total: int = DECISIONS) -> list[tuple[str, int, int, list[str]]]:
    """(ruleset, players, seed, the moves before) for ``total`` decisions spread over :data:`TABLES`."""
    out: list[tuple[str, int, int, list[str]]] = []
    each = -(-total // len(TABLES))
    for ruleset, players in TABLES:
        rng = random.Random(players)
        number = 0
        taken = 0
        while taken < each and len(out) < total:
            seed = players * 1000 + number
            game = Game(ruleset, players, seed=seed)
            moves: list[str] = []
            while not game.round_over and taken < each and len(out) < total:
                if len(game.legal_actions()) > 1:
                    out.append((ruleset, players, seed, list(moves)))
                    taken += 1
                action = rng.choice(game.legal_actions())
                moves.append(str(action))
                game.push(action)
            number += 1
    return out


def judged() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ruleset, players, seed, moves in decisions():
        game = Game(ruleset, players, seed=seed)
        for move in moves:
            game.push(move)
        seat = game.decider
        assert seat is not None
        start = time.perf_counter()
        hint = hint_for(game.view(seat))
        seconds = time.perf_counter() - start
        out.append(
            {
                "table": f"{ruleset} {players}",
                "seconds": seconds,
                "moves": [[str(m.action), m.raw, m.error, m.tier] for m in hint.moves],
            }
        )
    return out


def compare(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
    first = order = beyond = 0
    for b, a in zip(before, after, strict=True):
        bm = {m[0]: m for m in b["moves"]}
        am = {m[0]: m for m in a["moves"]}
        border = [m[0] for m in b["moves"]]
        aorder = [m[0] for m in a["moves"]]
        if border[0] == aorder[0]:
            first += 1
        if border == aorder:
            order += 1
        # Every pair ranked the other way round: within the error of the difference (either run's)?
        bad = False
        rank = {x: i for i, x in enumerate(aorder)}
        for i, x in enumerate(border):
            for y in border[i + 1 :]:
                if rank[x] > rank[y]:
                    gap = abs((am[x][1] - am[y][1]) - (bm[x][1] - bm[y][1]))
                    err = max(bm[x][2] + bm[y][2], am[x][2] + am[y][2], 1e-9)
                    if gap > err:
                        bad = True
        beyond += bad
        if bad:
            print(f"  beyond the error: {a['table']}: before {border[:4]} after {aorder[:4]}")
    n = len(before)
    print(
        f"{n} decisions: same first move {first} ({first / n:.0%}), same order {order} ({order / n:.0%}), "
        f"an order changed beyond the estimate's error {beyond}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="write this run's judgements here")
    parser.add_argument("--against", type=Path, help="compare this run with a saved one")
    args = parser.parse_args()
    run = judged()
    secs = sorted(r["seconds"] for r in run)
    print(f"{len(run)} hints in {sum(secs):.1f} s")
    if args.save:
        args.save.write_text(json.dumps(run))
    if args.against:
        compare(json.loads(args.against.read_text()), run)


if __name__ == "__main__":
    main()
