"""A game is open in one program at a time. A second ``resume`` (with the record named, or
with none while it is the game played last) is refused in one line that says which program holds it and since
when; a lock left by a killed program is taken over. Every program here is a real process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from loveletter.records.lock import game_lock, holder, lock_path
from tests.e2e.terminal import Terminal
from tests.records.test_commands import saved


def loveletter(*args: str, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "LOVELETTER_HOME": str(home), "LOVELETTER_LANG": "en"}
    return subprocess.Popen(
        [sys.executable, "-m", "loveletter", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_holder(path: Path, pid: int) -> None:
    """Until the process ``pid`` holds the record's lock (what another program would see)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        who = holder(path)
        if who is not None and who.pid == pid:
            return
        time.sleep(0.05)
    raise AssertionError("the first program never opened the game")


def test_a_second_resume_is_refused_and_a_killed_programs_lock_is_taken_over(tmp_path: Path) -> None:
    home = Path(os.environ["LOVELETTER_HOME"])  # the test's own (tests/conftest.py), which the terminals use
    path = saved(home / "games", finished=False, name="20260101-120000-2019-0123456789ab.json")
    first = Terminal(["resume", str(path)])
    try:
        first.wait_for("Ana (you)")  # one person: straight back to the table
        wait_for_holder(path, first.child.pid)
        before = path.read_bytes()
        for args in ([str(path)], [], [str(path), "--host"]):
            second = loveletter("resume", *args, home=home)
            out, err = second.communicate(timeout=60)
            assert second.returncode == 2, (args, out, err)
            lines = err.strip().splitlines()
            assert len(lines) == 1 and "is open in another program" in lines[0], err
            assert f"(loveletter resume, process {first.child.pid}) since 20" in lines[0]
        assert path.read_bytes() == before
    finally:
        first.child.kill(signal.SIGKILL)
        first.close()
    assert lock_path(path).exists()  # left behind by the killed program, still naming it
    third = Terminal(["resume", str(path)])
    try:
        third.wait_for("Ana (you)")
        wait_for_holder(path, third.child.pid)
    finally:
        third.press("ctrl-c")
        third.finish()
        third.close()
    assert not lock_path(path).exists()


def test_without_a_name_resume_opens_the_game_not_open_elsewhere(tmp_path: Path) -> None:
    home = Path(os.environ["LOVELETTER_HOME"])  # the test's own (tests/conftest.py): its key signed the records
    older = saved(home / "games", finished=False, computers=True, name="20260101-120000-2019-0123456789ab.json")
    newer = saved(home / "games", finished=False, computers=True, name="20260102-120000-2019-ba9876543210.json")
    os.utime(older, (1, 1))
    with game_lock(newer, "loveletter resume"):
        other = loveletter("resume", "--delay", "0", home=home)
        _, err = other.communicate(timeout=120)
        assert other.returncode == 0, err
    assert b'"result": {' in older.read_bytes() and b'"result": null' in newer.read_bytes()


def test_a_game_being_played_is_not_opened_by_resume_elsewhere() -> None:
    """The newcomer's case: ``play`` in one window, ``resume`` with no name in another."""
    home = Path(os.environ["LOVELETTER_HOME"])
    first = Terminal(["play", "--players", "2", "--bots", "1", "--names", "Ana", "--seed", "11", "--delay", "0"])
    try:
        first.wait_for("Which card do you play?", "Ana (you)")
        [path] = (home / "games").glob("*.json")
        wait_for_holder(path, first.child.pid)
        second = loveletter("resume", home=home)
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2 and "is open in another program (loveletter play, process" in err, err
        first.press("ctrl-c")
        first.finish()
    finally:
        first.close()
    assert not lock_path(path).exists()  # released when the game ended
