"""Autosave: a game loop observer that writes the game's record after the deal and after every action.

The writing is :class:`~loveletter.records.saver.RecordSaver`'s (atomic saves; a failure kept in
:attr:`Autosave.problem` for the command to report when the game ends, and said meanwhile by :meth:`Autosave.notice`
on every table screen; :meth:`Autosave.flush` after Ctrl-C).

A save costs about the same each move however long the game (issue 44): the record is brought up to date with
what changed only (:meth:`~loveletter.records.GameRecord.sync`), and its closed rounds are not written out again
(:class:`~loveletter.records.fileformat.Raw`). A table of computer players only, which plays as fast as the machine
can, is written at most every :attr:`Autosave.PACE` seconds, and at its end (and on Ctrl-C, a crash or SIGTERM, by
:meth:`Autosave.flush`): nothing a person decided waits, a kill loses at most that much of the computers' game,
and an all-computer ``play`` costs about what ``simulate`` does (``benchmarks/saving.py``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from loveletter.bots import LEVELS, REFERENCE_LEVELS
from loveletter.engine import Action, Game
from loveletter.engine import events as ev
from loveletter.i18n import printable, t
from loveletter.records import GameRecord, RecordError
from loveletter.records import Seat as RecordSeat
from loveletter.records.library import new_record_path
from loveletter.records.lock import GameLock, command_line
from loveletter.records.saver import RecordSaver
from loveletter.table.loop import Observer
from loveletter.table.seats import Seat


def record_seats(seats: Sequence[Seat]) -> list[RecordSeat]:
    """The record's seats for the game loop's: name, person or computer player, and its level."""
    return [RecordSeat(s.name, "computer", s.level, s.bot) if s.computer else RecordSeat(s.name) for s in seats]


def table_seats(record: GameRecord, source: str = "record") -> list[Seat]:
    """The game loop's seats for a record's (a resumed game is played by the same seats). A computer player's
    level must be one this program has (``hard:N``, as ``loveletter simulate`` writes it, plays as ``hard``),
    unless it is a user's own bot (its seat says where it is: started again by the command, or refused).
    A name is shown as printable text (a record may come from anyone); the record keeps it as it is."""
    seats = []
    for index, seat in enumerate(record.seats):
        level = None
        if seat.kind == "computer" and seat.bot is not None:
            seats.append(Seat(printable(seat.name), seat.level or "?", seat.bot))
            continue
        if seat.kind == "computer":
            level = (seat.level or "easy").partition(":")[0]
            if level not in LEVELS and level not in REFERENCE_LEVELS:
                problem = t("records.error.level", level=seat.level, known=", ".join(LEVELS))
                raise RecordError(source, f"seats[{index}].level", problem)
        seats.append(Seat(printable(seat.name), level))
    return seats


class Autosave(Observer):
    """Keeps the game's record current after every deal and action, and has its :class:`RecordSaver` write it."""

    #: Seconds between two saves of a table of computer players only (a person's table saves every move).
    PACE = 0.5

    def __init__(self, saver: RecordSaver[GameRecord]) -> None:
        self.saver = saver
        #: Whether every seat is a computer player's: the table is saved at most every PACE seconds.
        self.computers_only = all(seat.kind == "computer" for seat in saver.record.seats)
        self._last = time.monotonic()
        #: The lock of a new record (:mod:`loveletter.records.lock`): while the game is played, ``resume`` in
        #: another window does not open it. A resumed game's lock is held by the ``resume`` command.
        self.lock: GameLock | None = None

    @classmethod
    def begin(
        cls,
        game: Game,
        seats: Sequence[Seat],
        seed: int | None,
        folder: Path | None = None,
        *,
        hints: bool = False,
        hosted: bool = False,
    ) -> Autosave:
        """Start the record of ``game`` in ``folder`` (default: the saved-games folder) and save it once; ``hints``:
        whether the coach's hints are on; ``hosted``: whether it is hosted for friends over ssh."""
        record = GameRecord.start(game, record_seats(seats), seed, hints=hints, hosted=hosted)
        path = new_record_path(record.KIND, record.ruleset, record.game_id, folder)
        lock = GameLock(path, command_line())  # a new name: nobody else holds it
        autosave = cls(RecordSaver.begin(record, folder, path=path))
        autosave.lock = lock
        return autosave

    def release(self) -> None:
        """Let other programs open the game (its lock is released)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @classmethod
    def resume(cls, record: GameRecord, path: Path) -> Autosave:
        """Go on saving a loaded record to its own file."""
        return cls(RecordSaver.resume(record, path))

    @property
    def record(self) -> GameRecord:
        return self.saver.record

    @property
    def path(self) -> Path:
        return self.saver.path

    @property
    def problem(self) -> str | None:
        """Why the last save failed (one line), or ``None``."""
        return self.saver.problem

    def notice(self) -> str | None:
        """The line the table shows on every screen while saving fails (why, in the system's words; the file is
        named at the game's end), or ``None`` once a save works again."""
        if self.saver.reason is None:
            return None
        return t("records.saving_banner", problem=self.saver.reason)

    def round_dealt(self, game: Game, events: Sequence[ev.Event]) -> None:
        self.record.sync(game)
        self._save(game)

    def action_applied(self, game: Game, seat: int, action: Action, events: Sequence[ev.Event]) -> None:
        self.record.sync(game)
        self._save(game)
        if game.over:  # nothing left to resume: nobody needs to be kept out
            self.release()

    def _save(self, game: Game) -> None:
        now = time.monotonic()
        if self.computers_only and not game.over and now - self._last < self.PACE:
            self.saver.defer()  # written by the next save, or by flush()
            return
        self._last = now
        self.saver.save()

    def save(self) -> None:
        """Write the record as it is now (a failure is kept in :attr:`problem`, not raised)."""
        self.saver.save()

    def flush(self) -> None:
        """Finish a save that was cut short (by Ctrl-C during the write): the record in memory is whole."""
        self.saver.flush()
