"""The round rebuilt from a view's history of plays matches what the public really saw before each decision."""

from __future__ import annotations

import random

import pytest

from loveletter.bots.history import replay
from loveletter.engine import Game, Phase
from tests.bots.helpers import ALL_TABLES, _steer


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_the_replay_matches_the_table_before_every_decision(ruleset: str, players: int) -> None:
    rng = random.Random(f"history/{ruleset}/{players}")
    rounds = 0
    for game_seed in range(6):
        game = Game(ruleset, players, seed=game_seed)
        truth: list[tuple[object, ...]] = []
        outcomes: list[tuple[int, ...]] = []
        while not game.over:
            if game.round_over:
                _check(game, truth, outcomes, rng)
                rounds += 1
                truth, outcomes = [], []
                game.next_round()
                continue
            s = game.state
            # A Chancellor's keep is private: it is not one of the round's public decisions.
            if s.phase is not Phase.CHANCELLOR:
                truth.append(
                    (
                        tuple(tuple(pile) for pile in s.discards),
                        tuple(s.alive),
                        tuple(s.protected),
                        len(s.deck),
                        s.sycophant,
                        s.jester,
                    )
                )
                alive_before = list(s.alive)
                action = _steer(s, game.legal_actions(), rng)
                game.push(action)
                after = game.state
                knocked = tuple(q for q in range(players) if alive_before[q] and not after.alive[q])
                outcomes.append(knocked)
            else:
                game.push(_steer(s, game.legal_actions(), rng))
        if game.state.result is not None and game.state.result.reason != "interrupted":
            _check(game, truth, outcomes, rng)
    assert rounds >= 6


def _check(game: Game, truth: list[tuple[object, ...]], outcomes: list[tuple[int, ...]], rng: random.Random) -> None:
    view = game.view(rng.randrange(game.players))
    moments = replay(view)
    assert len(moments) == len(truth) == len(view.plays)
    for m, (discards, alive, protected, deck, sycophant, jester), knocked in zip(moments, truth, outcomes, strict=True):
        assert m.discards == discards, f"decision {m.index}"
        assert m.alive == alive
        assert m.protected == protected
        assert m.deck_size == deck
        assert m.sycophant == sycophant
        assert m.jester == jester
        assert set(m.knocked_out) == set(knocked)
