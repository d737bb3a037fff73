"""What a computer player is: something that picks a legal action from a seat's view."""

from __future__ import annotations

import random
from typing import Protocol

from loveletter.engine import Action, View
from loveletter.engine.draws import choice


class Bot(Protocol):
    """A computer player. It sees only its seat's :class:`View` (never the full state) and must return one of
    ``view.legal_actions``. Its randomness comes from its own ``random.Random``, never the game's."""

    level: str

    def choose(self, view: View) -> Action: ...


def reads_history(bot: object) -> bool:
    """Whether ``bot`` reads its views' history (``reads_history = True`` on its class): a game played only by
    bots that do not can skip building events (``Game(record=False)``), whose views have no history."""
    return bool(getattr(bot, "reads_history", False))


def tell_game_over(bot: object, winners: tuple[int, ...], tokens: tuple[int, ...]) -> None:
    """Tell ``bot`` how its game ended, if it listens (a ``game_over(winners, tokens)`` method: a bot in a
    process of its own passes it on, as the bot protocol's ``end``)."""
    told = getattr(bot, "game_over", None)
    if told is not None:
        told(winners, tokens)


class RandomBot:
    """Uniform over the legal actions: a baseline, and a driver for engine tests."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        return choice(self.rng, view.legal_actions)  # rng.choice's very draw, cheaper
