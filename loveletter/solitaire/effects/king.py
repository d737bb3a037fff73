"""King: one of the player's own cards and a queue card change places, faces kept (RULES.md §6.4, §6.5).

The player's King chooses the queue card and the own card to give; the retinue's King swaps the own card the
player chooses with its next card in line. Taking the unprotected princess this way removes her from the queue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        s.swap("player", action.own, action.target)

    def hits(self, s: SolitaireState, card: str, own: Own) -> None:
        reference = s.next_in_line()
        assert reference is not None
        s.swap("retinue", own, reference)
