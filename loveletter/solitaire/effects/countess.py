"""Countess: no effect for either side; the player must play her when the other hand card is one the ruleset
names (``countess_forced_by``: the King or the Prince). The rule binds the two hand cards only, not the agent
(docs/rules.md §6.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire.effects.base import SolitaireEffect

if TYPE_CHECKING:
    from loveletter.solitaire.ruleset import SolitaireRuleset


class Countess(SolitaireEffect):
    name = "countess"

    def must_be_played_with(self, other: str, ruleset: SolitaireRuleset) -> bool:
        return other in ruleset.countess_forced_by
