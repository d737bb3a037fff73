"""Priest (2): choose another player and look at their hand, privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import SawHand
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Priest(Effect):
    name = "priest"
    traits = Traits(targets="another", looks=True)

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        target = action.targets[0]
        s.learn(actor, target)
        if s.log is not None:
            s.log.append(SawHand(actor, target, s.hands[target][0]))
