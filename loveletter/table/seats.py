"""Who sits at the table: people and computer players, stacked deals, and the random source for a first
player nobody is asked to choose."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person (``level=None``) or a computer player of that level."""

    name: str
    level: str | None = None

    @property
    def computer(self) -> bool:
        return self.level is not None


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """A round dealt from a known deck (top card first); ``first_player=None`` lets the rules choose."""

    deck: tuple[str, ...]
    first_player: int | None = None


def first_player_rng(seed: int | None) -> random.Random:
    """The random source that picks who starts a round when the host may choose but nobody is asked (no
    terminal, or only computer players): derived from the game's seed, so the same seed gives the same game,
    and apart from the engine's own, which it leaves untouched."""
    return random.Random(None if seed is None else f"first player {seed}")
