"""Chancellor (6): draw up to two cards, keep one of your cards, put the others under the deck in your order.

Playing it draws (and asks its player to decide): the legal ``Keep`` actions are its follow-up actions, and
:meth:`Chancellor.resolve_follow_up` carries out the one chosen.
The Countess's restriction does not apply to the keep; returning the Princess or a Spy is neither playing nor
discarding it.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from loveletter.engine.actions import Action, Keep
from loveletter.engine.effects.base import Effect, no_effect
from loveletter.engine.events import ChancellorCards, ChancellorDrew, ReturnedCards, ReturnedToDeck
from loveletter.engine.phase import Phase
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.actions import Play
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState, Plays


class Chancellor(Effect):
    name = "chancellor"
    traits = Traits(draws=True)

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        super().__init__(ruleset, mode)
        #: A Chancellor's hand -> its keeps (the same hands recur: built once each).
        self._keeps: dict[tuple[str, ...], Plays] = {}

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

    def follow_up_actions(self, s: GameState) -> Plays:
        """Each card of the hand to keep, with each order of the others under the deck."""
        hand = tuple(s.hands[s.current])
        keeps = self._keeps.get(hand)
        if keeps is None:
            actions = _keeps(hand)
            keeps = self._keeps[hand] = (actions, frozenset(actions))
        return keeps

    def resolve_follow_up(self, s: GameState, action: Action) -> None:
        """Keep one card and put the others under the deck (the last of ``keep.returned`` at the very bottom)."""
        keep: Keep = action  # type: ignore[assignment]  # legality told the type
        actor = s.current
        s.hands[actor] = [keep.card]
        s.forget_hand(actor)
        s.put_under_deck(actor, keep.returned)
        if s.log is not None:
            s.log.append(ReturnedToDeck(actor, len(keep.returned)))
            s.log.append(ReturnedCards(actor, keep.returned))


def _keeps(hand: tuple[str, ...]) -> tuple[Action, ...]:
    """A Chancellor's choices: each card to keep, with each order of the others under the deck."""
    keeps: list[Action] = []
    for keep in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(keep)
        keeps.extend(Keep(keep, order) for order in dict.fromkeys(permutations(rest)))
    return tuple(keeps)
