"""Random agents play whole games of Love Letter through the PettingZoo environment, and a tally of the winners.

    uv run python examples/random_agent.py                          # 2019 edition, 4 players, 20 games
    uv run python examples/random_agent.py --ruleset premium --players 6 --games 5

Each agent draws uniformly among its legal actions (the ``action_mask``); ``--show`` prints the table, as the
deciding seat sees it, before every decision of the first game.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

import numpy as np

from loveletter.engine import EngineError
from loveletter.rl import env as make_env


def play(ruleset: str, players: int, games: int, seed: int, show: bool) -> Counter[str]:
    """Play ``games`` games; how many each agent won."""
    rng = np.random.default_rng(seed)
    wins: Counter[str] = Counter()
    env = make_env(ruleset=ruleset, players=players, render_mode="ansi" if show else None)
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                wins[agent] += int(reward > 0)
                env.step(None)
                continue
            if show and game == 0:
                print(env.render())
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            if show and game == 0:
                print(f"{agent} plays {env.unwrapped.action_to_notation(action)}\n")
            env.step(action)
    env.close()
    return wins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="2019", help="a bundled ruleset or a ruleset file (default 2019)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--show", action="store_true", help="print the table before each decision of the first game")
    args = parser.parse_args()
    try:
        wins = play(args.ruleset, args.players, args.games, args.seed, args.show)
    except (EngineError, ValueError) as error:  # an unknown ruleset, a player count it does not seat
        print(f"random_agent.py: {error}", file=sys.stderr)
        return 2
    for p in range(args.players):
        agent = f"player_{p}"
        print(f"{agent}: {wins[agent]} of {args.games} games won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
