"""Where records live and how they are written: the user's data folder, atomic saves, stale temporaries.

A save never leaves a broken file behind: the text goes to a temporary file in the same folder, is flushed and
fsynced, then ``os.replace``-d over the record (atomic on POSIX and Windows), and the folder is fsynced so the
rename itself survives a crash. Whatever instant the program is killed at, the record on disk is the old one or
the new one.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

#: Temporary files are named ``.<record name>.<pid>.tmp``; older than this, a leftover is swept.
STALE_SECONDS = 60.0


def home() -> Path:
    """The user's loveletter folder: ``$LOVELETTER_HOME``, else the platform's user data folder."""
    override = os.environ.get("LOVELETTER_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("loveletter", appauthor=False))


def games_dir() -> Path:
    return home() / "games"


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (see the module docstring)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms cannot open a folder; the rename is still atomic there
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_temporaries(folder: Path, *, older_than: float = STALE_SECONDS) -> list[Path]:
    """Delete temporary files a killed save left behind (never a record itself); return what was removed."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for path in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime >= older_than:
                path.unlink()
                removed.append(path)
    return removed
