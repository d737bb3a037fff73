"""``loveletter tournament``: built-in levels and people's own bots play a round-robin or a gauntlet; ratings,
head-to-head win rates, a chart of the ratings, and an optional SPRT that stops once it decides.

The players are checked (each bot started once) before any game. Every game is described from the tournament's
seed and its index alone (:mod:`loveletter.arena.tournament`), played by the referee (:mod:`loveletter.arena.referee`)
here, in ``--jobs`` processes or on a Ray cluster (:mod:`loveletter.arena.backends`), and written to the results
file as a JSON line as the games end, in order; ``--resume FILE`` reads that file back, takes from it every option
not given (the players too: ``--resume FILE`` alone continues it), refuses it if it is another tournament's, and
plays the rest.
"""

from __future__ import annotations

import argparse
import sys

from loveletter.i18n import t

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

    from loveletter.arena.sprt import Sprt
    from loveletter.arena.standings import Standings
    from loveletter.arena.tournament import Tournament

DEFAULT_DEALS = 50
DEFAULT_MOVE_TIME = 10.0
#: The options that say what a tournament is, with their defaults: an option not given on the command line is
#: taken from the results file being resumed, else from here (argparse's own defaults are ``None``).
DEFAULTS: dict[str, Any] = {
    "format": "round-robin",
    "ruleset": "2019",
    "players": None,
    "deals": DEFAULT_DEALS,
    "no_duplicate": False,
    "move_time": DEFAULT_MOVE_TIME,
    "bot_memory": None,  # userbots.DEFAULT_MEMORY, imported when needed
    "sprt": None,
    "alpha": 0.05,
    "beta": 0.05,
}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar=t("tournament.metavar.player"),
        help=t("tournament.help.player"),
    )
    parser.add_argument("--format", choices=("round-robin", "gauntlet"), help=t("tournament.help.format"))
    parser.add_argument("--ruleset", metavar=t("cli.metavar.ruleset"), help=t("tournament.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("tournament.help.players"))
    parser.add_argument("--deals", type=int, metavar="D", help=t("tournament.help.deals"))
    parser.add_argument("--no-duplicate", action="store_true", default=None, help=t("tournament.help.no_duplicate"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("tournament.help.seed"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=t("tournament.help.jobs"))
    parser.add_argument("--oversubscribe", action="store_true", help=t("simulate.help.oversubscribe"))
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help=t("tournament.help.backend"))
    parser.add_argument("--address", metavar=t("tournament.metavar.address"), help=t("tournament.help.address"))
    parser.add_argument(
        "--move-time", type=float, metavar=t("tournament.metavar.seconds"), help=t("tournament.help.move_time")
    )
    parser.add_argument("--bot-memory", type=int, metavar="MB", help=t("tournament.help.bot_memory"))
    parser.add_argument("--sprt", metavar="ELO0,ELO1", help=t("tournament.help.sprt"))
    parser.add_argument("--alpha", type=float, metavar="A", help=t("tournament.help.alpha"))
    parser.add_argument("--beta", type=float, metavar="B", help=t("tournament.help.beta"))
    parser.add_argument("--results", metavar=t("tournament.metavar.file"), help=t("tournament.help.results"))
    parser.add_argument("--resume", metavar=t("tournament.metavar.file"), help=t("tournament.help.resume"))
    parser.add_argument("--json", action="store_true", help=t("tournament.help.json"))
    parser.add_argument("--csv", metavar=t("tournament.metavar.file"), help=t("tournament.help.csv"))


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import random
    import time
    from contextlib import closing
    from dataclasses import replace

    from loveletter.arena.referee import bot_logs, close_all, play
    from loveletter.arena.results import Outcome
    from loveletter.arena.standings import SprtFeed, Standings
    from loveletter.commands.simulate import backend_for, open_backend
    from loveletter.tui.standings import print_tournament, progress

    head: dict[str, Any] = {}
    resume_from: list[dict[str, Any]] = []
    keep = 0
    if args.resume is not None:
        if args.results is not None:
            raise _usage(t("tournament.error.resume_results"))
        head, resume_from, keep = _read_resume(args.resume)
    tournament, sprt = _tournament(args, head)
    backend = backend_for(args, tournament.games)
    if args.resume is not None:
        _check_resume(tournament, head, args.resume)
    elif args.seed is None:
        tournament = replace(tournament, seed=random.SystemRandom().randrange(10**9))
    path = args.resume or args.results or f"tournament-{tournament.seed}.jsonl"
    tournament = replace(tournament, bot_logs=os.path.abspath(bot_logs(path)))

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
            results = _open_results(path, tournament, sprt, keep if args.resume else None)
            stream = backend.stream(tournament.iter_games(done), play, total=tournament.games - done, finish=close_all)
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
            close_all()  # the bots this process started (--jobs 1); workers close their own
    seconds = time.perf_counter() - start
    if interrupted:
        print(t("tournament.stopped", games=standings.games, total=tournament.games, command=_resume(path)),
              file=sys.stderr)  # fmt: skip
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
        if any(not e.in_process for e in tournament.entrants):
            data["bot_logs"] = tournament.bot_logs
        if sprt is not None:
            data["sprt"] = sprt.to_json()
        print(json.dumps(data, ensure_ascii=False))
    else:
        print_tournament(tournament, standings, sprt, path, seconds, _resume(path))
    return 130 if interrupted else 0


def _resume(path: str) -> str:
    """The command that continues the tournament of the results file ``path``."""
    import shlex

    from loveletter.i18n import printable, program

    return f"{program()} tournament --resume {shlex.quote(printable(path))}"


def _usage(message: str) -> Exception:
    from loveletter.errors import UsageError

    return UsageError(message)


def _tournament(args: argparse.Namespace, head: dict[str, Any]) -> tuple[Tournament, Sprt | None]:
    """The tournament the options describe, each option not given taken from the results file's ``head`` when
    resuming (the players too), else its default (its seed 0 until chosen), and its SPRT if asked; every player
    checked, every option checked, before any game."""
    from loveletter.arena.tournament import FormatError, Tournament
    from loveletter.arena.userbots import DEFAULT_MEMORY, PlayerError, from_identity, parse_player, unique_names
    from loveletter.commands.simulate import check_table
    from loveletter.engine import load_ruleset

    known = head.get("tournament") or {}
    options = head.get("options") or {}
    given = dict(DEFAULTS, bot_memory=DEFAULT_MEMORY)
    if known:  # from the file, as the option would give it
        for option, field in (("format", "format"), ("ruleset", "ruleset"), ("players", "table"), ("deals", "deals"),
                              ("move_time", "move_time"), ("bot_memory", "bot_memory")):  # fmt: skip
            if field in known:
                given[option] = known[field]
        if "duplicate" in known:
            given["no_duplicate"] = not known["duplicate"]
        given.update({k: v for k, v in options.items() if k in ("sprt", "alpha", "beta")})
    for option in given:
        value = getattr(args, option)
        if value is not None:
            given[option] = value
    if given["deals"] < 1:
        raise _usage(t("tournament.error.deals", deals=given["deals"]))
    if args.jobs < 1:
        raise _usage(t("simulate.error.jobs", jobs=args.jobs))
    if not given["move_time"] > 0:
        raise _usage(t("tournament.error.move_time", seconds=given["move_time"]))
    if given["bot_memory"] < 0:
        raise _usage(t("tournament.error.bot_memory", memory=given["bot_memory"]))
    entrants = []
    if args.player or not known:
        if len(args.player) < 2:
            raise _usage(t("tournament.error.too_few", count=len(args.player)))
        for text in args.player:
            try:
                entrants.append(parse_player(text, memory=given["bot_memory"]))
            except PlayerError as exc:
                raise _usage(_player_problem(exc)) from None
        entrants = unique_names(entrants)
    else:
        for data in known.get("players") or []:
            try:
                entrants.append(from_identity(data, memory=given["bot_memory"]))
            except PlayerError as exc:
                raise _usage(_player_problem(exc, args.resume)) from None
    ruleset = load_ruleset(given["ruleset"])
    table = check_table(ruleset, given["players"] if given["players"] is not None else ruleset.min_players)
    seed = args.seed if args.seed is not None else known.get("seed")
    try:
        tournament = Tournament(
            entrants=tuple(entrants),
            ruleset=given["ruleset"],
            table=table,
            format=given["format"],
            deals=given["deals"],
            duplicate=not given["no_duplicate"],
            seed=seed if isinstance(seed, int) else 0,
            move_time=float(given["move_time"]),
            bot_memory=given["bot_memory"],
        )
    except FormatError as exc:
        raise _usage(t("tournament.error.format", format=exc.format, needed=exc.needed, given=exc.given)) from None
    sprt = None
    if given["sprt"] is not None:
        sprt = _sprt(given["sprt"], given["alpha"], given["beta"], tournament)
    return tournament, sprt


def _sprt(bounds: str, alpha: float, beta: float, tournament: Tournament) -> Sprt:
    from loveletter.arena.sprt import Sprt

    try:
        elo0, elo1 = (float(x) for x in str(bounds).split(","))
    except ValueError:
        raise _usage(t("tournament.error.sprt_bounds", sprt=_clip(str(bounds)))) from None
    if not elo0 < elo1:
        raise _usage(t("tournament.error.sprt_bounds", sprt=_clip(str(bounds))))
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise _usage(t("tournament.error.sprt_errors", alpha=alpha, beta=beta))
    if len(tournament.entrants) != 2 or tournament.table != 2:
        raise _usage(t("tournament.error.sprt_players", count=len(tournament.entrants), table=tournament.table))
    return Sprt(elo0, elo1, alpha=alpha, beta=beta, pairs=tournament.duplicate)


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_problem(exc: Any, resumed: str | None = None) -> str:
    """A player that cannot play, in one line (one of the file ``resumed``, saying how to give it instead)."""
    from loveletter.commands.options import player_problem

    problem = player_problem(exc, "--player")
    return problem if resumed is None else t("tournament.error.resume_player", file=resumed, problem=problem)


def _read_resume(path: str) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    from loveletter.arena.results import ResultsError, read_results

    try:
        return read_results(path)
    except ResultsError as exc:
        raise _usage(_results_problem(exc)) from None


def _check_resume(tournament: Tournament, head: dict[str, Any], path: str) -> None:
    from loveletter.arena.results import ResultsError, check_resume

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
    "bot_memory": "--bot-memory",
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


def _open_results(path: str, tournament: Tournament, sprt: Sprt | None, keep: int | None) -> IO[str]:
    """The results file, ready to take the next games: a new one with the tournament's header, or (resuming) the
    file cut to its ``keep`` bytes of whole lines. A new file never overwrites an existing one."""
    import json

    from loveletter.arena.results import header

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
    options = {} if sprt is None else {"sprt": f"{sprt.elo0:g},{sprt.elo1:g}", "alpha": sprt.alpha, "beta": sprt.beta}
    file.write(json.dumps(header(tournament, options), ensure_ascii=False) + "\n")
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
