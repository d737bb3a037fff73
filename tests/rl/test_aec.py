"""The PettingZoo environment: PettingZoo's own API, seed and render tests at every ruleset (a house file too)
and a spread of player counts; rewards; the illegal-action behaviour; bad arguments."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

from tests.rl.conftest import NO_RL

pytest.importorskip("pettingzoo", reason=NO_RL)

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]

from loveletter.engine import RulesetError, View
from loveletter.rl import env, loveletter_v0, raw_env

TABLES = [
    ("2019", 2),
    ("2019", 6),
    ("classic", 3),
    ("original2012", 4),
    ("premium", 2),
    ("premium", 5),
    ("premium", 8),
]
#: PettingZoo's warnings about every Dict observation (its own classic games raise them too).
DICT_OBSERVATION = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def quiet(run: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION)]
    assert not unexpected


def tables_and_house(house: str) -> list[tuple[str, int]]:
    return [*TABLES, (house, 3)]


@pytest.mark.parametrize("case", range(len(TABLES) + 1), ids=[f"{r}-{n}p" for r, n in TABLES] + ["house-3p"])
def test_pettingzoo_api_seed_and_render_tests_pass(case: int, house_ruleset: str) -> None:
    ruleset, players = tables_and_house(house_ruleset)[case]

    def make(render_mode: str | None = None) -> Any:
        return env(ruleset=ruleset, players=players, render_mode=render_mode)

    quiet(lambda: api_test(make(), num_cycles=60))
    quiet(lambda: seed_test(make, num_cycles=60))
    quiet(lambda: render_test(make))


def play_out(the_env: Any, seed: int, choose: Any) -> list[tuple[str, int, bytes, bytes]]:
    """Play a whole game with ``choose(mask) -> action``; the trajectory (agent, action, observation, mask)."""
    the_env.reset(seed=seed)
    trajectory = []
    for agent in the_env.agent_iter():
        obs, _, done, cut, _ = the_env.last()
        if done or cut:
            the_env.step(None)
            continue
        action = choose(obs["action_mask"])
        trajectory.append((agent, action, obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        the_env.step(action)
    return trajectory


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def test_reset_with_a_seed_plays_the_same_game_again_and_another_seed_another() -> None:
    the_env = raw_env(ruleset="2019", players=3)
    first = play_out(the_env, 7, first_legal)
    assert play_out(the_env, 7, first_legal) == first
    assert play_out(raw_env(ruleset="2019", players=3), 7, first_legal) == first
    assert play_out(the_env, 8, first_legal) != first


def test_the_winners_of_the_game_get_one_and_the_others_nothing() -> None:
    the_env = loveletter_v0.env(ruleset="classic", players=3)
    the_env.reset(seed=3)
    total = dict.fromkeys(the_env.possible_agents, 0.0)
    for agent in the_env.agent_iter():
        obs, reward, done, cut, info = the_env.last()
        total[agent] += reward
        if done or cut:
            assert isinstance(info["view"], View) and info["view"].winners
            the_env.step(None)
            continue
        assert isinstance(info["view"], View) and info["view"].seat == int(agent.split("_")[1])
        assert (info["action_mask"] == obs["action_mask"]).all()
        the_env.step(first_legal(obs["action_mask"]))
    game = the_env.unwrapped.game
    assert game.over and game.winners
    assert total == {f"player_{p}": 1.0 if p in game.winners else 0.0 for p in range(3)}


def test_round_rewards_give_one_to_each_round_winner() -> None:
    """In the classic game a round's winners get one token each and nothing else gives tokens: so each agent's
    total of round rewards is its tokens at the end."""
    the_env = raw_env(ruleset="classic", players=4, rewards="round")
    the_env.reset(seed=11)
    total = dict.fromkeys(the_env.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in the_env.agent_iter():
        _, reward, done, cut, info = the_env.last(observe=False)
        total[agent] += reward
        if done or cut:
            the_env.step(None)
            continue
        the_env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert the_env.game is not None
    tokens = the_env.game.tokens
    assert total == {f"player_{p}": float(tokens[p]) for p in range(4)}
    assert sum(tokens) > 4  # several rounds


def test_an_illegal_action_raises_a_clear_error_in_the_raw_environment() -> None:
    the_env = raw_env(ruleset="classic", players=2)
    the_env.reset(seed=1)
    mask = the_env.infos[the_env.agent_selection]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=rf"player_\d: action {illegal} \(.+\) is not legal now; legal: \d+ \("):
        the_env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        the_env.step(len(mask) + 3)


def test_an_illegal_action_ends_the_wrapped_game_with_a_penalty() -> None:
    the_env = env(ruleset="classic", players=2)
    the_env.reset(seed=1)
    cheat = the_env.agent_selection
    mask = the_env.observe(cheat)["action_mask"]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        the_env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(the_env.terminations.values())
    assert the_env._cumulative_rewards[cheat] == -1
    assert all(r == 0 for agent, r in the_env._cumulative_rewards.items() if agent != cheat)


def test_the_mask_marks_only_the_deciding_agent_and_the_notation_names_its_actions() -> None:
    the_env = raw_env(ruleset="2019", players=4)
    the_env.reset(seed=5)
    decider = the_env.agent_selection
    for agent in the_env.agents:
        mask = the_env.observe(agent)["action_mask"]
        assert mask.any() == (agent == decider)
    legal = {str(a) for a in the_env.view(decider).legal_actions}
    mask = the_env.observe(decider)["action_mask"]
    assert {the_env.action_to_notation(int(i)) for i in np.flatnonzero(mask)} == legal
    assert all(mask[the_env.notation_to_action(text)] for text in legal)


def test_ansi_render_returns_the_deciding_seats_table() -> None:
    the_env = raw_env(ruleset="2019", players=2, render_mode="ansi")
    the_env.reset(seed=2)
    text = the_env.render()
    assert isinstance(text, str)
    decider = the_env.agent_selection
    assert f"{decider} (you)" in text and "Love Letter" in text
    for card in the_env.view(decider).hand:
        assert card in text


def test_bad_arguments_are_one_clear_error() -> None:
    with pytest.raises(RulesetError, match="no bundled ruleset"):
        raw_env(ruleset="1999")
    with pytest.raises(ValueError, match="seats 2 to 6 players, not 7"):
        raw_env(ruleset="2019", players=7)
    with pytest.raises(ValueError, match="rewards must be"):
        raw_env(rewards="turn")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode must be"):
        raw_env(render_mode="rgb_array")


def test_the_view_in_infos_is_the_decision_s_even_though_it_is_built_when_read() -> None:
    """The deciding agent's view is built only when read (a fifth of a step saved for learners that read the
    mask alone): read before the step it is the view of that moment, in every way a dict is read; unread, it is
    gone once the agent steps rather than showing a later moment; copies and pickles hold it as a plain dict."""
    import copy
    import pickle

    the_env = raw_env(ruleset="2019", players=3)
    the_env.reset(seed=5)
    rng = np.random.default_rng(0)
    for step in range(60):
        agent = the_env.agent_selection
        if the_env.terminations[agent]:
            break
        info = the_env.infos[agent]
        seat = int(agent.split("_")[1])
        expected = the_env.unwrapped.game.view(seat)
        assert set(info) == {"view", "action_mask"} and "view" in info and len(info) == 2
        read: Callable[[Any], Any] = [
            lambda i: i["view"],
            lambda i: i.get("view"),
            lambda i: dict(i)["view"],
            lambda i: {**i}["view"],
            lambda i: dict(i.items())["view"],
            lambda i: i.copy()["view"],
            lambda i: copy.deepcopy(i)["view"],
            lambda i: pickle.loads(pickle.dumps(i))["view"],
        ][step % 8]
        if step % 9 != 8:  # now and then the view is left unread
            assert read(info) == expected
        mask = info["action_mask"]
        the_env.step(int(rng.choice(np.flatnonzero(mask))))
        if step % 9 == 8:
            assert "view" not in info and info.get("view") is None and set(info) == {"action_mask"}
            with pytest.raises(KeyError):
                info["view"]
        else:
            assert info["view"] == expected  # read once, it stays the decision's
        assert type(copy.deepcopy(info)) is dict and type(pickle.loads(pickle.dumps(info))) is dict
