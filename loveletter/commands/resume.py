"""``loveletter resume [GAME]``: continue a saved game at the exact point it was left, with the same seats.

``GAME`` is a record's path, or its number or name from ``loveletter games``; without it, the unfinished game
played last in the saved-games folder, of either kind (a solitaire record is handed to
``loveletter.commands.solitaire.resume_record``). The record is checked by replaying it through the engine
before anything is shown (:func:`resumed`); a finished game or a file that does not replay is one line and exit
status 2, and the file is left as it was. A game of several people starts with a hand-off screen (one person alone goes
straight back to the table); it saves after every action into the same file, as ``loveletter play`` does.

``--no-hints`` turns the coach's hints off for the rest of the game (they cannot be turned back on: the record says
so from then on).

``--host`` opens the saved game to friends on other computers instead (``loveletter host``: each takes back
their seat by its name; see ``loveletter.commands.host.host_saved``).

``--pace SECONDS``: how long a computer player's move stays on the screen, as for ``play`` (``--delay`` is its
older, hidden name).

A game with the user's own bot (``play --level FILE.py:CLASS``) starts it again from where the record says it
is (its file as it is now: a bot fixed since it stopped the game plays on), with the record's time per move
unless ``--move-time`` gives another; only from a record signed with this user's key (a record from elsewhere
never makes the program run something it names), and not hosted (``--host`` seats built-in levels only).
"""

from __future__ import annotations

import argparse

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from loveletter.arena.seated import SeatedPlayer
    from loveletter.engine import Game
    from loveletter.records import GameRecord
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.table.seats import Seat


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar=t("cli.metavar.game"), help=t("records.help.resume_file"))
    from loveletter.commands.options import add_pace_option, add_reader_option

    add_pace_option(parser)
    add_reader_option(parser)
    from loveletter.commands.options import add_hints_option

    add_hints_option(parser)
    from loveletter.commands.options import add_move_time_option

    add_move_time_option(parser)
    # Hosting the game again for friends on other computers (loveletter host): its options.
    from loveletter.commands.host import add_server_options

    parser.add_argument("--host", action="store_true", help=t("host.help.resume"))
    parser.add_argument("--trust-unsigned", action="store_true", help=t("records.help.trust_unsigned"))
    add_server_options(parser)


def run(args: argparse.Namespace) -> int:
    from loveletter.records import games_dir, latest_unfinished
    from loveletter.records.library import find_record
    from loveletter.records.lock import command_line, game_lock, holder

    if args.file is None:
        # The game played last that is not open in another window (a game open there is refused below).
        path = latest_unfinished(skip=lambda p: holder(p) is not None) or latest_unfinished()
    else:
        path = find_record(args.file)
    if path is None:
        print(t("records.resume.nothing", folder=str(games_dir())))
        return 1
    with game_lock(path, command_line()):  # one program at a time plays a game (or hosts it)
        return _open(path, args)


def _open(path: Path, args: argparse.Namespace) -> int:
    from loveletter.records import GameRecord, load_record
    from loveletter.records.fileformat import Trust

    record = load_record(path)
    if isinstance(record, GameRecord) and any(seat.bot is not None for seat in record.seats):
        _check_bots(path, record, args)
    # An unfinished game saved before records were signed opens only on the player's word, given once: it is
    # signed from then on (nothing else tells an old game from one edited and saved as if it were old).
    accepted = args.trust_unsigned and record.trust is Trust.UNSIGNED
    if accepted:
        record.trust = Trust.SIGNED
    if not isinstance(record, GameRecord):
        from loveletter.commands.solitaire import resume_record

        if args.host:
            from loveletter.errors import UsageError

            raise UsageError(t("host.error.solitaire"))
        if accepted:
            record.replay(str(path))
            _sign(path, record)
        return resume_record(path, record)
    game = resumed(path, record)
    if accepted:
        _sign(path, record)
    record.hints = record.hints and args.hints
    if args.host:
        from loveletter.commands.host import host_saved
        from loveletter.table.autosave import table_seats

        return host_saved(record, path, game, table_seats(record, str(path)), args)
    import os

    from loveletter.tui.lines import wanted

    return play_on(
        path, record, game, delay=args.pace, reader=wanted(args.screen_reader, os.environ), move_time=args.move_time
    )


def _check_bots(path: Path, record: GameRecord, args: argparse.Namespace) -> None:
    """A game with the user's own bots: resumed here only, and from a record this user's program signed."""
    from loveletter.errors import UsageError
    from loveletter.records.fileformat import Trust
    from loveletter.records.library import short_name

    if record.trust is not Trust.SIGNED:
        raise UsageError(t("records.resume.bot_unsigned", path=str(path)))
    if args.host:
        raise UsageError(t("host.error.own_bot", name=short_name(path)))


def _sign(path: Path, record: GameRecord | SolitaireRecord) -> None:
    """Write an unsigned record the player vouched for (``--trust-unsigned``) again, signed, and say so."""
    import sys

    from loveletter.records.library import short_name

    record.save(path)
    print(t("records.resume.trusted", name=short_name(path)), file=sys.stderr, flush=True)


def resumed(path: Path, record: GameRecord) -> Game:
    """The game of ``record`` replayed to where it stopped; a finished game, or a record that does not replay,
    is a :class:`~loveletter.records.RecordError` (one line)."""
    from loveletter.records import RecordError
    from loveletter.records.library import short_name

    source = str(path)
    if record.finished:
        raise RecordError(source, "", t("records.resume.finished", name=short_name(path)))
    game = record.replay(source)
    if game.over:  # the result was cut off the file: still nothing to continue
        raise RecordError(source, "", t("records.resume.finished", name=short_name(path)))
    return game


def play_on(
    path: Path, record: GameRecord, game: Game, *, delay: float, reader: bool = False, move_time: float | None = None
) -> int:
    """Play a resumed multi-player game at this terminal (as plain lines, ``reader``), saving into its own file;
    the user's own bots started again (``move_time``: their time per move, else the record's)."""
    import sys
    from dataclasses import replace

    from loveletter.errors import UsageError
    from loveletter.table.autosave import Autosave, table_seats
    from loveletter.tui.session import play_game

    seats = table_seats(record, str(path))
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if any(not s.computer for s in seats) and not terminal:
        raise UsageError(t("play.error.no_terminal"))
    players = _own_bots(path, seats, move_time)
    for index, player in players.items():  # as it plays now (its file's contents, its time), saved with the next move
        record.seats[index] = replace(record.seats[index], bot=player.data())
    record.hosted = False  # from now on continued here, with resume (saved with the next move)
    saver = Autosave.resume(record, path)
    from loveletter.commands.play import bot_maker, stop_bots

    try:
        return play_game(
            game,
            seats,
            seed=record.seed,
            delay=delay,
            terminal=terminal,
            saver=saver,
            hints=record.hints,
            reader=reader,
            make=bot_maker(players),
        )
    finally:
        stop_bots(players)


def _own_bots(path: Path, seats: Sequence[Seat], move_time: float | None) -> dict[int, SeatedPlayer]:
    """The user's own bots at ``seats``, by seat, each found where the record says and started once, or the
    one-line error that says which cannot be and why."""
    from loveletter.arena.seated import SeatedPlayer
    from loveletter.arena.userbots import PlayerError
    from loveletter.commands.options import player_problem
    from loveletter.commands.play import bot_logs
    from loveletter.errors import UsageError

    players: dict[int, SeatedPlayer] = {}
    for index, seat in enumerate(seats):
        if seat.bot is None:
            continue
        try:
            players[index] = SeatedPlayer.from_data(seat.bot, seat.level or "", move_time=move_time, logs=bot_logs())
        except PlayerError as exc:
            problem = player_problem(exc, "--level")
            raise UsageError(t("records.resume.bot", path=str(path), seat=seat.name, problem=problem)) from None
    return players
