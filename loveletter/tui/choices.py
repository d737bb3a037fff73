"""A turn's decision, one question at a time, built only from the legal actions the engine lists.

The front end never decides what is legal: it groups ``view.legal_actions`` into steps — the card, then its
target(s), then the named card or number, then (Cardinal) whose hand to look at; after a Chancellor, the card to
keep and the order of the others; for the Bishop's target, redraw or keep. Each answer narrows the candidate
actions; a step with a single possible answer is answered automatically (it is not asked, and Escape goes back
past it). When one action is left, it is the move.

>>> from loveletter.engine import Game, stacked_deck, load_ruleset
>>> rs = load_ruleset("2019")
>>> game = Game(rs, 3, deck=stacked_deck(rs, 3, hands=["Guard", "Priest", "King"], draws=["Handmaid"]),
...             first_player=0)
>>> plan = TurnPlan(game.view(0))
>>> step = plan.step()
>>> step.kind, [o.value for o in step.options]
('card', ['Guard', 'Handmaid'])
>>> plan.answer("Guard")
>>> step = plan.step()
>>> step.kind, [o.value for o in step.options]
('target', [1, 2])
>>> plan.answer(2)
>>> plan.step().kind
'named'
>>> plan.answer("King")
>>> plan.step() is None, str(plan.action())
(True, 'Guard>2=King')
>>> plan.back()        # Escape: the last question again
True
>>> plan.step().kind
'named'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from loveletter.engine import Action, Keep, Phase, Play, Redraw, View

#: The questions of each phase, in order.
STEPS = {
    Phase.PLAY: ("card", "target", "second", "named", "look"),
    Phase.CHANCELLOR: ("keep", "order"),
    Phase.BISHOP: ("redraw",),
}


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a question. A disabled option is shown for information (a protected player, a card the
    Countess keeps you from playing) and cannot be picked; ``note`` says why, as a catalog key."""

    value: Hashable
    enabled: bool = True
    note: str = ""


@dataclass(slots=True)
class Step:
    """A question: its kind (see :data:`STEPS`), the card it is about, and its options."""

    kind: str
    options: list[Option]
    card: str | None = None
    #: Numbers as answers (premium's Guard and Bishop): their keys are the numbers themselves.
    numeric: bool = False


@dataclass(slots=True)
class _Frame:
    step: Step
    candidates: tuple[Action, ...]
    answers: tuple[tuple[str, Hashable], ...]


@dataclass(slots=True)
class TurnPlan:
    """The questions of one decision for the seat of ``view`` (which must be the deciding seat)."""

    view: View
    candidates: tuple[Action, ...] = ()
    #: The answers given so far, including the automatic ones, in order, with their question's kind.
    answers: list[tuple[str, Hashable]] = field(default_factory=list)
    _asked: list[_Frame] = field(default_factory=list)
    _kinds: tuple[str, ...] = ()
    _position: int = 0

    def __post_init__(self) -> None:
        if not self.view.legal_actions:
            raise ValueError(f"seat {self.view.seat} has nothing to decide now")
        self.candidates = tuple(self.view.legal_actions)
        self._kinds = STEPS.get(self.view.phase, ())

    # ------------------------------------------------------------------------------------------ questions

    def step(self) -> Step | None:
        """The next question to ask, or ``None`` when the action is decided. Questions with one answer are
        answered on the way."""
        while self._position < len(self._kinds):
            kind = self._kinds[self._position]
            step = self._build(kind)
            if step is None:
                self._position += 1
                continue
            enabled = [o for o in step.options if o.enabled]
            if len(enabled) == 1 and kind != "card":
                self._apply(kind, enabled[0].value)
                continue
            return step
        if len(self.candidates) > 1:
            # Only a house-rule card shaped unlike any bundled one can get here: ask among the actions themselves.
            return Step("action", [Option(a) for a in self.candidates])
        return None

    def answer(self, value: Hashable) -> None:
        """Answer the current question."""
        step = self.step()
        if step is None:
            raise ValueError("the action is already decided")
        if not any(o.value == value and o.enabled for o in step.options):
            raise ValueError(f"{value!r} is not an answer to the {step.kind} question")
        self._asked.append(_Frame(step, self.candidates, tuple(self.answers)))
        if step.kind == "action":
            assert isinstance(value, Play | Keep | Redraw)
            self.candidates = (value,)
            self.answers.append(("action", value))
            self._position = len(self._kinds)
            return
        self._apply(step.kind, value)

    def back(self) -> bool:
        """Undo the last question asked (and the automatic answers after it); ``False`` if none was asked."""
        if not self._asked:
            return False
        frame = self._asked.pop()
        self.candidates = frame.candidates
        self.answers = list(frame.answers)
        kinds = self._kinds
        self._position = kinds.index(frame.step.kind) if frame.step.kind in kinds else len(kinds)
        return True

    @property
    def asked(self) -> int:
        """How many questions have been answered by the player (not automatically)."""
        return len(self._asked)

    def action(self) -> Action:
        """The decided action (once :meth:`step` returns ``None``)."""
        if self.step() is not None or len(self.candidates) != 1:
            raise ValueError("the action is not decided yet")
        return self.candidates[0]

    # ------------------------------------------------------------------------------------------- internals

    def _apply(self, kind: str, value: Hashable) -> None:
        keep = _FILTERS[kind]
        self.candidates = tuple(a for a in self.candidates if keep(a, value))
        self.answers.append((kind, value))
        self._position += 1

    def _plays(self) -> list[Play]:
        return [a for a in self.candidates if isinstance(a, Play)]

    def _build(self, kind: str) -> Step | None:
        view = self.view
        if kind == "card":
            legal = {a.card for a in self._plays()}
            only = next(iter(legal)) if len(legal) == 1 else ""
            options = [
                Option(card, card in legal, "" if card in legal else "play.note.must_play")
                for card in dict.fromkeys(view.hand)
            ]
            return Step("card", options, card=only or None, numeric=False)
        plays = self._plays()
        card = plays[0].card if plays else None
        if kind == "target":
            seats = sorted({t for a in plays for t in a.targets})
            if not seats:
                return None
            options = [Option(s) for s in seats]
            if all(len(a.targets) <= 1 for a in plays):
                # Show who cannot be chosen, and why, so that a missing name is not a puzzle.
                for sv in view.seats:
                    if sv.seat in seats or sv.seat == view.seat or not (sv.dealt_in and sv.in_round):
                        continue
                    note = "play.note.protected" if sv.protected else "play.note.not_allowed"
                    options.append(Option(sv.seat, False, note))
                options.sort(key=lambda o: int(o.value))  # type: ignore[call-overload]
            return Step("target", options, card=card)
        if kind == "second":
            if not any(len(a.targets) == 2 for a in plays):
                return None
            first = next((v for k, v in reversed(self.answers) if k == "target"), None)
            others = sorted({t for a in plays if len(a.targets) == 2 for t in a.targets if t != first})
            options = [Option(s) for s in others]
            if any(len(a.targets) == 1 for a in plays):
                options.append(Option(None))
            return Step("second", options, card=card)
        if kind == "named":
            named = list(dict.fromkeys(a.named for a in plays if a.named is not None))
            if not named:
                return None
            return Step("named", [Option(n) for n in named], card=card, numeric=isinstance(named[0], int))
        if kind == "look":
            looks = list(dict.fromkeys(a.look for a in plays))
            if len(looks) < 2:
                return None
            return Step("look", [Option(x) for x in looks], card=card)
        if kind == "keep":
            keeps = list(dict.fromkeys(a.card for a in self.candidates if isinstance(a, Keep)))
            return Step("keep", [Option(c) for c in keeps])
        if kind == "order":
            orders = list(dict.fromkeys(a.returned for a in self.candidates if isinstance(a, Keep)))
            return Step("order", [Option(o) for o in orders])
        if kind == "redraw":
            return Step("redraw", [Option(True), Option(False)])
        raise AssertionError(kind)


def _second(a: Action, v: Hashable) -> bool:
    assert isinstance(a, Play)
    return len(a.targets) == 1 if v is None else (len(a.targets) == 2 and v in a.targets)


_FILTERS: dict[str, Callable[[Action, Hashable], bool]] = {
    "card": lambda a, v: isinstance(a, Play) and a.card == v,
    "target": lambda a, v: isinstance(a, Play) and v in a.targets,
    "second": _second,
    "named": lambda a, v: isinstance(a, Play) and a.named == v,
    "look": lambda a, v: isinstance(a, Play) and a.look == v,
    "keep": lambda a, v: isinstance(a, Keep) and a.card == v,
    "order": lambda a, v: isinstance(a, Keep) and a.returned == v,
    "redraw": lambda a, v: isinstance(a, Redraw) and a.redraw == v,
}
