"""Constable (6, premium 5-8 players): no effect when played or discarded. When its owner is knocked out with a
Constable *already* in their discard pile, they gain a token (docs/rules.md §5.4). The knock-out asks
:meth:`Constable.knock_out_token` before the hand is discarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.events import TokenReason
    from loveletter.engine.state import GameState


class Constable(Effect):
    name = "constable"
    traits = Traits(token_when_knocked_out=True)

    def knock_out_token(self, s: GameState, seat: int) -> TokenReason | None:
        """The Constable's token if one lies on ``seat``'s discard pile; with the ``constable_counts_hand`` flag a
        Constable in hand (discarded by the knock-out itself) pays too."""
        constables = s.tables.by_effect["constable"]
        if not constables.isdisjoint(s.discards[seat]):
            return "constable"
        if s.ruleset.flags.constable_counts_hand and not constables.isdisjoint(s.hands[seat]):
            return "constable"
        return None
