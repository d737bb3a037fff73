"""``loveletter learn [LESSON]``: a guided game on stacked decks, at the normal table (see
:mod:`loveletter.tui.tutor`). ``basic`` (the default): the 2019 edition against one computer player; ``premium``:
the cards the Premium Edition adds, at five seats; ``solitaire``: the one-player variant, on its own screens
(:mod:`loveletter.tui.solitaire.tutor`). A lesson is not saved: ``loveletter learn`` starts it again.

``--pace SECONDS``: the pause after a computer player's move that the lesson does not comment on (default 1.2;
0: none). ``--screen-reader`` (or ``LOVELETTER_SCREEN_READER=1``): the lesson as plain lines
(:mod:`loveletter.tui.lines`).
"""

from __future__ import annotations

import argparse

from loveletter.i18n import t

#: The lessons, as ``loveletter/coach/lessons/*.toml`` names them (a test checks the two agree): listed here so that
#: building the parser reads no folder.
LESSONS = ("basic", "premium")
#: The solitaire's lesson (``loveletter/coach/lessons/solitaire/``), on the solitaire's own screens.
SOLITAIRE = "solitaire"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "lesson", nargs="?", choices=(*LESSONS, SOLITAIRE), default=LESSONS[0], help=t("learn.help.lesson")
    )
    from loveletter.commands.options import add_pace_option, add_reader_option

    add_pace_option(parser)
    add_reader_option(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.coach.lesson import load_lesson, walk
    from loveletter.errors import UsageError
    from loveletter.tui.screen import Screen, terminal_console
    from loveletter.tui.tutor import play_lesson

    if args.lesson == SOLITAIRE:
        import os

        from loveletter.tui.lines import wanted

        if wanted(args.screen_reader, os.environ):  # its board has no lines of its own yet: say so, draw nothing
            raise UsageError(t("learn.solitaire.no_reader", command=_command(SOLITAIRE)))
        return _solitaire()
    pace = args.pace  # bounded by its type (commands.options.delay_seconds)
    lesson = load_lesson(args.lesson)
    for _ in walk(lesson):  # a script that does not fit the game is one line now, not a surprise mid-lesson
        pass
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(t("learn.no_terminal"))
    import os

    from loveletter.tui.lines import Lines, LineScreen, ascii_text, wanted
    from loveletter.tui.surface import Frames

    reader = wanted(args.screen_reader, os.environ)
    said = ascii_text if reader else str  # the last words in the mode's own ASCII
    try:
        if reader:  # plain lines for a screen reader
            with LineScreen(sys.stdout) as screen:
                finished = play_lesson(lesson, Lines(screen), delay=0.0)
        else:
            with Screen(sys.stdout, title=t("play.window_title"), keys=sys.stdin) as screen:
                finished = play_lesson(lesson, Frames(terminal_console(), screen), delay=pace)
    except KeyboardInterrupt:
        print(said(t("learn.stopped", lesson=_command(args.lesson))), file=sys.stderr)
        return 130
    print(said(t("learn.ready") if finished else t("learn.stopped", lesson=_command(args.lesson))))
    return 0


def _solitaire() -> int:
    """``loveletter learn solitaire``: the solitaire lesson (:mod:`loveletter.tui.solitaire.tutor`)."""
    import sys

    from loveletter.coach.solitaire_lesson import load_solitaire_lesson
    from loveletter.errors import UsageError
    from loveletter.tui.screen import Screen, terminal_console
    from loveletter.tui.solitaire.tutor import SolitaireTutor
    from loveletter.tui.surface import Frames

    lesson = load_solitaire_lesson()  # a script that does not fit the game is one line now
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(t("learn.no_terminal"))
    try:
        with Screen(sys.stdout, title=t("solitaire.window_title"), keys=sys.stdin) as screen:
            SolitaireTutor(lesson, Frames(terminal_console(), screen)).run()
    except KeyboardInterrupt:
        print(t("learn.stopped", lesson=_command(SOLITAIRE)), file=sys.stderr)
        return 130
    print(t("learn.solitaire.ready"))
    return 0


def _command(lesson: str) -> str:
    """The command that starts ``lesson`` again."""
    return "loveletter learn" + ("" if lesson == LESSONS[0] else f" {lesson}")
