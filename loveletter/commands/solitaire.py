"""``loveletter solitaire``: the one-player variant against the Princess's retinue, in the terminal.

``--seed S`` deals deal number S (the header shows the number of every deal, so a deal can be played again or
shared); without it each deal is new. The game is saved after every action in the user's saved-games folder;
Ctrl-C at any prompt leaves it there for ``loveletter resume``. ``h`` at any question shows the coach's hint, and a
game's end offers its review (:mod:`loveletter.tui.solitaire.coach`, :mod:`loveletter.tui.solitaire.review`). A
streak counter (wins in a row, the best run, games won and played) is kept between games in the user's loveletter
folder.

Developer option, hidden from ``--help``:

``--layout-file PATH``
    Deal the first game from a known layout, for tests and bug reports. The file is JSON, either a list of the
    15 cards other than the Princess in dealing order (``Q1`` to ``Q6``, the hand card, the secret agent, then
    the draw pile from the top), or an object ``{"queue": [...], "hand": "...", "agent": "...", "draws":
    [...]}`` naming only the cards that matter (the rest is filled in as
    :func:`loveletter.solitaire.stacked_layout` does). Games after it are shuffled as usual.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:  # the command's modules are imported when it runs, not when the parser is built
    from pathlib import Path

    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame, SolitaireRuleset
    from loveletter.tui.solitaire.app import SolitaireApp


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, metavar="S", help=t("solitaire.help.seed"))
    parser.add_argument("--layout-file", metavar="PATH", help=argparse.SUPPRESS)
    from loveletter.commands.options import add_reader_option

    add_reader_option(parser)


def run(args: argparse.Namespace) -> int:
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset
    from loveletter.tui.solitaire.app import new_deal

    ruleset = load_solitaire_ruleset()
    if args.layout_file:
        from pathlib import Path

        game = SolitaireGame(ruleset, layout=read_layout(Path(args.layout_file), ruleset))
    else:
        game = SolitaireGame(ruleset, seed=args.seed if args.seed is not None else new_deal())
    _need_terminal()
    deals = _deal_numbers(args.seed)
    return _session(game, None, None, deals, reader=_reader(args))


def resume_record(path: Path, record: SolitaireRecord | None = None) -> int:
    """Continue the solitaire game saved in ``path`` (``record``, when already loaded from it) in the terminal, at
    the exact point it was left (exit status as :func:`run`). A finished game, or a record that cannot be read or
    does not replay, is one line (:class:`~loveletter.errors.UserError`); the file is never written unless the
    game goes on."""
    from loveletter.errors import UserError
    from loveletter.records.solitaire import SolitaireRecord

    if record is None:
        record = SolitaireRecord.load(path)
    if record.finished:
        raise UserError(t("solitaire.error.already_over", path=path))
    game = record.replay(str(path))
    _need_terminal()
    return _session(game, record, path, _deal_numbers(None), reader=_reader(None))


def read_layout(path: Path, ruleset: SolitaireRuleset) -> list[str]:
    """The layout in a ``--layout-file`` (see the module docstring); a problem is one :class:`UsageError` line."""
    import json

    from loveletter.engine.errors import EngineError
    from loveletter.errors import UsageError
    from loveletter.solitaire import SolitaireState, stacked_layout

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise UsageError(t("solitaire.error.layout_file", path=path, problem=exc)) from None
    try:
        if isinstance(data, list) and all(isinstance(c, str) for c in data):
            layout = list(data)
        elif isinstance(data, dict) and set(data) <= {"queue", "hand", "agent", "draws"}:
            layout = stacked_layout(
                ruleset,
                queue=data.get("queue", ()),
                hand=data.get("hand"),
                agent=data.get("agent"),
                draws=data.get("draws", ()),
            )
        else:
            raise UsageError(t("solitaire.error.layout_file", path=path, problem=t("solitaire.error.layout_shape")))
        SolitaireState(ruleset, layout)  # checks the cards
    except EngineError as exc:
        raise UsageError(t("solitaire.error.layout_file", path=path, problem=exc)) from None
    return layout


def _need_terminal() -> None:
    import sys

    from loveletter.errors import UsageError

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(t("solitaire.error.no_terminal"))


def _deal_numbers(seed: int | None) -> Callable[[], int]:
    """The deal numbers of the games after the first: the next numbers after ``--seed``, else new ones."""
    from loveletter.tui.solitaire.app import new_deal

    if seed is None:
        return new_deal
    following = iter(range(seed + 1, seed + 1_000_000))
    return lambda: next(following)


def _reader(args: argparse.Namespace | None) -> bool:
    """Whether screen-reader mode is asked for (``--screen-reader``, or the environment: also on resuming)."""
    import os

    from loveletter.tui.lines import wanted

    return wanted(bool(getattr(args, "screen_reader", False)), os.environ)


def _session(
    game: SolitaireGame,
    record: SolitaireRecord | None,
    path: Path | None,
    next_deal: Callable[[], int],
    *,
    reader: bool = False,
) -> int:
    """The games on the terminal's alternate screen, or as plain lines (``reader``: screen-reader mode)."""
    import sys

    from loveletter.records.library import short_name
    from loveletter.tui.lines import Lines, LineScreen
    from loveletter.tui.screen import Screen, terminal_console
    from loveletter.tui.session import TERMINATED
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.streak import load_streak
    from loveletter.tui.surface import Frames

    streak = load_streak()
    if streak.warning:
        print(streak.warning, file=sys.stderr)
    app: SolitaireApp | None = None
    try:
        if reader:
            with LineScreen(sys.stdout) as screen:
                app = SolitaireApp(Lines(screen), streak)
                app.session(game, record=record, path=path, next_deal=next_deal)
        else:
            with Screen(sys.stdout, title=t("solitaire.window_title"), keys=sys.stdin) as screen:
                app = SolitaireApp(Frames(terminal_console(), screen), streak)
                app.session(game, record=record, path=path, next_deal=next_deal)
    except (KeyboardInterrupt, SystemExit) as exc:
        # SIGTERM (a closed window, `kill`) ends the game by SystemExit(143) (loveletter.tui.screen): it says how
        # to continue the game as Ctrl-C does, as `loveletter play` does.
        if isinstance(exc, SystemExit) and exc.code != TERMINATED:
            raise
        status = 130 if isinstance(exc, KeyboardInterrupt) else TERMINATED
        if app is None or app.saver is None or app.game is None:
            print(t("cli.interrupted"), file=sys.stderr)
            return status
        saver = app.saver
        saver.flush()  # a save Ctrl-C cut short: the file is one action behind until it is written
        if saver.problem is None:
            key = "solitaire.saved.over" if app.game.over else "records.interrupted"
            print(t(key, path=saver.path, name=short_name(saver.path)), file=sys.stderr)
        _report_problem(app)
        return status
    finally:
        # A save cut short by a signal (SIGTERM ends the game by SystemExit) is finished before leaving.
        if app is not None and app.saver is not None:
            app.saver.flush()
    print(app.surface.written(t("solitaire.end.bye", streak=app.streak_line())))
    _report_problem(app)
    return 0


def _report_problem(app: SolitaireApp) -> None:
    """The last save failed: said on the side, as ``loveletter play`` says it."""
    import sys

    if app.saver is not None and app.saver.problem is not None:
        print(t("records.save_failed", problem=app.saver.problem), file=sys.stderr)
