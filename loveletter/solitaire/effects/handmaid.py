"""Handmaid: protects the side that plays it until that side's next turn (docs/rules.md §6.4, §6.5): the player's
hand and agent, or every queue card, the princess included."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.effects.base import SolitaireEffect

if TYPE_CHECKING:
    from loveletter.solitaire.actions import Play
    from loveletter.solitaire.state import SolitaireState


class Handmaid(SolitaireEffect):
    name = "handmaid"

    def play(self, s: SolitaireState, action: Play) -> None:
        s.player_protected = True
        s.emit(ev.Protected("player"))

    def retinue_play(self, s: SolitaireState, card: str) -> None:
        s.queue_protected = True
        s.emit(ev.Protected("retinue"))
