"""What saving costs: the same seeded all-computer game played by ``simulate`` (nothing saved) and by ``play``
with its output piped (saved as it goes), issue 44.

    uv run python benchmarks/saving.py            # three tables, 3 runs each
    uv run python benchmarks/saving.py --quick    # a smoke run (CI)

The tables: the 2019 edition for two; the Premium Edition for eight won with 99 tokens (a game of some 600 rounds
and 13,000 moves, the issue's case: ``play`` took 9 min 18 s where ``simulate`` took 0.2 s); and the same for four.
Each command is run as a player runs it (the installed ``loveletter``, a fresh data folder), alternately, and
timed from start to end; a figure is the best of the runs, with the worst beside it. The goal: ``play`` within 3
times ``simulate`` (both include the program's start, a third of a second). Moves are counted in the record
``play`` saved, and each run's record is checked to replay to the same end.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 3.0


def program() -> list[str]:
    """The installed ``loveletter`` command beside this interpreter (as a player runs it), else ``-m``."""
    script = Path(sys.executable).with_name("loveletter")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "loveletter"]


def long_premium(folder: Path, tokens: int) -> str:
    """The Premium Edition won with ``tokens`` tokens at every table size."""
    text = (ROOT / "rulesets" / "premium.toml").read_text(encoding="utf-8")
    text = text.replace("{ 2 = 7, 3 = 5, 4 = 4 }", f"{{ 2 = {tokens}, 3 = {tokens}, 4 = {tokens} }}")
    text = text.replace(
        "{ 5 = 4, 6 = 4, 7 = 4, 8 = 4 }", f"{{ 5 = {tokens}, 6 = {tokens}, 7 = {tokens}, 8 = {tokens} }}"
    )
    text = text.replace('title = "Love Letter Premium"', f'title = "Premium to {tokens}"')
    path = folder / f"premium-{tokens}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


#: ``play`` with its saving turned off, to tell what saving itself costs from what playing and printing cost.
UNSAVED = (
    "import sys; from loveletter.table.autosave import Autosave; from loveletter.records.saver import RecordSaver;"
    " RecordSaver.save = lambda self: None; Autosave.flush = lambda self: None;"
    " from loveletter.cli import main; sys.exit(main(sys.argv[1:]))"
)


def timed(argv: list[str], home: Path, *, unsaved: bool = False) -> float:
    env = {**os.environ, "LOVELETTER_HOME": str(home), "LOVELETTER_LANG": "en"}
    command = [sys.executable, "-c", UNSAVED, *argv] if unsaved else [*program(), *argv]
    start = time.perf_counter()
    done = subprocess.run(
        command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1) or (done.returncode == 1 and not unsaved):
        raise SystemExit(f"{' '.join(argv)}: exit status {done.returncode}\n{done.stderr.decode()}")
    return seconds


def moves_saved(home: Path) -> int:
    """The moves of the one game saved in ``home``, checked to replay to its end."""
    from loveletter.records import GameRecord

    os.environ["LOVELETTER_HOME"] = str(home)  # its key signed the record
    (path,) = (home / "games").glob("*.json")
    record = GameRecord.load(path)
    assert record.finished and record.replay(str(path)).over, path
    return record.action_count


def table(label: str, ruleset: str, players: int, level: str, seed: int, runs: int, folder: Path) -> float:
    common = ["--ruleset", ruleset, "--players", str(players), "--seed", str(seed)]
    simulate = ["simulate", *common, "--games", "1", "--seats", level]
    play = ["play", *common, "--bots", str(players), "--level", level, "--pace", "0"]
    times: dict[str, list[float]] = {"simulate": [], "play": [], "unsaved": []}
    moves = 0
    for run in range(runs):
        for name, argv in (("simulate", simulate), ("play", play), ("unsaved", play)):
            home = folder / f"{label}-{name}-{run}".replace(" ", "-").replace(",", "")
            times[name].append(timed(argv, home, unsaved=name == "unsaved"))
            if name == "play":
                moves = moves_saved(home)
    best = {name: min(values) for name, values in times.items()}
    ratio = best["play"] / best["simulate"]
    saving = 1e6 * (best["play"] - best["unsaved"]) / max(moves, 1)
    print(
        f"{label}: {moves:,} moves; simulate {best['simulate']:.2f} s (worst {max(times['simulate']):.2f}), "
        f"play piped {best['play']:.2f} s (worst {max(times['play']):.2f}), the same play not saving "
        f"{best['unsaved']:.2f} s (worst {max(times['unsaved']):.2f}); play / simulate {ratio:.2f} "
        f"({'within' if ratio <= GOAL else 'over'} the goal of {GOAL:g}); saving {saving:.0f} µs a move"
    )
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: one run of small tables")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--level", default="random")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    try:
        load = os.getloadavg()[0]
        print(f"load average at the start: {load:.2f} ({os.cpu_count()} cores)")
    except OSError:
        pass
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        table("2019, 2 players", "2019", 2, args.level, 1, runs, folder)
        tokens = 5 if args.quick else 99
        for players in (4, 8):
            ruleset = long_premium(folder, tokens)
            table(f"premium to {tokens}, {players} players", ruleset, players, args.level, 1, runs, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
