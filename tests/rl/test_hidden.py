"""Hidden information is enforced: re-dealing every card a seat cannot see (the other hands' unknown cards, the
deck except what the seat put under it, the set-aside card) changes neither that seat's observation vector nor
its action mask, at every bundled ruleset and player count, at every kind of decision (as
``tests/bots/test_view_only.py`` checks the computer players)."""

from __future__ import annotations

import random

import pytest

from tests.rl.conftest import NO_RL

pytest.importorskip("numpy", reason=NO_RL)

import numpy as np

from loveletter.rl import ActionTable, Encoder
from tests.bots.helpers import ALL_TABLES, hidden_cards, positions_by_kind, redeal


def mask(table: ActionTable, legal: tuple[object, ...]) -> np.ndarray:
    out = np.zeros(len(table), dtype=np.int8)
    out[list(table.legal_indices(legal))] = 1  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_observations_and_masks_do_not_depend_on_hidden_cards(ruleset: str, players: int) -> None:
    encoder, table = Encoder(ruleset, players), ActionTable(ruleset, players)
    rng = random.Random(f"rl/{ruleset}/{players}")
    checked = changed = 0
    for states in positions_by_kind(ruleset, players, seed=players, count=2).values():
        for state in states:
            for seat in range(players):  # the deciding seat and those waiting
                other = redeal(state, seat, rng)
                changed += hidden_cards(other, seat) != hidden_cards(state, seat)
                assert np.array_equal(encoder.encode(other.view(seat)), encoder.encode(state.view(seat)))
                assert np.array_equal(encoder.observe(other, seat), encoder.observe(state, seat))  # the fast path
                assert np.array_equal(mask(table, other.legal_actions(seat)), mask(table, state.legal_actions(seat)))
                checked += 1
    assert changed >= checked // 2  # the re-deals really moved hidden cards


def test_an_observation_does_change_with_what_the_seat_sees() -> None:
    """The other side: the vector is not blind. A seat's own hand is in it, so re-dealing the whole table
    (the observer's hand too) changes it."""
    encoder = Encoder("2019", 2)
    for states in positions_by_kind("2019", 2, seed=1, count=1).values():
        state = states[0]
        seat = state.decider
        assert seat is not None
        twin = state.copy()
        mine = twin.hands[seat]
        swap = next(c for c in twin.deck if c not in mine)
        index = twin.deck.index(swap)
        twin.deck[index], mine[0] = mine[0], swap
        assert not np.array_equal(encoder.encode(twin.view(seat)), encoder.encode(state.view(seat)))
