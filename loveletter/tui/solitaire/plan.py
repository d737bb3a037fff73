"""A solitaire decision split into steps, from the engine's legal actions only.

Turn start: draw, or play the secret agent. Then the card (when the two hand cards differ), its target, which
own card a Baron compares or a King gives, and a Guard's name; a step with a single possible answer is taken
without asking. When a retinue card targets the player: hand or agent. Every option comes from
``view.legal_actions``, so the front end never decides what is legal.

>>> from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
>>> rs = load_solitaire_ruleset()
>>> game = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Priest"], hand="Guard", draws=["Baron"]))
>>> plan = Plan(game.view())
>>> [str(o.value) for o in plan.step().options]
['draw', 'agent']
>>> plan.answer(game.legal_actions()[0]); plan.step() is None
True
>>> _ = game.push(plan.action())
>>> plan = Plan(game.view())
>>> step = plan.step(); step.kind, [o.value for o in step.options]
('card', ['Guard', 'Baron'])
>>> plan.answer("Baron"); step = plan.step(); step.kind, [str(o.value) for o in step.options][:2]
('target', ['1', '2'])
>>> plan.answer(1); step = plan.step(); step.kind, [o.value for o in step.options]
('own', ['hand', 'agent'])
>>> plan.answer("agent"); plan.step() is None, str(plan.action())
(True, 'Baron>Q1/agent')
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.events import EndReason
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.view import SolitaireView

#: The parts of a play, in the order they are asked.
FIELDS = ("card", "target", "own", "named")
#: The warning for each way a play can surely lose (:meth:`SolitaireView.sure_loss`).
WARNINGS: dict[EndReason, str] = {
    "princess_played": "solitaire.confirm.princess",
    "princess_discarded": "solitaire.confirm.prince_princess",
    "draw_pile_empty": "solitaire.confirm.empty_pile",
}
#: The warning for each way an answer to "hand or agent?" can surely lose.
THREAT_WARNINGS: dict[EndReason, str] = {
    "guard_hit": "solitaire.confirm.threat_guard",
    "baron_lost": "solitaire.confirm.threat_baron",
    "princess_discarded": "solitaire.confirm.threat_princess",
    "draw_pile_empty": "solitaire.confirm.threat_empty_pile",
}


@dataclass(frozen=True, slots=True)
class Option:
    value: Hashable
    enabled: bool = True
    #: Catalog key of a note (why it cannot be picked).
    note: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """A question: ``kind`` is ``turn``, ``threat``, or one of :data:`FIELDS`; ``card`` is the card being played."""

    kind: str
    card: str | None
    options: tuple[Option, ...]


class Plan:
    """The steps of one decision (see the module docstring)."""

    def __init__(self, view: SolitaireView) -> None:
        self.view = view
        #: (kind, value, asked) in order; ``asked`` is False for a step taken without asking.
        self.answers: list[tuple[str, Hashable, bool]] = []

    @property
    def asked(self) -> int:
        return sum(1 for _, _, asked in self.answers if asked)

    def candidates(self) -> tuple[Action, ...]:
        """The legal actions the answers so far leave (all of them before the first answer)."""
        if self.view.phase is Phase.PLAY:
            return tuple(self._plays())
        return self.view.legal_actions

    def _plays(self) -> list[Play]:
        plays = [a for a in self.view.legal_actions if isinstance(a, Play)]
        for kind, value, _ in self.answers:
            plays = [p for p in plays if getattr(p, kind) == value]
        return plays

    def step(self) -> Step | None:
        """The next question, or ``None`` once the action is decided."""
        view = self.view
        if view.phase is Phase.TURN:
            if self.answers:
                return None
            legal = set(view.legal_actions)
            return Step(
                "turn",
                None,
                (
                    Option(Draw(), Draw() in legal, "" if Draw() in legal else "solitaire.choice.no_draw"),
                    Option(
                        PlayAgent(), PlayAgent() in legal, "" if PlayAgent() in legal else "solitaire.choice.no_agent"
                    ),
                ),
            )
        if view.phase is Phase.CHOOSE:
            if self.answers:
                return None
            threat = view.threat
            return Step("threat", threat.card if threat else None, tuple(Option(a) for a in view.legal_actions))
        if view.phase is not Phase.PLAY:
            return None
        while True:
            plays = self._plays()
            done = {kind for kind, _, _ in self.answers}
            field = next((f for f in FIELDS if f not in done), None)
            if field is None:
                return None
            card = plays[0].card if plays and "card" in done else view.playing
            if field == "card" and view.playing is None:
                legal_cards = {p.card for p in plays}
                forced = len(legal_cards) == 1 and len(set(view.hand)) > 1
                options = tuple(
                    Option(c, c in legal_cards, "" if c in legal_cards or not forced else "solitaire.choice.forced")
                    for c in dict.fromkeys(view.hand)
                )
            else:
                options = tuple(Option(v) for v in dict.fromkeys(getattr(p, field) for p in plays))
            if len(options) == 1:
                self.answers.append((field, options[0].value, False))
                continue
            return Step(field, card, options)

    def answer(self, value: Hashable) -> None:
        step = self.step()
        assert step is not None, "nothing to answer"
        self.answers.append((step.kind, value, True))

    def back(self) -> None:
        """Undo the last answer that was asked (and the steps taken without asking after it)."""
        while self.answers and not self.answers[-1][2]:
            self.answers.pop()
        if self.answers:
            self.answers.pop()
        while self.answers and not self.answers[-1][2]:
            self.answers.pop()

    def action(self) -> Action:
        """The decided action (once :meth:`step` returns ``None``)."""
        if self.view.phase in (Phase.TURN, Phase.CHOOSE):
            value = self.answers[0][1]
            assert isinstance(value, (Draw, PlayAgent, Choose)), value
            return value
        plays = self._plays()
        assert len(plays) == 1, plays
        return plays[0]


def risk(action: Action, view: SolitaireView) -> str | None:
    """The catalog key of a warning to confirm before ``action`` loses the game outright, if it does (the view
    judges; see :meth:`SolitaireView.sure_loss`)."""
    reason = view.sure_loss(action)
    if reason is None:
        return None
    return (THREAT_WARNINGS if isinstance(action, Choose) else WARNINGS)[reason]


def safest(step: Step, view: SolitaireView) -> int:
    """Where a question's selection starts: on the first option that can be picked and does not lose the game
    at once (Enter must not pick the hand card a retinue Guard is sure to strike)."""
    enabled = [i for i, option in enumerate(step.options) if option.enabled]
    safe = [i for i in enabled if not _losing(step.options[i].value, view)]
    return (safe or enabled or [0])[0]


def _losing(value: Hashable, view: SolitaireView) -> bool:
    return isinstance(value, Choose) and view.sure_loss(value) is not None
