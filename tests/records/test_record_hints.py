"""A game record says whether the coach's hints were on (format 3); older records still load, as games without
hints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.records import VERSION, GameRecord, RecordError, Seat
from loveletter.records.library import load_record
from tests.support import random_playout


def finished(hints: bool) -> GameRecord:
    import random

    game = Game("2019", 2, seed=8)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed=8, hints=hints)
    random_playout(game, random.Random(8))
    record.update(game)
    return record


@pytest.mark.parametrize("hints", [True, False])
def test_the_record_says_whether_hints_were_on(tmp_path: Path, hints: bool) -> None:
    path = tmp_path / "game.json"
    finished(hints).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == VERSION == 4 and data["hints"] is hints
    record = load_record(path)
    assert isinstance(record, GameRecord) and record.hints is hints
    record.replay(str(path))


@pytest.mark.parametrize("version", [1, 2])
def test_a_record_from_before_hints_loads_as_a_game_without_them(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.json"
    finished(True).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = version
    del data["hints"]
    path.write_text(json.dumps(data), encoding="utf-8")
    record = load_record(path)
    assert isinstance(record, GameRecord) and record.hints is False
    assert record.replay(str(path)).over


def test_hints_must_be_true_or_false(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    finished(True).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hints"] = "yes"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"hints: must be true or false, got \"yes\""):
        load_record(path)
