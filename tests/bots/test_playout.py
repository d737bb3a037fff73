"""The ``hard`` player's play-outs: the heuristic's scores remembered by situation are the scores it would work out
again, and a play-out is the tree's play-out, move for move, on the same random stream."""

from __future__ import annotations

import random

import pytest

from loveletter.bots.beliefs import SEARCHER_HABITS
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import Scorer
from loveletter.bots.hard import Stream
from loveletter.bots.playout import Playouts, Situations, situation
from loveletter.bots.tree import Tree
from loveletter.engine import GameState
from loveletter.engine.determinize import Determinizer
from tests.bots.helpers import TABLES, decisions


def won(s: GameState, seat: int) -> float:
    return float(seat in (s.result.winners if s.result else s.winners))


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_remembered_scores_are_the_scores_worked_out_again(ruleset: str, players: int) -> None:
    rng = random.Random(players)
    situations = Situations()
    for game, seat in decisions(ruleset, players, seed=20 + players, count=25):
        sampler = Determinizer(game.view(seat))
        for _ in range(8):
            s = sampler.sample(rng)
            while s.decider is not None:
                legal = s.legal_actions()
                q = s.decider
                fresh = Scorer(Perspective.of_state(s, q))
                assert situations.of(s, q, legal) == [fresh.score(a) for a in legal], situation(s, q)
                s.apply(rng.choice(legal), record=False)
    assert situations.hits > 0


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("premium", 5)])
def test_a_play_out_is_the_trees_move_for_move(ruleset: str, players: int) -> None:
    rng = random.Random(1)
    for game, seat in decisions(ruleset, players, seed=40 + players, count=6):
        view = game.view(seat)
        depths = [2 if q == seat else 0 for q in range(players)]
        habits = [SEARCHER_HABITS if q != seat else None for q in range(players)]
        tree = Tree(seat, won, len(view.plays), depths)
        playouts = Playouts(seat, won, len(view.plays), depths)
        sampler = Determinizer(view)
        for i in range(150):
            base = sampler.sample(rng)
            action = view.legal_actions[i % len(view.legal_actions)]
            one, two = base.copy(), base.copy()
            one.apply(action, record=False)
            two.apply(action, record=False)
            assert tree.playout(one, Stream(i), habits) == playouts.playout(two, Stream(i), habits)
            assert one.plays == two.plays


def test_a_stream_is_a_random_source_that_repeats_for_its_seed() -> None:
    one, two = Stream(7), Stream(7)
    draws = [one.random() for _ in range(1000)]
    assert draws == [two.random() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in draws) and 0.45 < sum(draws) / len(draws) < 0.55
    counts = [0] * 5
    for _ in range(5000):
        counts[one.randrange(5)] += 1
    assert min(counts) > 900
    assert Stream(8).random() != Stream(7).random()
