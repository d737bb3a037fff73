"""The coach's speed: how long a hint takes on a player's screen (``h``), and how long a review of a game takes.

    uv run python benchmarks/coach.py            # hints at every table size (2019 2-6, premium 7 and 8), reviews
    uv run python benchmarks/coach.py --quick    # a smoke run (CI)

A hint is timed as the player waits for it, in wall-clock time: the reading of the round (the opponents' likely
cards), the judge's search on its fixed budget (``loveletter.coach.judge.BUDGET``, by number of players: the same
decision always gets the same hint, so a busy machine gets it later) and the reasons. The decisions are those
of random games of the 2019 edition (2-6 players) and of premium (7 and 8), every seat's, from the first turn to
the last; the figures are the median, the 95th percentile and the slowest, and the same in processor time (what
the hint costs, which a busy machine does not inflate: on an idle one the two agree). A review is timed whole
(every decision of seat 0 in a finished 2-player game of ``easy`` players, as ``loveletter review`` weighs them),
with the number of decisions it weighed. The machine's load is printed beside them: speed figures move with it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.bots import make_bot
from loveletter.coach.hint import hint_for
from loveletter.coach.judge import BUDGET
from loveletter.engine import Game
from loveletter.records import GameRecord, Seat
from loveletter.tui.review import Review
from tests.support import decisions


def hint_times(
    players: int, games: int, seed: int, ruleset: str = "2019", *, most: int | None = None
) -> tuple[list[float], list[float]]:
    """Seconds per hint, wall-clock and processor, over every decision of ``games`` random games' first rounds
    (at most ``most`` of them)."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    for number in range(games):
        game = Game(ruleset, players, seed=seed * 1000 + number)
        while not game.round_over and (most is None or len(times) < most):
            seat = game.decider
            assert seat is not None
            view = game.view(seat)
            start, spent = time.perf_counter(), time.process_time()
            hint_for(view)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - spent)
            game.push(rng.choice(game.legal_actions()))
    return times, cpu


def review_time(seed: int) -> tuple[float, float, int]:
    """Seconds (wall-clock and processor) to review seat 0 of a 2-player game of ``easy`` players, and the
    decisions weighed."""
    game = Game("2019", 2, seed=seed)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed)
    bots = [make_bot("easy", seed=seed), make_bot("easy", seed=seed + 1)]
    for view in decisions(game):
        game.push(bots[view.seat].choose(view))
    record.update(game)
    start, spent = time.perf_counter(), time.process_time()
    review = Review(record, 0)
    return time.perf_counter() - start, time.process_time() - spent, len(review.decisions)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    games = 1 if args.quick else 12
    reviews = 1 if args.quick else 3
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average (1, 5, 15 min): {load}; budget by players {BUDGET}")
    # The smoke run: a few hints at two tables, and one review.
    tables = (
        (("2019", 2), ("2019", 4))
        if args.quick
        else (*(("2019", n) for n in range(2, 7)), ("premium", 7), ("premium", 8))
    )
    most = 4 if args.quick else None
    for ruleset, players in tables:
        times, cpu = hint_times(
            players, games if players < 5 else max(1, games // 4), seed=players, ruleset=ruleset, most=most
        )
        print(f"hint, {ruleset} {players}p: {len(times)} decisions, {figures(times)}; processor {figures(cpu)}")
    for seed in range(reviews):
        seconds, processor, decisions = review_time(seed)
        print(
            f"review, 2019 2p game (seed {seed}): {decisions} decisions in {seconds:.1f} s "
            f"(processor {processor:.1f} s)"
        )


def figures(times: list[float]) -> str:
    """Median, 95th percentile and slowest of ``times``, in milliseconds."""
    median, p95, worst = statistics.median(times), quantile(times, 0.95), max(times)
    return f"median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, slowest {worst * 1000:.0f} ms"


if __name__ == "__main__":
    main()
