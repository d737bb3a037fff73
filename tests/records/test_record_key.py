"""The record key fails safe. A damaged, empty or short ``record.key`` is one line naming the file and
what to do, never a traceback and never a key to sign with; the key is written whole or not at all, so a full disk
at the first run leaves no empty key behind (every record would then be signed with an empty key: anyone could
forge them)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from loveletter.records import games_dir
from loveletter.records.auth import KEY_NAME, RecordKeyError, key, sign
from tests.records.support import USER_ERROR, run
from tests.records.test_commands import saved

PLAY = ("play", "--players", "2", "--bots", "2", "--seed", "3", "--pace", "0")


def key_path() -> Path:
    return Path(os.environ["LOVELETTER_HOME"]) / KEY_NAME


@pytest.mark.parametrize(
    "content", [b"abc", b"", b"\n", b"ab" * 16, b"zz" * 32, b"0" * 63, b"0" * 65, b"\x00" * 64, "é".encode() * 32]
)
def test_a_damaged_key_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    record = saved(tmp_path, finished=True)  # saved with a good key first
    key_path().write_bytes(content)
    for args in (PLAY, ("replay", str(record)), ("resume", str(record))):
        code, out, err = run(capsys, *args)
        assert code == USER_ERROR, (args, err)
        assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
        assert err.startswith(f"loveletter: error: {key_path()}: this record key is damaged"), err
        assert "move it away, and loveletter makes a new one" in err
    assert key_path().read_bytes() == content  # never replaced behind the player's back
    assert not list(games_dir().glob("*.json"))  # no game was played, nothing signed


def test_nothing_is_signed_with_a_short_key() -> None:
    key_path().parent.mkdir(parents=True, exist_ok=True)
    key_path().write_text("ab\n", encoding="ascii")
    with pytest.raises(RecordKeyError):
        sign({"format": "loveletter-record"})


def test_a_good_key_in_capitals_with_spaces_around_it_is_read() -> None:
    key_path().parent.mkdir(parents=True, exist_ok=True)
    key_path().write_text("  " + "AB" * 32 + "\r\n", encoding="ascii")
    assert key() == bytes.fromhex("ab" * 32)


def test_a_full_disk_at_the_first_run_leaves_no_key(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run(capsys, *PLAY)
    assert code == 1 and "the disk is full" in err  # the game was played, and said not to be saved
    assert not key_path().exists()
    assert [p.name for p in key_path().parent.iterdir() if KEY_NAME in p.name] == []  # no part of one either

    monkeypatch.setattr(os, "fsync", real)  # space freed: the next game makes the key and is saved
    code, _, err = run(capsys, *PLAY)
    assert code == 0, err
    assert len(key_path().read_text(encoding="ascii").strip()) == 64
    assert stat.S_IMODE(key_path().stat().st_mode) == 0o600
