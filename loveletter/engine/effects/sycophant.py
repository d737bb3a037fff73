"""Sycophant (4, premium 5-8 players): choose any player (yourself included). The next card played in the round
must choose that player among its targets; if it cannot, it has no effect (docs/rules.md §5.4). The marker is public
and is used up by the next card played, whatever it is. Target legality honours it in ``base.single_targets``
and ``base.must_include_mark``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import Marked
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Sycophant(Effect):
    name = "sycophant"
    traits = Traits(targets="anyone", marks="sycophant")

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=True))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        s.sycophant = action.targets[0]
        if s.log is not None:
            s.log.append(Marked(actor, action.targets[0], "sycophant"))
