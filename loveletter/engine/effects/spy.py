"""Spy (0): no effect when played or discarded. At the end of a round, if exactly one player still in the round
has a Spy in their discard pile, that player gains a favor token (docs/rules.md §3.7)."""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Spy(Effect):
    name = "spy"
    traits = Traits(token_at_round_end=True)


def bonus_seat(s: GameState) -> int | None:
    """The seat that gains the Spy's token at this round's end, if any.

    With the ``spy_blocking = "any_player"`` flag, a knocked-out player's Spy still blocks the bonus."""
    spies = s.tables.by_effect["spy"]
    # The seats with a Spy in their discard pile (taken in C: this runs at every round's end).
    holders = list(compress(range(s.n), map(not_, map(spies.isdisjoint, s.discards))))
    if not holders:
        return None
    if s.tiebreak is not None:
        holders = [p for p in holders if p in s.tiebreak]
    alive = s.alive
    if s.ruleset.flags.spy_blocking == "in_round_only":
        holders = [p for p in holders if alive[p]]
    if len(holders) == 1 and alive[holders[0]]:
        return holders[0]
    return None
