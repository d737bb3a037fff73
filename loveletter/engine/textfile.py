"""Reading a text file a user names (a ruleset, a game record): only a regular file, only up to a size limit.

A path on the command line or inside another file may name anything: a folder, a named pipe that never ends
(``mkfifo``), ``/dev/zero`` that never stops, a file of gigabytes. :func:`read_text_file` opens without blocking,
looks at what it opened before reading a byte, reads at most ``limit`` bytes, and reports every problem as a
:class:`TextFileError` with a ``reason`` the caller words in the player's language: it never hangs, never fills
the memory, and raises nothing else. A UTF-8 byte-order mark at the start is not part of the text.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "a.toml")
...     with open(path, "w", encoding="utf-8") as f:
...         _ = f.write("name = 'x'\\n")
...     read_text_file(path, limit=100)
"name = 'x'\\n"
>>> try:
...     read_text_file("/dev/zero", limit=100)
... except TextFileError as exc:
...     exc.reason
'not_regular'
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Literal

Reason = Literal["missing", "folder", "permission", "not_regular", "too_large", "not_text", "os_error"]

#: errno -> reason, for the failures of ``open`` a player can act on by name.
_REASONS: dict[int, Reason] = {
    errno.ENOENT: "missing",
    errno.ENOTDIR: "missing",  # a path through a file, as in "notes.txt/rules.toml"
    errno.EISDIR: "folder",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
}


class TextFileError(Exception):
    """A file that cannot be read as text: ``reason`` says why (``"missing"``, ``"folder"``, ``"permission"``,
    ``"not_regular"`` for a pipe or a device, ``"too_large"`` past ``limit`` bytes, ``"not_text"`` for bytes that
    are not UTF-8, ``"os_error"`` for anything else); ``errno`` and ``strerror`` are the system's, when it said
    anything."""

    def __init__(self, path: str, reason: Reason, *, limit: int = 0, error: OSError | None = None) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason, self.limit = path, reason, limit
        self.errno = error.errno if error is not None else None
        self.strerror = error.strerror if error is not None else None


def read_text_file(path: str | os.PathLike[str], *, limit: int) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes long (see the module docstring)."""
    shown = os.fspath(path)
    # O_NONBLOCK: opening a named pipe with no writer returns at once instead of waiting for one.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(shown, flags)
    except OSError as exc:
        raise TextFileError(shown, _REASONS.get(exc.errno or 0, "os_error"), error=exc) from None
    except ValueError:  # a path with a NUL character
        raise TextFileError(shown, "missing") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise TextFileError(shown, "folder")
        if not stat.S_ISREG(info.st_mode):
            raise TextFileError(shown, "not_regular")
        if info.st_size > limit:
            raise TextFileError(shown, "too_large", limit=limit)
        chunks = []
        left = limit + 1  # one byte more than allowed tells a file that grew past the limit while read
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except TextFileError:
        raise
    except OSError as exc:
        raise TextFileError(shown, _REASONS.get(exc.errno or 0, "os_error"), error=exc) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise TextFileError(shown, "too_large", limit=limit)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows editors write one) is not part of the text
    except UnicodeDecodeError:
        raise TextFileError(shown, "not_text") from None
