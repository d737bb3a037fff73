"""``loveletter replay GAME [--seat N | --all]``: step through a saved game, point by point.

``GAME`` is a record's path, or its number or name from ``loveletter games``. ``--seat N`` shows the game as
seat N saw it (its hand, what it knew, its log); ``--all`` shows every hand, and is the default for a finished
game. A saved game cannot be used to peek at the hands of a game still going on
(:func:`loveletter.records.timeline.replay_seat`): an unfinished game that two or more people play does not replay
at all, and one that a single person plays replays only as that person saw it. On a terminal the replay is
stepped through with keys; with no terminal it is printed as plain text, and so it is in screen-reader mode
(``--screen-reader``, ``LOVELETTER_SCREEN_READER=1``), in ASCII, for the reader to go through at its own pace.
The file is only read, never written.

A solitaire record replays as its player saw the board (``--seat 0`` says the same); ``--all`` also names every
face-down card, and only for a finished game.
"""

from __future__ import annotations

import argparse

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from contextlib import AbstractContextManager
    from pathlib import Path

    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.tui.surface import Frames


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar=t("cli.metavar.game"), help=t("records.help.replay_file"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help=t("records.help.seat"))
    who.add_argument("--all", action="store_true", help=t("records.help.all"))
    from loveletter.commands.options import add_reader_option

    add_reader_option(parser)


def run(args: argparse.Namespace) -> int:
    from loveletter.errors import UsageError
    from loveletter.records import GameRecord, load_record
    from loveletter.records.library import find_record
    from loveletter.records.timeline import replay_seat
    from loveletter.tui.replay import Replay

    path = find_record(args.file)
    record = load_record(path)
    if not isinstance(record, GameRecord):
        return _replay_solitaire(record, path, args)
    last = record.players - 1
    if args.seat is not None and not 0 <= args.seat <= last:
        raise UsageError(t("records.replay.bad_seat", seat=args.seat, last=last))
    record.replay(str(path))  # a damaged record is said to be so before anything about what it may show
    say_unverified(record.trust)
    seat = replay_seat(record, args.seat, every=args.all, source=str(path))  # what this game may show
    replay = Replay(record, seat, str(path))
    if not on_terminal() or _reader(args):
        return print_lines(_plain(replay.lines(path), args))

    from loveletter.tui.replay import ReplayViewer

    with full_screen() as surface:
        ReplayViewer(replay, surface).run()
    return 0


def _replay_solitaire(record: SolitaireRecord, path: Path, args: argparse.Namespace) -> int:
    from loveletter.errors import UsageError
    from loveletter.tui.solitaire.replay import SolitaireReplay

    if args.seat is not None and args.seat != 0:
        raise UsageError(t("records.replay.bad_seat", seat=args.seat, last=0))
    # Refuses every face-down card of an unfinished game.
    replay = SolitaireReplay(record, every=args.all, source=str(path))
    say_unverified(record.trust)
    if not on_terminal() or _reader(args):
        return print_lines(_plain(replay.lines(path), args))

    from loveletter.tui.solitaire.replay import SolitaireReplayViewer

    with full_screen() as surface:
        SolitaireReplayViewer(replay, surface).run()
    return 0


def _reader(args: argparse.Namespace) -> bool:
    """Screen-reader mode (``--screen-reader``, ``LOVELETTER_SCREEN_READER=1``): the replay's plain text, whole."""
    import os

    from loveletter.tui.lines import wanted

    return wanted(args.screen_reader, os.environ)


def _plain(lines: Iterator[str], args: argparse.Namespace) -> Iterator[str]:
    """``lines`` as they are, or in screen-reader mode as ASCII (``tui.lines.ascii_text``)."""
    if not _reader(args):
        return lines
    from loveletter.tui.lines import ascii_text

    return (ascii_text(line) for line in lines)


# The pieces below are shared with `loveletter review`, which shows a record the same ways.


def say_unverified(trust: object) -> None:
    """One line on standard error when the record is not signed with this user's key: a finished game shared by a
    friend, say (it replays; an unfinished one would have been refused)."""
    import sys

    from loveletter.records.fileformat import Trust, unverified_note

    note = unverified_note(trust) if isinstance(trust, Trust) else None
    if note is not None:
        print(note, file=sys.stderr, flush=True)


def on_terminal() -> bool:
    """Whether both standard input and output are a terminal (else the plain-text output)."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def print_lines(lines: Iterator[str]) -> int:
    """Lines (a replay's or a review's) as plain text on standard output (a closed pipe, as with ``| head``, ends
    it quietly)."""
    import sys

    try:
        for line in lines:
            sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return 0


def full_screen() -> AbstractContextManager[Frames]:
    """Frames on the terminal's full screen for the length of the block (restored after it, whatever happens),
    through the console ``play`` draws on: the terminal's own size, read for each frame (a ``TERM=dumb`` one
    included)."""
    from contextlib import contextmanager

    @contextmanager
    def frames() -> Iterator[Frames]:
        import sys

        from loveletter.tui.screen import Screen, terminal_console
        from loveletter.tui.surface import Frames

        with Screen(sys.stdout, title=t("play.window_title")) as screen:
            yield Frames(terminal_console(), screen)

    return frames()
