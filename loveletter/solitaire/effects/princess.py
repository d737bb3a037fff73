"""Princess: the card the retinue protects. The player wins by taking her out of the queue, and loses by playing
her or having her discarded from the hand or agent (docs/rules.md §6.4, §6.6). The retinue never plays her: reaching
her at the start of its turn is the retinue's win, which the state checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire.effects.base import SolitaireEffect

if TYPE_CHECKING:
    from loveletter.solitaire import events as ev
    from loveletter.solitaire.actions import Play
    from loveletter.solitaire.state import SolitaireState
    from loveletter.solitaire.view import SolitaireView


class Princess(SolitaireEffect):
    name = "princess"
    is_princess = True

    def play(self, s: SolitaireState, action: Play) -> None:
        s.end("loss", "princess_played")

    def sure_loss(self, view: SolitaireView, action: Play) -> ev.EndReason | None:
        return "princess_played"
