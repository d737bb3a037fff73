"""Who sits at the table: people and computer players, stacked deals, and the random source for a first
player nobody is asked to choose."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from loveletter.bots import Bot, make_bot


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person (``level=None``) or a computer player of that level. A user's own bot
    (``play --level FILE.py:CLASS``) has as level what was typed, and ``bot``: where it is, as its record keeps it
    (``loveletter.records.Seat.bot``), so that ``resume`` starts it again."""

    name: str
    level: str | None = None
    bot: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def computer(self) -> bool:
        return self.level is not None


#: Makes the computer player of one seat for one game: the seat's index, the seat, and its random source's seed.
MakeBot = Callable[[int, Seat, int | None], Bot]


def built_in(index: int, seat: Seat, seed: int | None) -> Bot:
    """A seat's computer player of a built-in level (what a table seats unless told otherwise)."""
    assert seat.level is not None
    return make_bot(seat.level, seed=seed)


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
