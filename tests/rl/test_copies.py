"""Everything copies and pickles, as training code needs: a ruleset (as its bundled name or its text), a view (as
its fields), a game state, an ``info`` dict and every environment, at every table, and a copy plays on exactly as
the original; Gymnasium's vector environments, in this process and in worker processes, run both Gymnasium
environments; Stable-Baselines3's ``make_vec_env`` and ``check_env`` take ``LoveLetter-v0`` as they find it
(skipped where sb3 is not installed)."""

from __future__ import annotations

import copy
import importlib.util
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from tests.rl.conftest import NO_RL

gymnasium = pytest.importorskip("gymnasium", reason=NO_RL)

import numpy as np  # noqa: E402

import loveletter.rl  # noqa: E402, F401  (registers the environments)
from loveletter.engine import Game, load_ruleset  # noqa: E402
from loveletter.engine.ruleset import bundled_names  # noqa: E402
from loveletter.rl import env, raw_env  # noqa: E402
from loveletter.rl.gym import LoveLetterEnv, LoveLetterSolitaireEnv  # noqa: E402
from loveletter.solitaire import load_solitaire_ruleset  # noqa: E402
from tests.bots.helpers import ALL_TABLES  # noqa: E402

NO_SB3 = "stable-baselines3 is not installed (it needs torch: see docs/how-to/research.md)"
TWICE = ("pickle", "deepcopy")


def twin(thing: Any, how: str) -> Any:
    return pickle.loads(pickle.dumps(thing)) if how == "pickle" else copy.deepcopy(thing)


def test_a_bundled_ruleset_pickles_as_its_name_and_is_the_same_object_again() -> None:
    for name in bundled_names():
        if name == "solitaire":
            continue
        rs = load_ruleset(name)
        data = pickle.dumps(rs)
        assert len(data) < 200 and name.encode() in data  # its name, not its contents
        assert pickle.loads(data) == rs and pickle.loads(data) is pickle.loads(data)
        assert copy.deepcopy(rs) is rs and copy.copy(rs) is rs  # immutable: a copy is itself


def test_a_ruleset_file_pickles_as_its_text(house_ruleset: str, tmp_path: Path) -> None:
    rs = load_ruleset(house_ruleset)
    data = pickle.dumps(rs)
    Path(house_ruleset).unlink()  # the text travels: the file is not read again
    again = pickle.loads(data)
    assert again == rs and again.text == rs.text and again.source == rs.source
    solitaire = load_solitaire_ruleset()
    assert pickle.loads(pickle.dumps(solitaire)) == solitaire and copy.deepcopy(solitaire) is solitaire


def test_a_ruleset_made_in_code_pickles_as_its_fields() -> None:
    import dataclasses

    rs = load_ruleset("classic")
    changed = dataclasses.replace(rs, title="Changed in code")  # its text no longer says what it is
    again = pickle.loads(pickle.dumps(changed))
    assert again == changed and again.title == "Changed in code" and dict(again.cards) == dict(rs.cards)


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_views_and_states_copy_and_pickle_and_play_on_alike(ruleset: str, players: int) -> None:
    rng = random.Random(f"copies/{ruleset}/{players}")
    game = Game(ruleset, players, seed=players, record=players % 2 == 0)  # views with a history, and without
    checked = 0
    while not game.over and checked < 40:
        if game.round_over:
            game.next_round()
            continue
        seat = rng.randrange(players)
        view = game.view(seat)
        spectator = game.view(None)
        for how in TWICE:
            assert twin(view, how) == view  # the history too, where the game keeps one
            assert twin(spectator, how) == spectator
            state = twin(game.state, how)
            assert state.view(seat) == view and state.legal_actions() == game.state.legal_actions()
            action = rng.choice(game.legal_actions())
            copied = state.copy()
            copied.apply(action, record=False)
            original = game.state.copy()
            original.apply(action, record=False)
            assert copied.view(seat) == original.view(seat)  # a loaded state plays on as the original
        game.push(rng.choice(game.legal_actions()))
        checked += 1
    assert checked >= 10


def test_a_pickled_view_holds_what_the_seat_may_know_and_nothing_more() -> None:
    """A lazily built view reads a snapshot of the state that also holds the round's deal; its pickle holds its
    fields only: no card the seat cannot see is in it."""
    game = Game("classic", 2, seed=11, record=False)
    seat = game.decider
    assert seat is not None
    other = game.state.hands[1 - seat][0]
    data = pickle.dumps(game.view(seat))
    loaded = pickle.loads(data)
    assert loaded.seats[1 - seat].known == () and loaded == game.view(seat)
    deck = "".join(game.state.deck)
    assert deck.encode() not in data  # the order of the deck is not in it
    assert other in load_ruleset("classic").cards  # (a real card, which the view may still name elsewhere)


def step_all(envs: list[Any], actions: list[int]) -> list[Any]:
    return [e.step(a) for e, a in zip(envs, actions, strict=True)]


def same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray):
        return bool(np.array_equal(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


@pytest.mark.parametrize(
    ("ruleset", "opponents"),
    [("2019", "easy"), ("classic", "random,random,random"), ("premium", "easy,random,random,easy,hard:20")],
)
def test_a_gymnasium_environment_and_its_info_copy_and_play_on_alike(ruleset: str, opponents: str) -> None:
    for how in TWICE:
        original = gymnasium.make("loveletter/LoveLetter-v0", ruleset=ruleset, opponents=opponents)
        _, info = original.reset(seed=3)
        for _ in range(3):
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = original.step(int(legal[0]))
            if done:
                _, info = original.reset(seed=4)
        assert same(twin(info, how), info)
        copied = twin(original, how)
        rng = random.Random(how)
        while True:  # the rest of the game: the copy's opponents decide as the original's
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            (a, *_, info), (b, *_) = step_all([original, copied], [action, action])
            assert same(a, b)
            if original.unwrapped.game.over:
                break


def test_the_solitaire_and_the_pettingzoo_environments_copy_and_play_on_alike() -> None:
    for how in TWICE:
        solitaire = LoveLetterSolitaireEnv()
        _, info = solitaire.reset(seed=5)
        assert same(twin(info, how), info)
        copied = twin(solitaire, how)
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            (obs, reward, done, _, info), (obs2, reward2, *_) = step_all([solitaire, copied], [action, action])
            assert np.array_equal(obs, obs2) and reward == reward2
        for table in (raw_env(ruleset="premium", players=5), env(ruleset="2019", players=3)):
            table.reset(seed=6)
            for _ in range(4):
                table.step(int(np.flatnonzero(table.infos[table.agent_selection]["action_mask"])[0]))
            copied = twin(table, how)
            for agent in table.agent_iter():
                observation, _, done, cut, _ = table.last()
                twin_obs = copied.observe(agent)
                assert same(observation, twin_obs)
                chosen = None if done or cut else int(np.flatnonzero(observation["action_mask"])[0])
                table.step(chosen)
                copied.step(chosen)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasiums_vector_environments_run_both_environments(mode: str) -> None:
    for name, kwargs in (
        ("loveletter/LoveLetter-v0", {"ruleset": "classic", "opponents": "easy"}),
        ("loveletter/LoveLetterSolitaire-v0", {}),
    ):
        envs = gymnasium.make_vec(name, num_envs=2, vectorization_mode=mode, **kwargs)
        try:
            observations, info = envs.reset(seed=7)
            assert np.asarray(observations).shape == (2, *envs.single_observation_space.shape)
            ended = 0
            for _ in range(60):
                # After an episode ends, the next step starts a new one (Gymnasium's autoreset): its action is
                # ignored, and its mask is all zeros.
                actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in info["action_mask"]]
                observations, _, done, _, info = envs.step(actions)
                ended += int(done.sum())
                assert envs.single_observation_space.contains(observations[0])
            assert ended > 0 and "view" in info
        finally:
            envs.close()


@pytest.mark.skipif(importlib.util.find_spec("stable_baselines3") is None, reason=NO_SB3)
def test_stable_baselines3_makes_vector_environments_with_no_extra_arguments() -> None:
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env("loveletter/LoveLetter-v0", n_envs=2)  # it asks for render_mode="rgb_array" first
    try:
        assert np.asarray(vec.reset()).shape == (2, 480)
        actions = [int(np.flatnonzero(m)[0]) for m in vec.env_method("action_masks")]
        vec.step(np.array(actions))
    finally:
        vec.close()
    check_env(LoveLetterEnv("classic", "easy"))
    check_env(LoveLetterSolitaireEnv())


def test_a_render_mode_the_environments_do_not_draw_is_a_value_error_and_a_type_error() -> None:
    for make in (lambda: LoveLetterEnv(render_mode="rgb_array"), lambda: raw_env(render_mode="rgb_array")):
        with pytest.raises(ValueError, match="render_mode must be one of") as caught:
            make()
        assert isinstance(caught.value, TypeError)
