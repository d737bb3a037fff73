"""The saving benchmark's smoke run: it runs, plays each table with ``simulate`` and ``play``, checks the
records ``play`` saved, and prints every figure the issue names (speed is measured by running the script, never
asserted by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def test_the_saving_benchmark_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "saving.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = [line for line in result.stdout.splitlines() if "moves;" in line]
    assert [line.split(":")[0] for line in lines] == [
        "2019, 2 players",
        "premium to 5, 4 players",
        "premium to 5, 8 players",
    ]
    for line in lines:
        figures = re.search(
            r"([\d,]+) moves; simulate ([\d.]+) s .* play piped ([\d.]+) s .* not saving ([\d.]+) s", line
        )
        assert figures is not None, line
        assert int(figures[1].replace(",", "")) > 0 and all(float(figures[i]) > 0 for i in (2, 3, 4)), line
