"""``loveletter play``: a game at this computer, passed between players (hot-seat), with computer players.

With no options: one person against one computer player, 2019 edition. ``--players N`` alone seats N people;
``--bots K`` makes the last K seats computer players (alone, one person against K: K + 1 seats). Names are asked at
the start unless ``--names`` gives them (every seat's, or just the people's). With no terminal, only an
all-computer game can run: it prints the public log and the result. A ruleset with ``first_player_mode = "choose"``
has the host pick who starts the first round (and who of the tied winners starts after a tie), once the names are
known; with nobody to ask (no terminal, or computer players only) the pick is drawn from ``--seed``. Every game is
saved after the deal and after every action (``loveletter.records``; ``loveletter resume`` continues it,
``loveletter replay`` steps through it).

Developer options, hidden from ``--help``:

``--deal-file PATH``
    Deal the first rounds from known decks, for tests and bug reports. The file is JSON: a list with one object
    per round, ``{"first_player": 0, "deck": ["Guard", "Priest", ...]}``, where ``deck`` is the whole deck of
    the ruleset for this player count, **top card first** (as ``loveletter.engine.stacked_deck`` builds it: the
    set-aside card, the face-up cards with two players, one card per seat from the first player on, then the
    draws) and ``first_player`` (optional) is the seat that starts; it must be one the rules allow (round one:
    anyone; later rounds: the previous round's winner). Rounds after the listed ones are shuffled with
    ``--seed``.
``--delay SECONDS``
    The older name of ``--pace SECONDS``: the pause after a computer player's move (default 1.2; 0: no pause, as
    in tests; with one person at the table, any key skips it).
"""

from __future__ import annotations

import argparse

from loveletter.commands.options import (
    LEVEL_CHOICES,
    LEVEL_METAVAR,
    REFERENCE_LEVEL_CHOICES,
    add_hints_option,
    add_pace_option,
    add_reader_option,
    check_players,
)
from loveletter.i18n import t


def configure(parser: argparse.ArgumentParser) -> None:

    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.help.players"))
    parser.add_argument("--bots", type=int, metavar="K", help=t("play.help.bots"))
    parser.add_argument(
        "--level",
        choices=LEVEL_CHOICES + REFERENCE_LEVEL_CHOICES,
        metavar=LEVEL_METAVAR,
        default=None,
        help=t("play.help.level"),
    )
    parser.add_argument("--names", metavar=t("cli.metavar.names"), help=t("play.help.names"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    add_hints_option(parser)
    parser.add_argument("--deal-file", metavar="PATH", help=argparse.SUPPRESS)
    add_pace_option(parser)
    add_reader_option(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.bots import LEVELS, make_bot
    from loveletter.engine import load_ruleset
    from loveletter.errors import UsageError
    from loveletter.table.setup import NewGame, plan_seats, read_deals
    from loveletter.tui.session import play_game

    pace = args.pace  # bounded by its type (commands.options.delay_seconds)
    ruleset = load_ruleset(args.ruleset)
    if args.bots is not None and args.bots < 0:
        raise UsageError(t("play.error.negative_bots", bots=args.bots))
    bots = args.bots if args.bots is not None else (1 if args.players is None else 0)
    if args.players is None:
        # One person against the computer players: --bots K alone makes K + 1 seats.
        players = bots + 1 if args.bots is not None else 2
        if players > ruleset.max_players:
            raise UsageError(
                t("play.error.bots_seats", bots=bots, players=players, ruleset=ruleset.name, hi=ruleset.max_players)
            )
    else:
        players = args.players
        check_players(players, ruleset.name, ruleset.min_players, ruleset.max_players)
    level = args.level or ("easy" if "easy" in LEVELS else "random")
    names = args.names.split(",") if args.names is not None else None
    try:
        seats = plan_seats(players, bots, level, names)
        deals = read_deals(args.deal_file, ruleset, players) if args.deal_file else []
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if bots:
        try:
            make_bot(level, seed=0)
        except ValueError:
            raise UsageError(t("play.error.level", level=level, known=", ".join(LEVELS))) from None

    people = [i for i, s in enumerate(seats) if not s.computer]
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if people and not terminal:
        raise UsageError(t("play.error.no_terminal"))

    first = deals[0] if deals else None
    start = NewGame(ruleset, players, args.seed, first)
    reader = False
    if terminal:  # only a terminal reads aloud; a piped game need not load prompt_toolkit (a tenth of a second)
        import os

        from loveletter.tui.lines import wanted

        reader = wanted(args.screen_reader, os.environ)
    return play_game(
        start, seats, seed=args.seed, deals=deals[1:], delay=pace, terminal=terminal, hints=args.hints, reader=reader
    )
