"""Engine speed: random-play rounds and games per second through the public API, and the cost of a copy.

    uv run python benchmarks/engine.py            # the figures named by the engine issue
    uv run python benchmarks/engine.py --quick    # a smoke run (CI)

Each figure is the best of several repetitions, so that a busy machine disturbs it less. "Game.push" is the
full public API (events built and logged); "GameState.apply(record=False)" is the search fast path.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.engine import Game, GameState, load_ruleset


def random_games(ruleset: str, players: int, seconds: float, *, fast: bool) -> tuple[float, float]:
    """Play random games for about ``seconds``; return (rounds per second, games per second)."""
    rs = load_ruleset(ruleset)
    rng = random.Random(1)
    rounds = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = Game(rs, players, seed=games)
        state = game.state
        while not game.over:
            if game.round_over:
                game.next_round()
                rounds += 1
                continue
            if fast:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))], record=False)
            else:
                legal = game.legal_actions()
                game.push(legal[rng.randrange(len(legal))])
        rounds += 1
        games += 1
    elapsed = time.perf_counter() - start
    return rounds / elapsed, games / elapsed


def mid_round_states(ruleset: str, players: int, count: int) -> list[GameState]:
    """States a few turns into random rounds."""
    rng = random.Random(2)
    states = []
    for seed in range(count):
        game = Game(ruleset, players, seed=seed)
        for _ in range(rng.randrange(1, 5)):
            if game.decider is None:
                break
            game.push(rng.choice(game.legal_actions()))
        if game.decider is not None:
            states.append(game.state)
    return states


def copy_cost(ruleset: str, players: int) -> float:
    """Median microseconds for ``GameState.copy()`` of a mid-round state."""
    costs = []
    for state in mid_round_states(ruleset, players, 50):
        number = 2000
        costs.append(min(timeit.repeat(state.copy, number=number, repeat=3)) / number * 1e6)
    return statistics.median(costs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short smoke run")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the best one is reported")
    args = parser.parse_args()
    seconds, repeat = (0.2, 1) if args.quick else (args.seconds, args.repeat)

    print(f"Python {sys.version.split()[0]}; best of {repeat} x {seconds:g} s")
    print(f"{'workload':<46} {'rounds/s':>10} {'games/s':>9}")
    for ruleset, players in (("2019", 4), ("premium", 8)):
        for fast in (False, True):
            best = max((random_games(ruleset, players, seconds, fast=fast) for _ in range(repeat)), key=lambda r: r[0])
            api = "GameState.apply(record=False)" if fast else "Game.push"
            print(f"{ruleset + ' ' + str(players) + 'p, ' + api:<46} {best[0]:>10,.0f} {best[1]:>9,.0f}")
    for ruleset, players in (("2019", 4), ("premium", 8)):
        print(f"copy of a mid-round state, {ruleset} {players}p: {copy_cost(ruleset, players):.2f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
