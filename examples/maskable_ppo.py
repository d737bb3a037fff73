"""Train sb3-contrib's MaskablePPO against the built-in computer players, save it, and measure it.

It trains on ``loveletter/LoveLetter-v0`` (the learner at a seat drawn each game, the opponents deciding between
its turns, illegal actions masked with the environment's ``action_masks()``), saves the model, then measures it
with ``loveletter.rl.evaluate`` against ``random`` and ``easy``: every deal played at both seats, the win rate with
its 95% interval. The saved model is a bot: a file holding ``Agent = policy_bot("agent.zip")`` (from
``loveletter.rl``) plays in ``loveletter tournament --player FILE.py:Agent``.

It needs sb3-contrib, which needs torch; the project does not depend on them. The CPU build of torch is small::

    uv sync --extra rl
    uv pip install torch --index-url https://download.pytorch.org/whl/cpu
    uv pip install sb3-contrib
    uv run python examples/maskable_ppo.py --ruleset classic --opponents random --steps 200000

``--smoke`` trains for a few hundred steps and plays a few games: what CI runs where sb3-contrib is installed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="classic", help="a bundled ruleset or a ruleset file (default classic)")
    parser.add_argument(
        "--opponents", default="random", help="a level per other seat, e.g. easy,random (default random)"
    )
    parser.add_argument("--steps", type=int, default=200_000, help="training steps (the learner's decisions)")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together (default 4)")
    parser.add_argument("--games", type=int, default=1000, help="games per evaluation, each deal at every seat")
    parser.add_argument("--save", default="agent.zip", help="where the model is saved (default agent.zip)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps and a few games (CI)")
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        print("maskable_ppo.py needs sb3-contrib (and torch): see the docstring for the install lines", file=sys.stderr)
        return 2

    from loveletter.rl import evaluate

    torch.set_num_threads(1)  # a small network: one thread is as fast, and leaves the other cores free
    smoke = args.smoke
    steps, games = (256, 6) if smoke else (args.steps, args.games)
    save = Path(tempfile.mkdtemp()) / "agent.zip" if smoke else Path(args.save)
    # render_mode=None: make_vec_env would ask for "rgb_array", which these environments do not draw.
    kwargs = {"ruleset": args.ruleset, "opponents": args.opponents, "render_mode": None}
    env = make_vec_env("loveletter/LoveLetter-v0", n_envs=args.envs, seed=args.seed, env_kwargs=kwargs)
    sizes = {"n_steps": 64, "batch_size": 64} if smoke else {}
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0 if smoke else 1, **sizes)
    for opponents in ("random", "easy"):
        before = evaluate(model, _against(opponents, args.opponents), ruleset=args.ruleset, games=games, seed=1)
        print(f"untrained: {before}")
    start = time.process_time()
    model.learn(total_timesteps=steps)
    print(f"trained {model.num_timesteps:,} steps in {time.process_time() - start:.1f} s of processor time")
    model.save(save)
    print(f"saved to {save}")
    loaded = MaskablePPO.load(save, device="cpu")
    for opponents in ("random", "easy"):
        result = evaluate(loaded, _against(opponents, args.opponents), ruleset=args.ruleset, games=games, seed=1)
        print(f"trained:   {result}")
    return 0


def _against(level: str, trained_against: str) -> str:
    """``level`` at every other seat of the table the model learned at."""
    return ",".join([level] * len(trained_against.split(",")))


if __name__ == "__main__":
    raise SystemExit(main())
