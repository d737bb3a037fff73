"""Solitaire: how often each computer player beats the Princess's retinue, over many deals, and how fast it decides.

    uv run python benchmarks/solitaire.py                    # 10,000 deals per level (hard: about 40 min on 2 cores)
    uv run python benchmarks/solitaire.py --deals 2000       # fewer deals, wider intervals
    uv run python benchmarks/solitaire.py --bound            # also: the deals a player seeing every card would win
    uv run python benchmarks/solitaire.py --quick            # a smoke run (CI)

Every level plays the same deals (deal ``i`` is shuffled from a seed derived from ``--seed`` and ``i``), so the
rates compare the players, not their luck. Decision times count the decisions with more than one legal action
(median, 95th percentile and slowest), as CPU time (what a decision costs) and as wall time (what it cost under
the machine's load, printed on the first line). ``--bound`` solves every deal with all cards face up: no player
who cannot see them can win more. Every deal must end in a win or a loss.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena.games import GameSpec, make_specs, parse_level, wilson
from loveletter.solitaire import Phase, Play, SolitaireGame, SolitaireState
from loveletter.solitaire.bot import SOLITAIRE_LEVELS, make_solitaire_bot

Deal = tuple[bool, str, list[tuple[float, float]]]  # won, why it ended, (wall, CPU) seconds per decision with a choice


def play_timed(spec: GameSpec) -> Deal:
    """Deal ``spec``'s game and let its level play it (as ``loveletter simulate`` does), timing each decision."""
    level, budget = parse_level(spec.levels[0])
    game = SolitaireGame(spec.ruleset, seed=spec.seed)
    bot = make_solitaire_bot(level, seed=spec.bot_seeds[0], budget=budget)
    times: list[tuple[float, float]] = []
    while not game.over:
        view = game.view()
        start, cpu = time.perf_counter(), time.process_time()
        action = bot.choose(view)
        if len(view.legal_actions) > 1:
            times.append((time.perf_counter() - start, time.process_time() - cpu))
        game.push(action)
    return game.won, str(game.reason), times


def winnable(spec: GameSpec) -> bool:
    """Whether a player who could see every card would win ``spec``'s deal (a search of every line)."""
    return _wins(SolitaireGame(spec.ruleset, seed=spec.seed).state, {})


def _wins(state: SolitaireState, seen: dict[tuple[object, ...], bool]) -> bool:
    if state.phase is Phase.OVER:
        return state.outcome == "win"
    key: tuple[object, ...] = (tuple(state.queue), tuple(state.up), tuple(state.hand), state.agent, state.agent_up)
    key += (state.playing, tuple(state.draw), state.player_protected, state.queue_protected, state.phase, state.threat)
    found = seen.get(key)
    if found is None:
        found = seen[key] = any(_wins(_after(state, a), seen) for a in _lines(state))
    return found


def _lines(state: SolitaireState) -> Iterator[Play | object]:
    """The legal actions, a Guard's wrong names on one card counted once (they all just turn it up)."""
    missed: set[object] = set()
    for action in state.legal_actions():
        if isinstance(action, Play) and action.named is not None:
            assert isinstance(action.target, int)
            if state.queue[action.target - 1] != action.named:
                if action.target in missed:
                    continue
                missed.add(action.target)
        yield action


def _after(state: SolitaireState, action: object) -> SolitaireState:
    new = state.copy()
    new.apply(action, record=False)  # type: ignore[arg-type]
    return new


def _map(function: object, specs: Sequence[GameSpec], jobs: int) -> list[object]:
    if jobs <= 1:
        return [function(s) for s in specs]  # type: ignore[operator]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(function, specs, chunksize=max(1, min(16, len(specs) // (jobs * 8)))))  # type: ignore[arg-type]


def _spread(seconds: list[float]) -> str:
    """Median, 95th percentile and slowest, in milliseconds."""
    if not seconds:
        return "none"
    seconds.sort()
    p95 = seconds[int(0.95 * (len(seconds) - 1))]
    median, slowest = statistics.median(seconds), seconds[-1]
    return f"median {median * 1000:.1f} ms, p95 {p95 * 1000:.0f} ms, slowest {slowest * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10_000, help="deals per level (default 10,000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--level", action="append", help="only this level (hard:N: a budget of N states)")
    parser.add_argument("--bound", action="store_true", help="also solve every deal with all cards face up")
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 deals per level")
    args = parser.parse_args(argv)
    deals = 20 if args.quick else args.deals

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}; {args.jobs} process(es); seed {args.seed}; {deals:,} deals per level; "
          f"load {load:.1f} on {os.cpu_count()} cores")  # fmt: skip
    for level in args.level or SOLITAIRE_LEVELS:
        parse_level(level)
        specs = make_specs("solitaire", [level], games=deals, seed=args.seed)
        start = time.perf_counter()
        results: list[Deal] = _map(play_timed, specs, args.jobs)  # type: ignore[assignment]
        elapsed = time.perf_counter() - start
        wins = sum(won for won, _, _ in results)
        low, high = wilson(wins, deals)
        reasons = Counter(reason for _, reason, _ in results)
        assert sum(reasons.values()) == deals, "every deal ends in exactly one win or loss"
        top = ", ".join(f"{reason} {count / deals:.1%}" for reason, count in reasons.most_common(3))
        wall = _spread([w for _, _, ts in results for w, _ in ts])
        cpu = _spread([c for _, _, ts in results for _, c in ts])
        print(
            f"{level:<7} won {wins:>6,}/{deals:,} = {wins / deals:6.2%} (95% CI {low:.2%}-{high:.2%}); "
            f"{elapsed / deals * 1000:7.1f} ms/deal; ends: {top}\n"
            f"        decisions: CPU time {cpu}; wall time {wall}"
        )
    if args.bound:
        specs = make_specs("solitaire", ["random"], games=deals, seed=args.seed)
        start = time.perf_counter()
        won = sum(bool(w) for w in _map(winnable, specs, args.jobs))
        low, high = wilson(won, deals)
        print(
            f"seeing every card: {won:,}/{deals:,} = {won / deals:6.2%} (95% CI {low:.2%}-{high:.2%}) of the deals "
            f"can be won; {(time.perf_counter() - start) / deals * 1000:.1f} ms/deal"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
