"""Train sb3-contrib's MaskablePPO against the built-in computer players, then measure the trained policy.

This script needs sb3-contrib, which the project does not depend on (it is not run in CI)::

    uv sync --extra rl
    uv pip install sb3-contrib
    uv run python examples/maskable_ppo.py --ruleset classic --opponents easy --steps 200000

It trains on ``loveletter/LoveLetter-v0`` (the learner at a seat drawn each game, the opponents deciding
between its turns), masking illegal actions with the environment's ``action_masks()``, then plays
``--eval`` games with the deterministic policy and prints how many it won.
"""

from __future__ import annotations

import argparse
import sys

import gymnasium

import loveletter.rl  # noqa: F401  (registers the environments)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="classic", help="a bundled ruleset or a ruleset file (default classic)")
    parser.add_argument("--opponents", default="easy", help="a level per other seat, e.g. easy,random (default easy)")
    parser.add_argument("--steps", type=int, default=200_000, help="training steps (the learner's decisions)")
    parser.add_argument("--eval", type=int, default=500, help="games played by the trained policy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        from sb3_contrib import MaskablePPO
        from sb3_contrib.common.maskable.utils import get_action_masks
    except ImportError:
        print("maskable_ppo.py needs sb3-contrib: uv pip install sb3-contrib", file=sys.stderr)
        return 2

    env = gymnasium.make("loveletter/LoveLetter-v0", ruleset=args.ruleset, opponents=args.opponents)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=1)
    model.learn(total_timesteps=args.steps)

    won = 0
    for game in range(args.eval):
        observation, _ = env.reset(seed=args.seed + 1_000_000 + game)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=get_action_masks(env), deterministic=True)
            observation, reward, done, _, _ = env.step(int(action))
        won += reward > 0
    print(f"MaskablePPO won {won} of {args.eval} games against {args.opponents} ({args.ruleset})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
