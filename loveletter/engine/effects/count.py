"""Count (5, premium 5-8 players): no effect when played. At a deck-out each Count in a remaining player's
discard pile adds 1 to the value of their hand; nowhere else (not for Baron, Dowager Queen, Guard or Bishop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from collections.abc import Iterable

    from loveletter.engine.state import GameState


class Count(Effect):
    name = "count"
    traits = Traits(raises_value=True)


def bonuses(s: GameState, seats: Iterable[int]) -> list[int]:
    """What the Counts in the discard pile of each of ``seats`` add to its hand's value at a deck-out."""
    is_count = s.tables.by_effect["count"].__contains__
    discards = s.discards
    return [sum(map(is_count, discards[seat])) for seat in seats]
