"""The tournament benchmark's smoke run: it runs and prints each of its figures (speed is measured by
running the script, never asserted by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_tournament_benchmark_prints_its_figures() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "tournament.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert re.search(r"--jobs 2 +[0-9.]+ games/s +[0-9.]+x +same results: True", out), out
    assert re.search(r"memory \(peak resident, the whole command\): 20 games [0-9.]+ MB, 200 games [0-9.]+ MB", out)
    assert re.search(r"duplicate deals' interval / plain interval: [0-9.]+", out), out
    assert re.search(r"the tables' interval +[0-9.]+–[0-9.]+ \(±[0-9.]+\), design effect [0-9.]+", out), out
