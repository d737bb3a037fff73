"""How well the ``hard`` player's reading of the round predicts the cards it cannot see.

    uv run python benchmarks/reading.py                          # against easy, 2 players, 100 games
    uv run python benchmarks/reading.py --against hard-v1        # against another level
    uv run python benchmarks/reading.py --players 4 --games 50   # one hard seat, three of the other level
    uv run python benchmarks/reading.py --quick                  # a smoke run (CI): a few games, a small budget

It plays full games (seating rotated, as ``benchmarks/bots.py`` does) and, at every decision of the ``hard`` seat,
compares the reading behind it (:mod:`loveletter.bots.beliefs`: the chance of each card for every other player
holding one unknown card) with the card that player really holds. For each such hidden card it scores the chance
the reading gave the true card ``p``: the log-loss ``-ln p`` (lower is better: the figure to compare two ways of
reading on the same games), ``p`` itself, and the sum of the squared chances, which equals ``p`` on average when
the reading is calibrated (a larger sum: over-confident; a smaller one: it could have said more). The same
figures for counting alone (every unseen card as likely as its copies) show what the reading adds, and a
calibration table shows how often the cards given each range of chances were held.

A reading's log-loss moves far less from run to run than games won: a change to the reading can be tried here
on a few hundred decisions before any match. Past figures, and what they decided, are in ``benchmarks/NOTES.md``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena.games import GameSpec, make_specs, parse_level
from loveletter.bots import beliefs, make_bot
from loveletter.bots.hard import HardBot
from loveletter.engine import Game, load_ruleset

#: The least chance scored (a card the reading ruled out that was held would otherwise cost an infinite log-loss).
LEAST = 1e-6
#: Calibration rows: chances given in [k/10, (k+1)/10).
BINS = 10


@dataclass(slots=True)
class Score:
    """Sums over hidden cards of one way of reading."""

    loss: float = 0.0
    loss_sq: float = 0.0
    p: float = 0.0
    squares: float = 0.0
    entropy: float = 0.0

    def add(self, chances: Mapping[str, float], true: str) -> None:
        p = max(LEAST, chances.get(true, 0.0))
        loss = -math.log(p)
        self.loss += loss
        self.loss_sq += loss * loss
        self.p += chances.get(true, 0.0)
        self.squares += sum(x * x for x in chances.values())
        self.entropy -= sum(x * math.log(x) for x in chances.values() if x > 0.0)

    def merge(self, other: Score) -> None:
        self.loss += other.loss
        self.loss_sq += other.loss_sq
        self.p += other.p
        self.squares += other.squares
        self.entropy += other.entropy


@dataclass(slots=True)
class Tally:
    """What a run's games gave: the reading's and counting's scores, and the calibration table."""

    games: int = 0
    decisions: int = 0
    cards: int = 0
    reading: Score = field(default_factory=Score)
    counting: Score = field(default_factory=Score)
    #: Per bin: (cards given a chance in it, of which held).
    given: list[int] = field(default_factory=lambda: [0] * BINS)
    held: list[int] = field(default_factory=lambda: [0] * BINS)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.cards += other.cards
        self.reading.merge(other.reading)
        self.counting.merge(other.counting)
        for k in range(BINS):
            self.given[k] += other.given[k]
            self.held[k] += other.held[k]


def read_game(spec: GameSpec) -> Tally:
    """Play one game and score the ``hard`` seats' readings at each of their decisions."""
    ruleset = load_ruleset(spec.ruleset)
    # A ruleset that lets the host choose who starts: the lowest seat the rules allow (the seating rotates).
    choose = ruleset.flags.first_player_mode == "choose"
    game = Game(ruleset, spec.players, seed=spec.seed, first_player=0 if choose else None)  # the reading needs events
    state = game.state
    bots = []
    for level_text, bot_seed in zip(spec.levels, spec.bot_seeds, strict=True):
        level, budget = parse_level(level_text)
        bots.append(make_bot(level, seed=bot_seed, budget=budget))
    tally = Tally(games=1)
    while not game.over:
        seat = state.decider
        if seat is None:
            game.next_round(first_player=game.first_player_choices()[0] if choose else None)
            continue
        view = state.view(seat)
        bot = bots[seat]
        action = bot.choose(view)
        reading = bot.reading if isinstance(bot, HardBot) else None
        if reading is not None:
            tally.decisions += 1
            counting = beliefs.chances(view, {})
            for q, odds in reading.chances.items():
                sv = view.seats[q]
                if sv.hand_size != 1 or sv.known:
                    continue  # a hand the viewer knows, or the player in turn's two cards
                true = state.hands[q][0]
                tally.cards += 1
                tally.reading.add(odds, true)
                tally.counting.add(counting[q], true)
                for card, chance in odds.items():
                    k = min(BINS - 1, int(chance * BINS))
                    tally.given[k] += 1
                    tally.held[k] += card == true
        game.push(action)
    return tally


def run(specs: list[GameSpec], jobs: int) -> Tally:
    tally = Tally()
    if jobs <= 1:
        for spec in specs:
            tally.merge(read_game(spec))
        return tally
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(read_game, specs, chunksize=max(1, len(specs) // (jobs * 4))):
            tally.merge(part)
    return tally


def report(tally: Tally) -> str:
    n = tally.cards
    if not n:
        return "no hidden card was read (no decision of the hard seat had a choice)"
    lines = [f"{'':<16}{'log-loss (95% CI)':<22}{'entropy':>9}{'p(true)':>9}{'sum p^2':>9}"]
    for name, s in (("counting only", tally.counting), ("reading", tally.reading)):
        mean = s.loss / n
        spread = math.sqrt(max(0.0, s.loss_sq / n - mean * mean) / n)
        ci = f"{mean:.3f} ({mean - 1.96 * spread:.2f}-{mean + 1.96 * spread:.2f})"
        lines.append(f"{name:<16}{ci:<22}{s.entropy / n:>9.3f}{s.p / n:>9.3f}{s.squares / n:>9.3f}")
    gain = (tally.counting.loss - tally.reading.loss) / n
    lines.append(f"the reading adds {gain:.3f} nats per hidden card to counting")
    lines.append("chance given   cards     held")
    for k in range(BINS):
        if tally.given[k]:
            share = tally.held[k] / tally.given[k]
            lines.append(f"{k * 10:>3}-{(k + 1) * 10:>3}%   {tally.given[k]:>9,}  {share:>6.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="easy", metavar="LEVEL", help="the other seats' level (default easy)")
    parser.add_argument("--hard", default="hard", metavar="LEVEL", help="the reading seat, e.g. hard:500")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", default="2019")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--quick", action="store_true", help="smoke run: a few games, a small budget")
    args = parser.parse_args(argv)
    if not args.hard.startswith("hard") or args.hard.startswith("hard-"):
        parser.error(f"--hard {args.hard}: the reading seat must be the hard level (hard or hard:BUDGET)")
    hard, games = (f"{args.hard.split(':')[0]}:200", 4) if args.quick else (args.hard, args.games)
    levels = [hard] + [args.against] * (args.players - 1)
    specs = make_specs(args.ruleset, levels, games=games, seed=args.seed)
    start = time.perf_counter()
    tally = run(specs, 1 if args.quick else args.jobs)
    seconds = time.perf_counter() - start
    print(
        f"Reading of {hard} against {args.against} ({args.ruleset}, {args.players} players): {tally.games} games, "
        f"{tally.cards:,} hidden cards at {tally.decisions:,} decisions; seed {args.seed}; {seconds:.0f} s"
    )
    print(report(tally))
    return 0


if __name__ == "__main__":
    sys.exit(main())
