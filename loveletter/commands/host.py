"""``loveletter host``: a game that friends join from their own computers with ``ssh``.

The seats are, in order: the people at this computer (``--local``, default 1: the host plays here, hot-seat
among them if several), the guests' seats (what is left), and ``--bots`` computer players. The host's terminal
shows how to join (``ssh -p PORT CODE@ADDRESS``: the join code as the username; the code; the host key's
fingerprint); once every guest's seat is taken the game starts, and it is saved after every move as
``loveletter play`` does. With ``--local 0`` the host's terminal shows the table as a spectator sees it; with no
terminal at all the join information and arrivals are printed as lines.

The server listens on every network interface by default, since friends on the same network must reach it;
``--bind 127.0.0.1`` keeps it to this computer (for a tunnel such as ``ssh -R``). See :mod:`loveletter.net`.

``loveletter resume --host [FILE]`` opens a saved game the same way (:func:`host_saved`): the seats keep their
names, and each guest takes back theirs by giving it, with the code the game was hosted with before
(:func:`loveletter.net.code.recall`). At a game's end the people at the host may play another with the same
guests, still connected (:func:`loveletter.net.session.play_hosted`).

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
    from loveletter.table.seats import Seat

DEFAULT_PORT = 8022


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """The options of any hosted game (``host``, ``resume --host``)."""
    parser.add_argument("--local", type=int, default=1, metavar="L", help=t("host.help.local"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P", help=t("host.help.port"))
    parser.add_argument("--bind", default="", metavar=t("host.help.bind_metavar"), help=t("host.help.bind"))


def configure(parser: argparse.ArgumentParser) -> None:
    from loveletter.commands.options import LEVEL_METAVAR

    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("host.help.players"))
    parser.add_argument("--bots", type=int, default=0, metavar="K", help=t("host.help.bots"))
    parser.add_argument("--level", metavar=LEVEL_METAVAR, default=None, help=t("host.help.level"))
    add_server_options(parser)
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    from loveletter.commands.options import add_hints_option

    add_hints_option(parser)
    parser.add_argument("--deal-file", metavar="PATH", help=argparse.SUPPRESS)
    from loveletter.commands.options import add_pace_option

    add_pace_option(parser)


def run(args: argparse.Namespace) -> int:
    from loveletter.bots import LEVELS, make_bot
    from loveletter.commands.options import check_players
    from loveletter.engine import load_ruleset
    from loveletter.errors import UsageError
    from loveletter.net.session import host_game
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
    from loveletter.commands.options import LEVEL_CHOICES, REFERENCE_LEVEL_CHOICES

    if level not in LEVEL_CHOICES + REFERENCE_LEVEL_CHOICES:
        # A user's own bot is a process this program starts: it plays at this computer only (loveletter play).
        shown = level if len(level) <= 60 else level[:59] + "…"
        raise UsageError(t("host.error.level", level=shown, known=", ".join(LEVEL_CHOICES)))
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
    from loveletter.net.session import host_game
    from loveletter.table.autosave import Autosave

    local = _check_options(args)
    people = [i for i, s in enumerate(seats) if not s.computer]
    remote = people[local:]
    if not remote:
        raise UsageError(t("host.error.no_guests_saved", local=local))
    from loveletter.net import code as join_code

    # The code it was hosted with before, if known: friends who dropped out know that one.
    host = _host(game.ruleset, seats, remote, args, named=True, code=join_code.recall(path))
    record.hosted = True  # from now on continued with resume --host (saved with the next move)
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
