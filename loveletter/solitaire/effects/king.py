"""King: one of the player's own cards and a queue card change places, faces kept (docs/rules.md §6.4, §6.5).

The player's King chooses the queue card and the own card to give; the retinue's King swaps the own card the
player chooses with its next card in line. Taking the unprotected princess this way removes her from the queue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Own, Play
from loveletter.solitaire.effects.base import Targeted, compare_plays

if TYPE_CHECKING:
    from loveletter.solitaire.state import SolitaireState


class King(Targeted):
    name = "king"
    uses_next_in_line = True

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        return compare_plays(s, card)

    def play_on(self, s: SolitaireState, action: Play) -> None:
        assert isinstance(action.target, int) and action.own is not None
        swap(s, "player", action.own, action.target)

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        reference = s.next_in_line()
        assert reference is not None
        swap(s, "retinue", own, reference)


def swap(s: SolitaireState, side: ev.Side, own: Own, slot: int) -> None:
    """A King of ``side``: the player's ``own`` card and the queue card at ``slot`` change places, faces kept; a
    card entering the hand is known, the hand card enters the queue face up."""
    i = slot - 1
    taken, taken_up = s.queue[i], s.up[i]
    assert taken is not None
    if own == "hand":
        given, given_up = s.hand.pop(), True
        s.hand.append(taken)
        shown_to_player: str | None = taken
    else:
        assert s.agent is not None
        given, given_up = s.agent, s.agent_up
        s.agent, s.agent_up = taken, taken_up
        shown_to_player = taken if taken_up else None
    s.queue[i], s.up[i] = given, given_up
    s.emit(ev.Swapped(side, own, slot, shown_to_player, given if given_up else None))
