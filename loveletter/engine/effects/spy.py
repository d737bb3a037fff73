"""Spy (0): no effect when played or discarded. At the end of a round, if exactly one player still in the round
has a Spy in their discard pile, that player gains a favor token (RULES.md §3.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Spy(Effect):
    name = "spy"


def bonus_seat(s: GameState) -> int | None:
    """The seat that gains the Spy's token at this round's end, if any.

    With the ``spy_blocking = "any_player"`` flag, a knocked-out player's Spy still blocks the bonus."""
    spies = s.tables.by_effect["spy"]
    discards = s.discards
    holders = [p for p in s.participants() if not spies.isdisjoint(discards[p])]
    if s.ruleset.flags.spy_blocking == "in_round_only":
        holders = [p for p in holders if s.alive[p]]
    if len(holders) == 1 and s.alive[holders[0]]:
        return holders[0]
    return None
