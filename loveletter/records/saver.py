"""Saving a record while its game is played: a new file named for it, written again after every change.

Each save replaces the file atomically (:func:`~loveletter.records.store.write_atomic`), so whenever the program
stops (Ctrl-C, a closed terminal, a crash, a kill) the file on disk holds the game up to the last action or the
one before it, never a broken file. A save that fails (a full disk, a read-only folder) does not stop the game:
the problem is kept in :attr:`RecordSaver.problem` for the command to report when the game ends, and a save cut
short by Ctrl-C is finished by :meth:`RecordSaver.flush`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from loveletter.i18n import os_problem
from loveletter.records.fileformat import RecordFile, whole_record
from loveletter.records.library import new_record_path
from loveletter.records.store import is_games_dir, sweep_temporaries, write_atomic

R = TypeVar("R", bound=RecordFile)


class RecordSaver(Generic[R]):
    """Writes ``record`` (kept current by the caller) to ``path`` on every :meth:`save`."""

    def __init__(self, record: R, path: Path, *, on_disk: bool = False) -> None:
        self.record = record
        self.path = path
        #: Why the last save failed (the system's words), or ``None``.
        self.reason: str | None = None
        self._pending = False
        #: Where the game stands in the file on disk (:meth:`progress` at the last save that worked), or
        #: ``None`` if no save of it ever worked: what ``resume`` would continue.
        self.saved: tuple[int, int] | None = self.progress() if on_disk else None
        #: Called with :attr:`problem` when saving starts failing (not again while it goes on failing).
        self.on_failure: Callable[[str], None] | None = None

    def progress(self) -> tuple[int, int]:
        """The record's round (from 1) and the number of moves played in it; ``(0, 0)`` for a kind of record
        without rounds."""
        rounds = getattr(self.record, "rounds", None)
        if not rounds:
            return (0, 0)
        return (len(rounds), len(rounds[-1].actions))

    @classmethod
    def begin(cls, record: R, folder: Path | None = None, *, path: Path | None = None) -> RecordSaver[R]:
        """Save ``record`` once in a new file in ``folder`` (default: the saved-games folder), named ``path`` if
        given (:func:`~loveletter.records.library.new_record_path`)."""
        path = path or new_record_path(record.KIND, record.ruleset, record.game_id, folder)
        if is_games_dir(path.parent):
            sweep_temporaries(path.parent, whole=whole_record)  # what a killed save left behind
        saver = cls(record, path)
        saver.save()
        return saver

    @classmethod
    def resume(cls, record: R, path: Path) -> RecordSaver[R]:
        """Go on saving a loaded record to its own file (stale temporaries are swept only if it is in the
        saved-games folder: a record elsewhere may sit among other programs' files)."""
        if is_games_dir(path.parent):
            sweep_temporaries(path.parent, whole=whole_record)
        return cls(record, path, on_disk=True)

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
            first = self.reason is None
            self.reason = os_problem(exc.errno, exc.strerror)
            if first and self.on_failure is not None and self.problem is not None:
                self.on_failure(self.problem)
            return
        self._pending = False
        self.reason = None
        self.saved = self.progress()

    def defer(self) -> None:
        """The record changed, and is written by the next :meth:`save` or :meth:`flush` (not now)."""
        self._pending = True

    def flush(self) -> None:
        """Write what was deferred, or finish a save that was cut short (by Ctrl-C during the write): the record in
        memory is whole."""
        if self._pending:
            self.save()
