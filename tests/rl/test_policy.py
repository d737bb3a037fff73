"""Agents at the table: a policy plays as a bot from its seat's view, sits among ``LoveLetter-v0``'s opponents
(self-play), and ``evaluate`` measures it as tournaments do: every deal at every seat, the same seed the same
games, an interval that holds the win rate."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

from tests.rl.conftest import NO_RL
from tests.support import decisions

pytest.importorskip("gymnasium", reason=NO_RL)

import numpy as np

from loveletter.bots import make_bot
from loveletter.engine import Game
from loveletter.rl import ActionTable, Encoder, as_policy, evaluate, policy_bot, snapshot
from loveletter.rl.gym import LoveLetterEnv
from loveletter.rl.policy import Chooser, IllegalPolicyAction, ModelPolicy


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


class Seats:
    """A policy that notes the seat of each observation it is given (the one-hot ``seat`` block) and plays the
    first legal action."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.seen: list[int] = []

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        start, length = self.encoder.offsets["seat"]
        self.seen.append(int(np.argmax(observation[start : start + length])))
        return first_legal(observation, mask)


def test_a_policy_bot_plays_whole_games_from_its_seats_view() -> None:
    Agent = policy_bot(first_legal, name="FirstLegal")
    assert Agent.__name__ == "FirstLegal"
    decided = 0
    for ruleset, players in (("2019", 2), ("premium", 6), ("classic", 4)):
        game = Game(ruleset, players, seed=players)
        seats = [Agent(random.Random(s)) if s % 2 == 0 else make_bot("random", seed=s) for s in range(players)]
        for view in decisions(game):
            action = seats[view.seat].choose(view)
            if isinstance(seats[view.seat], Agent):
                # The first legal action in the action space's order: the legal action with the lowest index.
                table = ActionTable(view.ruleset, view.players)
                assert table.index(action) == min(table.legal_indices(view.legal_actions))
                decided += 1
            game.push(action)
    assert decided > 20


def test_the_bot_sees_the_observation_the_environment_gives() -> None:
    encoder = Encoder("classic", 3)
    seen: list[np.ndarray] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append(observation)
        return first_legal(observation, mask)

    bot = policy_bot(policy)(random.Random(0))
    game = Game("classic", 3, seed=4)
    for _ in range(6):
        if game.round_over:
            game.next_round()
        view = game.view(game.decider)
        game.push(bot.choose(view))
        assert np.array_equal(seen[-1], encoder.encode(view))


def test_a_policy_that_breaks_the_rules_is_told_which_actions_were_legal() -> None:
    bot = policy_bot(lambda observation, mask: int(np.flatnonzero(mask == 0)[0]))(random.Random(0))
    game = Game("classic", 2, seed=2)
    with pytest.raises(IllegalPolicyAction, match=r"the policy chose action \d+ \(.+\), not legal now; legal: "):
        bot.choose(game.view(game.decider))


class FakeModel:
    """Stands for a Stable-Baselines3 model: ``predict`` as theirs, with or without the masks."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.policy = self

    def predict(
        self, observation: np.ndarray, action_masks: np.ndarray | None = None, deterministic: bool = False
    ) -> tuple[np.int64, None]:
        self.calls.append({"masks": action_masks, "deterministic": deterministic})
        assert action_masks is not None
        return np.int64(np.flatnonzero(action_masks)[-1]), None


def test_models_are_asked_with_the_mask_and_snapshots_are_frozen_copies() -> None:
    model = FakeModel()
    policy = as_policy(model)
    mask = np.array([0, 1, 1, 0], dtype=np.int8)
    assert policy(np.zeros(3, np.float32), mask) == 2
    assert model.calls[-1]["deterministic"] is True and model.calls[-1]["masks"].dtype == bool
    frozen = snapshot(model)
    assert isinstance(frozen, ModelPolicy) and frozen.model is not model and not frozen.deterministic
    assert as_policy(first_legal) is first_legal
    with pytest.raises(TypeError, match="not a policy: int"):
        as_policy(3)


def test_policies_sit_among_the_opponents_and_change_between_episodes() -> None:
    encoder = Encoder("classic", 3)
    watcher = Seats(encoder)
    env = LoveLetterEnv("classic", ["easy", watcher], seat=0)
    _, info = env.reset(seed=1)
    done = False
    while not done:
        _, _, done, _, info = env.step(first_legal(np.zeros(0), info["action_mask"]))
    assert watcher.seen and set(watcher.seen) == {2}  # it decided at its own seat, from its own observation
    other = Seats(encoder)
    env.set_opponents([other, "random"])
    kept = env.opponents[1]
    assert isinstance(kept, Chooser) and kept.policy is watcher  # the game under way keeps its own
    before = len(watcher.seen)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        _, _, done, _, info = env.step(first_legal(np.zeros(0), info["action_mask"]))
    assert len(watcher.seen) == before and set(other.seen) == {1}
    with pytest.raises(ValueError, match="give 2 opponents"):
        env.set_opponents("easy")


def test_evaluate_plays_every_deal_at_every_seat_and_repeats_with_its_seed() -> None:
    encoder = Encoder("classic", 3)
    watcher = Seats(encoder)
    result = evaluate(watcher, "random,easy", ruleset="classic", games=10, seed=3)
    assert (result.games, result.deals) == (12, 4)  # rounded up to whole deals of three games
    counts = [watcher.seen.count(s) for s in range(3)]
    assert min(counts) > 0  # the policy sat at every seat
    again = evaluate(first_legal, "random,easy", ruleset="classic", games=12, seed=3)
    assert again == evaluate(first_legal, "random,easy", ruleset="classic", games=12, seed=3)
    assert again != evaluate(first_legal, "random,easy", ruleset="classic", games=12, seed=4)
    assert result.low <= result.win_rate <= result.high and "95% interval" in str(result)


def test_a_random_policy_scores_about_its_share_and_a_good_one_beats_random() -> None:
    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    rng = np.random.default_rng(5)
    fair = evaluate(uniform, "random", ruleset="classic", games=300, seed=5)
    assert fair.low < 0.5 < fair.high
    easy_like = evaluate(uniform, "easy", ruleset="classic", games=100, seed=5)
    assert easy_like.high < 0.5  # easy beats random play


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("sb3_contrib") is None, reason="sb3-contrib is not installed (it needs torch)"
)
def test_a_real_model_saved_loaded_and_snapshotted(tmp_path: Path) -> None:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = LoveLetterEnv("classic", "random")
    model = MaskablePPO("MlpPolicy", env, seed=1, n_steps=64, batch_size=32, verbose=0)
    model.learn(total_timesteps=64)
    frozen = snapshot(model, deterministic=True)
    _, info = env.reset(seed=3)
    observation = env.encoder.observe(env.game.state, env.seat)  # type: ignore[union-attr]
    before = [frozen(observation, info["action_mask"]) for _ in range(3)]
    model.learn(total_timesteps=256)  # the learner changes; the snapshot does not
    assert [frozen(observation, info["action_mask"]) for _ in range(3)] == before
    path = tmp_path / "agent.zip"
    model.save(path)
    Agent = policy_bot(str(path))
    game = Game("classic", 2, seed=4)
    view = game.view(game.decider)
    assert Agent(random.Random(0)).choose(view) == policy_bot(model)(random.Random(0)).choose(view)
    with pytest.raises(FileNotFoundError, match="no saved model at"):
        policy_bot(str(tmp_path / "missing.zip"))


def agent_plays_four_games(capsys: pytest.CaptureFixture[str], player: str, *more: str) -> dict[str, Any]:
    """Run a 4-game classic tournament of ``player`` (named Agent) against ``random`` through the command line,
    check that every game was played without a forfeit, and give Agent's line of the ``--json`` standings."""
    import json

    from loveletter.arena import referee
    from loveletter.cli import main

    args = ["--player", player, "--player", "random", "--ruleset", "classic", "--deals", "2", "--seed", "3"]
    try:
        code = main(["--lang", "en", "tournament", *args, "--json", *more])
    finally:
        referee.close_all()
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    data = json.loads(out)
    agent: dict[str, Any] = next(p for p in data["players"] if p["name"] == "Agent")
    assert data["games"] == 4 and agent["games"] == 4 and agent["forfeits"] == {} and data["forfeits"] == []
    return agent


def test_a_policy_bot_file_plays_a_tournament_in_its_own_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot file that holds a policy_bot plays ``tournament`` through the bot protocol, in a runner process of its
    own that rebuilds each view from its message: whole games, no forfeit, and every choice its policy's."""

    bot = tmp_path / "agent_bot.py"
    bot.write_text(
        "import numpy as np\n"
        "from loveletter.rl import policy_bot\n\n"
        "def last_legal(observation, mask):\n"
        "    print('asked', observation.shape[0], int(mask.sum()))\n"  # to the bot's log
        "    return int(np.flatnonzero(mask)[-1])\n\n"
        "Agent = policy_bot(last_legal)\n",
        encoding="utf-8",
    )
    results = tmp_path / "r.jsonl"
    agent_plays_four_games(capsys, f"Agent={bot}:Agent", "--results", str(results))
    asked = (tmp_path / "r.logs" / "Agent.log").read_text(encoding="utf-8").count(f"asked {Encoder('classic', 2).size}")
    assert asked >= 8  # it decided in every game, from an observation of the classic table's size


#: Why the tests of a real model skip: sb3-contrib (and torch) are not dependencies of the project.
NO_SB3 = "sb3-contrib is not installed (it needs torch; docs/how-to/research.md gives the install lines)"


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason=NO_SB3)
def test_a_saved_maskable_ppo_model_plays_a_tournament_and_a_game_through_the_protocol(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path of a MaskablePPO ``.zip`` in a bot file (``policy_bot("model.zip")``): the model is loaded in the
    bot's own process, which is asked through the bot protocol, in a tournament and at the table of ``play``."""
    import os
    import subprocess
    import sys

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", LoveLetterEnv("classic", "random"), seed=1, n_steps=64, batch_size=32, verbose=0)
    model.learn(total_timesteps=64)
    model.save(tmp_path / "model.zip")
    bot = tmp_path / "agent.py"
    bot.write_text(
        "from pathlib import Path\n\n"
        "from loveletter.rl import policy_bot\n\n"
        "Agent = policy_bot(str(Path(__file__).with_name('model.zip')))\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    # A bot that imports torch may take seconds to start on a busy machine: the time per move bounds its start.
    agent = agent_plays_four_games(capsys, "Agent=agent.py:Agent", "--move-time", "60")
    assert agent["mean_decision_ms"] > 0  # it decided, in its own process

    env = {"LOVELETTER_LANG": "en", "PATH": os.environ["PATH"], "LOVELETTER_HOME": os.environ["LOVELETTER_HOME"]}
    play = ["play", "--ruleset", "classic", "--players", "2", "--bots", "2", "--level", "agent.py:Agent", "--seed", "4"]
    done = subprocess.run(
        [sys.executable, "-m", "loveletter", *play, "--move-time", "60"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("Result: ")
