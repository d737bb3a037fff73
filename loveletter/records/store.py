"""Where records live and how they are written: the user's data folder, atomic saves, stale temporaries.

A save never leaves a broken file behind: the text goes to a temporary file in the same folder, is flushed and
fsynced, then ``os.replace``-d over the record (atomic on POSIX and Windows), and the folder is fsynced so the
rename itself survives a crash. Whatever instant the program is killed at, the record on disk is the old one or
the new one.

A record holds the hands of a game still going on, so it is the owner's alone: every file is written readable by
its owner only (mode 0600), and the data folder and its games folder are kept so (0700).
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_data_dir

#: Temporary files are named ``.<record name>.<pid>.tmp``; a leftover is swept once the program that wrote it is
#: gone, or once it is older than this (the number may be another program's since).
STALE_SECONDS = 60.0
#: The name of a temporary file :func:`write_atomic` leaves when it is killed while writing a record: the only
#: files :func:`sweep_temporaries` ever deletes.
TEMPORARY = re.compile(r"^\.(?P<name>[^/\\]+\.json)\.(?P<pid>\d+)\.tmp$")
FILE_MODE, FOLDER_MODE = 0o600, 0o700


def home() -> Path:
    """The user's loveletter folder: ``$LOVELETTER_HOME``, else the platform's user data folder."""
    override = os.environ.get("LOVELETTER_HOME")
    if override:
        return Path(override).expanduser()

    return Path(user_data_dir("loveletter", appauthor=False))


def games_dir() -> Path:
    return home() / "games"


def is_games_dir(folder: Path) -> bool:
    """Whether ``folder`` is the saved-games folder (however it is written)."""
    try:
        return folder.resolve() == games_dir().resolve()
    except (OSError, RuntimeError, ValueError):
        return False


def make_folder(folder: Path) -> None:
    """Make ``folder`` (and the folders above it) if need be, every new one owner-only (``mkdir -p`` would make
    the ones above with the usual mode: a data folder the player chose, made on first use, would be open to all).
    The program's own folders (the data folder at its usual place, its games folder) are made owner-only if they
    were not: they hold the hands of unfinished games. A folder the player chose that was already there
    (``LOVELETTER_HOME``, ``--save-dir``) is left as it is; the files in it are owner-only all the same."""
    own = [games_dir()]
    if not os.environ.get("LOVELETTER_HOME"):
        own.append(home())
    missing = [f for f in (folder, *folder.parents) if not f.is_dir()]
    try:
        for new in reversed(missing):
            with contextlib.suppress(FileExistsError):  # made meanwhile by another program: checked below
                new.mkdir(mode=FOLDER_MODE)
        if not folder.is_dir():
            raise FileExistsError
    except FileExistsError:
        # mkdir's "exists" means a file stands where the folder should be: say that (every caller words it)
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder)) from None
    for mine in own:
        if mine in (folder, *folder.parents):
            _owner_only(mine)


def _owner_only(folder: Path) -> None:
    with contextlib.suppress(OSError, AttributeError):  # not ours, or a system without owners (AttributeError)
        info = folder.stat()
        if info.st_uid == os.getuid() and info.st_mode & 0o077:
            folder.chmod(FOLDER_MODE)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (see the module docstring), readable by its owner only."""
    make_folder(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), FILE_MODE)
        with open(fd, "w", encoding="utf-8", newline="") as f:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, FILE_MODE)  # a leftover of the same name may have had another mode
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    fsync_folder(path.parent)


def write_new(path: Path, text: str) -> Path:
    """Write ``text`` to a new file named ``path``, or, when a file of that name is there (a record of an
    earlier run, or anything else), to ``<stem>-2.json``, ``-3`` and so on: never over a file. The text is
    written whole to a temporary file first, then hard-linked under the free name (a link is never made over an
    existing file, so two programs cannot take the same name). Return the path written."""
    make_folder(path.parent)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), FILE_MODE)
        with open(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        for n in itertools.count(1):
            target = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
            try:
                os.link(temporary, target)
            except FileExistsError:
                continue
            break
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    fsync_folder(path.parent)
    return target


def fsync_folder(folder: Path) -> None:
    """Make a rename or a link in ``folder`` survive a crash (where the platform can)."""
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


def sweep_temporaries(
    folder: Path, *, older_than: float = STALE_SECONDS, whole: Callable[[Path], bool] = lambda _: False
) -> list[Path]:
    """Clear up what a killed save of a record left behind in ``folder``: only files named as :func:`write_atomic`
    names them (:data:`TEMPORARY`), once the program that wrote each is gone (or it is older than ``older_than``
    seconds: a save in progress is younger); never a record, never another program's file. A leftover that
    ``whole`` says is a whole record (:func:`~loveletter.records.fileformat.whole_record`), of a game whose file is
    missing (the program was killed in the game's first save, between the write and the rename), becomes that
    file, so the game can be resumed; any other is deleted. Return what was removed or put in place."""
    swept: list[Path] = []
    now = time.time()
    try:
        found = [(entry.name, TEMPORARY.match(entry.name)) for entry in os.scandir(folder)]
    except OSError:
        return swept
    for name, matched in found:
        if matched is None:
            continue
        path = folder / name
        with contextlib.suppress(OSError):
            info = path.lstat()
            gone = not _running(int(matched["pid"])) or now - info.st_mtime >= older_than
            if not stat.S_ISREG(info.st_mode) or not gone:
                continue
            target = folder / matched["name"]
            if not target.exists() and whole(path):
                with contextlib.suppress(FileExistsError):  # put in place by another program meanwhile
                    os.link(path, target)
            path.unlink()
            swept.append(path)
    return swept


def _running(pid: int) -> bool:
    """Whether a process ``pid`` is running (this one included)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's (EPERM), or a number no process has
        return pid < 2**22
    return True
