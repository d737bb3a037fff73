"""The engine benchmark's smoke run: it runs, and prints each of its figures (speed is measured
by running the script, never asserted by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_benchmark_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engine.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    out = result.stdout
    workloads = ("2019 4p, Game.push", "2019 4p, GameState.apply", "premium 8p, Game.push", "2019 4p, simulate")
    for workload in workloads:
        line = next(line for line in out.splitlines() if line.startswith(workload))
        rounds, games = (float(x.replace(",", "")) for x in line.split()[-3:-1])
        assert rounds > 0 and games > 0, line
    for table in ("2019 4p", "premium 8p"):
        for cost in ("view", "copy"):
            found = re.search(rf"{cost} of a mid-round state, {table}: ([0-9.]+) µs", out)
            assert found is not None and float(found.group(1)) > 0, out


def test_the_protocol_benchmark_prints_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "protocol.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    for line in ("in process: easy against easy", "one through the protocol: its own decisions",
                 "both through the protocol: every decision"):  # fmt: skip
        found = next(text for text in result.stdout.splitlines() if text.startswith(line))
        assert float(found.split()[-2].replace(",", "")) > 0, found
