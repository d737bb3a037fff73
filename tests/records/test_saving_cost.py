"""Saving costs the same each move however long the game, and a killed save leaves nothing behind.

A 99-token game of eight computer players took 9 minutes to ``play`` (every move wrote the whole record again,
serialised and signed from scratch, and fsynced) where ``simulate`` took a fifth of a second; the time is measured
by ``benchmarks/saving.py``. Here: the record is brought up to date with what changed only, a closed round is
written out once, the file still holds exactly what a whole rewrite would, and a table of computer players only
is written at most every :attr:`Autosave.PACE` seconds, but always at its end and by a flush (Ctrl-C, a crash).
Leftover temporary files of the program's own naming go at the next start, and a game killed in its first save
(written, not yet renamed) becomes its file again.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.records import GameRecord, Seat, games_dir, list_records, load_record
from loveletter.records.fileformat import Raw, Trust, whole_record
from loveletter.records.store import sweep_temporaries
from loveletter.table.autosave import Autosave
from loveletter.table.seats import Seat as TableSeat

COMPUTERS = [Seat(f"Bot {i}", "computer", "random") for i in range(4)]


def step(game: Game, rng: random.Random) -> None:
    if game.round_over:
        game.next_round()
    else:
        game.push(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("seed", range(6))
def test_a_record_kept_up_move_by_move_is_the_record_written_whole(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    game = Game("premium", 2 + seed % 7, seed=seed)
    seats = [Seat(f"P{i}", "computer", "random") for i in range(game.players)]
    kept = GameRecord.start(game, seats, seed)
    path = tmp_path / "game.json"
    moves = 0
    while not game.over:
        step(game, rng)
        kept.sync(game)
        moves += 1
        if moves % 5 == 0 or game.over:
            whole = GameRecord.start(game, seats, seed)
            whole.game_id, whole.created, whole.updated = kept.game_id, kept.created, kept.updated
            assert json.loads(kept.to_json()) == json.loads(whole.to_json())
            kept.save(path)
            loaded = load_record(path)
            assert loaded.trust is Trust.SIGNED and isinstance(loaded, GameRecord)
            assert loaded.replay(str(path)).state.round == game.state.round


def test_a_save_writes_only_the_round_being_played_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from loveletter.engine import load_ruleset

    root = Path(__file__).resolve().parents[2]
    text = (root / "rulesets" / "premium.toml").read_text(encoding="utf-8")
    long_game = tmp_path / "long.toml"
    long_game.write_text(text.replace("{ 2 = 7, 3 = 5, 4 = 4 }", "{ 2 = 99, 3 = 99, 4 = 99 }"), encoding="utf-8")
    rng = random.Random(1)
    game = Game(load_ruleset(str(long_game)), 4, seed=1)
    record = GameRecord.start(game, COMPUTERS, 1)
    while game.state.round < 30:
        step(game, rng)
        record.sync(game)
    record.to_json()
    written: list[object] = []
    real = Raw.of.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Raw], value: object) -> Raw:
        written.append(value)
        made: Raw = real(cls, value)
        return made

    monkeypatch.setattr(Raw, "of", classmethod(counting))
    for _ in range(20):
        step(game, rng)
        record.sync(game)
        written.clear()
        record.to_json()
        # The round being played; after a deal, the round just closed (once) and the random state too.
        assert len(written) <= 3, written


def autosave(game: Game, seats: list[TableSeat], folder: Path) -> Autosave:
    return Autosave.begin(game, seats, 1, folder)


def on_disk(saver: Autosave) -> int:
    return GameRecord.load(saver.path).action_count


def test_a_table_of_computers_is_saved_now_and_then_and_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Autosave, "PACE", 3600.0)  # never within the test: only the end and a flush write
    rng = random.Random(2)
    game = Game("2019", 2, seed=2)
    saver = autosave(game, [TableSeat("Bot 1", "random"), TableSeat("Bot 2", "random")], tmp_path)
    for _ in range(5):
        game.push(rng.choice(game.legal_actions()))
        saver.action_applied(game, 0, game.actions[-1][-1], [])
    assert not game.round_over  # (seed 2: a round of more than five moves)
    assert on_disk(saver) == 0 and saver.record.action_count == 5
    saver.flush()  # as on Ctrl-C, a crash or SIGTERM
    assert on_disk(saver) == 5
    while not game.over:
        if game.round_over:
            game.next_round()
            saver.round_dealt(game, [])
        else:
            game.push(rng.choice(game.legal_actions()))
            saver.action_applied(game, 0, game.actions[-1][-1], [])
    assert GameRecord.load(saver.path).finished


def test_a_table_with_a_person_is_saved_at_every_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Autosave, "PACE", 3600.0)
    rng = random.Random(3)
    game = Game("2019", 2, seed=3)
    saver = autosave(game, [TableSeat("Ana"), TableSeat("Bot", "random")], tmp_path)
    for _ in range(12):
        if game.round_over:
            game.next_round()
            saver.round_dealt(game, [])
        else:
            game.push(rng.choice(game.legal_actions()))
            saver.action_applied(game, 0, game.actions[-1][-1], [])
        assert on_disk(saver) == saver.record.action_count


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    return int(done.stdout)


def test_a_leftover_temporary_file_goes_at_the_next_start_however_young() -> None:
    folder = games_dir()
    folder.mkdir(parents=True)
    left = folder / f".20261128-101010-2019-0123456789ab.json.{dead_pid()}.tmp"
    left.write_text('{"format": "loveletter-re', encoding="utf-8")  # cut short by a kill
    writing = folder / f".20261128-101011-2019-0123456789ac.json.{os.getpid()}.tmp"  # a save under way
    writing.write_text("{", encoding="utf-8")
    other = folder / ".notes.txt.123.tmp"  # not named as the program names its own
    other.write_text("mine", encoding="utf-8")
    list_records()  # `loveletter games`, `resume`: the next start
    assert not left.exists() and writing.exists() and other.exists()
    assert sorted(p.name for p in folder.iterdir()) == sorted([writing.name, other.name])


def test_a_game_killed_in_its_first_save_can_be_resumed(tmp_path: Path) -> None:
    game = Game("2019", 2, seed=4)
    record = GameRecord.start(game, COMPUTERS[:2], 4)
    folder = games_dir()
    folder.mkdir(parents=True)
    name = "20261128-101010-2019-0123456789ab.json"
    left = folder / f".{name}.{dead_pid()}.tmp"
    left.write_text(record.to_json(), encoding="utf-8")  # written and flushed; killed before the rename
    (recovered,) = [s for s in list_records() if s.path.name == name]
    assert not recovered.finished and not left.exists()
    assert GameRecord.load(folder / name).replay().state.round == 1


def test_a_temporary_file_of_another_key_is_not_taken_for_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game("2019", 2, seed=4)
    text = GameRecord.start(game, COMPUTERS[:2], 4).to_json()
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "mine"))
    folder = games_dir()
    folder.mkdir(parents=True)
    left = folder / f".20261128-101010-2019-0123456789ab.json.{dead_pid()}.tmp"
    left.write_text(text, encoding="utf-8")
    assert sweep_temporaries(folder, whole=whole_record) == [left] and list(folder.iterdir()) == []
