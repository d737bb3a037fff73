"""``loveletter tournament``: built-in levels and people's own bots play a round-robin or a gauntlet; ratings,
head-to-head win rates, a chart of the ratings, and an optional SPRT that stops once it decides.

The players are checked (their bot files loaded) before any game. Every game is described from the tournament's
seed and its index alone (:mod:`loveletter.arena.tournament`), played here, in ``--jobs`` processes or on a Ray
cluster (:mod:`loveletter.arena.backends`), and written to the results file as a JSON line as the games end, in
order; ``--resume FILE`` reads that file back, refuses it if it is another tournament's, and plays the rest.
"""

from __future__ import annotations

import argparse
import sys

from loveletter.i18n import t

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

    from loveletter.arena.sprt import Sprt
    from loveletter.arena.tournament import Standings, Tournament

DEFAULT_DEALS = 50
DEFAULT_MOVE_TIME = 10.0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar=t("tournament.metavar.player"),
        help=t("tournament.help.player"),
    )
    parser.add_argument(
        "--format", choices=("round-robin", "gauntlet"), default="round-robin", help=t("tournament.help.format")
    )
    parser.add_argument(
        "--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("tournament.help.ruleset")
    )
    parser.add_argument("--players", type=int, metavar="N", help=t("tournament.help.players"))
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, metavar="D", help=t("tournament.help.deals"))
    parser.add_argument("--no-duplicate", action="store_true", help=t("tournament.help.no_duplicate"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("tournament.help.seed"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=t("tournament.help.jobs"))
    parser.add_argument("--oversubscribe", action="store_true", help=t("simulate.help.oversubscribe"))
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help=t("tournament.help.backend"))
    parser.add_argument("--address", metavar=t("tournament.metavar.address"), help=t("tournament.help.address"))
    parser.add_argument(
        "--move-time",
        type=float,
        default=DEFAULT_MOVE_TIME,
        metavar=t("tournament.metavar.seconds"),
        help=t("tournament.help.move_time"),
    )
    parser.add_argument("--sprt", metavar="ELO0,ELO1", help=t("tournament.help.sprt"))
    parser.add_argument("--alpha", type=float, default=0.05, metavar="A", help=t("tournament.help.alpha"))
    parser.add_argument("--beta", type=float, default=0.05, metavar="B", help=t("tournament.help.beta"))
    parser.add_argument("--results", metavar=t("tournament.metavar.file"), help=t("tournament.help.results"))
    parser.add_argument("--resume", metavar=t("tournament.metavar.file"), help=t("tournament.help.resume"))
    parser.add_argument("--json", action="store_true", help=t("tournament.help.json"))
    parser.add_argument("--csv", metavar=t("tournament.metavar.file"), help=t("tournament.help.csv"))


def run(args: argparse.Namespace) -> int:
    import json
    import random
    import time
    from contextlib import closing

    from loveletter.arena.tournament import SprtFeed, Standings, play
    from loveletter.commands.simulate import backend_for, open_backend
    from loveletter.tui.standings import print_tournament, progress

    tournament, sprt = _tournament(args)
    backend = backend_for(args, tournament.games)
    resume_from: list[dict[str, Any]] = []
    keep = 0
    if args.resume is not None:
        head, resume_from, keep = _read_resume(args.resume)
        if args.seed is None:  # the seed of the file, drawn when it was started
            seed = (head.get("tournament") or {}).get("seed")
            if isinstance(seed, int):
                tournament = _replace_seed(tournament, seed)
        _check_resume(tournament, head, args.resume)
    elif args.seed is None:
        tournament = _replace_seed(tournament, random.SystemRandom().randrange(10**9))
    path = args.resume or args.results or f"tournament-{tournament.seed}.jsonl"

    from loveletter.arena.tournament import Outcome

    standings = Standings([e.name for e in tournament.entrants], by_deal=tournament.duplicate)
    feed = SprtFeed(sprt) if sprt is not None else None
    decided = False
    for data in resume_from:
        outcome = Outcome.from_json(data)
        standings.add(outcome)
        if feed is not None:
            feed.add(outcome)
            if feed.test.verdict() is not None:
                decided = True
                break
    done = standings.games
    interrupted = False
    start = time.perf_counter()
    if not decided and done < tournament.games:
        open_backend(backend, args.address)  # a cluster out of reach stops the run before the results file is written
        try:
            results = _open_results(path, tournament, keep if args.resume else None)
            stream = backend.stream(tournament.iter_games(done), play, total=tournament.games - done)
            shown = progress(stream, tournament.games, done, show=not args.json and sys.stderr.isatty(), stderr=True)
            with closing(shown), results:
                for outcome in shown:
                    results.write(json.dumps(outcome.to_json(), ensure_ascii=False) + "\n")
                    results.flush()
                    standings.add(outcome)
                    if feed is not None:
                        feed.add(outcome)
                        if feed.test.verdict() is not None:
                            decided = True
                            break
        except KeyboardInterrupt:
            interrupted = True
        finally:
            backend.close()
    seconds = time.perf_counter() - start
    if interrupted:
        print(t("tournament.stopped", games=standings.games, total=tournament.games, file=path), file=sys.stderr)
    if args.csv is not None:
        _write_csv(args.csv, standings)
    if args.json:
        data = {
            "seed": tournament.seed,
            "ruleset": tournament.ruleset,
            "format": tournament.format,
            "table": tournament.table,
            "duplicate": tournament.duplicate,
            "planned_games": tournament.games,
            "seconds": round(seconds, 3),
            "results_file": path,
            **standings.to_json(),
            "forfeits": [
                {"game": index, "player": name, "reason": reason, "detail": detail}
                for index, name, reason, detail in standings.forfeit_examples
            ],
        }
        if sprt is not None:
            data["sprt"] = sprt.to_json()
        print(json.dumps(data, ensure_ascii=False))
    else:
        print_tournament(tournament, standings, sprt, path, seconds)
    return 130 if interrupted else 0


def _usage(message: str) -> Exception:
    from loveletter.errors import UsageError

    return UsageError(message)


def _tournament(args: argparse.Namespace) -> tuple[Tournament, Sprt | None]:
    """The tournament the options describe (its seed 0 until chosen), and its SPRT if asked; every player
    loaded, every option checked, before any game."""
    from loveletter.arena.tournament import FormatError, Tournament
    from loveletter.arena.userbots import PlayerError, parse_player, unique_names
    from loveletter.commands.simulate import check_table
    from loveletter.engine import load_ruleset

    if args.deals < 1:
        raise _usage(t("tournament.error.deals", deals=args.deals))
    if args.jobs < 1:
        raise _usage(t("simulate.error.jobs", jobs=args.jobs))
    if not args.move_time > 0:
        raise _usage(t("tournament.error.move_time", seconds=args.move_time))
    if args.resume is not None and args.results is not None:
        raise _usage(t("tournament.error.resume_results"))
    if len(args.player) < 2:
        raise _usage(t("tournament.error.too_few", count=len(args.player)))
    entrants = []
    for text in args.player:
        try:
            entrants.append(parse_player(text))
        except PlayerError as exc:
            raise _usage(_player_problem(exc)) from None
    entrants = unique_names(entrants)
    ruleset = load_ruleset(args.ruleset)
    table = check_table(ruleset, args.players if args.players is not None else ruleset.min_players)
    try:
        tournament = Tournament(
            entrants=tuple(entrants),
            ruleset=args.ruleset,
            table=table,
            format=args.format,
            deals=args.deals,
            duplicate=not args.no_duplicate,
            seed=args.seed if args.seed is not None else 0,
            move_time=args.move_time,
        )
    except FormatError as exc:
        raise _usage(t("tournament.error.format", format=exc.format, needed=exc.needed, given=exc.given)) from None
    sprt = None
    if args.sprt is not None:
        sprt = _sprt(args, tournament)
    return tournament, sprt


def _sprt(args: argparse.Namespace, tournament: Tournament) -> Sprt:
    from loveletter.arena.sprt import Sprt

    try:
        elo0, elo1 = (float(x) for x in args.sprt.split(","))
    except ValueError:
        raise _usage(t("tournament.error.sprt_bounds", sprt=_clip(args.sprt))) from None
    if not elo0 < elo1:
        raise _usage(t("tournament.error.sprt_bounds", sprt=_clip(args.sprt)))
    if not (0 < args.alpha < 0.5 and 0 < args.beta < 0.5):
        raise _usage(t("tournament.error.sprt_errors", alpha=args.alpha, beta=args.beta))
    if len(tournament.entrants) != 2 or tournament.table != 2:
        raise _usage(t("tournament.error.sprt_players", count=len(tournament.entrants), table=tournament.table))
    return Sprt(elo0, elo1, alpha=args.alpha, beta=args.beta, pairs=tournament.duplicate)


def _replace_seed(tournament: Tournament, seed: int) -> Tournament:
    from dataclasses import replace

    return replace(tournament, seed=seed)


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_problem(exc: Any) -> str:
    """A player that cannot play, in one line."""
    from loveletter.bots import LEVELS

    key = f"tournament.error.player_{exc.problem}"
    return t(key, player=_clip(exc.text), detail=exc.detail, known=", ".join(LEVELS))


def _read_resume(path: str) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    from loveletter.arena.tournament import ResultsError, read_results

    try:
        return read_results(path)
    except ResultsError as exc:
        raise _usage(_results_problem(exc)) from None


def _check_resume(tournament: Tournament, head: dict[str, Any], path: str) -> None:
    from loveletter.arena.tournament import ResultsError, check_resume

    try:
        check_resume(tournament, head, path)
    except ResultsError as exc:
        raise _usage(_results_problem(exc)) from None


#: A field of a tournament's identity -> the option that sets it, to say what differs in a resumed file.
OPTIONS = {
    "players": "--player",
    "ruleset": "--ruleset",
    "table": "--players",
    "format": "--format",
    "deals": "--deals",
    "duplicate": "--no-duplicate",
    "seed": "--seed",
    "move_time": "--move-time",
}


def _option(field: str) -> str:
    if field.startswith("player "):
        return "--player " + field.removeprefix("player ")
    return OPTIONS.get(field, field)


def _shown(field: str, value: Any) -> str:
    if field == "duplicate" and isinstance(value, bool):  # said as the option: --no-duplicate is True
        value = not value
    if field == "ruleset":  # clipped already, keeping the digest of its contents
        return str(value)
    return _clip(str(value), 40)


def _results_problem(exc: Any) -> str:
    if exc.problem == "other":
        shown = "; ".join(
            t("tournament.error.differs", field=_option(field), here=_shown(field, here), there=_shown(field, there))
            for field, here, there in exc.differences[:4]
        )
        return t("tournament.error.resume_other", file=exc.path, differences=shown)
    return t(f"tournament.error.resume_{exc.problem}", file=exc.path, problem=exc.detail)


def _open_results(path: str, tournament: Tournament, keep: int | None) -> IO[str]:
    """The results file, ready to take the next games: a new one with the tournament's header, or (resuming) the
    file cut to its ``keep`` bytes of whole lines. A new file never overwrites an existing one."""
    import json

    from loveletter.arena.tournament import header

    try:
        if keep is not None:
            file = open(path, "r+", encoding="utf-8")  # noqa: SIM115 (closed by the caller)
            file.seek(keep)
            file.truncate()
            return file
        file = open(path, "x", encoding="utf-8")  # noqa: SIM115
    except FileExistsError:
        raise _usage(t("tournament.error.results_exist", file=path)) from None
    except OSError as exc:
        from loveletter.i18n import os_problem

        raise _usage(
            t("tournament.error.results_write", file=path, problem=os_problem(exc.errno, exc.strerror))
        ) from None
    file.write(json.dumps(header(tournament), ensure_ascii=False) + "\n")
    file.flush()
    return file


def _write_csv(path: str, standings: Standings) -> None:
    import csv

    try:
        with open(path, "w", encoding="utf-8", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(
                ["player", "games", "wins", "win_rate", "ci95_low", "ci95_high", "rounds", "mu", "sigma",
                 "mean_decision_ms", "forfeits"]
            )  # fmt: skip
            for row in standings.to_json()["players"]:
                writer.writerow(
                    [
                        row["name"],
                        row["games"],
                        row["wins"],
                        row["win_rate"] if row["win_rate"] is not None else "",
                        *row["ci95"],
                        row["rounds"],
                        row["rating"]["mu"],
                        row["rating"]["sigma"],
                        row["mean_decision_ms"],
                        sum(row["forfeits"].values()),
                    ]
                )
    except OSError as exc:
        from loveletter.i18n import os_problem

        raise _usage(t("tournament.error.csv", file=path, problem=os_problem(exc.errno, exc.strerror))) from None
