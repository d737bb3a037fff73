"""The calibration benchmark's smoke run: it plays, judges and prints its table and plot (whether the numbers come
true is measured by running the script, never asserted by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_calibration_benchmark_prints_its_table_and_plot() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "calibration.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    out = result.stdout
    found = re.search(r"2019, 2 players, 1 games \(\d+ s\): (\d+) decisions", out)
    assert found is not None and int(found.group(1)) > 0, out
    rows = re.findall(r"│\s+(\d+)–(\d+)%\s+│\s+(\d+)\s+│", out)
    assert rows and sum(int(n) for _, _, n in rows) == int(found.group(1)), out
    assert "n=" in out and ("◆" in out or "◉" in out), out
