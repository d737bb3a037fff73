"""The terminal as hot-seat play needs it: the alternate screen, a full wipe, and a clean exit whatever happens.

A *wipe* clears the visible screen **and the scrollback**: cursor home, erase display, erase scrollback
(``ESC[H ESC[2J ESC[3J``, in that order). Clearing only the visible screen (what rich's ``Console.clear()``
does) leaves the previous player's hand a scroll away. The game also runs on the alternate screen, which keeps
nothing when it is left, so the shell's screen never holds a hand either.

On leaving (normally, on Ctrl-C, on an exception, or on SIGTERM) :class:`Screen` wipes, resets the colours,
shows the cursor, leaves the alternate screen and restores the window title. The title is only ever set to the
program's name: nothing private goes there.

>>> import io
>>> out = io.StringIO()
>>> with Screen(out, title="Love Letter") as screen:
...     screen.wipe()
>>> WIPE in out.getvalue() and out.getvalue().endswith(SHOW_CURSOR + LEAVE_ALT + POP_TITLE)
True
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import textwrap
from types import FrameType, TracebackType
from typing import Any, TextIO

from rich.console import Console, ConsoleDimensions

try:
    import termios
except ImportError:  # pragma: no cover (Windows)
    termios = None  # type: ignore[assignment]


ENTER_ALT = "\x1b[?1049h"
LEAVE_ALT = "\x1b[?1049l"
HIDE_CURSOR = "\x1b[?25l"
SHOW_CURSOR = "\x1b[?25h"
RESET = "\x1b[0m"
#: Home, erase the display, erase the scrollback: in this order.
WIPE = "\x1b[H\x1b[2J\x1b[3J"
#: xterm's window-title stack: save the title on entry, restore it on exit.
PUSH_TITLE = "\x1b[22;0t"
POP_TITLE = "\x1b[23;0t"


def title_sequence(title: str) -> str:
    """The OSC sequence that sets the window title (control characters removed)."""
    clean = "".join(c for c in title if c.isprintable())
    return f"\x1b]0;{clean}\x07"


def echo(message: str, file: TextIO | None = None) -> None:
    """Print ``message`` on the normal screen, on a terminal each of its lines wrapped between words at the
    terminal's width (the terminal itself would cut ``To contin`` / ``ue it:``), its indent kept on the lines a
    wrap adds; a word wider than the line (a long path) is never cut. Piped, the lines go as they are."""
    out = file if file is not None else sys.stdout
    if not out.isatty():
        print(message, file=out)
        return
    width = shutil.get_terminal_size().columns
    lines = []
    for line in message.split("\n"):
        indent = line[: len(line) - len(line.lstrip())]
        lines.append(
            textwrap.fill(line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False) or line
        )
    print("\n".join(lines), file=out)


def move_to(row: int, column: int = 1) -> str:
    """The sequence that puts the cursor on ``row`` (1 = top), ``column``."""
    return f"\x1b[{max(row, 1)};{max(column, 1)}H"


class Screen:
    """The alternate screen, entered on ``__enter__`` and always left clean on ``__exit__``. Given the terminal's
    input (``keys``), it also stops the terminal from echoing keys between prompts (pressed while a computer
    player thinks, they would print over the table); the prompts drop them anyway, and Ctrl-C still stops."""

    def __init__(self, stream: TextIO | None = None, *, title: str = "", keys: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.title = title
        self.keys = keys
        self._previous_sigterm: object = None
        self._echo: list[Any] | None = None  # the terminal's settings before, while echo is off
        self.active = False

    def write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()

    def wipe(self) -> None:
        """Clear the screen and the scrollback; the cursor goes home and stays hidden."""
        self.write(RESET + WIPE + HIDE_CURSOR)

    def move_to(self, row: int, column: int = 1) -> None:
        self.write(move_to(row, column))

    def __enter__(self) -> Screen:
        title = title_sequence(self.title) if self.title else ""
        self.write(PUSH_TITLE + title + ENTER_ALT + WIPE + HIDE_CURSOR)
        self.active = True
        self._echo = _echo_off(self.keys)
        try:
            self._previous_sigterm = signal.signal(signal.SIGTERM, _terminate)
        except ValueError:  # not the main thread: leave signals alone
            self._previous_sigterm = None
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        if not self.active:
            return
        self.active = False
        self.write(RESET + WIPE + SHOW_CURSOR + LEAVE_ALT + POP_TITLE)
        if self._echo is not None and self.keys is not None:
            _restore(self.keys, self._echo)
            self._echo = None
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)  # type: ignore[arg-type]


def _echo_off(keys: TextIO | None) -> list[Any] | None:
    """Turn the echo of ``keys`` off if it is a terminal; its settings before (``None``: nothing was changed)."""
    try:
        if termios is None or keys is None or not keys.isatty():
            return None
        fd = keys.fileno()
        before = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~termios.ECHO  # local modes: echo off, the rest (signals, lines) as they were
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        return before
    except (OSError, ValueError):
        return None


def _restore(keys: TextIO, settings: list[Any]) -> None:
    if termios is not None:
        with contextlib.suppress(OSError, ValueError):
            termios.tcsetattr(keys.fileno(), termios.TCSANOW, settings)


def terminal_console() -> Console:
    """A rich console for the game's screen whose size is always the terminal's own, read anew for each frame,
    so that a resized window is drawn again to fit (rich would take ``COLUMNS`` and ``LINES``, when exported,
    as a fixed size: they are ignored). On a ``TERM=dumb`` terminal rich would assume 80x25 whatever the size,
    one line more than 80x24 holds, and the screen's first line would scroll away: the size is the terminal's
    there too, and there is no colour."""
    environ = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    if environ.get("TERM", "").lower() not in ("dumb", "unknown"):
        return Console(highlight=False, emoji=False, _environ=environ)
    return _dumb_console_class()(highlight=False, emoji=False, color_system=None, _environ=environ)


def _dumb_console_class() -> type[Console]:
    """The class of :func:`terminal_console` on a dumb terminal (made when first needed: rich loads late)."""

    class DumbTerminalConsole(Console):
        """A console on a ``TERM=dumb`` terminal that still reads the terminal's size."""

        @property
        def size(self) -> ConsoleDimensions:
            try:
                columns, rows = os.get_terminal_size(self.file.fileno())
            except (AttributeError, ValueError, OSError):
                return super().size
            return ConsoleDimensions(columns or 80, rows or 25)

        @size.setter
        def size(self, new_size: tuple[int, int]) -> None:
            Console.size.fset(self, new_size)  # type: ignore[attr-defined]

    return DumbTerminalConsole


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Unwind through the ``with`` blocks so the terminal is restored, then exit as a terminated process would.
    raise SystemExit(128 + signum)
