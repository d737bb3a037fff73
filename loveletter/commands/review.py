"""``loveletter review GAME [--seat N]``: go through one seat's decisions in a finished game with the coach.

``GAME`` is what ``replay`` and ``resume`` take: a record's path, or its number or name from ``loveletter games``.
The seat is the first person's unless ``--seat`` says otherwise. Only a finished game is reviewed: the review
weighs every move from the seat's view, so a game still going on would give away advice (and a game played
without hints would get them); what a finished game may show is replay's rule
(:func:`loveletter.records.timeline.replay_seat`, applied by :class:`~loveletter.tui.review.Review`). On a terminal
the decisions are stepped through with keys, after a progress line (with ``--screen-reader``, or
``LOVELETTER_SCREEN_READER=1``: read as lines, :class:`loveletter.tui.review.ReviewReader`); otherwise the review is
printed as plain text.
The file is only read, never written.
"""

from __future__ import annotations

import argparse

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar=t("cli.metavar.game"), help=t("coach.review.file_help"))
    parser.add_argument("--seat", type=int, metavar="N", help=t("coach.review.seat_help"))
    from loveletter.commands.options import add_reader_option

    add_reader_option(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.commands.replay import full_screen, on_terminal, print_lines, say_unverified
    from loveletter.errors import UsageError
    from loveletter.i18n import printable
    from loveletter.records import GameRecord, RecordError, load_record
    from loveletter.records.library import find_record, short_name
    from loveletter.tui.review import Review, review_seat

    path = find_record(args.file)
    source = str(path)
    record = load_record(path)
    if not isinstance(record, GameRecord):
        return _review_solitaire(record, path, args.seat)
    last = record.players - 1
    if args.seat is not None and not 0 <= args.seat <= last:
        raise UsageError(t("records.replay.bad_seat", seat=args.seat, last=last))
    record.replay(source)  # a damaged record is said to be so before anything else
    if not record.finished:
        raise RecordError(source, "", t("coach.review.unfinished", name=short_name(path)))
    say_unverified(record.trust)
    seat = review_seat(record, args.seat)
    if not on_terminal():
        progress = _progress_line(printable(record.seats[seat].name)) if sys.stderr.isatty() else None
        review = Review(record, seat, source, progress=progress)
        return print_lines(review.lines(source))

    import os

    from loveletter.tui.lines import Lines, LineScreen, wanted
    from loveletter.tui.review import review_on

    if wanted(args.screen_reader, os.environ):  # one decision at a time as lines
        with LineScreen(sys.stdout) as screen:
            review_on(Lines(screen), record, seat, source)
        return 0
    with full_screen() as surface:
        review_on(surface, record, seat, source)
    return 0


def _review_solitaire(record: object, path: Path, seat: int | None) -> int:
    """A solitaire record: its one player's decisions (:mod:`loveletter.tui.solitaire.review`), on the terminal
    or as plain text; a game still going on is refused as a multi-player one is."""
    from loveletter.commands.replay import full_screen, on_terminal, print_lines, say_unverified
    from loveletter.errors import UsageError
    from loveletter.records import RecordError
    from loveletter.records.library import short_name
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.tui.solitaire.review import SolitaireReview, review_on

    assert isinstance(record, SolitaireRecord)
    source = str(path)
    if seat not in (None, 0):
        raise UsageError(t("records.replay.bad_seat", seat=seat, last=0))
    record.replay(source)  # a damaged record is said to be so before anything else
    if not record.finished:
        raise RecordError(source, "", t("solcoach.review.unfinished", name=short_name(path)))
    say_unverified(record.trust)
    if not on_terminal():
        return print_lines(SolitaireReview(record, source).lines())
    with full_screen() as surface:
        review_on(surface, record, source)
    return 0


def _progress_line(player: str) -> Callable[[int, int], None]:
    """Say how far the weighing is on one line of standard error, rewritten in place, erased at the end."""
    import sys

    def progress(done: int, total: int) -> None:
        line = t("coach.review.working", player=player, done=done, total=total)
        sys.stderr.write("\r\x1b[K" + ("" if done == total else line))
        sys.stderr.flush()

    return progress
