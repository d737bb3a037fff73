"""``loveletter simulate``: computer players play many games; win rates with 95% intervals, and speed.

Every game is described when its turn comes (:func:`loveletter.arena.games.iter_specs`: the seating rotates
between games, and every game's and every player's seed derives from ``--seed``, the game's index and the seat),
played by a *play-one-game* function, here or in ``--jobs`` processes, and added to the figures as it ends: the
results are the same for any ``--jobs``, and memory stays flat for any ``--games``. Ctrl-C stops the run and
prints the figures of the games played so far. ``--jobs`` is capped at the processor cores this program may use,
unless ``--oversubscribe`` asks for more.

``--seats`` takes the user's own bots and agents beside the levels, as ``tournament --player`` takes them
(``agent.py:Agent,easy``): each is started once before the run (one that does not load is one line), then plays
in a process of its own per entry of ``--seats`` (in each process that plays), through the bot protocol
(:mod:`loveletter.arena.seated`), within ``--move-time`` seconds a decision. One that misbehaves stops the run
with one line: what it did and where its log is (``tournament`` scores such a bot instead, as forfeits).
"""

from __future__ import annotations

import argparse
import sys

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from loveletter.arena.backends import Backend, BackendError
    from loveletter.arena.games import GameResult, GameSpec
    from loveletter.arena.seated import SeatedPlayer
    from loveletter.engine import Ruleset

DEFAULT_GAMES = 100


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("simulate.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("simulate.help.players"))
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="G", help=t("simulate.help.games"))
    parser.add_argument("--seats", default="easy", metavar=t("cli.metavar.levels"), help=t("simulate.help.seats"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("simulate.help.seed"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=t("simulate.help.jobs"))
    parser.add_argument("--oversubscribe", action="store_true", help=t("simulate.help.oversubscribe"))
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help=t("tournament.help.backend"))
    parser.add_argument("--address", metavar=t("tournament.metavar.address"), help=t("tournament.help.address"))
    parser.add_argument("--json", action="store_true", help=t("simulate.help.json"))
    parser.add_argument("--save-dir", metavar=t("cli.metavar.folder"), help=t("simulate.help.save_dir"))
    from loveletter.commands.options import add_move_time_option

    add_move_time_option(parser, t("simulate.help.move_time"))


def run(args: argparse.Namespace) -> int:
    import time
    from contextlib import closing

    from loveletter.arena.games import Summary, iter_specs, play_game, ruleset_text
    from loveletter.tui.standings import print_simulation, progress

    if args.games < 1:
        raise _usage(t("simulate.error.games", games=args.games))
    if args.jobs < 1:
        raise _usage(t("simulate.error.jobs", jobs=args.jobs))
    from loveletter.bots import LEVELS, REFERENCE_LEVELS

    levels = [level.strip() for level in args.seats.split(",")]
    own = _check_levels(levels, (*LEVELS, *REFERENCE_LEVELS), shown=LEVELS, players=True)
    play_one, players, ruleset_name = _game_player(args.ruleset, levels, args.players, own)
    if len(levels) == 1:
        levels = levels * players
    finish = None
    if own:
        from functools import partial

        from loveletter.arena.seated import close_all, play_seated

        play_one, finish = partial(play_seated, _own_players(own, args.move_time)), close_all
    save_dir = _save_dir(args.save_dir) if args.save_dir is not None else None
    backend = backend_for(args, args.games)
    import random

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)

    # A user's ruleset file travels with the games (to a cluster's workers too); the solitaire's loads its own.
    text = ruleset_text(args.ruleset) if play_one is play_game else ""
    specs = iter_specs(args.ruleset, levels, games=args.games, seed=seed, save_dir=save_dir, ruleset_text=text)
    summary = Summary.of((), levels=levels)
    start = time.perf_counter()
    interrupted = False
    open_backend(backend, args.address)
    results = progress(
        backend.stream(specs, play_one, total=args.games, finish=finish),
        args.games,
        show=not args.json and sys.stdout.isatty(),
    )
    try:
        with closing(results):  # whatever stops the run, the processes are stopped with it
            for result in results:
                summary.add(result)
    except KeyboardInterrupt:
        interrupted = True
    except OSError as exc:  # a record that could not be written in the middle of the run
        from loveletter.i18n import os_problem

        problem = os_problem(exc.errno, exc.strerror)
        raise _usage(t("simulate.error.save_dir", folder=args.save_dir, problem=problem)) from None
    finally:
        backend.close()
        if finish is not None:
            finish()  # the bots this process started (--jobs 1); workers close their own
    summary.seconds = time.perf_counter() - start
    summary.ruleset = summary.ruleset or ruleset_name
    if interrupted:
        print(t("simulate.stopped", games=summary.games, total=args.games), file=sys.stderr)
        if summary.games == 0:
            return 130
    if args.json:
        import json

        data = summary.to_json()
        data["seed"] = seed
        print(json.dumps(data, ensure_ascii=False))
    else:
        print_simulation(summary, seed, save_dir)
    return 130 if interrupted else 0


def _check_levels(
    levels: list[str], allowed: Sequence[str], *, shown: Sequence[str], players: bool = False
) -> list[str]:
    """Every one of ``levels`` is one of ``allowed`` (with a budget only for ``hard``), or (``players``) names
    one of the user's players (``FILE.py:CLASS``, ``cmd:PROGRAM``, a path), else a one-line usage error naming
    the levels ``shown`` to players. The entries that name the user's players, each once (not checked yet)."""
    from loveletter.arena.games import LevelError, parse_level

    own: list[str] = []
    for level in levels:
        try:
            parse_level(level, allowed)
        except LevelError as exc:
            if players and exc.problem == "unknown" and _names_a_player(level):
                own += [] if level in own else [level]
                continue
            if exc.problem == "unknown":
                known = ", ".join(shown)
                raise _usage(t("simulate.error.level_unknown", level=_clip(exc.name), known=known)) from None
            raise _usage(t("simulate.error.level_budget", level=_clip(exc.text))) from None
    return own


def _names_a_player(text: str) -> bool:
    """Whether ``text`` is written as one of the user's players, not as a level: a Python file's class, a
    command, a path (:func:`loveletter.arena.userbots.parse_player` reads it)."""
    import os

    rest = text.partition("=")[2] if "=" in text.partition(":")[0] else text
    return rest.startswith("cmd:") or ".py:" in rest or os.sep in rest or os.path.isfile(rest)


def _own_players(own: list[str], move_time: float | None) -> dict[str, SeatedPlayer]:
    """The user's players ``own`` names, each started once, or the one-line error that says why one cannot play."""
    from loveletter.commands.play import own_bot

    return {text: own_bot(text, move_time, "--seats") for text in own}


def _clip(text: str, limit: int = 40) -> str:
    """Something the player typed, short enough for a one-line message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def cores() -> int:
    """The processor cores this program may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def backend_for(args: argparse.Namespace, games: int) -> Backend:
    """Where the ``games`` are played (``simulate`` and ``tournament`` alike): ``--jobs`` processes here, or a Ray
    cluster (``--backend ray``, at ``--address``); a one-line usage error if Ray is not installed, or for an
    address without Ray."""
    from loveletter.arena.backends import Local, RayCluster

    if args.backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise _usage(t("tournament.error.ray_missing"))
        return RayCluster(address=args.address, jobs=args.jobs)
    if args.address is not None:
        raise _usage(t("tournament.error.address"))
    return Local(_jobs(args.jobs, args.oversubscribe, games, quiet=args.json))


def open_backend(backend: Backend, address: str | None) -> None:
    """Start ``backend`` before any game, or stop with one line (a cluster out of reach, Ray missing)."""
    from loveletter.arena.backends import BackendError

    try:
        backend.open()
    except BackendError as exc:
        raise _usage(backend_problem(exc, address)) from None


def backend_problem(exc: BackendError, address: str | None) -> str:
    """A backend that cannot start, in one line."""
    if exc.problem == "missing":
        return t("tournament.error.ray_missing")
    problem = t(f"tournament.error.ray_{exc.reason}") if exc.reason else exc.detail
    return t("tournament.error.ray_connect", address=address or "RAY_ADDRESS", problem=problem)


def check_table(ruleset: Ruleset, players: int) -> int:
    """``players`` if the ruleset seats that many at one table, else a one-line usage error giving its range."""
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise _usage(
            t(
                "simulate.error.players",
                ruleset=ruleset.name,
                lo=ruleset.min_players,
                hi=ruleset.max_players,
                players=players,
            )
        )
    return players


def _jobs(asked: int, oversubscribe: bool, games: int, *, quiet: bool) -> int:
    """How many processes play: ``--jobs``, but never more than the games, nor than the cores unless
    ``--oversubscribe`` (said on standard error, so that the JSON output stays one object)."""
    available = cores()
    if asked > available and not oversubscribe:
        if not quiet:
            print(t("simulate.jobs_capped", jobs=asked, cores=available), file=sys.stderr)
        asked = available
    return max(1, min(asked, games))


def _usage(message: str) -> Exception:
    from loveletter.errors import UsageError

    return UsageError(message)


def _game_player(
    ruleset_arg: str, levels: list[str], players_arg: int | None, own: Sequence[str] = ()
) -> tuple[Callable[[GameSpec], GameResult], int, str]:
    """The play-one-game function for this ruleset, the number of players, and the ruleset's name (``own``: the
    user's players among the levels, which the card game takes, not the solitaire)."""
    from loveletter.arena.games import play_game
    from loveletter.engine import load_ruleset
    from loveletter.engine.ruleset import read_toml

    data = read_toml(ruleset_arg)[0]
    if data.get("kind") == "solitaire":
        if len(levels) > 1 or players_arg not in (None, 1):
            raise _usage(t("simulate.error.solitaire_seats"))
        if own:
            from loveletter.solitaire.bot import SOLITAIRE_LEVELS

            known = ", ".join(SOLITAIRE_LEVELS)
            raise _usage(t("simulate.error.solitaire_bot", level=_clip(own[0]), known=known))
        play_one = _solitaire_player()
        from loveletter.solitaire.bot import SOLITAIRE_LEVELS

        _check_levels(levels, SOLITAIRE_LEVELS, shown=SOLITAIRE_LEVELS)  # hard-v1 plays the card game only
        return play_one, 1, str(data.get("name", ruleset_arg))
    ruleset = load_ruleset(ruleset_arg)
    if len(levels) > 1:
        if players_arg is not None and players_arg != len(levels):
            raise _usage(t("simulate.error.seats_players", seats=len(levels), players=players_arg))
        players = len(levels)
    else:
        players = players_arg if players_arg is not None else ruleset.min_players
    return play_game, check_table(ruleset, players), ruleset.name


def _solitaire_player() -> Callable[[GameSpec], GameResult]:
    """The solitaire variant's games, if this version has them (``loveletter.solitaire.simulate``)."""
    import importlib.util

    if importlib.util.find_spec("loveletter.solitaire") is None or (
        importlib.util.find_spec("loveletter.solitaire.simulate") is None
    ):
        raise _usage(t("simulate.error.solitaire"))
    from loveletter.arena.games import play_solitaire_game

    return play_solitaire_game


def _save_dir(folder: str) -> str:
    """The folder ``--save-dir`` names, made if need be and checked writable before the first game is played."""
    import importlib.util
    import os
    import tempfile
    from pathlib import Path

    from loveletter.i18n import os_problem

    if importlib.util.find_spec("loveletter.records") is None:
        raise _usage(t("simulate.error.records"))
    path = Path(folder).expanduser()
    try:
        if path.exists() and not path.is_dir():
            raise _usage(t("simulate.error.save_dir_file", folder=folder))
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".loveletter-", suffix=".tmp", dir=path)  # can a record be written?
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        problem = os_problem(exc.errno, exc.strerror)
        raise _usage(t("simulate.error.save_dir", folder=folder, problem=problem)) from None
    return str(path)
