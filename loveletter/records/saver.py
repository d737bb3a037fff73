"""Saving a record while its game is played: a new file named for it, written again after every change.

Each save replaces the file atomically (:func:`~loveletter.records.store.write_atomic`), so whenever the program
stops (Ctrl-C, a closed terminal, a crash, a kill) the file on disk holds the game up to the last action or the
one before it, never a broken file. A save that fails (a full disk, a read-only folder) does not stop the game:
the problem is kept in :attr:`RecordSaver.problem` for the command to report when the game ends, and a save cut
short by Ctrl-C is finished by :meth:`RecordSaver.flush`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, TypeVar

from loveletter.i18n import os_problem
from loveletter.records.fileformat import RecordFile
from loveletter.records.library import new_record_path
from loveletter.records.store import is_games_dir, sweep_temporaries, write_atomic

R = TypeVar("R", bound=RecordFile)


class RecordSaver(Generic[R]):
    """Writes ``record`` (kept current by the caller) to ``path`` on every :meth:`save`."""

    def __init__(self, record: R, path: Path) -> None:
        self.record = record
        self.path = path
        #: Why the last save failed (the system's words), or ``None``.
        self.reason: str | None = None
        self._pending = False

    @classmethod
    def begin(cls, record: R, folder: Path | None = None) -> RecordSaver[R]:
        """Save ``record`` once in a new file in ``folder`` (default: the saved-games folder)."""
        path = new_record_path(record.KIND, record.ruleset, record.game_id, folder)
        if is_games_dir(path.parent):
            sweep_temporaries(path.parent)  # what a killed save left behind
        saver = cls(record, path)
        saver.save()
        return saver

    @classmethod
    def resume(cls, record: R, path: Path) -> RecordSaver[R]:
        """Go on saving a loaded record to its own file (stale temporaries are swept only if it is in the
        saved-games folder: a record elsewhere may sit among other programs' files)."""
        if is_games_dir(path.parent):
            sweep_temporaries(path.parent)
        return cls(record, path)

    @property
    def problem(self) -> str | None:
        """Why the last save failed, on one line with the file's name, or ``None``."""
        return None if self.reason is None else f"{self.path}: {self.reason}"

    def save(self) -> None:
        """Write the record as it is now (a failure is kept in :attr:`problem`, not raised)."""
        self._pending = True
        try:
            write_atomic(self.path, self.record.to_json())
        except OSError as exc:
            self.reason = os_problem(exc.errno, exc.strerror)
            return
        self._pending = False
        self.reason = None

    def flush(self) -> None:
        """Finish a save that was cut short (by Ctrl-C during the write): the record in memory is whole."""
        if self._pending:
            self.save()
