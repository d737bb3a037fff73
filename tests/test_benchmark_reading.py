"""The reading benchmark's smoke run: it runs, prints its figures, and the reading it scores says more about the
hidden cards than counting alone (a reading that had lost its inference, or inverted it, would not)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_reading_benchmark_scores_the_reading_above_counting() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "reading.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    out = result.stdout
    found = re.search(r"(\d+) games, ([0-9,]+) hidden cards at ([0-9,]+) decisions", out)
    assert found is not None and int(found.group(2).replace(",", "")) > 0, out
    loss = {
        name: float(m.group(1))
        for name in ("counting only", "reading")
        if (m := re.search(rf"^{name}\s+([0-9.]+)", out, re.M))
    }
    assert loss.keys() == {"counting only", "reading"}, out
    assert loss["reading"] < loss["counting only"], out
    shares = [float(x) for x in re.findall(r"^\s*\d+-\s*\d+%\s+[0-9,]+\s+([0-9.]+)%$", out, re.M)]
    assert shares and all(0.0 <= s <= 100.0 for s in shares), out


def test_the_reading_seat_must_be_the_hard_level() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "reading.py"), "--hard", "hard-v1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "the reading seat must be the hard level" in result.stderr
