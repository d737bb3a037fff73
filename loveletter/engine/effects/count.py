"""Count (5, premium 5-8 players): no effect when played. At a deck-out each Count in a remaining player's
discard pile adds 1 to the value of their hand; nowhere else (not for Baron, Dowager Queen, Guard or Bishop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Count(Effect):
    name = "count"


def bonus(s: GameState, seat: int) -> int:
    return sum(map(s.tables.by_effect["count"].__contains__, s.discards[seat]))
