"""Self-play: MaskablePPO learns against frozen copies of itself, measured against the built-in players.

Each generation trains the learner for ``--steps`` decisions against the opponents of the moment, then freezes a
copy of it (``loveletter.rl.snapshot``) into a pool of past selves; the next generation plays against copies
drawn from the pool (``set_opponents``, which the vector environment hands to each of its environments from the
next game on). The first generation plays ``random``. After each generation ``loveletter.rl.evaluate`` measures the
learner against ``random`` and ``easy``.

Needs sb3-contrib and torch (see examples/maskable_ppo.py for the install lines)::

    uv run python examples/self_play.py --generations 8 --steps 25000

``--smoke``: two short generations and a few games (CI, where sb3-contrib is installed).
"""

from __future__ import annotations

import argparse
import random
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="classic", help="a bundled ruleset or a ruleset file (default classic)")
    parser.add_argument("--generations", type=int, default=8)
    parser.add_argument("--steps", type=int, default=25_000, help="training steps per generation")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together (default 4)")
    parser.add_argument("--games", type=int, default=400, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="two short generations and a few games (CI)")
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        print("self_play.py needs sb3-contrib (and torch): see examples/maskable_ppo.py", file=sys.stderr)
        return 2

    from loveletter.rl import evaluate, snapshot

    torch.set_num_threads(1)
    generations, steps, games = (2, 128, 4) if args.smoke else (args.generations, args.steps, args.games)
    kwargs = {"ruleset": args.ruleset, "opponents": "random", "render_mode": None}
    env = make_vec_env("loveletter/LoveLetter-v0", n_envs=args.envs, seed=args.seed, env_kwargs=kwargs)
    sizes = {"n_steps": 32, "batch_size": 64} if args.smoke else {}
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, **sizes)
    pool = []
    draw = random.Random(args.seed)
    for generation in range(1, generations + 1):
        model.learn(total_timesteps=steps, reset_num_timesteps=False)
        pool.append(snapshot(model))  # a frozen copy: it samples its moves, as the learner does while learning
        # Each environment gets its own past self, drawn from the pool (the latest one more often).
        for index in range(args.envs):
            past = pool[-1] if draw.random() < 0.5 else draw.choice(pool)
            env.env_method("set_opponents", [past], indices=[index])
        figures = [evaluate(model, level, ruleset=args.ruleset, games=games, seed=1) for level in ("random", "easy")]
        shown = "; ".join(
            f"{level} {r.win_rate:.1%} ({r.low:.1%}-{r.high:.1%})"
            for level, r in zip(("random", "easy"), figures, strict=True)
        )
        print(
            f"generation {generation}: {model.num_timesteps:,} steps, pool of {len(pool)}; against {shown}", flush=True
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
