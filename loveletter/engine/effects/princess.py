"""Princess (9, premium 8): whoever plays or discards her, for any reason, is knocked out of the round.

Trading her (King, Cardinal) or returning her under the deck (Chancellor) is neither. At a premium deck-out she
also beats the Bishop (see ``scoring.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.actions import Play
    from loveletter.engine.state import GameState


class Princess(Effect):
    name = "princess"
    traits = Traits(knocks_out_when_discarded=True)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        s.knock_out(actor, "princess")
