"""One game open in one program at a time: a lock beside each record while its game is played.

The lock is ``.<record name>.lock`` in the record's folder, holding who took it (process id, program, command)
and since when, and locked with ``fcntl.flock`` for as long as the game is open. ``flock`` rather than a file
made with ``O_EXCL``: the system releases the lock when its holder ends in any way (a kill, a crash, a closed
terminal), so a lock left by a killed program is taken over by the next one without guessing from process ids
(which are reused) whether its holder still runs. The file's text only says who holds the lock: it is rewritten
by each taker. On a system without ``fcntl`` (Windows) a game is not locked.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from loveletter.errors import UserError
from loveletter.i18n import t
from loveletter.records.fileformat import PROGRAM, clip, now
from loveletter.records.library import short_name
from loveletter.records.store import make_folder

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows)
    fcntl = None  # type: ignore[assignment]


class GameOpenElsewhere(UserError):
    """The game of a record is open in another program (one line: which program, since when)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a record's lock, as its lock file says."""

    pid: int
    program: str
    command: str
    since: str


def lock_path(record: Path) -> Path:
    return record.with_name(f".{record.name}.lock")


def holder(record: Path) -> Holder | None:
    """Who holds ``record``'s lock now, or ``None`` if nobody does."""
    path = lock_path(record)
    try:
        f = open(path, "r+", encoding="utf-8")  # noqa: SIM115 (closed below, after the probe)
    except OSError:
        return None
    with f:
        if fcntl is None:
            return None
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return _read_holder(f)
        fcntl.flock(f, fcntl.LOCK_UN)
        return None


def _read_holder(f: IO[str]) -> Holder:
    try:
        f.seek(0)
        data = json.loads(f.read(4096))
        return Holder(int(data["pid"]), str(data["program"]), str(data["command"]), str(data["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return Holder(0, "?", "?", "?")


@contextlib.contextmanager
def game_lock(record: Path, command: str) -> Iterator[None]:
    """Hold ``record``'s lock while the block runs: the game is open here. If another program holds it,
    :class:`GameOpenElsewhere`. A lock that cannot be made (a read-only folder) does not stop the game: the
    save will say what is wrong."""
    held = GameLock(record, command)
    try:
        yield
    finally:
        held.release()


class GameLock:
    """``record``'s lock, taken now (:class:`GameOpenElsewhere` if another program holds it) and held until
    :meth:`release` or the end of the program."""

    def __init__(self, record: Path, command: str) -> None:
        self.record = record
        self._file = _take(record, command)

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                lock_path(self.record).unlink()  # while still held: a taker checks it locked the file named so
            self._file.close()
            self._file = None


def _take(record: Path, command: str) -> IO[str] | None:
    if fcntl is None or not record.name:
        return None
    path = lock_path(record)
    with contextlib.suppress(OSError):
        make_folder(record.parent)  # a new record's folder may not be there yet
    for _ in range(10):  # another program may remove the file between our open and our lock: open it again
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return None
        f = open(fd, "r+", encoding="utf-8")  # noqa: SIM115 (held open while the game is: that is the lock)
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            who = _read_holder(f)
            f.close()
            raise GameOpenElsewhere(refusal(record, who)) from None
        try:
            same = os.fstat(f.fileno()).st_ino == os.stat(path).st_ino
        except OSError:
            same = False
        if not same:
            f.close()
            continue
        try:
            f.seek(0)
            f.truncate()
            holder = {"pid": os.getpid(), "program": PROGRAM, "command": command, "since": now()}
            f.write(json.dumps(holder) + "\n")
            f.flush()
        except OSError:
            pass  # the lock holds all the same; only who holds it is unsaid
        return f
    return None


def refusal(record: Path, who: Holder) -> str:
    """The one line that says the game of ``record`` is open elsewhere."""
    return t(
        "records.error.open_elsewhere",
        name=short_name(record),
        command=clip(who.command, 40),
        pid=who.pid,
        since=clip(who.since, 30),
    )


def command_line() -> str:
    """How this program was started, for another to say who holds a game: ``loveletter resume`` (its command,
    not the paths after it, which may be long)."""
    command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
    return f"loveletter {command}".strip()
