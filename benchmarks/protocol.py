"""The bot protocol's speed: a Python bot that plays like ``easy``, run in its own process through the protocol
(the runner, ``loveletter.arena.runner``), beside the built-in ``easy`` in the referee's process.

    uv run python benchmarks/protocol.py            # a few seconds a figure, best of 5
    uv run python benchmarks/protocol.py --quick    # a smoke run

Each line plays the same two-player tournament games (2019, duplicate deals) with the referee
(:func:`loveletter.arena.referee.play`), in one process, and prints decisions per second of wall time, best of
the repetitions and the spread:

* **in process**: ``easy`` against ``easy``, both in the referee's process: every decision;
* **one through the protocol**: ``easy`` against the protocol bot; the protocol bot's decisions per second of
  its own decisions' wall time (from the question written to the answer read: the view's message, the pipe both
  ways, the runner rebuilding the view, the bot's choice), and every decision of the games per second;
* **both through the protocol**: every decision of the games, both bots in their own process.

The bots' processes are started before the clock runs (a tournament starts each once per worker), and the
machine's load average is printed: on a shared machine the bot's process waits for a core.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena import referee
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import parse_player

#: The protocol bot: the built-in easy level, as a user's bot class.
EASY = """
from loveletter.bots import EasyBot


class Easy:
    def __init__(self, rng):
        self.bot = EasyBot(rng)

    def choose(self, view):
        return self.bot.choose(view)
"""


def run(players: tuple[str, str], deals: int, protocol_seat: int | None) -> tuple[float, float]:
    """(every decision per second of wall time, the protocol bot's decisions per second of its own time)."""
    entrants = tuple(parse_player(p) for p in players)
    t = Tournament(entrants, "2019", 2, deals=deals, seed=1, bot_logs=tempfile.gettempdir() + "/loveletter-bench")
    referee.play(t.game(0))  # the bots' processes started, outside the clock
    decisions = 0
    mine = [0, 0.0]
    start = time.perf_counter()
    for game in t.iter_games(1):
        outcome = referee.play(game)
        assert outcome.forfeit is None, outcome.forfeit
        decisions += sum(outcome.decisions)
        if protocol_seat is not None:
            seat = outcome.seats.index(protocol_seat)
            mine[0] += outcome.decisions[seat]
            mine[1] += outcome.seconds[seat]
    elapsed = time.perf_counter() - start
    return decisions / elapsed, (mine[0] / mine[1] if mine[1] else 0.0)


def figure(name: str, runs: list[tuple[float, float]], which: int) -> str:
    values = sorted(r[which] for r in runs)
    return f"{name:<58} {values[-1]:>9,.0f}   {values[0]:,.0f}-{values[-1]:,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--deals", type=int, default=40, help="deals per repetition (two games each)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the best is reported")
    args = parser.parse_args()
    deals, repeat = (3, 1) if args.quick else (args.deals, args.repeat)
    with tempfile.TemporaryDirectory() as folder:
        bot = Path(folder) / "easy_bot.py"
        bot.write_text(EASY, encoding="utf-8")
        protocol = f"Easy={bot}:Easy"
        print(f"Python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.1f} at the start; "
              f"{deals} deals (2019, 2 players, duplicate) a repetition, best of {repeat}")  # fmt: skip
        print(f"{'decisions per second':<58} {'best':>9}   spread")
        try:
            inside = [run(("easy", "easy 2=easy"), deals, None) for _ in range(repeat)]
            one = [run(("easy", protocol), deals, 1) for _ in range(repeat)]
            both = [run((protocol, "Easy 2=" + protocol.split("=", 1)[1]), deals, 0) for _ in range(repeat)]
        finally:
            referee.close_all()
        print(figure("in process: easy against easy, every decision", inside, 0))
        print(figure("one through the protocol: its own decisions", one, 1))
        print(figure("one through the protocol: every decision", one, 0))
        print(figure("both through the protocol: every decision", both, 0))
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
