"""Baron (3): compare hands in secret with another player; the lower card is knocked out, a tie does nothing.

The comparison itself (shared with the Dowager Queen, which knocks out the *higher* card) is :func:`compare`.
Printed values are compared: the Count's bonus only counts at a deck-out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import Compared, ComparedHands
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.events import KnockOutCause
    from loveletter.engine.state import GameState


class Baron(Effect):
    name = "baron"
    traits = Traits(targets="another", compares="lower_loses")

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        compare(s, actor, action, lower_loses=True, cause="baron")


def compare(s: GameState, actor: int, action: Play, *, lower_loses: bool, cause: KnockOutCause) -> None:
    """Both players see both cards; the loser (lower, or higher for the Dowager Queen) is knocked out."""
    if not action.targets:
        no_effect(s, actor, action.card)
        return
    target = action.targets[0]
    mine, theirs = s.hands[actor][0], s.hands[target][0]
    s.learn(actor, target)
    s.learn(target, actor)
    value = s.tables.value
    a, b = value[mine], value[theirs]
    loser: int | None = None
    if a != b:
        loser = actor if (a < b) == lower_loses else target
    if s.log is not None:
        s.log.append(ComparedHands(actor, target, mine, theirs))
        s.log.append(Compared(actor, target, action.card, loser))
    if loser is not None:
        s.knock_out(loser, cause)
