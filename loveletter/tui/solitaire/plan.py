"""A solitaire decision split into questions (an :class:`~loveletter.tui.plan.ActionPlan`, as a game's turn), from
the engine's legal actions only.

Turn start: draw, or play the secret agent. Then the card (when the two hand cards differ), its target, which
own card a Baron compares or a King gives, and a Guard's name; a step with a single possible answer is taken
without asking. When a retinue card targets the player: hand or agent. Every option comes from
``view.legal_actions``, so the front end never decides what is legal.

>>> from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
>>> rs = load_solitaire_ruleset()
>>> game = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Priest"], hand="Guard", draws=["Baron"]))
>>> plan = plan_for(game.view())
>>> [str(o.value) for o in plan.step().options]
['draw', 'agent']
>>> plan.answer(game.legal_actions()[0]); plan.step() is None
True
>>> _ = game.push(plan.action())
>>> plan = plan_for(game.view())
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

from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.events import EndReason
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.view import SolitaireView
from loveletter.tui.plan import ActionPlan, Option, Step

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


def plan_for(view: SolitaireView) -> ActionPlan[Action]:
    """The questions of ``view``'s decision (see the module docstring)."""
    legal = view.legal_actions
    if view.phase is Phase.PLAY:
        legal = tuple(a for a in legal if isinstance(a, Play))
    return ActionPlan(SolitaireQuestions(view), legal)


class SolitaireQuestions:
    """The questions of one solitaire decision (see the module docstring)."""

    def __init__(self, view: SolitaireView) -> None:
        self.view = view
        self.kinds = _KINDS.get(view.phase, ())

    def keeps(self, kind: str, action: Action, value: Hashable) -> bool:
        if kind in ("turn", "threat"):
            return action == value
        return isinstance(action, Play) and getattr(action, kind) == value

    def alone(self, step: Step) -> bool:
        """A question with one answer is taken without asking, but the turn's and the threat's."""
        return step.kind not in ("turn", "threat") and len(step.options) == 1

    def ask(self, kind: str, plan: ActionPlan[Action]) -> Step | None:
        view = self.view
        if kind == "turn":
            legal = set(view.legal_actions)
            return Step(
                "turn",
                (
                    Option(Draw(), Draw() in legal, "" if Draw() in legal else "solitaire.choice.no_draw"),
                    Option(
                        PlayAgent(), PlayAgent() in legal, "" if PlayAgent() in legal else "solitaire.choice.no_agent"
                    ),
                ),
            )
        if kind == "threat":
            threat = view.threat
            return Step("threat", tuple(Option(a) for a in view.legal_actions), threat.card if threat else None)
        plays = [a for a in plan.candidates if isinstance(a, Play)]
        done = {k for k, _ in plan.answers}
        card = plays[0].card if plays and "card" in done else view.playing
        if kind == "card" and view.playing is None:
            legal_cards = {p.card for p in plays}
            forced = len(legal_cards) == 1 and len(set(view.hand)) > 1
            options = tuple(
                Option(c, c in legal_cards, "" if c in legal_cards or not forced else "solitaire.choice.forced")
                for c in dict.fromkeys(view.hand)
            )
        else:
            options = tuple(Option(v) for v in dict.fromkeys(getattr(p, kind) for p in plays))
        return Step(kind, options, card)


#: The questions of each phase, in order: a turn's start, the retinue's threat, the parts of a play.
_KINDS = {Phase.TURN: ("turn",), Phase.CHOOSE: ("threat",), Phase.PLAY: FIELDS}


def risk(action: Action, view: SolitaireView) -> str | None:
    """The catalog key of a warning to confirm before ``action`` loses the game outright, if it does (the view
    judges; see :meth:`SolitaireView.sure_loss`)."""
    reason = view.sure_loss(action)
    if reason is None:
        return None
    return (THREAT_WARNINGS if isinstance(action, Choose) else WARNINGS)[reason]


def safest(step: Step, view: SolitaireView) -> int:
    """Where a question's selection starts: on the first option that can be picked and does not lose the game
    at once (Enter must not pick the hand card a retinue Guard is sure to strike); for a Guard's name, on the
    card a face-down card most likely is (most copies unseen: never the Princess, always face up, nor a card all
    seen, while another can hit; the first listed wins a tie)."""
    enabled = [i for i, option in enumerate(step.options) if option.enabled]
    if step.kind == "named" and enabled:
        unseen = view.unseen()
        return max(enabled, key=lambda i: (unseen.get(str(step.options[i].value), 0), -i))
    safe = [i for i in enabled if not _losing(step.options[i].value, view)]
    return (safe or enabled or [0])[0]


def _losing(value: Hashable, view: SolitaireView) -> bool:
    return isinstance(value, Choose) and view.sure_loss(value) is not None
