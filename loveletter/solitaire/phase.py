"""The phases of a solitaire game: what it waits for next."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    TURN = "turn"  # the player starts a turn: draw, or play the secret agent
    PLAY = "play"  # the player chooses how to play a hand card (after drawing) or the flipped agent
    CHOOSE = "choose"  # "hand or agent?": which own card a card affects
    OVER = "over"  # won or lost
