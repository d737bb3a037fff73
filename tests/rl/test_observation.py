"""The observation vector says what the view says: blocks read back equal the view's own fields (hand, card
tracker, tokens, discard piles in order, what each seat knows), within the space's bounds, at every ruleset."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.rl.conftest import NO_RL

pytest.importorskip("numpy", reason=NO_RL)

import numpy as np

from loveletter.engine import Game, View
from loveletter.rl import Encoder
from tests.bots.helpers import ALL_TABLES


def read_back(encoder: Encoder, obs: np.ndarray, view: View) -> None:
    """Check the blocks of ``obs`` against ``view``."""
    cards = encoder.cards
    k = len(cards)

    def block(name: str) -> np.ndarray:
        start, length = encoder.offsets[name]
        return obs[start : start + length]

    def counts(of: tuple[str, ...]) -> list[float]:
        seen = Counter(of)
        return [float(seen[c]) for c in cards]

    assert block("seat").tolist() == [float(p == view.seat) for p in range(view.players)]
    assert block("hand").tolist() == counts(view.hand)
    assert block("unseen").tolist() == [float(view.unseen()[c]) for c in cards]
    assert block("deck_size")[0] == view.deck_size
    for sv, at in zip(view.seats, encoder.seat_offsets, strict=True):
        assert obs[at["tokens"]] == sv.tokens and obs[at["in_round"]] == sv.in_round
        assert obs[at["protected"]] == sv.protected and obs[at["hand_size"]] == sv.hand_size
        assert obs[at["known"] : at["known"] + k].tolist() == counts(sv.known)
        pile = obs[at["discards"] : at["discards"] + encoder.pile * k].reshape(encoder.pile, k)
        assert [cards[int(row.argmax())] for row in pile[: len(sv.discards)]] == list(sv.discards)
        assert not pile[len(sv.discards) :].any()
    known_by = dict(view.known_by)
    for p, at in enumerate(encoder.seat_offsets):
        assert obs[at["knows_mine"] : at["knows_mine"] + k].tolist() == counts(known_by.get(p, ()))


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_the_vector_reads_back_as_the_view(ruleset: str, players: int) -> None:
    encoder = Encoder(ruleset, players)
    rng = random.Random(f"obs/{ruleset}/{players}")
    checked = 0
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        while not game.over:
            for seat in range(players):
                view = game.view(seat)
                obs = encoder.encode(view)
                assert obs.dtype == np.float32 and obs.shape == (encoder.size,)
                assert (obs >= 0).all() and (obs <= encoder.high).all()
                read_back(encoder, obs, view)
                checked += 1
            if game.round_over:
                game.next_round()
            else:
                game.push(rng.choice(game.legal_actions()))
    assert checked > 50
