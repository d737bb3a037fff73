"""Assassin (0, premium 5-8 players): no effect when played or discarded. While held, it reacts to a Guard that
chooses its holder, whatever was named: the Guard's player is knocked out, and the holder shows the Assassin,
discards it and draws a new card. It reacts to nothing else (a Bishop naming 0 simply scores)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.events import AssassinStruck
from loveletter.engine.phase import Phase
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Assassin(Effect):
    name = "assassin"
    traits = Traits(stops_guard=True)


def strike(s: GameState, holder: int, guard_player: int) -> None:
    """The reaction (docs/rules.md §5.4): knock-out first (a game won by the Constable's token stops here), then the
    holder discards the Assassin and redraws, even when the knock-out leaves them alone in the round."""
    if s.log is not None:
        s.log.append(AssassinStruck(holder, guard_player))
    s.knock_out(guard_player, "assassin")
    if s.phase is Phase.GAME_OVER:
        return
    s.discard_hand(holder, s.hands[holder][0])
    s.redraw(holder)
