"""Computer players. Every level decides from its seat's view only.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=1)
>>> bot = make_bot("random", seed=5)
>>> seat = game.decider
>>> bot.choose(game.view(seat)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from loveletter.bots.base import Bot, RandomBot

#: The levels, weakest first.
LEVELS = ("random",)


def make_bot(level: str, *, seed: int | None = None, rng: random.Random | None = None) -> Bot:
    """A computer player of ``level`` with its own random source (``rng``, or one seeded with ``seed``)."""
    source = rng if rng is not None else random.Random(seed)
    if level == "random":
        return RandomBot(source)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
