"""A decision asked one question at a time, built only from the legal actions the engine lists: the one plan of a
game's turn (:mod:`loveletter.tui.choices`) and of a solitaire decision (:mod:`loveletter.tui.solitaire.plan`).

An :class:`ActionPlan` asks its :class:`Questions` in order, each a :class:`Step` of :class:`Option` answers, and
each answer keeps the candidate actions that agree with it: the front end never decides what is legal. A question
with a single possible answer is taken without asking (the questions say which are asked all the same), and
Escape (:meth:`ActionPlan.back`) goes back past it. When one candidate is left, it is the move; should several be
left once every question is answered (a house-rule card shaped unlike any bundled one), the plan asks among the
actions themselves.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

A = TypeVar("A", bound=Hashable)

#: The question asked among the candidate actions themselves, when the questions leave several.
ACTION = "action"


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a question. A disabled option is shown for information (a protected player, a card the
    Countess keeps you from playing) and cannot be picked; ``note`` says why, as a catalog key."""

    value: Hashable
    enabled: bool = True
    note: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """A question: its kind (one of its :attr:`Questions.kinds`, or :data:`ACTION`), its options, the card it is
    about, and whether its answers are numbers (premium's Guard and Bishop: their keys are the numbers
    themselves)."""

    kind: str
    options: tuple[Option, ...]
    card: str | None = None
    numeric: bool = False


class Questions(Protocol[A]):
    """The questions of one kind of decision, in the order they are asked."""

    @property
    def kinds(self) -> tuple[str, ...]: ...

    def ask(self, kind: str, plan: ActionPlan[A]) -> Step | None:
        """The question ``kind`` as the plan's answers so far leave it, or ``None`` when it does not arise."""
        ...

    def keeps(self, kind: str, action: A, value: Hashable) -> bool:
        """Whether ``action`` agrees with the answer ``value`` to the question ``kind``."""
        ...

    def alone(self, step: Step) -> bool:
        """Whether ``step`` is taken without asking (it has a single possible answer, and is not one of those
        asked all the same)."""
        ...


@dataclass(frozen=True, slots=True)
class _Asked(Generic[A]):
    """A question the player answered, and the plan as it was before the answer."""

    step: Step
    candidates: tuple[A, ...]
    answers: tuple[tuple[str, Hashable], ...]
    position: int


class ActionPlan(Generic[A]):
    """The questions of one decision among ``legal`` actions (see the module docstring)."""

    def __init__(self, questions: Questions[A], legal: Sequence[A]) -> None:
        if not legal:
            raise ValueError("there is nothing to decide")
        self.questions = questions
        #: The actions the answers so far leave.
        self.candidates: tuple[A, ...] = tuple(legal)
        #: The answers given so far, including those taken without asking, in order, with their question's kind.
        self.answers: list[tuple[str, Hashable]] = []
        self._asked: list[_Asked[A]] = []
        self._position = 0

    def step(self) -> Step | None:
        """The next question to ask, or ``None`` once the action is decided. Questions taken without asking are
        answered on the way."""
        kinds = self.questions.kinds
        while self._position < len(kinds):
            kind = kinds[self._position]
            step = self.questions.ask(kind, self)
            if step is None:
                self._position += 1
                continue
            if self.questions.alone(step):
                self._apply(kind, next(o.value for o in step.options if o.enabled))
                continue
            return step
        if len(self.candidates) > 1:
            return Step(ACTION, tuple(Option(a) for a in self.candidates))
        return None

    def answer(self, value: Hashable) -> None:
        """Answer the current question."""
        step = self.step()
        if step is None:
            raise ValueError("the action is already decided")
        if not any(o.value == value and o.enabled for o in step.options):
            raise ValueError(f"{value!r} is not an answer to the {step.kind} question")
        self._asked.append(_Asked(step, self.candidates, tuple(self.answers), self._position))
        if step.kind == ACTION:
            self.candidates = tuple(a for a in self.candidates if a == value)
            self.answers.append((ACTION, value))
            self._position = len(self.questions.kinds)
            return
        self._apply(step.kind, value)

    def back(self) -> bool:
        """Undo the last question asked (and the answers taken without asking after it); ``False`` if none was
        asked."""
        if not self._asked:
            return False
        asked = self._asked.pop()
        self.candidates = asked.candidates
        self.answers = list(asked.answers)
        self._position = asked.position
        return True

    @property
    def asked(self) -> int:
        """How many questions the player answered (not those taken without asking)."""
        return len(self._asked)

    def action(self) -> A:
        """The decided action (once :meth:`step` returns ``None``)."""
        if self.step() is not None or len(self.candidates) != 1:
            raise ValueError("the action is not decided yet")
        return self.candidates[0]

    def _apply(self, kind: str, value: Hashable) -> None:
        keeps = self.questions.keeps
        self.candidates = tuple(a for a in self.candidates if keeps(kind, a, value))
        self.answers.append((kind, value))
        self._position += 1
