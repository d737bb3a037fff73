"""The solitaire coach's speed: how long a hint takes (``h`` in ``loveletter solitaire``), and a whole review.

    uv run python benchmarks/solitaire_coach.py            # 40 deals
    uv run python benchmarks/solitaire_coach.py --quick    # a smoke run (CI)
    uv run python benchmarks/solitaire_coach.py --error    # how far the judge's estimated values are from exact

A hint is timed as the player waits for it, in wall-clock time: the judge (the solitaire search from a fresh
start, ``loveletter.coach.solitaire.judge``), each move's reason, and the drawing of the hint at 80x24. The decisions
are every decision (more than one legal move) of deals played by the ``easy`` player with one move in four
random (to reach more kinds of positions). "Cold" empties the search's shared table of early verdicts before each
hint (the first hint of a process, or of a view no game of the process has met); "warm" keeps it, as a session
of several games does. A review is timed whole (every decision of a finished deal). The machine's load is printed
beside the figures: speed figures move with it.

``--error`` measures what ``ESTIMATE_ERROR`` stands for: at decisions the judge estimates although few retinue
cards are left (the exact search ran out of its budget), the same decision searched exactly with a budget 200 times
larger; it prints the root-mean-square error of each move's value and of each move's difference with the best.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console

from loveletter.coach.solitaire import hint_for
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame, SolitaireView
from loveletter.solitaire import search as solitaire_search
from loveletter.solitaire.bot import make_solitaire_bot
from loveletter.tui.solitaire.coach import SolitaireHintView
from loveletter.tui.solitaire.review import SolitaireReview


def hint_seconds(view: SolitaireView, console: Console) -> float:
    start = time.perf_counter()
    with console.capture():
        console.print(SolitaireHintView(view, hint_for(view), height=16))
    return time.perf_counter() - start


def played(seed: int) -> tuple[list[SolitaireView], SolitaireRecord]:
    """A deal played by the easy player with one move in four random: its decisions' views, and its record."""
    game, rng = SolitaireGame(seed=seed), random.Random(seed)
    bot = make_solitaire_bot("easy", seed=seed)
    record = SolitaireRecord.start(game)
    views = []
    while not game.over:
        view = game.view()
        if len(view.legal_actions) > 1:
            views.append(view)
        game.push(rng.choice(view.legal_actions) if rng.random() < 0.25 else bot.choose(view))
    record.update(game)
    return views, record


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, times: list[float]) -> None:
    print(
        f"hint, {name}: {len(times)} decisions, median {statistics.median(times) * 1000:.0f} ms, "
        f"p95 {quantile(times, 0.95) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms"
    )


def estimate_errors(deals: int) -> None:
    from loveletter.coach.solitaire import ESTIMATE_ERROR, judge
    from loveletter.solitaire.search import DEFAULT_BUDGET, Search

    values: list[float] = []
    gaps: list[float] = []
    decisions = 0
    for seed in range(deals):
        views, _ = played(1000 + seed)
        for view in views:
            judged = judge(view)
            if judged.exact or sum(q.card != view.princess for q in view.queue) > 4:
                continue
            exact = Search(view.ruleset, budget=DEFAULT_BUDGET * 200).values(view)
            if not exact.exact:
                continue
            decisions += 1
            best = judged.best.action
            for move in judged.moves:
                values.append(move.chance - exact.values[move.action])
                if move.action != best:
                    gaps.append((judged.best.chance - move.chance) - (exact.values[best] - exact.values[move.action]))

    def rms(xs: list[float]) -> float:
        return math.sqrt(sum(x * x for x in xs) / max(1, len(xs)))

    print(
        f"estimated decisions checked against exact: {decisions} ({len(values)} moves); RMSE of a value "
        f"{rms(values):.3f}, of a difference with the best {rms(gaps):.3f}; ESTIMATE_ERROR {ESTIMATE_ERROR}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--error", action="store_true", help="the error of estimated values against exact ones")
    args = parser.parse_args()
    if args.error:
        estimate_errors(2 if args.quick else 60)
        return
    deals = 2 if args.quick else 40
    reviews = 1 if args.quick else 5
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average (1, 5, 15 min): {load}")
    console = Console(width=80, height=24, color_system=None)
    cold: list[float] = []
    warm: list[float] = []
    records = []
    for seed in range(deals):
        views, record = played(seed)
        records.append(record)
        for view in views:
            solitaire_search._EARLY.clear()
            cold.append(hint_seconds(view, console))
            warm.append(hint_seconds(view, console))
    report("cold", cold)
    report("warm", warm)
    for record in records[:reviews]:
        start = time.perf_counter()
        review = SolitaireReview(record)
        print(f"review, deal {record.seed}: {len(review.decisions)} decisions in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
