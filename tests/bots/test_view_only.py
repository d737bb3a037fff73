"""Every level decides from its seat's view only: re-dealing every card the seat cannot see (the other hands'
unknown cards, the deck, the set-aside card) never changes its decision, given the same random stream.

Positions are sampled by kind of decision (a Bishop's target choosing to redraw, a decision under a Sycophant's
marker, a Baroness, a Cardinal, a Bishop's number, a Guard's name, a Chancellor's keep, and any decision) at every
bundled ruleset and player count; and a bot that has played the round so far, remembering its earlier views (the
hard level's PlayReader), is checked the same way."""

from __future__ import annotations

import copy
import random

import pytest

from loveletter.bots import LEVELS, make_bot
from loveletter.engine import Game
from tests.bots.helpers import ALL_TABLES, hidden_cards, kinds_of_table, positions_by_kind, redeal

#: A small search budget keeps the hard level quick here; the budget does not change what it may look at.
BUDGET = {"hard": 200}
#: Positions per kind of decision and table, the same for every level.
PER_KIND = 2


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_a_decision_does_not_depend_on_hidden_cards(level: str, ruleset: str, players: int) -> None:
    rng = random.Random(f"{level}/{ruleset}/{players}")
    found = positions_by_kind(ruleset, players, seed=players, count=PER_KIND)
    assert sorted(found) == sorted(kinds_of_table(ruleset, players))
    checked = changed = 0
    for kind, states in found.items():
        for i, state in enumerate(states):
            seat = state.decider
            assert seat is not None
            other = redeal(state, seat, rng)
            changed += hidden_cards(other, seat) != hidden_cards(state, seat)
            view = state.view(seat)
            assert other.view(seat) == view
            first = make_bot(level, seed=i, budget=BUDGET.get(level)).choose(view)
            second = make_bot(level, seed=i, budget=BUDGET.get(level)).choose(other.view(seat))
            assert first == second, f"{level} at {ruleset} {players}p, {kind}: changed its mind: {first} / {second}"
            assert first in state.legal_actions()
            checked += 1
    assert changed >= checked // 2  # the re-deals really moved hidden cards


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 3), ("premium", 2), ("premium", 6)])
def test_a_bot_that_remembers_the_round_still_decides_from_its_views(level: str, ruleset: str, players: int) -> None:
    """Seat 1 is the bot for a whole game; at its later decisions of a round (when it remembers earlier views), a
    copy of it, memory included, is shown the view of a re-dealt state instead: it must decide the same."""
    seat = 1
    bot = make_bot(level, seed=5, budget=BUDGET.get(level))
    game = Game(ruleset, players, seed=21)
    rng = random.Random(f"memory/{level}/{ruleset}/{players}")
    checked = decisions = 0
    while not game.over and checked < 6:
        if game.round_over:
            game.next_round()
            decisions = 0
            continue
        decider = game.decider
        assert decider is not None
        if decider != seat:
            game.push(rng.choice(game.legal_actions()))
            continue
        decisions += 1
        view = game.view(seat)
        if decisions >= 2:
            other = redeal(game.state, seat, rng)
            assert other.view(seat) == view
            twin = copy.deepcopy(bot)
            second = twin.choose(other.view(seat))
            first = bot.choose(view)
            assert first == second, f"{level} with memory at {ruleset} {players}p changed its mind"
            checked += 1
        else:
            first = bot.choose(view)
        game.push(first)
    assert checked >= 2
