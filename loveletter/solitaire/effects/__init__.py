"""Solitaire card effects, one module per card, looked up by the effect name the card set gives each card type.

The shape follows the multi-player engine's :mod:`loveletter.engine.effects`; a card's solitaire rules differ
from its multi-player ones (the queue and the agent), so each has its own class here. To find what a card does in
solitaire, open the module named after it (``guard.py``, ``prince.py``...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from loveletter.solitaire.effects import baron, countess, guard, handmaid, king, priest, prince, princess
from loveletter.solitaire.effects.base import SolitaireEffect

if TYPE_CHECKING:
    from loveletter.solitaire.ruleset import SolitaireRuleset

#: Effect name (as written in a ruleset file) -> the class implementing its solitaire rules.
EFFECTS: dict[str, type[SolitaireEffect]] = {
    cls.name: cls
    for cls in (
        princess.Princess, countess.Countess, king.King, prince.Prince, handmaid.Handmaid, baron.Baron,
        priest.Priest, guard.Guard,
    )
}  # fmt: skip

# The effects keep no state, so one instance of each serves every game.
_INSTANCES: dict[str, SolitaireEffect] = {name: cls() for name, cls in EFFECTS.items()}


def effect_named(name: str) -> SolitaireEffect:
    """The solitaire rules of the effect ``name`` (a key of :data:`EFFECTS`)."""
    return _INSTANCES[name]


def effects_for(ruleset: SolitaireRuleset) -> Mapping[str, SolitaireEffect]:
    """Card id -> its effect, for every card of ``ruleset``."""
    return {c.id: _INSTANCES[c.effect] for c in ruleset.cards.values()}


__all__ = ["EFFECTS", "SolitaireEffect", "effect_named", "effects_for"]
