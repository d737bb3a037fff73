"""The solitaire lesson as data: a stacked deal and every action of the player in order.

``loveletter/coach/lessons/solitaire/solitaire.toml`` holds the deal (``queue`` from Q1, ``hand``, ``agent``, the
top of the draw pile, ``draws``, completed as :func:`~loveletter.solitaire.stacked_layout` does) and its
``steps``: every action of the game, in order. A step with an ``id`` is a question the learner is asked (more than
one legal action, or the start of a turn, always asked); one without is an action with no choice (the flipped
agent's only play), taken without asking. The retinue has no choices, so the lesson is the same every time.

The texts are in the message catalogs (``learn_solitaire.toml``) under ``learn.solitaire``: ``intro`` and
``outro``; for each asked step ``<id>.say`` (what this moment teaches) and ``<id>.do`` (the instruction), and
optionally ``<id>.wrong_<part>`` for a wrong answer to one part of the decision (``turn``, ``threat``, ``card``,
``target``, ``own``, ``named``), else the general ``learn.wrong``.

>>> lesson = load_solitaire_lesson()
>>> [str(s.action) for s in lesson.steps][:2], lesson.steps[0].key
(['draw', 'Priest>Q2'], 'learn.solitaire.draw')
>>> game = SolitaireGame(lesson.ruleset, layout=lesson.layout)
>>> wrong_part(lesson.steps[1].action, [("card", "Guard")])
'card'
"""

from __future__ import annotations

import tomllib
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from loveletter.engine.errors import EngineError
from loveletter.errors import UserError
from loveletter.solitaire import SolitaireGame, SolitaireRuleset, SolitaireView, load_solitaire_ruleset, stacked_layout
from loveletter.solitaire.actions import Action, Play
from loveletter.solitaire.phase import Phase

#: The lesson's file.
LESSON = Path(__file__).resolve().parent / "lessons" / "solitaire" / "solitaire.toml"
NAME = "solitaire"


class SolitaireLessonError(UserError):
    """The lesson file cannot be used, or its script does not fit the game (a bug of the lesson)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the lesson: ``id`` (``None`` for an action taken without asking) and its catalog key."""

    id: str | None
    action: Action

    @property
    def key(self) -> str | None:
        return None if self.id is None else f"learn.{NAME}.{self.id}"

    @property
    def asked(self) -> bool:
        return self.id is not None


@dataclass(frozen=True, slots=True)
class SolitaireLesson:
    ruleset: SolitaireRuleset
    layout: tuple[str, ...]
    steps: tuple[Step, ...]


def load_solitaire_lesson(path: Path = LESSON) -> SolitaireLesson:
    """The lesson at ``path``, read and checked by playing it through (:func:`walk`)."""
    ruleset = load_solitaire_ruleset()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        layout = stacked_layout(
            ruleset, queue=data["queue"], hand=data["hand"], agent=data["agent"], draws=data.get("draws", ())
        )
        game = SolitaireGame(ruleset, layout=layout)
        steps = tuple(
            Step(str(raw["id"]) if "id" in raw else None, game.parse(str(raw["move"]))) for raw in data["steps"]
        )
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, EngineError) as exc:
        raise SolitaireLessonError(f"{path}: {exc}") from None
    lesson = SolitaireLesson(ruleset, tuple(layout), steps)
    for _ in walk(lesson):
        pass
    return lesson


def walk(lesson: SolitaireLesson) -> Iterator[tuple[SolitaireView, Step]]:
    """Each step with the view it is taken from, checking that the script fits the game: every action legal, a
    step asked exactly when there is a choice, and the game won after the last step."""
    game = SolitaireGame(lesson.ruleset, layout=lesson.layout)
    for number, step in enumerate(lesson.steps, 1):
        view = game.view()
        if game.over or step.action not in view.legal_actions:
            raise SolitaireLessonError(f"solitaire lesson, step {number}: {step.action} is not legal")
        # The turn's question is always asked (a spent agent shows as an option that cannot be taken).
        if step.asked != (len(view.legal_actions) > 1 or view.phase is Phase.TURN):
            raise SolitaireLessonError(f"solitaire lesson, step {number}: asked exactly when there is a question")
        yield view, step
        game.push(step.action)
    if not game.won:
        raise SolitaireLessonError("solitaire lesson: the script does not win the game")


def wrong_part(expected: Action, answers: Sequence[tuple[str, Hashable]]) -> str | None:
    """The first part of a decision answered otherwise than the lesson's ``expected`` action (``turn`` and
    ``threat`` answers are whole actions; a play's parts are ``card``, ``target``, ``own``, ``named``), or
    ``None`` if every answer so far agrees with it."""
    for kind, value in answers:
        if kind in ("turn", "threat"):
            if value != expected:
                return kind
        elif not isinstance(expected, Play) or getattr(expected, kind) != value:
            return kind
    return None
