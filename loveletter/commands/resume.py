"""``loveletter resume [FILE]``: continue a saved game at the exact point it was left, with the same seats.

Without ``FILE``: the latest unfinished game in the saved-games folder, of either kind (a solitaire record is
handed to ``loveletter.commands.solitaire.resume_record``). The record is checked by replaying it through the
engine before anything is shown; a finished game or a file that does not replay is one line and exit status 2,
and the file is left as it was. The game starts with a hand-off screen, then saves after every action into the
same file, as ``loveletter play`` does.

``--host`` opens the saved game to friends on other computers instead (``loveletter host``: each takes back
their seat by its name; see ``loveletter.commands.host.host_saved``).

Developer option, hidden from ``--help``: ``--delay SECONDS`` (the pause after a computer player's move).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from loveletter.i18n import t

DEFAULT_DELAY = 1.2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar=t("cli.metavar.file"), help=t("records.help.resume_file"))
    parser.add_argument("--delay", type=float, default=DEFAULT_DELAY, metavar="SECONDS", help=argparse.SUPPRESS)
    # Hosting the game again for friends on other computers (loveletter host): its options.
    from loveletter.commands.host import add_server_options

    parser.add_argument("--host", action="store_true", help=t("host.help.resume"))
    add_server_options(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.cli import UsageError
    from loveletter.records import GameRecord, RecordError, games_dir, latest_unfinished, load_record

    if args.file is None:
        path = latest_unfinished()
        if path is None:
            print(t("records.resume.nothing", folder=str(games_dir())))
            return 1
    else:
        path = Path(args.file)
    record = load_record(path)
    if not isinstance(record, GameRecord):
        from loveletter.commands.solitaire import resume_record

        if args.host:
            raise UsageError(t("host.error.solitaire"))

        return resume_record(path, record)

    source = str(path)
    if record.finished:
        raise RecordError(source, "", t("records.resume.finished", path=source))
    game = record.replay(source)
    if game.over:  # the result was cut off the file: still nothing to continue
        raise RecordError(source, "", t("records.resume.finished", path=source))

    from loveletter.commands.play import play_game
    from loveletter.tui.autosave import Autosave, table_seats

    seats = table_seats(record, source)
    if args.host:
        from loveletter.commands.host import host_saved

        return host_saved(record, path, game, seats, args)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if any(not s.computer for s in seats) and not terminal:
        raise UsageError(t("play.error.no_terminal"))
    saver = Autosave.resume(record, path)
    return play_game(game, seats, seed=record.seed, delay=args.delay, terminal=terminal, saver=saver)
