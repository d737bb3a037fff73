"""The round read from a view's history matches what the public really saw before each decision."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import Game, Phase
from loveletter.engine import events as ev
from loveletter.engine.moments import public_moments
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
    moments = public_moments(view)
    assert len(moments) == len(truth) == len(view.plays)
    for m, (discards, alive, protected, deck, sycophant, jester), knocked in zip(moments, truth, outcomes, strict=True):
        assert m.discards == discards, f"decision {m.index}"
        assert m.alive == alive
        assert m.protected == protected
        assert m.deck_size == deck
        assert m.sycophant == sycophant
        assert m.jester == jester
        assert set(m.knocked_out) == set(knocked)


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_each_moment_says_what_the_engine_said_of_the_decision(ruleset: str, players: int) -> None:
    """A Guard's or Bishop's miss, a Bishop's hit, a trade and a comparison, as the engine's own events say."""
    rng = random.Random(f"outcomes/{ruleset}/{players}")
    checked = 0
    for game_seed in range(4):
        game = Game(ruleset, players, seed=game_seed)
        said: list[dict[str, object]] = []
        while not game.over:
            if game.round_over:
                game.next_round()
                said = []
                continue
            chancellor = game.state.phase is Phase.CHANCELLOR
            events = game.push(_steer(game.state, game.legal_actions(), rng))
            if chancellor:
                continue
            guesses = [e for e in events if isinstance(e, ev.Guessed)]
            swaps = [e for e in events if isinstance(e, ev.Swapped)]
            said.append(
                {
                    "missed": bool(guesses) and not guesses[0].correct,
                    "bishop_hit": any(isinstance(e, ev.TokenAwarded) and e.reason == "bishop" for e in events),
                    "swapped": (swaps[0].a, swaps[0].b) if swaps else None,
                    "tied": any(isinstance(e, ev.Compared) and e.loser is None for e in events),
                }
            )
            moments = public_moments(game.view(rng.randrange(players)))
            assert len(moments) == len(said)
            for m, truth in zip(moments, said, strict=True):
                assert (m.missed, m.bishop_hit, m.swapped, m.tied is not None) == tuple(truth.values())
                checked += 1
    assert checked > 100
