"""The solitaire coach benchmark's smoke run: it runs and prints its figures (speed is measured by running the
script, never asserted by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def test_the_solitaire_coach_benchmark_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "solitaire_coach.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    out = result.stdout
    for kind in ("cold", "warm"):
        found = re.search(rf"hint, {kind}: (\d+) decisions, median (\d+) ms, p95 (\d+) ms", out)
        assert found is not None and int(found.group(1)) > 0, out
    found = re.search(r"review, deal 0: (\d+) decisions in ([0-9.]+) s", out)
    assert found is not None and int(found.group(1)) > 0, out
