"""The observation vector says what the view says: blocks read back equal the view's own fields (hand, card
tracker, tokens, discard piles in order, what each seat knows), within the space's bounds, at every ruleset. The
fast path the environments take (``Encoder.observe``, from the state) gives the very vector of the view, and the
scaled vector is the raw one divided by its bounds."""

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


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_the_fast_path_from_the_state_gives_the_views_vector(ruleset: str, players: int) -> None:
    """Every seat at every step of random games, two games interleaved on one encoder (its template of the
    round follows the piles it is given: another game's or a new round's make a new one)."""
    encoder, scaled = Encoder(ruleset, players), Encoder(ruleset, players, scaled=True)
    rng = random.Random(f"fast/{ruleset}/{players}")
    games = [Game(ruleset, players, seed=seed, record=False) for seed in range(2)]
    checked = 0
    while not all(game.over for game in games):
        for game in games:
            if game.over:
                continue
            for seat in (rng.randrange(players), game.decider):
                if seat is None:
                    continue
                expected = encoder.encode(game.view(seat))
                assert np.array_equal(encoder.observe(game.state, seat), expected)
                fast, slow = scaled.observe(game.state, seat), scaled.encode(game.view(seat))
                assert np.array_equal(fast, slow) and (fast >= 0).all() and (fast <= 1).all()
                checked += 1
            if game.round_over:
                game.next_round()
            else:
                game.push(rng.choice(game.legal_actions()))
    assert checked > 50


def test_the_scaled_vector_is_the_raw_one_over_its_bounds() -> None:
    raw, scaled = Encoder("2019", 3), Encoder("2019", 3, scaled=True)
    assert (scaled.high == 1).all() and scaled.size == raw.size
    game = Game("2019", 3, seed=5)
    rng = random.Random(5)
    tokens = [at["tokens"] for at in raw.seat_offsets]
    while not game.over:
        view = game.view(0)
        a, b = raw.encode(view), scaled.encode(view)
        others = np.ones(raw.size, bool)
        others[tokens] = False
        assert np.allclose(b[others], a[others] / raw.high[others])
        goal = game.ruleset.tokens_to_win(3)
        assert np.allclose(b[tokens], np.minimum(a[tokens], goal) / goal)  # a seat's way to the goal
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
