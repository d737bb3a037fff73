"""Card effects, one module per card, looked up by the effect name a ruleset gives each card type.

To find what a card does, open the module named after it (``guard.py``, ``dowager_queen.py``...). Rules that
belong to a card but act elsewhere live in its module too: the Countess's restriction, the Spy's and the
Jester's round-end bonuses, the Count's deck-out bonus, the Constable's knock-out token, the Assassin's reaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loveletter.engine.effects import (
    assassin,
    baron,
    baroness,
    bishop,
    cardinal,
    chancellor,
    constable,
    count,
    countess,
    dowager_queen,
    guard,
    handmaid,
    jester,
    king,
    priest,
    prince,
    princess,
    spy,
    sycophant,
)
from loveletter.engine.effects.base import Effect

if TYPE_CHECKING:
    from loveletter.engine.ruleset import Mode, Ruleset

#: Effect name (as written in a ruleset file) -> the class implementing it.
EFFECTS: dict[str, type[Effect]] = {
    cls.name: cls
    for cls in (
        princess.Princess, countess.Countess, king.King, chancellor.Chancellor, prince.Prince,
        handmaid.Handmaid, baron.Baron, priest.Priest, guard.Guard, spy.Spy, bishop.Bishop,
        dowager_queen.DowagerQueen, constable.Constable, count.Count, sycophant.Sycophant,
        baroness.Baroness, cardinal.Cardinal, jester.Jester, assassin.Assassin,
    )
}  # fmt: skip


def effects_for(ruleset: Ruleset, mode: Mode) -> dict[str, Effect]:
    """Card id -> effect instance for one mode of a ruleset."""
    return {c.id: EFFECTS[c.effect](ruleset, mode) for c in mode.cards}


__all__ = ["EFFECTS", "Effect", "effects_for"]
