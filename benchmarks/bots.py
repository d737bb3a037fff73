"""Computer players' strength and speed: the figures the computer-players issue asks for.

    uv run python benchmarks/bots.py                      # every figure (long: about an hour on 2 cores)
    uv run python benchmarks/bots.py --games 200 --jobs 2 # fewer games, wider intervals
    uv run python benchmarks/bots.py --only hard-easy-2p  # one match-up
    uv run python benchmarks/bots.py --quick              # a smoke run (CI): a few games, small budget

Each match-up plays full games of the 2019 edition with the seating rotated between games, and reports the
share of games won by the first level with its 95% (Wilson) confidence interval, next to the target. Decision
times (median and 95th percentile per level) are measured around ``bot.choose(view)`` in every game; with
``--jobs 2`` the two processes share the machine with anything else running, so times are upper bounds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.bots.arena import Summary, make_specs, play_game, run_games

#: name -> (ruleset, seats, target share of games won by the first seat's level, default number of games: enough
#: for a 95% interval of about +-4 points where a game is slow, tighter where it is cheap)
MATCHUPS: dict[str, tuple[str, list[str], float, int]] = {
    "hard-easy-2p": ("2019", ["hard", "easy"], 0.60, 600),
    "easy-random-2p": ("2019", ["easy", "random"], 0.75, 2000),
    "hard-3easy-4p": ("2019", ["hard", "easy", "easy", "easy"], 0.35, 500),
}
#: Decision-time limits: level -> (median, 95th percentile) in seconds.
TIME_LIMITS = {"hard": (0.5, 1.0), "easy": (0.001, 0.001)}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per match-up (default: 600, 2000 and 500)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", choices=sorted(MATCHUPS), action="append", help="run only this match-up")
    parser.add_argument("--hard", default="hard", metavar="LEVEL", help="the hard level, e.g. hard:2000")
    parser.add_argument("--quick", action="store_true", help="smoke run: 4 games per match-up, hard:300")
    args = parser.parse_args(argv)
    hard = "hard:300" if args.quick else args.hard

    print(f"Python {sys.version.split()[0]}; {args.jobs} process(es); seed {args.seed}")
    all_times: dict[str, list[float]] = {}
    failures = 0
    for name in args.only or list(MATCHUPS):
        ruleset, seats, target, default_games = MATCHUPS[name]
        games = 4 if args.quick else args.games or default_games
        levels = [hard if level == "hard" else level for level in seats]
        specs = make_specs(ruleset, levels, games=games, seed=args.seed, timings=True)
        start = time.perf_counter()
        summary = Summary.of(run_games(specs, play_game, jobs=args.jobs), levels=levels)
        elapsed = time.perf_counter() - start
        first = levels[0]
        wins = summary.level_wins[first]
        low, high = summary.ci(wins)
        rate = wins / summary.games
        verdict = "meets" if low >= target else ("below" if high < target else "inconclusive")
        failures += verdict == "below"
        print(
            f"{name:<16} {ruleset} {'/'.join(levels)}: {first} won {wins}/{summary.games} = {rate:.1%} "
            f"(95% CI {low:.1%}-{high:.1%}); target {target:.0%}: {verdict}; "
            f"{summary.rounds / summary.games:.1f} rounds/game; {elapsed:.0f} s"
        )
        for level, times in summary.times.items():
            all_times.setdefault(level.partition(":")[0], []).extend(times)
    print("decision times (all match-ups):")
    for level, times in sorted(all_times.items()):
        median = statistics.median(times)
        p95 = percentile(times, 0.95)
        limit = TIME_LIMITS.get(level)
        note = ""
        if limit:
            slow = median > limit[0] or p95 > limit[1]
            # The quick run's hard level has a small budget: its times say nothing about the default's.
            failures += slow and not (args.quick and level == "hard")
            note = f"; limits {limit[0] * 1000:g}/{limit[1] * 1000:g} ms: {'too slow' if slow else 'meets'}"
        print(f"  {level:<7} {len(times):>7} decisions: median {median * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms{note}")
    # A strength result is only "below" when its whole interval misses the target; "inconclusive" asks for
    # more games, and is not a failure.
    return 1 if failures and not args.quick else 0


if __name__ == "__main__":
    raise SystemExit(main())
