"""How strong is your agent? :func:`evaluate` plays a policy against the built-in players (or other policies) and
gives its win rate with a 95% interval, as ``loveletter tournament`` measures bots: each deal is played once per
seat, the policy taking every seat of the table in turn on the same shuffled decks, so that the luck of the deal
falls to everyone alike, and the interval takes the deal as its unit (:mod:`loveletter.arena.intervals`).

>>> import numpy as np
>>> first_legal = lambda observation, mask: int(np.flatnonzero(mask)[0])
>>> result = evaluate(first_legal, "random", ruleset="classic", games=20, seed=1)
>>> result.games, result.deals, 0 <= result.low <= result.win_rate <= result.high <= 1
(20, 10, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from loveletter.arena.games import derive_seed
from loveletter.arena.intervals import ClusteredScore
from loveletter.bots import make_bot
from loveletter.engine import Game, Ruleset, load_ruleset
from loveletter.rl.actions import mode_of
from loveletter.rl.gym import opponents_of
from loveletter.rl.policy import Chooser, as_policy


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What :func:`evaluate` measured. ``win_rate`` is the policy's score per game: 1 for a game it won alone,
    1/k for a win shared by k players, 0 for a loss (random play at n seats scores about 1/n); ``low`` and
    ``high`` bound it with 95% confidence."""

    win_rate: float
    low: float
    high: float
    games: int
    deals: int
    wins: float
    opponents: tuple[str, ...]
    ruleset: str
    seed: int

    @property
    def interval(self) -> tuple[float, float]:
        return self.low, self.high

    def __str__(self) -> str:
        return (
            f"{self.win_rate:.1%} of {self.games} games against {', '.join(self.opponents)} ({self.ruleset}; "
            f"95% interval {self.low:.1%}-{self.high:.1%}; {self.deals} deals, each at every seat)"
        )


def evaluate(
    policy: Any,
    opponents: Any = "easy",
    *,
    ruleset: Ruleset | str = "2019",
    games: int = 200,
    seed: int = 0,
    scaled: bool = False,
    deterministic: bool = True,
) -> Evaluation:
    """Play ``policy`` (anything :func:`~loveletter.rl.policy.as_policy` takes) against ``opponents`` (one per
    other seat, as :class:`~loveletter.rl.gym.LoveLetterEnv` takes them: ``"easy"``, ``"easy,hard:500"``, or a
    list that may hold policies) for at least ``games`` games (rounded up to whole deals: a deal is played once
    per seat), and return its win rate with its interval. The same ``seed`` plays the same games: deals, seats and
    the built-in players' choices (a policy that samples its actions draws from its own source). ``scaled``: the
    policy takes scaled observations."""
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    others = opponents_of(opponents, scaled=scaled)
    n = len(others) + 1
    mode_of(rs, n)
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    me = Chooser(as_policy(policy, deterministic=deterministic), scaled=scaled)
    members: list[Any] = [me, *others]  # member i sits at seat (i + rotation) % n
    deals = math.ceil(games / n)
    score = ClusteredScore()
    for deal in range(deals):
        for rotation in range(n):
            seats = [members[(s - rotation) % n] for s in range(n)]
            rngs = [random.Random(derive_seed(seed, "bot", deal, (s - rotation) % n)) for s in range(n)]
            winners = _play(rs, seats, rngs, derive_seed(seed, "deal", deal))
            score.add(1 / len(winners) if rotation in winners else 0.0, deal)
    low, high = score.interval()
    names = tuple(item if isinstance(item, str) else _name(item) for item in _listed(opponents))
    return Evaluation(
        win_rate=score.mean(),
        low=low,
        high=high,
        games=score.games,
        deals=deals,
        wins=score.total,
        opponents=names,
        ruleset=rs.name,
        seed=seed,
    )


def _play(ruleset: Ruleset, seats: list[Any], rngs: list[random.Random], seed: int) -> tuple[int, ...]:
    """One game; ``seats[s]`` is a :class:`Chooser` or a built-in level ``(name, budget)``. The game's winners."""
    n = len(seats)
    host = random.Random(derive_seed(seed, "host")) if ruleset.flags.first_player_mode == "choose" else None
    game = Game(ruleset, n, seed=seed, first_player=host.randrange(n) if host else None, record=False)
    state = game.state
    players = [
        seat if isinstance(seat, Chooser) else make_bot(seat[0], rng=rng, budget=seat[1])
        for seat, rng in zip(seats, rngs, strict=True)
    ]
    while True:
        decider = state.decider
        if decider is None:
            if game.over:
                return game.winners
            game.next_round(first_player=host.choice(game.first_player_choices()) if host else None)
            continue
        player = players[decider]
        if isinstance(player, Chooser):
            game.push(player.choose_in(state, decider))
        else:
            game.push(player.choose(state.view(decider)))


def _listed(opponents: Any) -> list[Any]:
    if isinstance(opponents, str):
        return [item.strip() for item in opponents.split(",")]
    return list(opponents) if isinstance(opponents, list | tuple) else [opponents]


def _name(policy: Any) -> str:
    return getattr(policy, "__name__", None) or type(policy).__name__
