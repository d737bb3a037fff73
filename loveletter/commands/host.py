"""``loveletter host``: a game that friends join from their own computers with ``ssh``.

The seats are, in order: the people at this computer (``--local``, default 1: the host plays here, hot-seat
among them if several), the guests' seats (what is left), and ``--bots`` computer players. The host's terminal
shows how to join (``ssh -p PORT play@ADDRESS``, a join code, the host key's fingerprint); once every guest's
seat is taken the game starts, and it is saved after every move as ``loveletter play`` does. With ``--local 0``
the host's terminal shows the table as a spectator sees it; with no terminal at all the join information and
arrivals are printed as lines.

The server listens on every network interface by default, since friends on the same network must reach it;
``--bind 127.0.0.1`` keeps it to this computer (for a tunnel such as ``ssh -R``). See :mod:`loveletter.net`.

``loveletter resume --host [FILE]`` opens a saved game the same way (:func:`host_saved`): the seats keep their
names, and each guest takes back theirs by giving it, with the code the game was hosted with before
(:func:`loveletter.net.code.recall`). At a game's end the people at the host may play another with the same
guests, still connected (:func:`play_hosted`).

``--pace SECONDS``: how long a computer player's move stays on the host's screen, as for ``play``. Developer
options, hidden from ``--help``: ``--deal-file PATH`` and ``--delay SECONDS`` (``--pace``'s older name).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from pathlib import Path

    from loveletter.engine import Game, Ruleset
    from loveletter.net.host import Host
    from loveletter.records import GameRecord
    from loveletter.table.autosave import Autosave
    from loveletter.table.seats import Seat, StackedDeal
    from loveletter.table.setup import NewGame
    from loveletter.tui.terminal import TerminalFrontend

DEFAULT_PORT = 8022


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """The options of any hosted game (``host``, ``resume --host``)."""
    parser.add_argument("--local", type=int, default=1, metavar="L", help=t("host.help.local"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P", help=t("host.help.port"))
    parser.add_argument("--bind", default="", metavar=t("host.help.bind_metavar"), help=t("host.help.bind"))


def configure(parser: argparse.ArgumentParser) -> None:
    from loveletter.commands.play import LEVEL_CHOICES

    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("host.help.players"))
    parser.add_argument("--bots", type=int, default=0, metavar="K", help=t("host.help.bots"))
    parser.add_argument("--level", choices=LEVEL_CHOICES, default=None, help=t("play.help.level"))
    add_server_options(parser)
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    from loveletter.commands.play import add_hints_option

    add_hints_option(parser)
    parser.add_argument("--deal-file", metavar="PATH", help=argparse.SUPPRESS)
    from loveletter.commands.options import add_pace_option

    add_pace_option(parser)


def run(args: argparse.Namespace) -> int:
    from loveletter.bots import LEVELS, make_bot
    from loveletter.commands.play import check_players
    from loveletter.engine import load_ruleset
    from loveletter.errors import UsageError
    from loveletter.table.setup import NewGame, plan_seats, read_deals

    ruleset = load_ruleset(args.ruleset)
    if args.bots < 0:
        raise UsageError(t("play.error.negative_bots", bots=args.bots))
    local = _check_options(args)
    # By default one friend joins (two, when nobody plays here and no computer player sits in).
    players = args.players if args.players is not None else max(local + 1 + args.bots, ruleset.min_players)
    check_players(players, ruleset.name, ruleset.min_players, ruleset.max_players)
    guests = players - local - args.bots
    if guests < 1:
        raise UsageError(t("host.error.no_guests", players=players, local=local, bots=args.bots))
    level = args.level or ("easy" if "easy" in LEVELS else "random")
    if args.bots:
        try:
            make_bot(level, seed=0)
        except ValueError:
            raise UsageError(t("play.error.level", level=level, known=", ".join(LEVELS))) from None
    try:
        planned = plan_seats(players, args.bots, level, None)
        deals = read_deals(args.deal_file, ruleset, players) if args.deal_file else []
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    remote = range(local, local + guests)
    host = _host(ruleset, planned, remote, args, named=False)
    start = NewGame(ruleset, players, args.seed, deals[0] if deals else None)
    return host_game(host, start, seed=args.seed, deals=deals[1:], delay=args.pace, hints=args.hints)


def host_saved(record: GameRecord, path: Path, game: Game, seats: Sequence[Seat], args: argparse.Namespace) -> int:
    """``loveletter resume --host``: open the saved ``game`` to guests. The first ``--local`` people play here,
    the other people's seats are the guests' (each takes back the seat with their name)."""
    from loveletter.errors import UsageError
    from loveletter.table.autosave import Autosave

    local = _check_options(args)
    people = [i for i, s in enumerate(seats) if not s.computer]
    remote = people[local:]
    if not remote:
        raise UsageError(t("host.error.no_guests_saved", local=local))
    from loveletter.net import code as join_code

    # The code it was hosted with before, if known: friends who dropped out know that one.
    host = _host(game.ruleset, seats, remote, args, named=True, code=join_code.recall(path))
    saver = Autosave.resume(record, path)
    return host_game(host, game, seed=record.seed, delay=args.pace, saver=saver, hints=record.hints)


def _check_options(args: argparse.Namespace) -> int:
    """Check the options of any hosted game; the number of people at this computer (``--local``)."""
    import sys

    from loveletter.errors import UsageError

    if args.local < 0:
        raise UsageError(t("host.error.negative_local", local=args.local))
    if args.local and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(t("host.error.no_terminal"))
    if not 0 <= args.port <= 65535:
        raise UsageError(t("host.error.port_range", port=args.port))
    return int(args.local)


def _host(
    ruleset: Ruleset,
    seats: Sequence[Seat],
    remote: Sequence[int],
    args: argparse.Namespace,
    *,
    named: bool,
    code: str | None = None,
) -> Host:
    from loveletter.net.host import Host
    from loveletter.net.hostkey import load_or_create

    return Host(
        ruleset,
        seats,
        remote,
        load_or_create(),
        bind=args.bind,
        port=args.port,
        delay=max(args.pace, 0.0),
        named=named,
        code=code,
    )


def host_game(
    host: Host,
    game: Game | NewGame,
    *,
    seed: int | None,
    delay: float,
    deals: Sequence[StackedDeal] = (),
    saver: Autosave | None = None,
    hints: bool = True,
) -> int:
    """Open the table, wait for the guests, play ``game`` to its end (or until the host stops it), saving it
    after every move; then say goodbye to the guests (``hints``: whether players may ask the coach). Ctrl-C at
    the host saves and exits with 130, as in ``loveletter play``; the guests are told that the game is saved."""
    import contextlib
    import sys
    from functools import partial

    from rich.console import Console

    from loveletter.tui.screen import Screen
    from loveletter.tui.terminal import TerminalFrontend

    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    state: dict[str, Autosave | None] = {"saver": saver}
    try:
        host.start()
        print(host.describe())
        for line in host.join_lines():
            print("  " + line)
        print(t("host.info.check"))
        print(t("host.info.log", path=str(host.server.log.path)), flush=True)
        with Screen(sys.stdout, title=t("play.window_title")) if terminal else contextlib.nullcontext() as screen:
            local = (
                TerminalFrontend(Console(highlight=False, emoji=False), screen, delay=max(delay, 0.0))
                if screen
                else None
            )
            played = play_hosted(host, game, state, local=local, seed=seed, deals=deals, hints=hints)
        host.close(host.summary)  # worded for each guest in their language; then here, in the host's
        summary = host.summary()
    except KeyboardInterrupt:
        current = state["saver"]
        if current is not None:
            current.flush()  # first: the guests are told the game is saved only if it is
        bye = "host.bye.cancelled" if current is None else "host.bye.closed" if current.problem else "host.bye.stopped"
        host.close(partial(t, bye))
        if current is None:
            print(t("records.interrupted_unsaved"), file=sys.stderr)
            return 130
        if current.problem is None:
            print(t("host.interrupted", path=str(current.path)), file=sys.stderr)
        _report_problem(current)
        return 130
    finally:
        host.close()  # on any other way out too: the guests' terminals restored, the server stopped
        if state["saver"] is not None:
            state["saver"].flush()
    current = state["saver"]
    assert current is not None
    print(summary)
    if current.problem is None:
        from loveletter.records.library import short_name

        key = "records.saved_over" if played.over else "host.saved_stopped"
        print(t(key, path=str(current.path), name=short_name(current.path)))
    _report_problem(current)
    return 0


def play_hosted(
    host: Host,
    game: Game | NewGame,
    state: dict[str, Autosave | None],
    *,
    local: TerminalFrontend | None,
    seed: int | None,
    deals: Sequence[StackedDeal] = (),
    hints: bool = True,
) -> Game:
    """The lobby and the game: on the host's terminal (``local``, already on its alternate screen) or, with no
    terminal (``None``), printing only who joins. The game played; ``state["saver"]`` saves it (a resumed game's
    saver, or one begun here once the game has started)."""
    from functools import partial

    from loveletter.table.autosave import Autosave
    from loveletter.table.seats import first_player_rng
    from loveletter.table.setup import NewGame, default_name
    from loveletter.tui.style import fmt

    first_rng = first_player_rng(seed)
    resumed = state["saver"] is not None
    here = [i for i, s in enumerate(host.seats) if not s.computer and i not in host.remote]
    if local is not None and isinstance(game, NewGame) and here:
        # The names of the people here; the guests' seats are named as guests take them, meanwhile too: a name a
        # guest took while it was being typed here is asked again.
        names: list[str | None] = [None if i in here else s.name for i, s in enumerate(host.seats)]
        suggested = [default_name(here.index(i) + 1) if i in here else s.name for i, s in enumerate(host.seats)]
        title = local.setup_title(host.ruleset, len(host.seats))
        while True:
            guests = host.guest_names()
            defaults = [guests.get(i, name) for i, name in enumerate(names)]
            intro = fmt("host.setup.intro" if len(here) > 1 else "host.setup.intro_alone")
            asked = local.ask_names(title, defaults, suggested, people=len(here), intro=intro)
            clashes = host.set_names(asked)
            if not clashes:
                break
            names = [
                None if i in clashes else name if i in here else host.seats[i].name for i, name in enumerate(asked)
            ]
    seats = host.lobby(local, say=local is None)
    from loveletter.net import code as join_code

    while True:
        if isinstance(game, NewGame):
            first: int | None = None
            if local is not None and here and game.chooses_first():
                title = local.setup_title(game.ruleset, game.players)
                first = local.ask_first_player([s.name for s in seats], range(game.players), title=title)
            game = game.start(first_rng, first)
        saver = state["saver"]
        if saver is None:
            saver = state["saver"] = Autosave.begin(game, seats, seed, hints=hints)
        join_code.remember(saver.path, host.code)  # hosted again, the game keeps its code
        host.on_new_code = partial(join_code.remember, saver.path)  # a seat freed: the code changes
        table = host.play(
            game,
            seats,
            local,
            seed=seed,
            observers=[saver],
            deals=deals,
            resumed=resumed,
            first_rng=first_rng,
            hints=hints,
        )
        if not table.again:
            return game
        # Another game at the same table, the guests still connected: the same seats and rules, the next seed (a
        # given seed keeps the games reproducible), a new record; as ``loveletter play`` does.
        seed = None if seed is None else seed + 1
        first_rng = first_player_rng(seed)
        game = NewGame(game.ruleset, game.players, seed)
        state["saver"] = None
        deals, resumed = (), False


def _report_problem(saver: Autosave) -> None:
    import sys

    if saver.problem is not None:
        print(t("records.save_failed", problem=saver.problem), file=sys.stderr)
