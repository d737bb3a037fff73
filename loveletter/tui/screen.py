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

import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, Union

from loveletter.tui import prompts
from loveletter.tui.prompts import HANDOFF, SCREEN, TYPE_AHEAD, Choice, KeyPolicy, Nav

T = TypeVar("T")

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

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
        import termios

        if keys is None or not keys.isatty():
            return None
        fd = keys.fileno()
        before = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~termios.ECHO  # local modes: echo off, the rest (signals, lines) as they were
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        return before
    except (ImportError, OSError, ValueError):
        return None


def _restore(keys: TextIO, settings: list[Any]) -> None:
    try:
        import termios

        termios.tcsetattr(keys.fileno(), termios.TCSANOW, settings)
    except (ImportError, OSError, ValueError):
        pass


def terminal_console() -> Console:
    """A rich console for the game's screen whose size is always the terminal's own, read anew for each frame,
    so that a resized window is drawn again to fit (rich would take ``COLUMNS`` and ``LINES``, when exported,
    as a fixed size: they are ignored). On a ``TERM=dumb`` terminal rich would assume 80x25 whatever the size,
    one line more than 80x24 holds, and the screen's first line would scroll away: the size is the terminal's
    there too, and there is no colour."""
    from rich.console import Console

    environ = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    if environ.get("TERM", "").lower() not in ("dumb", "unknown"):
        return Console(highlight=False, emoji=False, _environ=environ)
    return _dumb_console_class()(highlight=False, emoji=False, color_system=None, _environ=environ)


def _dumb_console_class() -> type[Console]:
    """The class of :func:`terminal_console` on a dumb terminal (made when first needed: rich loads late)."""
    from rich.console import Console, ConsoleDimensions

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


#: What a frame draws above its prompt: a renderable, or a function that makes one for the lines it may take.
Body = Union["RenderableType", Callable[[int], "RenderableType"]]


@dataclass(frozen=True, slots=True)
class Guards:
    """Which keys the prompts of a front end's screens take (:class:`~loveletter.tui.prompts.KeyPolicy`): a new
    screen's (a decision's first question, a result to acknowledge), and a hand-off's. A question that follows
    another of the same decision always takes keys typed ahead."""

    screen: KeyPolicy = SCREEN
    handoff: KeyPolicy = HANDOFF


#: The usual guards: every new screen's and every hand-off's.
GUARDED = Guards()
#: For tests that send every key in advance: nothing is dropped and nothing is waited for.
TYPED_AHEAD = Guards(TYPE_AHEAD, TYPE_AHEAD)


class Anchored:
    """``renderable`` drawn so that a character sequence whose width terminals disagree on (an emoji with a skin
    tone, a flag: :func:`~loveletter.records.names.disputed_widths`) never moves what follows it on its line: the
    cursor is put back, after each, at the column it was laid out for. On a terminal that draws it as wide as
    counted, that changes nothing; on one that draws it wider, its last cells are drawn over (the table's columns
    stay in line, and no line runs over the edge into the next)."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.cells import cell_len
        from rich.control import Control
        from rich.segment import Segment

        from loveletter.records.names import disputed_widths

        column = 0
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            if control:
                yield segment
                continue
            if "\n" in text:
                column = cell_len(text.rsplit("\n", 1)[1])
                yield segment
                continue
            start = 0
            for end, cells in disputed_widths(text):
                yield Segment(text[start:end], style)
                yield Control.move_to_column(column + cells).segment
                start = end
            if start == 0:
                yield segment
            elif start < len(text):
                yield Segment(text[start:], style)
            column += cell_len(text)


class Frames:
    """Draws frames on ``screen`` through ``console``: every frame wipes, draws its body in the lines above the
    prompt and puts the cursor where the prompt goes, and is drawn again, fitted anew, whenever the terminal's
    size changes while its prompt waits. ``input`` and ``output`` are for the prompts (tests give
    prompt_toolkit's pipe input; a remote session its own); ``guards`` say which keys they take."""

    def __init__(
        self,
        console: Console,
        screen: Screen,
        *,
        input: Input | None = None,
        output: Output | None = None,
        guards: Guards = GUARDED,
    ) -> None:
        self.console = console
        self.screen = screen
        self.input = input
        self.output = output
        self.guards = guards

    def rows(self) -> int:
        return self.console.size.height

    def width(self) -> int:
        return self.console.size.width

    def room(self, message: str, hint: str = "") -> int:
        """The lines a press or pause question takes at this width (its words wrap), to keep free below."""
        return prompts.press_height(message, self.width(), hint)

    def draw(self, body: Body, reserve: int) -> None:
        """Wipe, draw ``body`` in the lines above the prompt, and put the cursor where the prompt goes."""
        self.screen.wipe()
        height = max(self.rows() - reserve, 0)
        if height:
            self.console.print(Anchored(body(height) if callable(body) else body), end="")
            self.console.file.flush()
        self.screen.move_to(height + 1)

    # --------------------------------------------------------------------------- a frame and its prompt

    def choose(
        self,
        body: Body,
        title: str,
        choices: Sequence[Choice[T]],
        *,
        hint: str = "",
        guard: KeyPolicy | None = None,
        **options: Any,
    ) -> T | Nav:
        """Draw ``body`` above a choice list and ask it (:func:`~loveletter.tui.prompts.choose`; ``options`` go
        there); ``guard`` defaults to a new screen's."""

        def frame() -> None:
            self.draw(body, prompts.choice_height(title, choices, self.width(), hint))

        frame()
        answer: T | Nav = prompts.choose(
            title,
            choices,
            hint=hint,
            guard=guard or self.guards.screen,
            frame=frame,
            input=self.input,
            output=self.output,
            **options,
        )
        return answer

    def press(
        self,
        body: Body,
        message: str,
        hint: str = "",
        *,
        keys: Mapping[str, object] | None = None,
        guard: KeyPolicy | None = None,
    ) -> object:
        """Draw ``body`` above ``message``, wait for Enter or one of ``keys`` (:func:`prompts.press`)."""

        def frame() -> None:
            self.draw(body, prompts.press_height(message, self.width(), hint))

        frame()
        return prompts.press(
            message,
            hint=hint,
            keys=keys,
            guard=guard or self.guards.screen,
            frame=frame,
            input=self.input,
            output=self.output,
        )

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        """Draw ``body`` above ``message`` for ``seconds``; no key goes on, unless ``skip``: then any key ends
        the pause (:func:`~loveletter.tui.prompts.pause`)."""

        def frame() -> None:
            self.draw(body, prompts.press_height(message, self.width(), hint))

        frame()
        prompts.pause(message, seconds, hint=hint, frame=frame, input=self.input, output=self.output, skip=skip)


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Unwind through the ``with`` blocks so the terminal is restored, then exit as a terminated process would.
    raise SystemExit(128 + signum)
