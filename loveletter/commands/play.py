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

``--level`` takes a built-in level, or a bot or agent of the user's own as ``loveletter tournament --player``
takes one (``FILE.py:CLASS``, ``cmd:PROGRAM ARGS``, an executable's path): it plays every computer seat, each seat
in a process of its own, through the bot protocol (``loveletter.arena.seated``), within ``--move-time`` seconds a
decision. It is started once before the game, so that one that does not load is one line; one that misbehaves
during the game stops it, saved, with one line that says what it did and where its log is.

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
    add_move_time_option,
    add_pace_option,
    add_reader_option,
    check_players,
)
from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start
if TYPE_CHECKING:
    from loveletter.arena.seated import SeatedPlayer
    from loveletter.bots import Bot
    from loveletter.table.seats import MakeBot, Seat


def configure(parser: argparse.ArgumentParser) -> None:

    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.help.players"))
    parser.add_argument("--bots", type=int, metavar="K", help=t("play.help.bots"))
    parser.add_argument("--level", metavar=LEVEL_METAVAR + "|FILE.py:CLASS", default=None, help=t("play.help.level"))
    parser.add_argument("--names", metavar=t("cli.metavar.names"), help=t("play.help.names"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    add_hints_option(parser)
    add_move_time_option(parser)
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
    own = None
    if level not in LEVEL_CHOICES + REFERENCE_LEVEL_CHOICES:
        own = own_bot(level, args.move_time)  # checked (started once) before anything else happens
    elif bots:
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
    own_seats: dict[int, SeatedPlayer] = {}
    if own is not None:
        from dataclasses import replace

        data = own.data()  # what the record keeps, for resume to start it again
        seats = [replace(seat, bot=data) if seat.computer else seat for seat in seats]
        own_seats = {i: own for i, seat in enumerate(seats) if seat.computer}
    make = bot_maker(own_seats)
    try:
        return play_game(
            start,
            seats,
            seed=args.seed,
            deals=deals[1:],
            delay=pace,
            terminal=terminal,
            hints=args.hints,
            reader=reader,
            make=make,
        )
    finally:
        stop_bots(own_seats)


def stop_bots(players: dict[int, SeatedPlayer]) -> None:
    """Stop the processes of the user's bots (if any sat at the table)."""
    if players:
        from loveletter.arena.seated import close_all

        close_all()


def own_bot(text: str, move_time: float | None, option: str = "--level") -> SeatedPlayer:
    """The user's bot ``text`` names (in ``option``), checked, or the one-line error that says why it cannot play."""
    from loveletter.arena.seated import DEFAULT_MOVE_TIME, SeatedPlayer
    from loveletter.arena.userbots import PlayerError
    from loveletter.commands.options import player_problem
    from loveletter.errors import UsageError

    try:
        return SeatedPlayer.parse(text, move_time=move_time or DEFAULT_MOVE_TIME, logs=bot_logs())
    except PlayerError as exc:
        raise UsageError(player_problem(exc, option)) from None


def bot_logs() -> str:
    """The folder of the logs of the user's bots at the table (what they write to stderr): in the data folder."""
    from loveletter.records.store import home

    return str(home() / "bot-logs")


def bot_maker(players: dict[int, SeatedPlayer]) -> MakeBot:
    """The computer players of a table where the user's bots sit at ``players`` (by seat): those in processes of
    their own (each seat its own, kept for the games played again), the others built in."""
    from loveletter.table.seats import built_in

    if not players:
        return built_in

    games: dict[int, int] = {}
    order = sorted(players)

    def make(index: int, seat: Seat, seed: int | None) -> Bot:
        player = players.get(index)
        if player is None:
            return built_in(index, seat, seed)
        games[index] = games.get(index, -1) + 1
        slot = [players[i] for i in order if i < index].count(player)  # its second seat: its second process
        return player.bot(seed, slot=slot, game=games[index])

    return make
