"""Every level decides from its seat's view only: re-dealing every card the seat cannot see (the other hands'
unknown cards, the deck, the set-aside card) never changes its decision, given the same random stream."""

from __future__ import annotations

import random

import pytest

from loveletter.bots import LEVELS, make_bot
from tests.bots.helpers import TABLES, hidden_cards, positions, redeal

#: A small search budget keeps the hard level quick here; the budget does not change what it may look at.
BUDGET = {"hard": 200}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_decision_does_not_depend_on_hidden_cards(level: str, ruleset: str, players: int) -> None:
    rng = random.Random(f"{level}/{ruleset}/{players}")
    count = 6 if level == "hard" else 25
    changed = 0
    for i, game in enumerate(positions(ruleset, players, seed=7 + players, count=count)):
        seat = game.decider
        assert seat is not None
        other = redeal(game.state, seat, rng)
        changed += hidden_cards(other, seat) != hidden_cards(game.state, seat)
        assert other.view(seat) == game.view(seat)
        first = make_bot(level, seed=i, budget=BUDGET.get(level)).choose(game.view(seat))
        second = make_bot(level, seed=i, budget=BUDGET.get(level)).choose(other.view(seat))
        assert first is second, f"{level} at {ruleset} {players}p changed its mind: {first} / {second}"
        assert first in game.legal_actions()
    assert changed >= count // 2  # the re-deals really moved hidden cards
