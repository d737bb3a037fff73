"""Jester (0, premium 5-8 players): choose another player and give them the public Jester marker. If they win
the round (alone or shared), the Jester's player gains a token, even if knocked out meanwhile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import Marked
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from collections.abc import Iterable

    from loveletter.engine.state import GameState


class Jester(Effect):
    name = "jester"
    traits = Traits(targets="another", marks="jester")

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        s.jester = (actor, action.targets[0])
        if s.log is not None:
            s.log.append(Marked(actor, action.targets[0], "jester"))


def paid_seat(s: GameState, round_winners: Iterable[int]) -> int | None:
    """The Jester's player, if the marked player is among the round's winners."""
    if s.jester is None:
        return None
    owner, marked = s.jester
    return owner if marked in round_winners else None
