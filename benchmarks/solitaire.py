"""Solitaire: how often each computer player beats the Princess's retinue, over many deals.

    uv run python benchmarks/solitaire.py                    # 10,000 deals per level (hard: about 10 min on 2 cores)
    uv run python benchmarks/solitaire.py --deals 2000       # fewer deals, wider intervals
    uv run python benchmarks/solitaire.py --quick            # a smoke run (CI)

Every level plays the same deals (deal ``i`` is shuffled from a seed derived from ``--seed`` and ``i``), so the
rates compare the players, not their luck. The figure tells players how hard the variant is, and runs the
solitaire engine at scale: every deal must end in a win or a loss.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.bots.arena import Summary, make_specs, play_solitaire_game, run_games
from loveletter.solitaire.bot import SOLITAIRE_LEVELS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10_000, help="deals per level (default 10,000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--level", choices=SOLITAIRE_LEVELS, action="append", help="only this level")
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 deals per level")
    args = parser.parse_args(argv)
    deals = 20 if args.quick else args.deals

    print(f"Python {sys.version.split()[0]}; {args.jobs} process(es); seed {args.seed}; {deals:,} deals per level")
    for level in args.level or SOLITAIRE_LEVELS:
        specs = make_specs("solitaire", [level], games=deals, seed=args.seed)
        start = time.perf_counter()
        results = list(run_games(specs, play_solitaire_game, jobs=args.jobs))
        elapsed = time.perf_counter() - start
        summary = Summary.of(results, levels=[level], seconds=elapsed)
        wins = summary.level_wins[level]
        low, high = summary.ci(wins)
        reasons = Counter(reason for r in results for reason, n in r.round_ends.items() if n)
        assert sum(reasons.values()) == deals, "every deal ends in exactly one win or loss"
        top = ", ".join(f"{reason} {count / deals:.1%}" for reason, count in reasons.most_common(4))
        print(
            f"{level:<7} won {wins:>6,}/{deals:,} = {wins / deals:6.2%} (95% CI {low:.2%}-{high:.2%}); "
            f"{elapsed / deals * 1000:7.2f} ms/deal; ends: {top}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
