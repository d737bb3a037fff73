"""Chancellor (6): draw up to two cards, keep one of your cards, put the others under the deck in your order.

Playing it draws (and asks its player to decide); :func:`finish` carries out the decision, a ``Keep`` action.
The Countess's restriction does not apply to the keep; returning the Princess or a Spy is neither playing nor
discarding it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects.base import Effect, no_effect
from loveletter.engine.events import ChancellorCards, ChancellorDrew, ReturnedCards, ReturnedToDeck
from loveletter.engine.phase import Phase
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.actions import Keep, Play
    from loveletter.engine.state import GameState


class Chancellor(Effect):
    name = "chancellor"
    traits = Traits(draws=True)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        count = min(2, len(s.deck))
        if count == 0:
            no_effect(s, actor, action.card)
            return
        drawn = [s.draw_from_deck(actor) for _ in range(count)]
        s.hands[actor].extend(drawn)
        if s.log is not None:
            s.log.append(ChancellorDrew(actor, count))
            s.log.append(ChancellorCards(actor, tuple(drawn)))
        s.phase = Phase.CHANCELLOR


def finish(s: GameState, actor: int, keep: Keep) -> None:
    """Keep one card and put the others under the deck (the last of ``keep.returned`` at the very bottom)."""
    s.hands[actor] = [keep.card]
    s.forget_hand(actor)
    s.put_under_deck(actor, keep.returned)
    if s.log is not None:
        s.log.append(ReturnedToDeck(actor, len(keep.returned)))
        s.log.append(ReturnedCards(actor, keep.returned))
