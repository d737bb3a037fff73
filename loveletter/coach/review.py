"""The review of a finished game, as a model: one seat's decisions weighed by the coach's one judge.

:func:`weigh` goes through a record's points as a replay shows them from one seat
(:func:`loveletter.records.timeline.timeline`, under the rule of :func:`~loveletter.records.timeline.replay_seat` on
what a record may show) and weighs each decision the seat had to make (more than one legal move) with
:func:`~loveletter.coach.advice.assess`: the judge (:mod:`loveletter.coach.judge`), from the view the seat had at
that moment, exactly as the hint at that decision judged it (the same budget, a random source seeded from the
position). So a move the hint ranked first is never a mistake here, and a review of the same record is the same
every time. A decision clearly worse than the best is marked; the :data:`WORST` that gave up the most are the
summary's. The words and screens are the front end's (``tui/review.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from loveletter.coach import advice
from loveletter.coach.advice import Assessment, assess
from loveletter.engine import Action, Phase, View, parse_action
from loveletter.records import GameRecord
from loveletter.records.timeline import Point, replay_seat, timeline

#: The mistakes the summary names.
WORST = 3

#: Called with how many decisions are weighed, and of how many.
Progress = Callable[[int, int], None]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat: the replay's point it was made from (``index``: the view before it),
    its round and turn (the number of the card play it is part of, from 1), and how it is weighed."""

    index: int
    round: int
    turn: int
    view: View
    judged: Assessment

    @property
    def mistake(self) -> bool:
        return self.judged.mistake


def review_seat(record: GameRecord, seat: int | None) -> int:
    """The seat a review looks at: ``seat`` if given, else the first person's (else seat 0)."""
    if seat is not None:
        return seat
    return next((i for i, s in enumerate(record.seats) if s.kind == "human"), 0)


@dataclass(frozen=True, slots=True)
class GameReview:
    """The weighed decisions of ``seat`` in one game, in the order they were made."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def worst(self) -> list[Decision]:
        """The (at most :data:`WORST`) marked decisions that gave up the most, the worst first."""
        marked = [d for d in self.decisions if d.mistake]
        return sorted(marked, key=lambda d: (-d.judged.loss, d.index))[:WORST]

    @property
    def marked(self) -> int:
        """How many decisions are marked as mistakes."""
        return sum(d.mistake for d in self.decisions)


def weigh_points(
    seat: int,
    points: Sequence[Point],
    *,
    budget: int | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Weigh the decisions of ``seat`` along ``points`` (the record's timeline, with ``seat``'s views).
    ``progress`` hears how far the weighing is; ``budget`` is each decision's search budget (by default
    :data:`loveletter.coach.advice.REVIEW_BUDGET`, read when called)."""
    asked = []
    for index in range(1, len(points)):
        point = points[index]
        if point.seat != seat or point.step == 0 or point.action is None:
            continue
        view = points[index - 1].views[seat]
        if len(view.legal_actions) > 1:
            turn = len(view.plays) + (view.phase is Phase.PLAY)  # a Chancellor's keep is its play's turn
            played = parse_action(point.action, view.ruleset.cards)
            asked.append((index - 1, point.round, turn, view, played))
    budget = budget or advice.REVIEW_BUDGET

    def weigh_one(index: int, number: int, turn: int, view: View, played: Action) -> Decision:
        return Decision(index, number, turn, view, assess(view, played, budget=budget))

    return GameReview(seat, tuple(each_weighed(asked, weigh_one, progress)))


def each_weighed(asked: Sequence[tuple[Any, ...]], weigh_one: Callable[..., T], progress: Progress | None) -> list[T]:
    """``weigh_one(*item)`` for each item of ``asked``, in order; ``progress`` hears how many are done (from 0 of
    them to all). Shared by the game review and the solitaire's."""
    done: list[T] = []
    for item in asked:
        if progress is not None:
            progress(len(done), len(asked))
        done.append(weigh_one(*item))
    if progress is not None:
        progress(len(asked), len(asked))
    return done


def weigh(
    record: GameRecord,
    seat: int,
    source: str = "record",
    *,
    budget: int | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """The review of ``seat`` in ``record``: refused (a :class:`~loveletter.records.RecordError`) where a replay
    from that seat would be, else its decisions weighed (:func:`weigh_points`)."""
    replay_seat(record, seat, every=False, source=source)
    _, points = timeline(record, (seat,), source)
    return weigh_points(seat, points, budget=budget, progress=progress)


__all__ = ["WORST", "Decision", "GameReview", "Progress", "each_weighed", "review_seat", "weigh", "weigh_points"]
