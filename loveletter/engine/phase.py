"""The phases of a game: what it waits for next."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    PLAY = "play"  # the current player chooses a card to play
    CHANCELLOR = "chancellor"  # the current player keeps one card and returns the others (Chancellor)
    BISHOP = "bishop"  # the Bishop's target decides whether to discard and redraw
    ROUND_OVER = "round_over"  # the next round must be dealt
    GAME_OVER = "game_over"
