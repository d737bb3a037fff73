"""Start-up time: ``loveletter --help``, ``--version`` and a mistyped argument against a bare interpreter start.

    uv run python benchmarks/startup.py            # 40 rounds
    uv run python benchmarks/startup.py --quick    # a smoke run (CI)

Each round starts every command once, in a shuffled order, so that whatever else the machine is doing weighs on
all of them alike; a figure is the best of the rounds (the least disturbed start), and the ratio compares it with
the best bare start (``python -c pass``) of the same run, with the same interpreter and environment. The median
ratio is that of the median round (each command against the bare start of its own round). The goal is a ratio of
at most 3.

The program runs from a copy of the package (``PYTHONPATH``), in two states: as a player runs it, the bytecode
written by its first start (Python writes it unless ``PYTHONDONTWRITEBYTECODE`` is set); and compiled from source
at every start, as where bytecode is never written. The installed package is never touched.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import loveletter

#: The goal: a command answers within this many bare interpreter starts.
GOAL = 3.0


def program() -> list[str]:
    """The installed ``loveletter`` command beside this interpreter (as a player runs it), else ``-m``."""
    script = Path(sys.executable).with_name("loveletter")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "loveletter"]


def commands() -> dict[str, list[str]]:
    prog = program()
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "loveletter --help": [*prog, "--help"],
        "loveletter --version": [*prog, "--version"],
        "loveletter play --players x": [*prog, "play", "--players", "x"],
        "loveletter play --help": [*prog, "play", "--help"],
    }


def once(argv: list[str], env: Mapping[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env
    )
    return time.perf_counter() - start


def measure(rounds: int, *, bytecode: bool, seed: int = 1) -> dict[str, list[float]]:
    """Seconds of every start of every command, round by round (a shuffled order each round), the program run
    from a fresh copy of the package, with (``bytecode``) or without its bytecode written by a first start."""
    runs = commands()
    times: dict[str, list[float]] = {name: [] for name in runs}
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(loveletter.__file__).resolve().parent
        shutil.copytree(source, Path(folder) / "loveletter", ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": folder}
        first = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"} if bytecode else env
        if not bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        for argv in runs.values():  # a first start of each: the file system's caches, the catalog's, the bytecode
            once(argv, first)
        for _ in range(rounds):
            order = list(runs)
            rng.shuffle(order)
            for name in order:
                times[name].append(once(runs[name], env))
    return times


def report(times: dict[str, list[float]]) -> list[str]:
    base = times["python -c pass"]
    best_base = min(base)
    lines = [f"  {'command':<28} {'best ms':>8} {'median ms':>10} {'ratio':>6} {'median ratio':>13}"]
    for name, samples in times.items():
        per_round = [t / b for t, b in zip(samples, base, strict=True)]
        lines.append(
            f"  {name:<28} {1000 * min(samples):8.1f} {1000 * statistics.median(samples):10.1f} "
            f"{min(samples) / best_base:6.2f} {statistics.median(per_round):13.2f}"
        )
    worst = max(min(samples) / best_base for name, samples in times.items() if name != "python -c pass")
    verdict = "within" if worst <= GOAL else "ABOVE"
    lines.append(f"  worst ratio {worst:.2f}: {verdict} the goal of {GOAL:g}x a bare start")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="starts of each command (default 40)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 rounds")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, {rounds} rounds, best of each")
    for bytecode, title in ((True, "as a player runs it (bytecode from the first start)"), (False, "no bytecode")):
        print(f"{title}:")
        for line in report(measure(rounds, bytecode=bytecode)):
            print(line)


if __name__ == "__main__":
    main()
