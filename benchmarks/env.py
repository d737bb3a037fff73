"""Speed of the research environments: decisions per second through the PettingZoo environment's ``step`` with
random masked actions, beside the engine's own rate through ``Game.push`` (random legal actions), at 2 and 4
players of the 2019 edition.

    uv run python benchmarks/env.py            # the figures of the environments' issue
    uv run python benchmarks/env.py --quick    # a smoke run (CI)

Workloads, each a loop of whole games with random choices:

* ``Game.push``: the engine's public API (``legal_actions()``, then ``push``), events built and logged: the
  yardstick (the ratios are to it);
* ``Game.push, record=False``: the same without events, as the environment runs its game (it reads views only);
* ``raw_env.step``: the environment, the action drawn from the mask the deciding agent's ``infos`` carries
  (``last(observe=False)``), as a rollout of rule-based or random agents runs: no observation vector is built;
* ``raw_env.step alone``: the same games played again with the same actions, only ``reset`` and ``step`` timed:
  the environment's own rate, without the agent's loop (``agent_iter``, ``last``, drawing from the mask);
* ``raw_env.step + observe``: as ``raw_env.step``, the mask read from the observation (``last()``), so every
  decision also builds the deciding agent's observation vector, as a learner does;
* ``raw_env.step + observe alone``: as ``raw_env.step alone``, each decision also taking the deciding agent's
  observation: the environment's own cost of a learner's step, end to end (the issue's yardstick: at least half
  the rate of ``Game.push``);
* ``env.step + observe``: the latter through PettingZoo's usual wrappers (``loveletter.rl.env``), whose
  attribute look-ups through three wrappers cost more than the environment itself (profiled): a learner that
  wants speed steps ``raw_env``, whose masks make the wrappers' checks needless.

After each table size, what building an observation adds to a step (the two ``alone`` rows' difference), beside
the time of one ``Game.push``.

Each figure is the best of several repetitions in CPU time of this process (the spread, worst-best, beside it),
and the ratio to ``Game.push``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.engine import Game, load_ruleset
from loveletter.rl import env, raw_env


def engine_rate(ruleset: str, players: int, seconds: float, *, record: bool = True) -> float:
    """Decisions per second through ``Game.push`` with random legal actions, for about ``seconds`` of CPU."""
    rs = load_ruleset(ruleset)
    rng = random.Random(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game(rs, players, seed=games, record=record)
        games += 1
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            legal = game.legal_actions()
            game.push(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


def env_rate(ruleset: str, players: int, seconds: float, *, observe: bool, wrapped: bool) -> float:
    """Decisions per second through the environment's ``step`` with random masked actions (see the docstring)."""
    rng = random.Random(1)
    the_env: Any = (env if wrapped else raw_env)(ruleset=ruleset, players=players)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        the_env.reset(seed=games)
        games += 1
        for _agent in the_env.agent_iter():
            if observe:
                obs, _, done, cut, _ = the_env.last()
                mask = obs["action_mask"]
            else:
                _, _, done, cut, info = the_env.last(observe=False)
                mask = info.get("action_mask")
            if done or cut:
                the_env.step(None)
                continue
            legal = mask.view(np.bool_).nonzero()[0]  # an int8 mask read as bools: nonzero is 7 times faster
            the_env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions / (time.process_time() - start)


def replay_rate(ruleset: str, players: int, seconds: float, *, observe: bool = False) -> float:
    """Decisions per second through ``raw_env.step`` alone: games of random masked actions are played first, then
    played again from their seeds with the same actions, and only that second pass is timed (the environment's
    own cost, without the agent's loop and draws); with ``observe``, each decision also takes the deciding
    agent's observation (``observe``: its vector and a copy of its mask), as a learner's step does."""
    rng = random.Random(1)
    the_env = raw_env(ruleset=ruleset, players=players)
    games: list[list[int]] = []
    start = time.process_time()
    while time.process_time() - start < seconds:  # choose about as many decisions as the other workloads make
        the_env.reset(seed=len(games))
        actions = []
        while not the_env.terminations[the_env.agent_selection]:
            legal = the_env.infos[the_env.agent_selection]["action_mask"].view(np.bool_).nonzero()[0]
            actions.append(int(legal[rng.randrange(len(legal))]))
            the_env.step(actions[-1])
        games.append(actions)
    step, look = the_env.step, the_env.observe
    start = time.process_time()
    for seed, actions in enumerate(games):
        the_env.reset(seed=seed)
        if observe:
            for action in actions:
                look(the_env.agent_selection)
                step(action)
        else:
            for action in actions:
                step(action)
    return sum(map(len, games)) / (time.process_time() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short smoke run")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one repetition")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions; the best one is reported")
    args = parser.parse_args()
    seconds, repeat = (0.05, 1) if args.quick else (args.seconds, args.repeat)
    print(f"Python {sys.version.split()[0]}; best of {repeat} x {seconds:g} s of CPU; 2019 edition, random choices")
    print(f"{'workload':<40} {'decisions/s':>12}   {'spread':<17} {'of engine':>9}")
    for players in (2, 4):
        workloads: list[tuple[str, Callable[[], float]]] = [
            ("Game.push", partial(engine_rate, "2019", players, seconds)),
            ("Game.push, record=False", partial(engine_rate, "2019", players, seconds, record=False)),
            ("raw_env.step", partial(env_rate, "2019", players, seconds, observe=False, wrapped=False)),
            ("raw_env.step alone", partial(replay_rate, "2019", players, seconds)),
            ("raw_env.step + observe", partial(env_rate, "2019", players, seconds, observe=True, wrapped=False)),
            ("raw_env.step + observe alone", partial(replay_rate, "2019", players, seconds, observe=True)),
            ("env.step + observe", partial(env_rate, "2019", players, seconds, observe=True, wrapped=True)),
        ]
        base = 0.0
        rates: dict[str, float] = {}
        for name, run in workloads:
            runs = [run() for _ in range(repeat)]
            best = rates[name] = max(runs)
            base = base or best
            spread = f"{min(runs):,.0f}-{best:,.0f}"
            print(f"{f'{players}p, {name}':<40} {best:>12,.0f}   {spread:<17} {best / base:>8.0%}", flush=True)
        # The first yardstick: what building the observation adds to a step, beside a step of the engine.
        observation = 1e6 / rates["raw_env.step + observe alone"] - 1e6 / rates["raw_env.step alone"]
        print(f"{players}p: an observation costs {observation:.2f} µs, Game.push {1e6 / base:.2f} µs", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
