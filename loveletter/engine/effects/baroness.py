"""Baroness (3, premium 5-8 players): choose one or two other players and look at their hands, privately."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, choosable, must_include_mark, no_effect
from loveletter.engine.events import SawHand
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.state import GameState


class Baroness(Effect):
    name = "baroness"
    traits = Traits(targets="one_or_two_others", looks=True)

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        seats = choosable(s, actor, include_self=False)
        groups: list[tuple[int, ...]] = [(p,) for p in seats]
        groups += combinations(seats, 2)
        groups = must_include_mark(s, groups)
        return tuple(Play(card, g) for g in groups) if groups else (Play(card),)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        for target in action.targets:
            s.learn(actor, target)
            if s.log is not None:
                s.log.append(SawHand(actor, target, s.hands[target][0]))
