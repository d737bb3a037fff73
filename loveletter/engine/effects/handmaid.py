"""Handmaid (4): until the start of your next turn, other players' cards cannot choose you."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.events import Protected
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.actions import Play
    from loveletter.engine.state import GameState


class Handmaid(Effect):
    name = "handmaid"
    traits = Traits(protects=True)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        s.protected[actor] = True
        s.unchoosable(actor)
        if s.log is not None:
            s.log.append(Protected(actor))
