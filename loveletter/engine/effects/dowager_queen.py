"""Dowager Queen (7, premium 5-8 players): compare hands in secret like a Baron, but the *higher* card is
knocked out; a tie does nothing. The Bishop counts 9; the Count's bonus does not apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.baron import compare
from loveletter.engine.effects.base import Effect, single_targets
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class DowagerQueen(Effect):
    name = "dowager_queen"
    traits = Traits(targets="another", compares="higher_loses")

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        compare(s, actor, action, lower_loses=False, cause="dowager_queen")
