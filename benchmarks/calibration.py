"""Do the coach's numbers come true? Its estimate of each chosen move against how the round ended.

    uv run python benchmarks/calibration.py                 # a short run: 3 games per table
    uv run python benchmarks/calibration.py --games 40      # enough decisions for the deciles to mean something
    uv run python benchmarks/calibration.py --quick         # a smoke run (CI)
    # A long run that adds up (stop it at any time, start it again: games already saved are not replayed):
    uv run python benchmarks/calibration.py --save decisions.jsonl --seeds 1,2 --games 200
    uv run python benchmarks/calibration.py --fit decisions.jsonl --seeds 1      # writes coach/calibration.json
    uv run python benchmarks/calibration.py --report decisions.jsonl --seeds 2   # held out from the fit
    uv run python benchmarks/calibration.py --cross decisions.jsonl --seeds 1,2,3  # each seed held out in turn

``hard-v2`` plays ``hard-v2`` on three tables (2019 at 2 and at 4 players, premium at 6: the games the shipped
mapping was fitted on, played by the ``hard`` level of the time, kept as ``hard-v2``). At every decision with more
than one legal move, the coach's judge (:func:`loveletter.coach.judge.judge`, at the hint's budget unless
``--budget`` says otherwise) estimates, from the deciding seat's view alone, its chance to win the round with the
move the player chose; when the round ends, that decision is a win or not for its seat (a token that ends the
game mid-round counts for its winner, as the judge counts it). The decisions are bucketed by estimate into
deciles; for each, the table prints how many decisions, their mean estimate, the share of them whose round was
won, and the difference, then plots estimate against outcome in the terminal. A decile is judged only with at
least ``--least`` decisions (200 by default): below that its observed rate is too noisy to say.

The estimate judged is the one the coach shows: the judge's raw estimate read through
:mod:`loveletter.coach.calibration` (or, for a move the rules settle at once, its result as it is). ``--save``
keeps the raw estimates game by game, with the seats still in the round and whether the rules settled the move,
so that ``--fit`` can fit that mapping on some seeds and ``--report`` show the deciles (raw, and as shown) on
others; ``--cross`` reads each seed through a mapping fitted on the others only. The judge runs
about a quarter of a second a decision, so the default run is short; the figures of longer runs are kept in
``benchmarks/NOTES.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from rich.table import Table
from rich.text import Text

from loveletter.bots import make_bot
from loveletter.bots.hard_v2 import round_won
from loveletter.coach.calibration import DATA, Curve, calibrated, curves, fit, group
from loveletter.coach.judge import judge
from loveletter.engine import Game
from tests import support

#: The tables played: (ruleset, players).
TABLES = (("2019", 2), ("2019", 4), ("premium", 6))
#: Estimates within this many points of the observed rate count as calibrated.
TOLERANCE = 0.03

#: One decision: the estimate of the chosen move, whether its seat won the round, how many seats were still in the
#: round (the calibration's groups go by that), and whether the rules settled the move at once (it then shows its
#: result as it is, and is not fitted).
Decision = tuple[float, bool, int, bool]


@dataclass(slots=True)
class Bucket:
    count: int = 0
    estimates: float = 0.0
    wins: int = 0

    @property
    def estimate(self) -> float:
        return self.estimates / self.count if self.count else 0.0

    @property
    def observed(self) -> float:
        return self.wins / self.count if self.count else 0.0


def play_game(ruleset: str, players: int, seed: int, number: int, budget: int | None) -> list[Decision]:
    """(estimate of the chosen move, round won, seats still in the round, settled by the rules) for every decision
    of one game of ``hard-v2`` players; the raw estimate, before :mod:`loveletter.coach.calibration` reads it."""
    out: list[Decision] = []
    game_seed = seed * 10_000 + players * 100 + number
    game = Game(ruleset, players, seed=game_seed)
    bots = [make_bot("hard-v2", seed=game_seed + 1 + q) for q in range(players)]
    pending: list[tuple[int, float, int, bool]] = []
    for view in support.decisions(game):
        seat = view.seat
        action = bots[seat].choose(view)
        if len(view.legal_actions) > 1:
            move = judge(view, budget=budget).of(action)
            pending.append((seat, move.raw, view.seats_in_round, move.decided))
        game.push(action)
        if game.round_over or game.over:
            # Won as the judge counts a round won (a token that ends the game mid-round counts for its winner).
            out += [(c, round_won(game.state, q) == 1.0, n, d) for q, c, n, d in pending]
            pending = []
    return out


def play(ruleset: str, players: int, games: int, seed: int, budget: int | None) -> list[Decision]:
    """:data:`Decision` for every decision of ``games`` games of ``hard`` players."""
    out: list[Decision] = []
    for number in range(games):
        out += play_game(ruleset, players, seed, number, budget)
    return out


def saved(path: Path) -> list[dict[str, Any]]:
    """The games a ``--save`` file holds, one JSON object a line (a line cut short by a kill is skipped)."""
    if not path.exists():
        return []
    games = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            games.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return games


def accumulate(path: Path, seeds: list[int], games: int, budget: int | None) -> None:
    """Play ``games`` games per table and seed into ``path``, game by game, the seeds and tables taking turns (a
    run stopped at any time leaves every seed about equally filled); games already in the file are not replayed."""
    done = {(g["ruleset"], g["players"], g["seed"], g["game"]) for g in saved(path)}
    for number in range(games):
        for seed in seeds:
            for ruleset, players in TABLES:
                if (ruleset, players, seed, number) in done:
                    continue
                start = time.perf_counter()
                decisions = play_game(ruleset, players, seed, number, budget)
                row = {
                    "ruleset": ruleset,
                    "players": players,
                    "seed": seed,
                    "game": number,
                    "budget": budget,
                    "seconds": round(time.perf_counter() - start, 1),
                    "decisions": [[round(c, 6), int(w), seats, int(d)] for c, w, seats, d in decisions],
                }
                with path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")


def buckets(decisions: list[Decision]) -> list[Bucket]:
    rows = [Bucket() for _ in range(10)]
    for chance, won, _, _ in decisions:
        bucket = rows[min(9, int(chance * 10))]
        bucket.count += 1
        bucket.estimates += chance
        bucket.wins += won
    return rows


def report(console: Console, title: str, decisions: list[Decision], least: int) -> None:
    rows = buckets(decisions)
    table = Table(title=f"{title}: {len(decisions)} decisions", title_justify="left")
    for name in ("decile", "decisions", "mean estimate", "won", "difference", "judged"):
        table.add_column(name, justify="right")
    plot = []
    for i, b in enumerate(rows):
        if not b.count:
            continue
        diff = b.estimate - b.observed
        judged = "—" if b.count < least else ("ok" if abs(diff) <= TOLERANCE else "off")
        table.add_row(
            f"{i * 10}–{i * 10 + 10}%",
            str(b.count),
            f"{b.estimate:.1%}",
            f"{b.observed:.1%}",
            f"{diff * 100:+.1f}",
            judged,
        )
        plot.append(line(f"{i * 10}–{i * 10 + 10}%".rjust(7), b))
    console.print(table)
    console.print(Text("estimate ◆, observed ●, on a 0–100% line (─), one column = 2 points", style="dim"))
    for row in plot:
        console.print(row)


def line(label: str, b: Bucket, width: int = 50) -> Text:
    """One decile as a line of the plot: its mean estimate ◆ and its observed rate ● on a 0–100% axis."""
    cells = ["─"] * (width + 1)
    est, obs = round(b.estimate * width), round(b.observed * width)
    cells[obs] = "●"
    cells[est] = "◆" if est != obs else "◉"
    return Text.assemble(f"{label} ", ("".join(cells), "bold"), f"  n={b.count}")


def shown(decisions: list[Decision]) -> list[Decision]:
    """The decisions with the estimates the coach shows (calibrated, unless the rules settled them) instead of the
    raw ones."""
    return [(c if d else calibrated(c, seats), won, seats, d) for c, won, seats, d in decisions]


def by_table(games: list[dict[str, Any]], seeds: set[int]) -> dict[tuple[str, int], list[Decision]]:
    """The saved decisions of ``seeds``, table by table."""
    out: dict[tuple[str, int], list[Decision]] = {}
    for g in games:
        if g["seed"] in seeds:
            out.setdefault((g["ruleset"], g["players"]), []).extend(
                (c, bool(w), n, bool(d)) for c, w, n, d in g["decisions"]
            )
    return out


def groups_of(games: list[dict[str, Any]], seeds: set[int]) -> dict[str, list[tuple[float, bool]]]:
    """The saved decisions of ``seeds`` that the calibration reads (raw estimate, round won), by its group: every
    one but those the rules settled."""
    groups: dict[str, list[tuple[float, bool]]] = {}
    for decisions in by_table(games, seeds).values():
        for chance, won, seats, decided in decisions:
            if not decided:
                groups.setdefault(group(seats), []).append((chance, won))
    return groups


def fit_file(path: Path, seeds: set[int]) -> dict[str, Any]:
    """Fit each group's curve on the saved decisions of ``seeds`` and write them as the package's data."""
    groups = groups_of(saved(path), seeds)
    data = {
        "fitted_on": {"seeds": sorted(seeds), "decisions": {k: len(v) for k, v in sorted(groups.items())}},
        "groups": {k: asdict(fit(v)) for k, v in sorted(groups.items())},
    }
    DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    curves.cache_clear()
    return data


def report_file(console: Console, path: Path, seeds: set[int], least: int) -> None:
    """The decile tables of the saved decisions of ``seeds``: raw estimates, then as the coach shows them."""
    tables = by_table(saved(path), seeds)
    raw: list[Decision] = []
    calibrated_: list[Decision] = []
    for (ruleset, players), decisions in sorted(tables.items()):
        raw += decisions
        calibrated_ += shown(decisions)
        report(console, f"{ruleset}, {players} players, seeds {sorted(seeds)}, as shown", shown(decisions), least)
    report(console, f"every table, seeds {sorted(seeds)}, raw (before calibration)", raw, least)
    report(console, f"every table, seeds {sorted(seeds)}, as shown (calibrated)", calibrated_, least)
    console.print(f"Brier score: raw {brier(raw):.4f}, as shown {brier(calibrated_):.4f} ({len(raw)} decisions)")


def cross_file(console: Console, path: Path, seeds: set[int], least: int) -> None:
    """Every decision of ``seeds`` read through curves fitted on the *other* seeds only (each seed held out in
    turn), so that each is judged by a mapping that never saw its game; the decile tables of those, table by
    table and all together. The shipped data file is not touched."""
    games = saved(path)
    held_out: dict[tuple[str, int], list[Decision]] = {}
    raw: list[Decision] = []
    for seed in sorted(seeds):
        fitted = {name: fit(decisions) for name, decisions in groups_of(games, seeds - {seed}).items()}
        for table, decisions in by_table(games, {seed}).items():
            raw += decisions
            held_out.setdefault(table, []).extend(
                (c if d else read(fitted, c, seats), won, seats, d) for c, won, seats, d in decisions
            )
    everything: list[Decision] = []
    for (ruleset, players), decisions in sorted(held_out.items()):
        everything += decisions
        report(console, f"{ruleset}, {players} players, each seed held out", decisions, least)
    report(console, f"every table, seeds {sorted(seeds)}, raw (before calibration)", raw, least)
    report(console, f"every table, seeds {sorted(seeds)}, each seed held out from the fit", everything, least)
    console.print(f"Brier score: raw {brier(raw):.4f}, as shown {brier(everything):.4f} ({len(raw)} decisions)")


def read(fitted: dict[str, Curve], chance: float, seats: int) -> float:
    curve = fitted.get(group(seats))
    return chance if curve is None else curve(chance)


def brier(decisions: list[Decision]) -> float:
    return sum((c - w) ** 2 for c, w, _, _ in decisions) / len(decisions) if decisions else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per table (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="the judge's budget (default: the hint's)")
    parser.add_argument("--least", type=int, default=200, help="decisions a decile needs to be judged")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one game of the 2-player table")
    parser.add_argument("--save", type=Path, help="add the decisions to this file, game by game (runs add up)")
    parser.add_argument("--seeds", default="", help="the seeds to fill (--save), fit on (--fit) or report (--report)")
    parser.add_argument("--fit", type=Path, help="fit the calibration on this file's decisions of --seeds")
    parser.add_argument("--report", type=Path, help="the deciles of this file's decisions of --seeds")
    parser.add_argument(
        "--cross", type=Path, help="the deciles of this file's decisions of --seeds, each seed held out from the fit"
    )
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()] or [args.seed]
    console = Console(width=100)
    if args.save is not None:
        accumulate(args.save, seeds, args.games, args.budget)
        return
    if args.fit is not None:
        data = fit_file(args.fit, set(seeds))
        console.print(f"fitted on seeds {seeds}: {data['fitted_on']['decisions']} decisions; wrote {DATA}")
        for name, fields in data["groups"].items():
            console.print(f"  {name} seats in the round: " + ", ".join(f"{k} {v:.3f}" for k, v in fields.items()))
        return
    if args.report is not None:
        report_file(console, args.report, set(seeds), args.least)
        return
    if args.cross is not None:
        cross_file(console, args.cross, set(seeds), args.least)
        return
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    console.print(f"load average (1, 5, 15 min): {load}; judge budget: {args.budget or 'as the hint'}")
    tables = TABLES[:1] if args.quick else TABLES
    games = 1 if args.quick else args.games
    everything: list[Decision] = []
    for ruleset, players in tables:
        start = time.perf_counter()
        decisions = shown(play(ruleset, players, games, args.seed, 500 if args.quick else args.budget))
        seconds = time.perf_counter() - start
        everything += decisions
        report(console, f"{ruleset}, {players} players, {games} games ({seconds:.0f} s)", decisions, args.least)
    if len(tables) > 1:
        report(console, "every table", everything, args.least)


if __name__ == "__main__":
    main()
