"""Recorded games the coach's tests weigh."""

from __future__ import annotations

import random

from loveletter.records import GameRecord, Seat
from tests.support import deal, play, random_playout


def blunder(*, finish: bool = True) -> GameRecord:
    """Ana sees Bot's King with her Priest; Bot misses with a Guard and keeps the King; Ana, holding a Baron and a
    Guard, plays the Baron on the King (and is out) instead of the Guard naming the King. Then the game is played
    out at random."""
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Baron", "Guard", "Guard"])
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed=5)
    play(game, "Priest>1", "Guard>0=Princess", "Baron>1")
    if finish:
        random_playout(game, random.Random(1))
    record.update(game)
    return record
