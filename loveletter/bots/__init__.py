"""Computer players. Every level decides from its seat's view only.

* ``random``: uniform over the legal actions (a baseline, and the engine's test driver);
* ``easy``: card counting and a one-look heuristic (:mod:`loveletter.bots.easy`);
* ``hard``: determinized Monte Carlo search with heuristic play-outs (:mod:`loveletter.bots.hard`).

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=1)
>>> seat = game.decider
>>> all(make_bot(level, seed=5).choose(game.view(seat)) in game.legal_actions() for level in LEVELS)
True
"""

from __future__ import annotations

import random

from loveletter.bots.base import Bot, RandomBot, reads_history, tell_game_over
from loveletter.bots.easy import EasyBot
from loveletter.bots.hard import HardBot
from loveletter.bots.hard_v1 import HardV1Bot
from loveletter.bots.hard_v2 import HardV2Bot

#: The levels, weakest first.
LEVELS = ("random", "easy", "hard")
#: Fixed reference levels for measuring the others (``benchmarks/bots.py``, ``loveletter simulate``); players
#: are not offered them.
REFERENCE_LEVELS = ("hard-v1", "hard-v2")


def make_bot(
    level: str,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    budget: int | None = None,
    seconds: float | None = None,
) -> Bot:
    """A computer player of ``level`` with its own random source (``rng``, or one seeded with ``seed``).

    ``budget`` and ``seconds`` set the effort per decision of ``hard``, ``hard-v1`` and ``hard-v2`` (moves
    simulated, and an optional time limit); the other levels ignore them."""
    source = rng if rng is not None else random.Random(seed)
    if level == "random":
        return RandomBot(source)
    if level == "easy":
        return EasyBot(source)
    if level == "hard":
        return HardBot(source, budget=budget, seconds=seconds)
    if level == "hard-v1":
        return HardV1Bot(source, budget=budget, seconds=seconds)
    if level == "hard-v2":
        return HardV2Bot(source, budget=budget, seconds=seconds)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS + REFERENCE_LEVELS)}")


__all__ = [
    "LEVELS",
    "REFERENCE_LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "HardV1Bot",
    "HardV2Bot",
    "RandomBot",
    "make_bot",
    "reads_history",
    "tell_game_over",
]
