"""The habits fitting script's smoke run: it plays, fits, prints its figures, and writes a model the reading
loads."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.bots.beliefs import Habits

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def test_the_habits_script_writes_a_model_the_reading_loads(tmp_path: Path) -> None:
    out = tmp_path / "habits.json"
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "habits.py"), "--quick", "--jobs", "1", "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    found = re.search(r"4 games of hard:200 and hard-v1:200 \(2019\): ([0-9,]+) two-card decisions", result.stdout)
    assert found is not None and int(found.group(1).replace(",", "")) > 0, result.stdout
    losses = [float(x) for x in re.findall(r"^  (?:score difference alone|habits)\s+([0-9.]+)$", result.stdout, re.M)]
    assert len(losses) == 2 and all(0.0 < x < 1.0 for x in losses), result.stdout
    habits = Habits.load(out)
    assert habits.score > 0.0  # a better-scored card is played more often, even after a few games
    assert habits.cards and habits.pairs
