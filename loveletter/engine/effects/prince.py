"""Prince (5): choose any player (yourself included); they discard their hand without effect and draw again.

A discarded Princess knocks her holder out instead, with no new card. With the deck empty the replacement is
the face-down set-aside card. With every other player protected, the Prince must choose its own player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Prince(Effect):
    name = "prince"
    traits = Traits(targets="anyone", discards_target=True)

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=True))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:  # only when a Sycophant's marker cannot be met
            no_effect(s, actor, action.card)
            return
        target = action.targets[0]
        if s.discard_hand(target, action.card):
            s.redraw(target)
