"""Autosave: a game loop observer that writes the game's record after the deal and after every action.

Each save replaces the record atomically (:func:`loveletter.records.write_atomic`), so whenever the program
stops (Ctrl-C, a closed terminal, a crash, a kill) the file on disk holds the game up to the last action or the
one before it, never a broken file. A save that fails (a full disk, a read-only folder) does not stop the game:
the problem is kept in :attr:`Autosave.problem` for the command to report when the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from loveletter.engine import Action, Game
from loveletter.engine import events as ev
from loveletter.i18n import t
from loveletter.records import GameRecord, RecordError, new_record_path, sweep_temporaries, write_atomic
from loveletter.records import Seat as RecordSeat
from loveletter.tui.hotseat import Observer, Seat


def record_seats(seats: Sequence[Seat]) -> list[RecordSeat]:
    """The record's seats for the game loop's: name, person or computer player, and its level."""
    return [RecordSeat(s.name, "computer", s.level) if s.computer else RecordSeat(s.name) for s in seats]


def table_seats(record: GameRecord, source: str = "record") -> list[Seat]:
    """The game loop's seats for a record's (a resumed game is played by the same seats). A computer player's
    level must be one this program has (``hard:N``, as ``loveletter simulate`` writes it, plays as ``hard``)."""
    from loveletter.bots import LEVELS

    seats = []
    for index, seat in enumerate(record.seats):
        level = None
        if seat.kind == "computer":
            level = (seat.level or "easy").partition(":")[0]
            if level not in LEVELS:
                problem = t("records.error.level", level=seat.level, known=", ".join(LEVELS))
                raise RecordError(source, f"seats[{index}].level", problem)
        seats.append(Seat(seat.name, level))
    return seats


class Autosave(Observer):
    """Keeps ``record`` current with the game and writes it to ``path`` after every deal and action."""

    def __init__(self, record: GameRecord, path: Path) -> None:
        self.record = record
        self.path = path
        #: Why the last save failed (one line), or ``None``.
        self.problem: str | None = None
        self._pending = False

    @classmethod
    def begin(cls, game: Game, seats: Sequence[Seat], seed: int | None, folder: Path | None = None) -> Autosave:
        """Start the record of ``game`` in ``folder`` (default: the saved-games folder) and save it once."""
        record = GameRecord.start(game, record_seats(seats), seed)
        path = new_record_path("game", record.ruleset, record.game_id, folder)
        sweep_temporaries(path.parent)
        saver = cls(record, path)
        saver.save()
        return saver

    @classmethod
    def resume(cls, record: GameRecord, path: Path) -> Autosave:
        """Go on saving a loaded record to its own file."""
        sweep_temporaries(path.parent)
        return cls(record, path)

    def round_dealt(self, game: Game, events: Sequence[ev.Event]) -> None:
        self.record.update(game)
        self.save()

    def action_applied(self, game: Game, seat: int, action: Action, events: Sequence[ev.Event]) -> None:
        self.record.update(game)
        self.save()

    def save(self) -> None:
        """Write the record as it is now (a failure is kept in :attr:`problem`, not raised)."""
        self._pending = True
        try:
            write_atomic(self.path, self.record.to_json())
        except OSError as exc:
            self.problem = f"{self.path}: {exc.strerror or exc}"
            return
        self._pending = False
        self.problem = None

    def flush(self) -> None:
        """Finish a save that was cut short (by Ctrl-C during the write): the record in memory is whole."""
        if self._pending:
            self.save()
