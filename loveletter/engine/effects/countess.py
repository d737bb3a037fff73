"""Countess (8, premium 7): no effect when played. She must be the card played when the other card in hand is
one the ruleset lists in ``countess_forced_by`` (the King or a Prince, by name: in premium the Count and the
Constable do not force her). The rule applies only when a player chooses which card to play, never to a
Chancellor's keep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Countess(Effect):
    name = "countess"
    traits = Traits(forced=True)

    def must_be_played(self, s: GameState, other: str) -> bool:
        return other in s.ruleset.countess_forced_by
