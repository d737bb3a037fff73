"""Priest: the player's Priest turns a face-down queue card or the player's own face-down agent face up; the
retinue's Priest turns a face-down agent face up (docs/rules.md §6.4, §6.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Play, Target
from loveletter.solitaire.effects.base import SolitaireEffect

if TYPE_CHECKING:
    from loveletter.solitaire.state import SolitaireState


class Priest(SolitaireEffect):
    name = "priest"

    def plays(self, s: SolitaireState, card: str) -> list[Play]:
        # Face-up cards are no Priest targets: there is nothing left to see.
        chosen: list[Target] = [t for t in s.targetable() if not s.up[t - 1]]
        if s.agent is not None and not s.agent_up:
            chosen.append("agent")
        return [Play(card, t) for t in chosen] if chosen else [Play(card)]

    def play(self, s: SolitaireState, action: Play) -> None:
        if action.target is None:
            s.emit(ev.NoEffect("player", action.card, "no_target"))
        else:
            s.reveal(action.target, action.card)

    def retinue_play(self, s: SolitaireState, card: str) -> None:
        if s.player_protected:
            s.emit(ev.NoEffect("retinue", card, "protected"))
        elif s.agent is None or s.agent_up:
            s.emit(ev.NoEffect("retinue", card, "no_agent"))
        else:
            s.reveal("agent", card)
