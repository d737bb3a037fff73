"""When saving fails (a full disk, a read-only folder) the game goes on, says at once that
moves are no longer saved and why, keeps trying, and at the end says exactly what can be resumed; in plain mode
the exit status is not 0. The disk is made full by a failing write (the tests run as root, whom a read-only
folder does not stop)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from loveletter.cli import main
from loveletter.records import GameRecord, games_dir
from loveletter.records import saver as saver_module
from loveletter.records.store import write_atomic


@pytest.fixture(autouse=True)
def every_move_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tables are of computer players only: saved at every move here, as a table with a person is."""
    from loveletter.table.autosave import Autosave

    monkeypatch.setattr(Autosave, "PACE", 0.0)


@pytest.fixture
def disk_full_after(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Saves work until the count in the list is spent, then fail with ENOSPC (a count below 0: never fail)."""
    real = write_atomic
    left = [0]

    def write(path: Path, text: str) -> None:
        if left[0] == 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        left[0] -= 1
        real(path, text)

    monkeypatch.setattr(saver_module, "write_atomic", write)
    return left


def play(capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["play", "--players", "2", "--bots", "2", "--seed", "11"])
    return code, capsys.readouterr().err


def test_the_older_save_is_said_to_be_resumable(capsys: pytest.CaptureFixture[str], disk_full_after: list[int]) -> None:
    disk_full_after[0] = 6  # the record started, the deal, four moves
    code, err = play(capsys)
    assert code == 1
    lines = err.strip().splitlines()
    [path] = games_dir().glob("*.json")
    assert lines[0] == (
        f"Moves are no longer being saved ({path}: the disk is full); the game goes on, and every move tries again."
    )
    name = path.name.removesuffix(".json").split("-", 2)[2]
    assert lines[-2:] == [
        f"The last moves could not be saved ({path}: the disk is full). The saved game stops at round 1, after 4 moves"
        " of it; to continue it from there:",
        f"  loveletter resume {name}",
    ]
    game = GameRecord.load(path).replay(str(path))  # that is what the file holds
    assert game.state.round == 1 and len(game.actions[-1]) == 4 and not game.over


def test_no_save_at_all_says_the_game_cannot_be_resumed(
    capsys: pytest.CaptureFixture[str], disk_full_after: list[int]
) -> None:
    code, err = play(capsys)
    assert code == 1 and err.strip().splitlines()[-1].startswith("The game could not be saved (")
    assert err.strip().endswith(": the disk is full): it cannot be resumed.")
    assert not list(games_dir().glob("*.json"))


def test_saving_that_works_again_saves_the_whole_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = write_atomic
    calls = [0]

    def flaky(path: Path, text: str) -> None:
        calls[0] += 1
        if 3 <= calls[0] <= 6:  # the disk is full for a while, then space is freed
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, text)

    monkeypatch.setattr(saver_module, "write_atomic", flaky)
    code, err = play(capsys)
    assert code == 0 and "no longer being saved" in err and "could not be saved" not in err
    [path] = games_dir().glob("*.json")
    assert GameRecord.load(path).replay(str(path)).over
