"""Engine speed: random-play rounds per second through the public API, the simulate path, and the cost of a view
and of a copy.

    uv run python benchmarks/engine.py            # the figures named by the engine issue
    uv run python benchmarks/engine.py --quick    # a smoke run (CI)

Each figure is the best of several repetitions, in CPU time of this process (so that the other processes of a
busy machine disturb it less), and the spread (worst and best) is printed beside it. "Game.push" is the full
public API (events built and logged); "GameState.apply(record=False)" is the fast path (no events at all: a
Game(record=False)); "simulate" is what ``loveletter simulate --seats random --json`` does per game (a view for
the deciding seat, a random bot's choice, the arena's bookkeeping).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena.games import make_specs, play_game
from loveletter.engine import Game, GameState, load_ruleset


def random_games(ruleset: str, players: int, seconds: float, *, fast: bool) -> tuple[float, float]:
    """Play random games for about ``seconds``; return (rounds per second, games per second)."""
    rs = load_ruleset(ruleset)
    rng = random.Random(1)
    rounds = games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        game = Game(rs, players, seed=games, record=not fast)
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
    elapsed = time.process_time() - start
    return rounds / elapsed, games / elapsed


def simulate(ruleset: str, players: int, seconds: float) -> tuple[float, float]:
    """The games of ``loveletter simulate --seats random --seed 1 --json`` (the arena, random seats, one process),
    for about ``seconds``; return (rounds per second, games per second)."""
    specs = make_specs(ruleset, ["random"] * players, games=100_000, seed=1)
    rounds = games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        rounds += play_game(specs[games]).rounds
        games += 1
    elapsed = time.process_time() - start
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


def median_cost(calls: list[Callable[[], object]], number: int = 2000) -> float:
    """Median over ``calls`` of each one's best time, in microseconds."""
    cpu = time.process_time
    return statistics.median(
        min(timeit.repeat(call, number=number, repeat=3, timer=cpu)) / number * 1e6 for call in calls
    )


def copy_cost(states: list[GameState]) -> float:
    """Median microseconds for ``GameState.copy()`` of a mid-round state."""
    return median_cost([state.copy for state in states])


def view_cost(states: list[GameState]) -> float:
    """Median microseconds for ``GameState.view(seat)`` of a mid-round state, over every seat."""
    return median_cost([partial(s.view, p) for s in states for p in range(s.n)], number=1000)


def figure(name: str, runs: list[tuple[float, float]]) -> str:
    best = max(runs, key=lambda r: r[0])
    worst = min(r[0] for r in runs)
    spread = f"{worst:,.0f}-{best[0]:,.0f}"
    return f"{name:<46} {best[0]:>10,.0f} {best[1]:>9,.0f}   {spread}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short smoke run")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the best one is reported")
    args = parser.parse_args()
    seconds, repeat = (0.2, 1) if args.quick else (args.seconds, args.repeat)

    print(f"Python {sys.version.split()[0]}; best of {repeat} x {seconds:g} s of CPU (spread: worst-best rounds/s)")
    print(f"{'workload':<46} {'rounds/s':>10} {'games/s':>9}   spread")
    for ruleset, players in (("2019", 4), ("premium", 8)):
        for fast in (False, True):
            runs = [random_games(ruleset, players, seconds, fast=fast) for _ in range(repeat)]
            api = "GameState.apply(record=False)" if fast else "Game.push"
            print(figure(f"{ruleset} {players}p, {api}", runs), flush=True)
    runs = [simulate("2019", 4, seconds) for _ in range(repeat)]
    print(figure("2019 4p, simulate --seats random", runs), flush=True)
    for ruleset, players in (("2019", 4), ("premium", 8)):
        states = mid_round_states(ruleset, players, 10 if args.quick else 50)
        print(f"view of a mid-round state, {ruleset} {players}p: {view_cost(states):.2f} µs")
        print(f"copy of a mid-round state, {ruleset} {players}p: {copy_cost(states):.2f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
