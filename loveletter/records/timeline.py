"""A recorded game as a sequence of points to step through: after each deal and after each action.

:func:`timeline` replays a :class:`GameRecord` through the engine and keeps, at every point, the views of the
seats asked for (only those: a replay from one seat's view never computes another seat's). The game's log only
grows, so a point keeps where the log ended there, and the final game's log serves every point.

>>> from loveletter.engine import Game
>>> from loveletter.records import GameRecord, Seat
>>> game = Game("classic", 2, seed=4)
>>> _ = game.push(game.legal_actions()[0])
>>> record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=4)
>>> final, points = timeline(record, seats=(0,))
>>> [(p.round, p.step, p.seat) for p in points]
[(1, 0, None), (1, 1, 0)]
>>> points[1].views[0] == final.view(0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from loveletter.engine import Game, View
from loveletter.engine import events as ev
from loveletter.i18n import printable, t
from loveletter.records.fileformat import RecordError
from loveletter.records.library import short_name
from loveletter.records.record import GameRecord


def replay_seat(record: GameRecord, seat: int | None, *, every: bool = False, source: str = "record") -> int | None:
    """The seat a replay of ``record`` shows (``None``: every hand), from the seat and ``every`` (``--all``) asked
    for, by the rule that keeps a saved game from being used to peek at the hands of a game still going on:

    - a finished game replays freely, with every hand unless a seat is asked for;
    - an unfinished game that two or more people play does not replay at all (finish it, or resume it);
    - an unfinished game that one person plays replays only as that person saw it (their seat, by default);
    - an unfinished game of computer players only replays freely (nobody's hand is anybody's secret).

    Anything else is a :class:`RecordError`, one line saying what may be done instead.
    """
    if record.finished:
        return None if every else seat
    people = [i for i, s in enumerate(record.seats) if s.kind == "human"]
    if len(people) > 1:
        name = short_name(source)
        key = "records.replay.unfinished_hosted" if record.hosted else "records.replay.unfinished_people"
        raise RecordError(source, "", t(key, people=len(people), name=name))
    if people:
        own = people[0]
        if every or seat not in (None, own):
            player = printable(record.seats[own].name)
            raise RecordError(source, "", t("records.replay.unfinished_own", player=player, seat=own))
        return own
    return None if every else seat


@dataclass(frozen=True, slots=True)
class Point:
    """The game after a deal (``step == 0``, ``seat is None``) or after ``step`` actions of round ``round``."""

    round: int  # from 1, as the record's rounds
    step: int  # actions applied in this round so far
    seat: int | None  # who did the action that led here
    action: str | None  # that action, in the engine's notation
    views: dict[int | None, View]  # the views of the seats asked for (``None``: a spectator's)
    round_start: int  # where this round begins in the game's log
    log_end: int  # how far the game's log went at this point


def timeline(record: GameRecord, seats: Sequence[int | None], source: str = "record") -> tuple[Game, list[Point]]:
    """Replay ``record`` (checked as :meth:`GameRecord.replay` checks it) and return the game at its end and
    every point of it, with the views of ``seats``, in one pass."""
    points: list[Point] = []

    def keep(game: Game, seat: int | None, action: str | None) -> None:
        if action is None:  # a deal: the round's first point
            number, step, start = (points[-1].round + 1 if points else 1), 0, round_start(game.log)
        else:
            last = points[-1]
            number, step, start = last.round, last.step + 1, last.round_start
        points.append(Point(number, step, seat, action, _views(game, seats), start, len(game.log)))

    game = record.replay(source, each=keep)
    return game, points


def _views(game: Game, seats: Sequence[int | None]) -> dict[int | None, View]:
    return {seat: game.view(seat) for seat in seats}


def round_start(log: Sequence[ev.Event]) -> int:
    """Where the current (or last) round begins in a game's ``log``: its :class:`~ev.RoundStarted` event."""
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index], ev.RoundStarted):
            return index
    return 0
