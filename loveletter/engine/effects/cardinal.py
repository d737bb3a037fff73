"""Cardinal (2, premium 5-8 players): choose two players (you may be one) and make them trade hands; then you
may look at the new hand of one of them. With fewer than two players to choose it has no effect.

Which hand is looked at is part of the action (``Cardinal>1,3?3``): the swap itself teaches its player nothing,
so deciding both at once loses nothing. When the Cardinal's player is in the pair, looking adds nothing and is
not offered.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, choosable, must_include_mark, no_effect
from loveletter.engine.events import SawHand
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Cardinal(Effect):
    name = "cardinal"
    traits = Traits(targets="two_players", trades=True, looks=True)

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        seats = choosable(s, actor, include_self=True)
        pairs = must_include_mark(s, list(combinations(seats, 2)))
        if not pairs:
            return (Play(card),)
        out: list[Play] = []
        for pair in pairs:
            out.append(Play(card, pair))
            if actor not in pair:
                out.extend(Play(card, pair, None, p) for p in pair)
        return tuple(out)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        a, b = action.targets
        s.swap_hands(a, b)
        look = action.look
        if look is not None:
            s.learn(actor, look)
            if s.log is not None:
                s.log.append(SawHand(actor, look, s.hands[look][0]))
