"""``loveletter replay FILE [--seat N | --all]``: step through a saved game, point by point.

``--seat N`` shows the game as seat N saw it (its hand, what it knew, its log); ``--all`` shows every hand, and
is the default for a finished game. An unfinished game can only be replayed from one seat's view, so a record
cannot be used to peek at the other players' hands. On a terminal the replay is stepped through with keys; with
no terminal it is printed as plain text. The file is only read, never written.
"""

from __future__ import annotations

import argparse

from loveletter.i18n import t


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help=t("records.help.replay_file"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help=t("records.help.seat"))
    who.add_argument("--all", action="store_true", help=t("records.help.all"))


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from loveletter.cli import UsageError
    from loveletter.commands.resume import record_kind
    from loveletter.records import GameRecord, RecordError
    from loveletter.tui.replay import Replay

    path = Path(args.file)
    source = str(path)
    if record_kind(path) == "solitaire":
        raise RecordError(source, "", t("records.replay.solitaire", path=source))
    record = GameRecord.load(path)
    last = record.players - 1
    if args.seat is not None and not 0 <= args.seat <= last:
        raise UsageError(t("records.replay.bad_seat", seat=args.seat, last=last))
    if not record.finished and args.seat is None:
        raise RecordError(source, "", t("records.replay.unfinished_all", last=last))
    replay = Replay(record, args.seat, source)

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        try:
            for line in replay.lines(path):
                sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 141
        return 0

    from rich.console import Console

    from loveletter.tui.replay import ReplayViewer
    from loveletter.tui.screen import Screen

    console = Console(highlight=False, emoji=False)
    with Screen(sys.stdout, title=t("play.window_title")) as screen:
        ReplayViewer(replay, console, screen).run()
    return 0
