"""The OpenSpiel game ``python_loveletter``: OpenSpiel's random simulation test at several rulesets, its
parameters, its chance nodes, and what a seat's strings and tensors hold."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from tests import extras

pytestmark = pytest.mark.extra("openspiel")
# Its modules import OpenSpiel as they load: without the extra, the whole file skips (with the marker's words).
pyspiel = pytest.importorskip("pyspiel", reason=extras.reason("openspiel"))

import numpy as np  # noqa: E402

from loveletter.engine import RulesetError  # noqa: E402
from loveletter.rl import openspiel  # noqa: E402


@pytest.mark.parametrize(
    ("ruleset", "players", "sims"), [("classic", 2, 3), ("2019", 3, 1), ("original2012", 4, 1), ("premium", 5, 1)]
)
def test_openspiels_random_simulation_test_passes(ruleset: str, players: int, sims: int) -> None:
    game = openspiel.load_game(ruleset, players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_a_ruleset_file_is_a_parameter_too(house_ruleset: str) -> None:
    game = pyspiel.load_game("python_loveletter", {"ruleset": house_ruleset, "players": 3})
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_state_survives_a_pickle_and_a_clone(house_ruleset: str) -> None:
    game = pyspiel.load_game("python_loveletter", {"ruleset": house_ruleset, "players": 3})
    state = game.new_initial_state()
    rng = random.Random(9)
    for _ in range(80):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for twin in (pickle.loads(pickle.dumps(state)), state.clone()):
        assert str(twin) == str(state) and twin.history() == state.history()
        assert twin.information_state_string(1) == state.information_state_string(1)
        assert twin.legal_actions() == state.legal_actions()
    twin = state.clone()
    if not state.is_terminal():
        twin.apply_action((twin.legal_actions() or [twin.chance_outcomes()[0][0]])[0])
        assert twin.history() != state.history()  # the clone is its own game


def test_a_round_starts_with_the_first_player_then_the_deck_card_by_card() -> None:
    game = openspiel.load_game("classic", 3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    state.apply_action(1)
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
        dealt += 1
    assert dealt == 16 and state.current_player() == 1  # the whole classic deck; seat 1 starts
    assert state.legal_actions() and all(0 <= a < game.num_distinct_actions() for a in state.legal_actions())


def test_a_seat_sees_its_own_hand_and_not_the_others() -> None:
    game = openspiel.load_game("2019", 2)
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    seat = state.current_player()
    hand = state.state.hands[seat]
    other = state.state.hands[1 - seat][0]
    mine = state.information_state_string(seat)
    assert all(card in mine for card in hand)
    if other not in hand:
        assert other not in state.observation_string(seat).split("hand ")[1].split(" deck")[0]
    assert np.asarray(state.observation_tensor(seat)).shape == (game.observation_tensor_size(),)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_bad_parameters_are_one_clear_error() -> None:
    with pytest.raises(RulesetError, match="no bundled ruleset"):
        openspiel.load_game("1999", 2)
    with pytest.raises(ValueError, match="seats 2 to 4 players, not 6"):
        openspiel.load_game("classic", 6)


def play_out(state: Any, bots: list[Any], rng: random.Random) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


TABLES = [("classic", 2), ("2019", 3), ("original2012", 4), ("premium", 2), ("premium", 5), ("2019", 6)]


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}p" for r, n in TABLES])
def test_openspiels_ismcts_plays_whole_games(ruleset: str, players: int) -> None:
    """Its search resamples the hidden cards at every decision (resample_from_infostate); its information
    states keep the same actions legal in every sample, so it needs no inconsistent action sets."""
    game = openspiel.load_game(ruleset, players)
    bots = [openspiel.ismcts_bot(game, simulations=8, seed=players)]
    bots += [pyspiel.make_uniform_random_bot(p, p) for p in range(1, players)]
    state = play_out(game.new_initial_state(), bots, random.Random(players))
    assert sum(state.returns()) >= 1


def test_a_resampled_state_is_one_the_seat_cannot_tell_from_the_true_one() -> None:
    game = openspiel.load_game("2019", 3)
    rng = random.Random(5)
    state = game.new_initial_state()
    differs = checked = 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(sample.information_state_tensor(seat), state.information_state_tensor(seat))
        assert sample.legal_actions() == state.legal_actions() and sample.current_player() == seat
        others = [p for p in range(3) if p != seat]
        differs += any(sample.state.hands[p] != state.state.hands[p] for p in others)
        for twin in (pickle.loads(pickle.dumps(sample)), sample.clone()):
            assert twin.information_state_string(seat) == sample.information_state_string(seat)
            assert str(twin) == str(sample)
        play_out(sample.clone(), [pyspiel.make_uniform_random_bot(p, p) for p in range(3)], rng)  # it plays on
        state.apply_action(rng.choice(state.legal_actions()))
        checked += 1
    assert checked >= 10 and differs >= checked // 2
    with pytest.raises(ValueError, match="only at a player's decision"):
        game.new_initial_state().resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))


@pytest.mark.slow
def test_openspiels_evaluate_bots_runs_its_bots_on_the_game() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    game = openspiel.load_game("classic", 3)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    line_ups = [
        [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(3)],
        [pyspiel.make_uniform_random_bot(p, p) for p in range(3)],
        [openspiel.ismcts_bot(game, simulations=8), mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng),
         pyspiel.make_uniform_random_bot(2, 2)],
    ]  # fmt: skip
    for bots in line_ups:
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert set(returns) <= {0.0, 1.0} and sum(returns) >= 1  # a game has its winners
    returns = pyspiel.evaluate_bots(game.new_initial_state(), line_ups[1], 7)  # OpenSpiel's C++ loop
    assert set(returns) <= {0.0, 1.0} and sum(returns) >= 1


@pytest.mark.slow
def test_the_duel_ruleset_is_small_and_constant_sum() -> None:
    """Every game of the duel ruleset has exactly one winner, so its exploitability is well defined; and it is
    small enough to walk whole (benchmarks/exploitability.py solves it)."""
    game = openspiel.load_game("duel", 2)
    stack, terminals, infosets = [game.new_initial_state()], 0, set()
    while stack:
        state = stack.pop()
        if state.is_terminal():
            assert sorted(state.returns()) == [0.0, 1.0]
            terminals += 1
        elif state.is_chance_node():
            stack += [state.child(a) for a, _ in state.chance_outcomes()]
        else:
            infosets.add(state.information_state_string())
            stack += [state.child(a) for a in state.legal_actions()]
    assert 1_000 < len(infosets) < 10_000 and terminals > 1_000


def test_the_built_in_players_are_openspiel_policies() -> None:
    game = openspiel.load_game("duel", 2)
    rng = random.Random(2)
    uniform = openspiel.level_policy(game, "random")
    easy = openspiel.level_policy(game, "easy", samples=4, seed=1)
    again = openspiel.level_policy(game, "easy", samples=4, seed=1)
    for _ in range(20):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        legal = state.legal_actions()
        assert uniform.action_probabilities(state) == pytest.approx(dict.fromkeys(legal, 1 / len(legal)))
        probabilities = easy.action_probabilities(state)
        assert set(probabilities) == set(legal) and sum(probabilities.values()) == pytest.approx(1.0)
        assert again.action_probabilities(state) == probabilities  # the same seed, the same decisions
        view = state.state.view(state.current_player())
        likeliest = max(probabilities, key=probabilities.__getitem__)
        assert game.shared.table.actions[likeliest] in view.legal_actions
