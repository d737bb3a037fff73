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


def forced(first: str, second: str, s: GameState) -> str | None:
    """The Countess in the hand ``first, second`` that must be played, or ``None`` if the player may choose."""
    forced_by = s.ruleset.countess_forced_by
    countesses = s.tables.countess_cards
    if first in countesses and second in forced_by:
        return first
    if second in countesses and first in forced_by:
        return second
    return None
