"""Bishop (9, premium 5-8 players): name a number (not 1) and choose another player. If their card has that
value, you gain a token at once (possibly winning the game mid-round); the target then decides whether to
discard their card and draw a new one. The Assassin does not react to the Bishop.

At a deck-out a Bishop cannot win the round while a remaining player holds the Princess (see ``scoring.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.actions import Action, Play, Redraw
from loveletter.engine.effects.base import Effect, no_effect, single_targets
from loveletter.engine.events import CardRevealed, Guessed, RedrawDecided
from loveletter.engine.phase import Phase
from loveletter.engine.traits import Traits

if TYPE_CHECKING:
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState, Plays

#: The target's choice after a correct guess: discard and draw, or keep their card.
_REDRAWS: tuple[Action, ...] = (Redraw(True), Redraw(False))
_REDRAW: Plays = (_REDRAWS, frozenset(_REDRAWS))


class Bishop(Effect):
    name = "bishop"
    traits = Traits(targets="another", names="value")

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        super().__init__(ruleset, mode)
        guard_values = {c.value for c in mode.cards if c.effect == "guard"}
        may_name_1 = ruleset.flags.bishop_may_name_1
        self.numbers = tuple(v for v in mode.values if may_name_1 or v not in guard_values)
        # A value that only one card type has: a correct guess on it shows that card to everyone.
        self.unique = {v: ids[0] for v in mode.values if len(ids := [c.id for c in mode.cards if c.value == v]) == 1}

    def options(self, s: GameState, actor: int, card: str) -> tuple[Play, ...]:
        return self.plays(card, single_targets(s, actor, include_self=False))

    def build_plays(self, card: str, targets: tuple[int, ...]) -> tuple[Play, ...]:
        if not targets:
            return (Play(card),)
        return tuple(Play(card, (t,), x) for t in targets for x in self.numbers)

    def resolve(self, s: GameState, actor: int, action: Play) -> None:
        if not action.targets:
            no_effect(s, actor, action.card)
            return
        target = action.targets[0]
        held = s.hands[target][0]
        correct = s.ruleset.cards[held].value == action.named
        if s.log is not None:
            assert action.named is not None
            s.log.append(Guessed(actor, target, action.named, correct))
        if not correct:
            return
        if action.named in self.unique:
            s.reveal_to_all(target)
            if s.log is not None:
                s.log.append(CardRevealed(target, held))
        s.award(((actor, "bishop"),))
        if s.phase is Phase.GAME_OVER:
            return
        s.phase = Phase.BISHOP
        s.decider = target

    def follow_up_actions(self, s: GameState) -> Plays:
        return _REDRAW

    def resolve_follow_up(self, s: GameState, action: Action) -> None:
        """The Bishop's target chose: discard (a Princess knocks them out) and draw, or keep their card."""
        redraw: bool = action.redraw  # type: ignore[union-attr]  # legality told the type
        target = s.decider
        assert target is not None
        s.decider = s.current
        if s.log is not None:
            s.log.append(RedrawDecided(target, redraw))
        if redraw and s.discard_hand(target, s.discards[s.current][-1]):
            s.redraw(target)
