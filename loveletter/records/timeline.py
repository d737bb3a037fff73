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

from loveletter.engine import EngineError, Game, View
from loveletter.records.record import GameRecord, RecordError


@dataclass(frozen=True, slots=True)
class Point:
    """The game after a deal (``step == 0``, ``seat is None``) or after ``step`` actions of round ``round``."""

    round: int  # from 1, as the record's rounds
    step: int  # actions applied in this round so far
    seat: int | None  # who did the action that led here
    action: str | None  # that action, in the engine's notation
    views: dict[int, View]  # the views of the seats asked for
    round_start: int  # where this round begins in the game's log
    log_end: int  # how far the game's log went at this point


def timeline(record: GameRecord, seats: Sequence[int], source: str = "record") -> tuple[Game, list[Point]]:
    """Replay ``record`` (checked as :meth:`GameRecord.replay` checks it) and return the game at its end and
    every point of it, with the views of ``seats``."""
    record.replay(source)  # every structural and rules check, with the errors of a load
    rs = record.load_ruleset(source)
    first = record.rounds[0]
    try:
        game = Game(rs, record.players, seed=record.seed, deck=first.deck, first_player=first.first_player)
        points: list[Point] = []
        for number, entry in enumerate(record.rounds, 1):
            if number > 1:
                game.next_round(deck=entry.deck, first_player=entry.first_player)
            start = len(game.log) - _since_round_start(game)
            points.append(Point(number, 0, None, None, _views(game, seats), start, len(game.log)))
            for step, text in enumerate(entry.actions, 1):
                seat = game.decider
                game.push(text)
                points.append(Point(number, step, seat, text, _views(game, seats), start, len(game.log)))
    except EngineError as exc:  # replay() passed, so this is unexpected; still one line
        raise RecordError(source, "rounds", str(exc)) from None
    return game, points


def _views(game: Game, seats: Sequence[int]) -> dict[int, View]:
    return {seat: game.view(seat) for seat in seats}


def _since_round_start(game: Game) -> int:
    """How many events of the log belong to the round just dealt (its deal events)."""
    from loveletter.engine import events as ev

    log = game.log
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index], ev.RoundStarted):
            return len(log) - index
    return len(log)
