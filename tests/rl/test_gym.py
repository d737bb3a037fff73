"""The Gymnasium environments: Gymnasium's own checker, masks for MaskablePPO, opponents, rewards, illegal
actions, seeds, and the solitaire's action space."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.rl.conftest import NO_RL

gymnasium = pytest.importorskip("gymnasium", reason=NO_RL)

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import loveletter.rl  # noqa: E402, F401  (registers the environments)
from loveletter.engine import View  # noqa: E402
from loveletter.rl.gym import LoveLetterEnv, LoveLetterSolitaireEnv  # noqa: E402
from loveletter.rl.solitaire import SolitaireActions  # noqa: E402
from loveletter.solitaire import SolitaireGame  # noqa: E402


@pytest.mark.parametrize(
    ("ruleset", "opponents"),
    [
        ("2019", "easy"),
        ("classic", "random,easy"),
        ("premium", "random,random,random,random"),
        ("original2012", "hard:50"),
    ],
)
def test_gymnasiums_checker_passes(ruleset: str, opponents: str) -> None:
    env = gymnasium.make("loveletter/LoveLetter-v0", ruleset=ruleset, opponents=opponents)
    check_env(env.unwrapped, skip_render_check=True)


def test_the_solitaire_passes_gymnasiums_checker() -> None:
    check_env(gymnasium.make("loveletter/LoveLetterSolitaire-v0").unwrapped, skip_render_check=True)


def play(env: Any, seed: int) -> tuple[float, list[int]]:
    """A whole episode of the first legal action each time: the return and the actions."""
    _, info = env.reset(seed=seed)
    total, actions, done = 0.0, [], False
    while not done:
        assert (env.action_masks() == info["action_mask"].astype(bool)).all()
        action = int(np.flatnonzero(info["action_mask"])[0])
        actions.append(action)
        _, reward, done, cut, info = env.step(action)
        assert not cut
        total += reward
    return total, actions


def test_an_episode_is_a_whole_game_won_or_lost_and_a_seed_repeats_it() -> None:
    env = LoveLetterEnv("classic", "easy,easy")
    results = [play(env, seed) for seed in range(6)]
    assert {r for r, _ in results} <= {0.0, 1.0}
    assert env.game is not None and env.game.over
    assert play(env, 3) == results[3]
    assert len({tuple(a) for _, a in results}) > 1


def test_the_learner_sits_where_asked_and_sees_its_own_view() -> None:
    env = LoveLetterEnv("2019", ["random", "random", "random"], seat=2)
    _, info = env.reset(seed=4)
    view = info["view"]
    assert isinstance(view, View) and view.seat == 2 and view.decider == 2 and info["seat"] == 2
    legal = {str(a) for a in view.legal_actions}
    assert {env.action_to_notation(int(i)) for i in np.flatnonzero(info["action_mask"])} == legal
    drawn = LoveLetterEnv("2019", "random,random")
    seats = set()
    for seed in range(12):
        _, info = drawn.reset(seed=seed)
        seats.add(info["seat"])
    assert seats == {0, 1, 2}


def test_round_rewards_count_the_rounds_the_learner_wins() -> None:
    env = LoveLetterEnv("classic", "random", seat=0, rewards="round")
    total, _ = play(env, 5)
    assert env.game is not None
    assert total == env.game.tokens[0]  # the classic game gives one token per round won, nothing else


def test_an_illegal_action_ends_the_episode_with_a_penalty_or_raises() -> None:
    env = LoveLetterEnv("classic", "easy")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    strict = LoveLetterEnv("classic", "easy", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match=rf"action {illegal} \(.+\) is not legal now; legal: "):
        strict.step(illegal)


def test_bad_arguments_are_one_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown opponent level 'expert'"):
        LoveLetterEnv("2019", "easy,expert")
    with pytest.raises(ValueError, match="only hard and hard-v1 take an effort"):
        LoveLetterEnv("2019", "easy:5")
    with pytest.raises(ValueError, match="seats 2 to 4 players, not 5"):
        LoveLetterEnv("classic", "easy,easy,easy,easy")
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        LoveLetterEnv("classic", "easy", seat=2)


def test_every_legal_solitaire_action_is_in_its_space() -> None:
    table = SolitaireActions()
    assert len(set(table.actions)) == len(table)
    rng = random.Random(3)
    seen: set[int] = set()
    for seed in range(150):
        game = SolitaireGame(seed=seed)
        while not game.over:
            legal = game.legal_actions()
            seen.update(table.index(a) for a in legal)  # raises for an action the table does not list
            game.push(rng.choice(legal))
    for index in seen:
        assert table.from_notation(table.to_notation(index)) == index
    assert len(seen) > 40


def test_a_solitaire_episode_ends_won_or_lost() -> None:
    env = LoveLetterSolitaireEnv()
    outcomes = {play(env, seed)[0] for seed in range(30)}
    assert outcomes <= {0.0, 1.0}
    assert env.game is not None and env.game.over


def test_ansi_render_draws_the_learners_table_and_the_solitaires_board() -> None:
    env = LoveLetterEnv("2019", "easy", seat=1, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "player_1 (you)" in text
    solitaire = LoveLetterSolitaireEnv(render_mode="ansi")
    solitaire.reset(seed=1)
    board = solitaire.render()
    assert isinstance(board, str) and f"deal {solitaire.deal}" in board and "Q7" in board
