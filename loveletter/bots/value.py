"""What a finished round is worth: the chance of winning the game from the tokens it leaves.

A search plays to the end of the round and scores the tokens, not the round: winning a round matters more when
the game is close, and a Spy's or a Jester's token counts as much as a round. The model behind the score is
simple on purpose: every later round is won by one participant, each as likely as the others.

>>> from loveletter.engine import load_ruleset
>>> v = GameValue(2, goal=6, shared=True)
>>> v.chance((0, 0), 0)
0.5
>>> round(v.chance((5, 0), 0), 3)      # one more round won in the next six
0.984
>>> v.chance((6, 6), 1)                # a shared win counts as a win
1.0
"""

from __future__ import annotations

from functools import lru_cache

from loveletter.engine import GameState, Phase


class GameValue:
    """The chance that ``seat`` wins the game given the tokens, in a game of ``players`` seats to ``goal``."""

    def __init__(self, players: int, *, goal: int, shared: bool) -> None:
        self.players = players
        self.goal = goal
        #: Several players reaching the goal together all win (``shared``), or play a tie-break round.
        self.shared = shared
        self._chance = lru_cache(maxsize=None)(self._compute)

    def __getstate__(self) -> dict[str, object]:
        # Its cache is a function of this object: a copy (an environment's opponents, pickled) starts its own.
        return {"players": self.players, "goal": self.goal, "shared": self.shared}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._chance = lru_cache(maxsize=None)(self._compute)

    def chance(self, tokens: tuple[int, ...] | list[int], seat: int, tiebreak: tuple[int, ...] | None = None) -> float:
        if tiebreak is not None:
            return 1.0 / len(tiebreak) if seat in tiebreak else 0.0
        goal = self.goal
        mine = min(tokens[seat], goal)
        others = tuple(sorted(min(t, goal) for i, t in enumerate(tokens) if i != seat))
        return self._chance(mine, others)

    def _compute(self, mine: int, others: tuple[int, ...]) -> float:
        goal = self.goal
        reached = sum(1 for t in others if t >= goal)
        if mine >= goal:
            return 1.0 if self.shared or not reached else 1.0 / (reached + 1)
        if reached:
            return 0.0
        # One more round: we win it, or one of the others does.
        total = self._chance(mine + 1, others)
        last = 0.0
        for i, t in enumerate(others):
            if i and others[i - 1] == t:
                total += last
                continue
            bumped = tuple(sorted((*others[:i], t + 1, *others[i + 1 :])))
            last = self._chance(mine, bumped)
            total += last
        return total / (len(others) + 1)

    def of_state(self, s: GameState, seat: int) -> float:
        """Score of a state whose round is over (or a finished game) for ``seat``."""
        if s.phase is Phase.GAME_OVER:
            winners = s.winners
            if seat not in winners:
                return 0.0
            return 1.0 if self.shared else 1.0 / len(winners)
        return self.chance(s.tokens, seat, s.tiebreak)

    @classmethod
    def for_state(cls, s: GameState) -> GameValue:
        return cls(s.n, goal=s.goal, shared=s.mode.game_tie == "shared")
