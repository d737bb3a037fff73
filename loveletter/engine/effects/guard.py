"""Guard (1): choose another player and name a card (or, in premium, a number); a match knocks them out.

The Guard may not name itself (by card: the Guard; by number: the Guard's value). In premium's 5-8 player game a
named number hits every card of that value, and a Guard that chooses the Assassin's holder triggers the Assassin
instead, whatever was named (see ``assassin.py``). A Guard with nobody to choose, or nothing it may name, is
played without effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Play
from loveletter.engine.effects import assassin
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import Guessed
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState


class Guard(Effect):
    name = "guard"
    traits = Traits(targets="another", names="card")

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        super().__init__(ruleset, mode)
        self.names = mode.guard_names
        self.by_number = mode.guard_naming == "number"
        self.assassins = frozenset(c.id for c in mode.cards if c.effect == "assassin")

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def build_plays(self, card: str, targets: tuple[int, ...]) -> tuple[Play, ...]:
        # With nothing to name (a house deck of Guards only) the Guard does nothing, as with nobody to choose.
        if not targets or not self.names:
            return (Play(card),)
        return tuple(Play(card, (t,), name) for t in targets for name in self.names)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        target = action.targets[0]
        held = s.hands[target][0]
        if held in self.assassins:
            assassin.strike(s, holder=target, guard_player=actor)
            return
        named = action.named
        assert named is not None
        hit = (s.tables.value[held] == named) if self.by_number else (held == named)
        if s.log is not None:
            s.log.append(Guessed(actor, target, named, hit))
        if hit:
            s.knock_out(target, "guard")
