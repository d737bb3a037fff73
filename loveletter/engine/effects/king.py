"""King (7): trade hands with another player. Each learns the card they receive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class King(Effect):
    name = "king"
    traits = Traits(targets="another", trades=True)

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        s.swap_hands(actor, action.targets[0])
