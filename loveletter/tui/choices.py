"""A turn's decision in a game, one question at a time (an :class:`~loveletter.tui.plan.ActionPlan`), built only
from the legal actions the engine lists.

The questions group ``view.legal_actions``: the card, then its target(s), then the named card or number, then
(Cardinal) whose hand to look at; after a Chancellor, the card to keep and the order of the others; for the
Bishop's target, redraw or keep. Each answer narrows the candidate actions; a question with a single possible
answer is answered automatically (but the card to play, always asked), and Escape goes back past it. When one
action is left, it is the move.

>>> from loveletter.engine import Game, stacked_deck, load_ruleset
>>> rs = load_ruleset("2019")
>>> game = Game(rs, 3, deck=stacked_deck(rs, 3, hands=["Guard", "Priest", "King"], draws=["Handmaid"]),
...             first_player=0)
>>> plan = plan_for(game.view(0))
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

from collections.abc import Callable, Hashable, Sequence

from loveletter.engine import Action, Keep, Phase, Play, Redraw, View
from loveletter.tui.plan import ACTION, ActionPlan, Option, Step

#: The questions of each phase, in order.
STEPS = {
    Phase.PLAY: ("card", "target", "second", "named", "look"),
    Phase.CHANCELLOR: ("keep", "order"),
    Phase.BISHOP: ("redraw",),
}


def plan_for(view: View) -> ActionPlan[Action]:
    """The questions of the decision of ``view``'s seat (which must be the deciding seat)."""
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    return ActionPlan(TurnQuestions(view), view.legal_actions)


def risk(action: Action, view: View) -> str | None:
    """The catalog key of a warning to confirm before ``action`` knocks its own player out, if it does (the view
    judges: :meth:`~loveletter.engine.View.knocks_out_self`)."""
    how = view.knocks_out_self(action)
    return None if how is None else _RISKS[how]


#: How a move knocks its own player out -> the warning's catalog key.
_RISKS = {
    "play": "play.confirm.princess",
    "discard": "play.confirm.prince_self",
    "redraw": "play.confirm.redraw_princess",
}


def keeps(kind: str, action: Action, value: object) -> bool:
    """Whether ``action`` agrees with the answer ``value`` to a question of ``kind``."""
    if kind == ACTION:
        return action == value
    return _FILTERS[kind](action, value)


class TurnQuestions:
    """The questions of a turn's decision for the seat of ``view`` (see the module docstring)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.kinds = STEPS.get(view.phase, ())

    def keeps(self, kind: str, action: Action, value: Hashable) -> bool:
        return keeps(kind, action, value)

    def alone(self, step: Step) -> bool:
        """A question with one answer open is taken without asking, but the card to play."""
        return step.kind != "card" and sum(o.enabled for o in step.options) == 1

    def ask(self, kind: str, plan: ActionPlan[Action]) -> Step | None:
        view = self.view
        plays = [a for a in plan.candidates if isinstance(a, Play)]
        if kind == "card":
            legal = {a.card for a in plays}
            only = next(iter(legal)) if len(legal) == 1 else ""
            options = [
                Option(card, card in legal, self.card_note(card, plays) if card in legal else "play.note.must_play")
                for card in dict.fromkeys(view.hand)
            ]
            return Step("card", tuple(options), card=only or None)
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
            return Step("target", tuple(options), card=card)
        if kind == "second":
            if not any(len(a.targets) == 2 for a in plays):
                return None
            first = next((v for k, v in reversed(plan.answers) if k == "target"), None)
            others = sorted({t for a in plays if len(a.targets) == 2 for t in a.targets if t != first})
            options = [Option(s) for s in others]
            if any(len(a.targets) == 1 for a in plays):
                options.append(Option(None))
            return Step("second", tuple(options), card=card)
        if kind == "named":
            named = list(dict.fromkeys(a.named for a in plays if a.named is not None))
            if not named:
                return None
            return Step("named", tuple(Option(n) for n in named), card=card, numeric=isinstance(named[0], int))
        if kind == "look":
            looks = list(dict.fromkeys(a.look for a in plays))
            if len(looks) < 2:
                return None
            return Step("look", tuple(Option(x) for x in looks), card=card)
        if kind == "keep":
            kept = list(dict.fromkeys(a.card for a in plan.candidates if isinstance(a, Keep)))
            return Step("keep", tuple(Option(c) for c in kept))
        if kind == "order":
            orders = list(dict.fromkeys(a.returned for a in plan.candidates if isinstance(a, Keep)))
            return Step("order", tuple(Option(o) for o in orders))
        if kind == "redraw":
            return Step("redraw", (Option(True), Option(False)))
        raise AssertionError(kind)

    def card_note(self, card: str, plays: Sequence[Play]) -> str:
        """``play.note.no_effect`` for a card that would do nothing if played now (a card that chooses, with
        nobody to choose; a card that draws, with no deck), said before it is played, as the Princess's warning
        is; else nothing."""
        traits = self.view.ruleset.cards[card].traits
        mine = [a for a in plays if a.card == card]
        if traits.chooses and all(not a.targets for a in mine):
            return "play.note.no_effect"
        if traits.draws and self.view.deck_size == 0:
            return "play.note.no_effect"
        return ""


def _second(a: Action, v: object) -> bool:
    return isinstance(a, Play) and (len(a.targets) == 1 if v is None else (len(a.targets) == 2 and v in a.targets))


_FILTERS: dict[str, Callable[[Action, object], bool]] = {
    "card": lambda a, v: isinstance(a, Play) and a.card == v,
    "target": lambda a, v: isinstance(a, Play) and v in a.targets,
    "second": _second,
    "named": lambda a, v: isinstance(a, Play) and a.named == v,
    "look": lambda a, v: isinstance(a, Play) and a.look == v,
    "keep": lambda a, v: isinstance(a, Keep) and a.card == v,
    "order": lambda a, v: isinstance(a, Keep) and a.returned == v,
    "redraw": lambda a, v: isinstance(a, Redraw) and a.redraw == v,
}
