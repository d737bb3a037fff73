"""Tournaments' speed and what duplicate deals buy: the figures issue 33 asks for, printed in one run.

    uv run python benchmarks/tournament.py                  # speed-ups, memory, duplicate deals (a few minutes)
    uv run python benchmarks/tournament.py --deals 40       # fewer deals per line-up for the speed-ups
    uv run python benchmarks/tournament.py --no-ray         # without the Ray figures
    uv run python benchmarks/tournament.py --quick          # a smoke run

* **speed-up**: the same tournament (``easy`` against ``hard:B``, duplicate deals) played in one local process,
  in ``--jobs 2`` processes, and on a local Ray instance of two workers; games per second and the ratio to one
  process, and for the local runs the processor time per game (if it is the same with one process or two, the
  parallel run wastes nothing and two free cores would play about twice as fast). Ray's start (a new local
  instance) is timed apart and left out of its rate: a cluster is started once for many tournaments. The
  machine's load average is printed beside them: on a machine whose two cores are shared, two processes cannot
  be twice as fast.
* **memory**: the command's peak resident memory for a short and a ten times longer tournament (flat: the games
  are described and added up one at a time).
* **duplicate deals**: one long two-player run of each kind; the standard error of the first player's mean score,
  estimated from the deals (each deal's two games as one sample) with duplicate deals, from the games without,
  and the ratio of the two: how much narrower a 95% interval is for the same number of games; and the interval
  the command's tables show for the duplicate run, with its design effect.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena.backends import Local, RayCluster
from loveletter.arena.intervals import ClusteredScore
from loveletter.arena.referee import play
from loveletter.arena.results import Outcome
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import parse_player

ROOT = Path(__file__).resolve().parent.parent


def tournament(deals: int, against: str, *, seed: int = 1, duplicate: bool = True) -> Tournament:
    entrants = tuple(parse_player(p) for p in ("easy", against))
    return Tournament(entrants, "2019", 2, deals=deals, seed=seed, duplicate=duplicate)


def rate(t: Tournament, backend: Local | RayCluster) -> tuple[float, list[dict[str, object]], float]:
    """Games per second of ``t`` on ``backend`` (already open), the games' results without timings, and the
    processor seconds per game of this process and the processes it started and ended (not Ray's workers)."""
    cpu = _cpu()
    start = time.perf_counter()
    keys = [o.key() for o in backend.stream(t.iter_games(), play, total=t.games)]
    elapsed = time.perf_counter() - start
    return t.games / elapsed, keys, (_cpu() - cpu) / t.games


def _cpu() -> float:
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def speedups(deals: int, budget: int, use_ray: bool) -> None:
    t = tournament(deals, f"hard:{budget}")
    print(f"speed-up: {t.games} games of easy against hard:{budget} (2019, duplicate deals); load {_load()}")
    one, keys, cpu1 = rate(t, Local(1))
    print(f"  1 local process     {one:8.2f} games/s            processor time {1000 * cpu1:.0f} ms/game")
    two, keys2, cpu2 = rate(t, Local(2))
    print(
        f"  --jobs 2            {two:8.2f} games/s   {two / one:.2f}x   same results: {keys2 == keys}"
        f"   processor time {1000 * cpu2:.0f} ms/game"
    )
    if use_ray:
        cluster = RayCluster(jobs=2)
        start = time.perf_counter()
        cluster.open()
        started = time.perf_counter() - start
        try:
            ray_rate, keys3, _ = rate(t, cluster)
        finally:
            cluster.close()
        print(
            f"  Ray, 2 local workers {ray_rate:7.2f} games/s   {ray_rate / one:.2f}x   same results: {keys3 == keys}"
            f"   (starting Ray: {started:.1f} s, not counted)"
        )
    print(f"  load after: {_load()}")


def memory(games: int) -> None:
    """Peak resident memory of the command for ``games`` and ``10 * games`` random games."""
    sizes = []
    with tempfile.TemporaryDirectory() as folder:
        for deals in (games // 2, 5 * games):
            out = subprocess.run(
                [sys.executable, "-c", _MEMORY, str(deals), str(Path(folder) / f"{deals}.jsonl")],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
            ).stdout
            sizes.append((2 * deals, int(out.split()[-1])))
    shown = ", ".join(f"{n} games {kb / 1024:.1f} MB" for n, kb in sizes)
    print(f"memory (peak resident, the whole command): {shown}")


_MEMORY = """
import resource, sys, contextlib, io
from loveletter.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["--lang", "en", "tournament", "--player", "random", "--player", "random", "--deals", sys.argv[1],
          "--seed", "1", "--json", "--results", sys.argv[2]])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def duplicate_deals(deals: int, against: str, jobs: int) -> None:
    print(f"duplicate deals: easy against {against}, {2 * deals} games of each kind")
    for duplicate in (True, False):
        t = tournament(deals if duplicate else 2 * deals, against, seed=7, duplicate=duplicate)
        outcomes = list(Local(jobs).stream(t.iter_games(), play, total=t.games))
        scores = [_score(o) for o in outcomes]
        mean = statistics.fmean(scores)
        if duplicate:
            pairs = [(a + b) / 2 for a, b in zip(scores[::2], scores[1::2], strict=True)]
            error = statistics.stdev(pairs) / math.sqrt(len(pairs))
        else:
            error = statistics.stdev(scores) / math.sqrt(len(scores))
        kind = "duplicate deals (by deal)   " if duplicate else "one game per deal (by game) "
        print(f"  {kind} easy's score {mean:.3f}, standard error {error:.4f}, 95% interval ±{1.96 * error:.3f}")
        if duplicate:
            paired = error
            # what the command's tables show for this run (loveletter.arena.intervals): about the line above
            table = ClusteredScore()
            for outcome, score in zip(outcomes, scores, strict=True):
                table.add(score, outcome.deal)
            low, high = table.interval()
            print(
                f"  the tables' interval        {low:.3f}–{high:.3f} (±{(high - low) / 2:.3f}),"
                f" design effect {table.design_effect():.2f}"
            )
        else:
            print(f"  duplicate deals' interval / plain interval: {paired / error:.2f}")


def _score(outcome: Outcome) -> float:
    ranks = outcome.ranks()
    first = outcome.seats.index(0)
    return 1.0 if ranks[first] < ranks[1 - first] else 0.5 if ranks[first] == ranks[1 - first] else 0.0


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals for the speed-ups (2 games each)")
    parser.add_argument("--budget", type=int, default=300, help="hard's budget (moves simulated per decision)")
    parser.add_argument("--duplicate-deals", type=int, default=1000, help="deals for the duplicate-deal figures")
    parser.add_argument("--against", help="easy's opponent for the duplicate-deal figures (default: hard:BUDGET)")
    parser.add_argument("--only-duplicate", action="store_true", help="only the duplicate-deal figures")
    parser.add_argument("--no-ray", action="store_true", help="leave out the Ray figures")
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few games, no Ray")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.budget, args.duplicate_deals, args.no_ray = 4, 20, 20, True
    if not args.only_duplicate:
        speedups(args.deals, args.budget, use_ray=not args.no_ray)
        memory(20 if args.quick else 200)
    duplicate_deals(args.duplicate_deals, args.against or f"hard:{args.budget}", jobs=2)
    print(json.dumps({"python": sys.version.split()[0], "cores": os.cpu_count()}))


if __name__ == "__main__":
    main()
