"""Where what happens to connections is written: a log file in the data folder, never the host's terminal.

Whatever a remote party does (an odd client, an old algorithm asked for, a connection cut mid-handshake) may make
asyncssh log or a library warn; printed, that would land over the table or the join code. While a table is open,
asyncssh's log (connections opened and closed, and why) and Python's warnings go to ``host.log`` in the data
folder instead, and the host's screen says where it is.

The log is the owner's only (0600, the file kept after a rotation too), and never holds the join code: a guest
who joins with ``ssh CODE@HOST`` gives it as their username, which asyncssh logs ("Auth for user 7KQ-M4T
succeeded"). Every spelling of a code the table has had is written ``[join code]`` (:func:`redact`).
"""

from __future__ import annotations

import io
import logging
import os
import re
from collections.abc import Callable, Iterable
from logging.handlers import RotatingFileHandler
from pathlib import Path

from loveletter.net.code import matches
from loveletter.records import home
from loveletter.records.store import FILE_MODE, make_folder

FILE_NAME = "host.log"
#: The log is started afresh past this size (one earlier file kept), so a flood cannot fill the disk.
MAX_BYTES = 1024 * 1024

#: The loggers whose records go to the file: the SSH library's, Python's warnings and the server's own.
LOGGERS = ("asyncssh", "py.warnings", "loveletter.net")


def log_path() -> Path:
    return home() / FILE_NAME


#: Six letters or digits, with spaces or dashes between them: how a join code may be typed (loveletter.net.code).
_CODE_LIKE = re.compile(r"(?<![0-9A-Za-z])[0-9A-Za-z](?:[ -]*[0-9A-Za-z]){5}(?![0-9A-Za-z])")
REDACTED = "[join code]"


def redact(text: str, codes: Iterable[str]) -> str:
    """``text`` with every spelling of one of ``codes`` (as :func:`loveletter.net.code.matches` reads them)
    written :data:`REDACTED`.

    >>> redact("Auth for user 7kq-m4t succeeded; user play", ["7KQM4T"])
    'Auth for user [join code] succeeded; user play'
    """
    known = list(codes)
    if not known:
        return text
    return _CODE_LIKE.sub(lambda m: REDACTED if any(matches(m[0], c) for c in known) else m[0], text)


class _Redacting(logging.Formatter):
    """Formats a record, then redacts the codes: inside the handler's own ``emit``, whose errors logging handles
    (a filter runs in the logging call itself, here asyncssh's on the SSH loop, and must not touch a record)."""

    def __init__(self, codes: Callable[[], Iterable[str]]) -> None:
        super().__init__("%(asctime)s %(name)s %(levelname)s %(message)s")
        self.codes = codes

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record), self.codes())


class _OwnerOnlyFile(RotatingFileHandler):
    """A rotating log whose file is created (again, after each rotation) readable by its owner only."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, FILE_MODE)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, FILE_MODE)  # a log left by an older version may be open to all
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


class HostLog:
    """Route the :data:`LOGGERS` to ``path`` from :meth:`open` until :meth:`close` (their earlier settings back);
    ``codes()`` gives the join codes to keep out of it."""

    def __init__(self, path: Path | None = None, codes: Callable[[], Iterable[str]] = tuple) -> None:
        self.path = path if path is not None else log_path()
        self.codes = codes
        self._handler: logging.Handler | None = None
        self._saved: list[tuple[logging.Logger, int, bool, list[logging.Handler]]] = []

    def open(self) -> None:
        if self._handler is not None:
            return
        try:
            make_folder(self.path.parent)
            handler: logging.Handler = _OwnerOnlyFile(
                self.path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8", delay=True
            )
        except OSError:
            handler = logging.NullHandler()  # no log rather than words over the table
        handler.setFormatter(_Redacting(self.codes))
        self._handler = handler
        for name in LOGGERS:
            logger = logging.getLogger(name)
            self._saved.append((logger, logger.level, logger.propagate, list(logger.handlers)))
            logger.handlers = [handler]
            logger.setLevel(logging.INFO)
            logger.propagate = False  # nothing reaches the root logger, nor its last resort: the terminal
        logging.captureWarnings(True)

    def close(self) -> None:
        if self._handler is None:
            return
        logging.captureWarnings(False)
        for logger, level, propagate, handlers in self._saved:
            logger.handlers = handlers
            logger.setLevel(level)
            logger.propagate = propagate
        self._saved = []
        self._handler.close()
        self._handler = None
