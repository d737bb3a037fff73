"""Where what happens to connections is written: a log file in the data folder, never the host's terminal.

Whatever a remote party does (an odd client, an old algorithm asked for, a connection cut mid-handshake) may make
asyncssh log or a library warn; printed, that would land over the table or the join code. While a table is open,
asyncssh's log (connections opened and closed, and why) and Python's warnings go to ``host.log`` in the data
folder instead, and the host's screen says where it is.
"""

from __future__ import annotations

import logging
from pathlib import Path

FILE_NAME = "host.log"
#: The log is started afresh past this size (one earlier file kept), so a flood cannot fill the disk.
MAX_BYTES = 1024 * 1024

#: The loggers whose records go to the file: the SSH library's, Python's warnings and the server's own.
LOGGERS = ("asyncssh", "py.warnings", "loveletter.net")


def log_path() -> Path:
    from loveletter.records import home

    return home() / FILE_NAME


class HostLog:
    """Route the :data:`LOGGERS` to ``path`` from :meth:`open` until :meth:`close` (their earlier settings back)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else log_path()
        self._handler: logging.Handler | None = None
        self._saved: list[tuple[logging.Logger, int, bool, list[logging.Handler]]] = []

    def open(self) -> None:
        from logging.handlers import RotatingFileHandler

        if self._handler is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handler: logging.Handler = RotatingFileHandler(
                self.path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8", delay=True
            )
        except OSError:
            handler = logging.NullHandler()  # no log rather than words over the table
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
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
