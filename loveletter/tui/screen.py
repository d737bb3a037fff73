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

import signal
import sys
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output
    from rich.console import Console, RenderableType

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


def move_to(row: int, column: int = 1) -> str:
    """The sequence that puts the cursor on ``row`` (1 = top), ``column``."""
    return f"\x1b[{max(row, 1)};{max(column, 1)}H"


class Screen:
    """The alternate screen, entered on ``__enter__`` and always left clean on ``__exit__``."""

    def __init__(self, stream: TextIO | None = None, *, title: str = "") -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.title = title
        self._previous_sigterm: object = None
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
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)  # type: ignore[arg-type]


class Frames:
    """Draws frames on ``screen`` through ``console``: every frame wipes, draws its body in the lines above the
    prompt and puts the cursor where the prompt goes. ``input`` and ``output`` are for the prompts (tests give
    prompt_toolkit's pipe input)."""

    def __init__(
        self, console: Console, screen: Screen, *, input: Input | None = None, output: Output | None = None
    ) -> None:
        self.console = console
        self.screen = screen
        self.input = input
        self.output = output

    def rows(self) -> int:
        return self.console.size.height

    def width(self) -> int:
        return self.console.size.width

    def draw(self, body: RenderableType, reserve: int) -> None:
        """Wipe, draw ``body`` in the lines above the prompt, and put the cursor where the prompt goes."""
        self.screen.wipe()
        height = max(self.rows() - reserve, 0)
        if height:
            self.console.print(body, end="")
            self.console.file.flush()
        self.screen.move_to(height + 1)


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Unwind through the ``with`` blocks so the terminal is restored, then exit as a terminated process would.
    raise SystemExit(128 + signum)
