"""The join code is written nowhere but where ``resume --host`` needs it, and every file the program
writes in its data folder, the host's log included, is its owner's only (0600, folders 0700), in a data folder the
player chose too (``LOVELETTER_HOME``, as every test's is).

Before: asyncssh logged "Auth for user WXW-GKJ succeeded" (the code is the ssh username) into a ``host.log``
readable by everyone, and ``join_codes.json`` kept the codes of games long over."""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import tempfile
from pathlib import Path

import pytest

from loveletter.net import log as host_log
from loveletter.net.code import recall, shown
from loveletter.records import home
from loveletter.table.seats import Seat
from tests.net.guest import CHOOSE, CONFIRM, LEAVE, READY, Guest, Table
from tests.net.test_random_bytes import one_round_ruleset


def spellings(code: str) -> list[str]:
    return [code, code.lower(), shown(code), shown(code).lower(), f"{code[:3]} {code[3:]}"]


def files_holding(folder: Path, code: str) -> list[str]:
    """The files under ``folder`` in which some spelling of ``code`` appears."""
    found = []
    for path in folder.rglob("*"):
        if path.is_file():
            text = path.read_bytes().decode("utf-8", "replace")
            if any(spelling in text for spelling in spellings(code)):
                found.append(path.name)
    return found


def assert_owner_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = stat.S_IMODE(path.lstat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), f"{path}: {oct(mode)}"


def test_a_hosted_game_leaves_its_code_nowhere_and_every_file_owner_only() -> None:
    with tempfile.TemporaryDirectory() as folder:
        ruleset = one_round_ruleset(Path(folder))
        asyncio.run(_game(ruleset))


async def _game(ruleset: str) -> None:
    table = Table(ruleset, [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    code = table.code
    try:
        # The code given as the username, in small letters: asyncssh logs the username.
        ana = await Guest(table.port).connect(username=shown(code).lower())
        await ana.wait_for("Your name:")
        ana.send("Ana", "enter")
        game = await table.started()
        saved = table.saver.path
        assert recall(saved) == code  # kept while the game may be hosted again
        assert files_holding(home(), code) == ["join_codes.json"]
        frame = -1
        while True:
            prompt = await ana.next_prompt(frame, prompts=(CHOOSE, CONFIRM, READY, LEAVE))
            frame = ana.frames
            ana.send("y" if prompt == CONFIRM else "enter")
            if prompt == LEAVE:
                break
        await ana.wait_until_closed()
        await table.finished()
        assert game.over
    finally:
        await table.aclose()
    log = home() / host_log.FILE_NAME
    assert "Auth for user [join code] succeeded" in log.read_text(encoding="utf-8")
    assert recall(saved) is None  # the game is over: nothing to host again
    assert files_holding(home(), code) == []
    assert_owner_only(home())


def test_the_log_stays_owner_only_when_it_is_started_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_log, "MAX_BYTES", 300)
    path = tmp_path / "host.log"
    path.write_text("an older log, open to all\n", encoding="utf-8")
    os.chmod(path, 0o644)
    log = host_log.HostLog(path, codes=lambda: ["7KQM4T"])
    log.open()
    try:
        for n in range(40):
            logging.getLogger("asyncssh").info("Auth for user %s succeeded (%d)", "7kq m4t", n)
    finally:
        log.close()
    written = sorted(tmp_path.iterdir())
    assert [p.name for p in written] == ["host.log", "host.log.1"]
    for written_path in written:
        assert stat.S_IMODE(written_path.stat().st_mode) == 0o600
        text = written_path.read_text(encoding="utf-8")
        assert "Auth for user [join code] succeeded" in text and "7kq" not in text


def test_a_data_folder_made_on_first_use_is_owner_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from loveletter.records.store import write_atomic

    chosen = tmp_path / "chosen" / "deeper"
    monkeypatch.setenv("LOVELETTER_HOME", str(chosen))
    write_atomic(home() / "games" / "x.json", "{}")
    for folder in (tmp_path / "chosen", chosen, chosen / "games"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
