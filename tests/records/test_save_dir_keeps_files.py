"""``simulate --save-dir`` never writes over a file, neither one that is not a record nor an
earlier run's records (the docs promise the program deletes nothing of yours)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter.cli import main
from loveletter.records import GameRecord
from loveletter.records.store import write_new


def simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int) -> None:
    args = ["simulate", "--games", "2", "--seats", "easy,random", "--seed", str(seed), "--save-dir", str(tmp_path)]
    assert main(args) == 0
    capsys.readouterr()


def test_a_second_run_keeps_the_first_runs_records_and_other_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "game-00001.json"
    mine.write_text("my notes, not a record\n")
    simulate(tmp_path, capsys, 9)
    first = tmp_path / "game-00000.json"
    first_text = first.read_text()
    simulate(tmp_path, capsys, 10)
    assert mine.read_text() == "my notes, not a record\n"
    assert first.read_text() == first_text
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == [
        "game-00000-2.json",
        "game-00000.json",
        "game-00001-2.json",
        "game-00001-3.json",
        "game-00001.json",
    ]
    seeds = {json.loads(p.read_text())["seed"] for p in tmp_path.glob("game-0000?-?.json")}
    assert len(seeds) == 3  # the first run's second game, and both of the second run's
    assert all(GameRecord.load(p).replay().over for p in tmp_path.glob("game-*-*.json"))
    assert not list(tmp_path.glob(".*.tmp"))


def test_write_new_never_replaces_a_file_not_even_a_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    (tmp_path / "r.json").symlink_to(target)
    written = write_new(tmp_path / "r.json", "{}")
    assert written.name == "r-2.json" and written.read_text() == "{}" and target.read_text() == "keep"
