"""A guest's SSH session as a terminal the game can draw on and ask through.

A :class:`Link` is written to like a local terminal (``rich`` draws through :attr:`Link.console`, the frames go
through :attr:`Link.screen`, prompt_toolkit writes through :attr:`Link.output`) and read only during an
*interaction* (:meth:`Link.interaction`): a fresh pipe that the guest's keys are fed into while one of the
game's questions is open. Keys typed at any other moment (while others play, before a question is drawn) are
thrown away, so they can never answer the next question in advance.

Threads: the SSH loop calls :meth:`feed`, :meth:`resize` and :meth:`lost`; the writer (the seat's worker once
the guest has a seat, the SSH loop before) draws and asks. Writes are handed to the SSH loop with
``call_soon_threadsafe``, in order. The pipe is only ever written to or closed under :attr:`_lock`, so closing it
from one thread (:meth:`abort`: the question ends with ``EOFError``) never races a write from another.

Limits: a chunk of input longer than :data:`MAX_CHUNK` characters, or input faster than :data:`INPUT_RATE`
characters a second, is dropped; terminal sizes are clamped to :data:`MAX_COLUMNS` by :data:`MAX_ROWS`; a guest
whose unread output passes :data:`MAX_BACKLOG` bytes is disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application.current import AppSession, create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from loveletter.i18n import speaking
from loveletter.tui.screen import Screen

if TYPE_CHECKING:
    import asyncssh

MAX_CHUNK = 512
INPUT_RATE = 1024
MAX_COLUMNS, MAX_ROWS = 400, 200
MIN_COLUMNS, MIN_ROWS = 20, 8
MAX_BACKLOG = 4 * 1024 * 1024
_LONE_NEWLINE = re.compile(r"(?<!\r)\n")


def clamp(columns: int, rows: int) -> tuple[int, int]:
    """A terminal size the game will draw for (a client may claim any size).

    >>> clamp(80, 24), clamp(0, 0), clamp(10**6, 10**6)
    ((80, 24), (80, 24), (400, 200))
    """
    if columns <= 0 or rows <= 0:  # not told: the classic terminal
        return 80, 24
    return min(max(columns, MIN_COLUMNS), MAX_COLUMNS), min(max(rows, MIN_ROWS), MAX_ROWS)


def color_system(term: str) -> str | None:
    """Rich's colour system for the guest's ``TERM``.

    >>> color_system("xterm-256color"), color_system("xterm"), color_system("dumb")
    ('256', 'standard', None)
    """
    if not term or term == "dumb":
        return None
    return "256" if "256" in term else "standard"


class _Rate:
    """A token bucket: ``rate`` units a second, up to ``rate`` saved up."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = rate
        self.last = time.monotonic()

    def take(self, amount: float) -> bool:
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if amount > self.tokens:
            return False
        self.tokens -= amount
        return True


class _Stream:
    """The file-like end the console, the screen and prompt_toolkit write to: buffered until ``flush``."""

    encoding = "utf-8"

    def __init__(self, link: Link) -> None:
        self._link = link
        self._parts: list[str] = []

    def write(self, text: str) -> int:
        self._parts.append(text)
        return len(text)

    def flush(self) -> None:
        if self._parts:
            text, self._parts = "".join(self._parts), []
            self._link.write(text)

    def isatty(self) -> bool:
        return True


class Link:
    """One guest's session. ``channel`` is the asyncssh channel (``None``: output goes nowhere, for tests of the
    pieces above); ``loop`` the SSH loop it belongs to."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        channel: asyncssh.SSHServerChannel[str] | None,
        *,
        term: str = "xterm",
        size: tuple[int, int] = (80, 24),
        peer: str = "",
        lang: str | None = None,
    ) -> None:
        self._loop = loop
        self._channel = channel
        self.term = term
        self.peer = peer
        #: The guest's language, from the environment their ssh client sent (``None``: the host's).
        self.lang = lang
        #: Whether the guest asked for screen-reader mode (their environment: loveletter.net.lines).
        self.screen_reader = False
        self.columns, self.rows = clamp(*size)
        self._lock = threading.Lock()
        self._input: PipeInput | None = None
        self._rate = _Rate(INPUT_RATE)
        self.closed = False
        self._closing = False
        #: No more questions (the table is closing): one opened from now on ends at once.
        self._ended = False
        #: Called (on the SSH loop) when the guest presses Ctrl-C outside a question: they leave the table.
        self.on_interrupt: Callable[[], object] | None = None
        #: Called (on the SSH loop) after the terminal was resized.
        self.on_resize: Callable[[], object] | None = None
        #: Called (on the SSH loop) once, when the connection is gone.
        self.on_lost: Callable[[], None] | None = None
        #: Whether the guest's client answers within so many seconds (SSH loop; ``None``: cannot be asked).
        self.probe: Callable[[float], Awaitable[bool]] | None = None
        #: Cuts the connection at once, without a word (SSH loop; ``None``: nothing to cut).
        self.hang_up: Callable[[], None] | None = None
        self._app_session: AppSession | None = None
        self.stream = _Stream(self)
        self.console = Console(
            file=self.stream,  # type: ignore[arg-type]
            width=self.columns,
            height=self.rows,
            force_terminal=True,
            force_interactive=False,
            color_system=color_system(term),  # type: ignore[arg-type]
            no_color=False,
            highlight=False,
            emoji=False,
            legacy_windows=False,
            _environ={"TERM": term},
        )
        self.screen = Screen(self.stream, title="Love Letter")  # type: ignore[arg-type]
        self.output = Vt100_Output(self.stream, self._size, term=term, enable_cpr=False)  # type: ignore[arg-type]

    def _size(self) -> Size:
        return Size(rows=self.rows, columns=self.columns)

    # ------------------------------------------------------------------------------------------- output

    def write(self, text: str) -> None:
        """Send ``text`` to the guest's terminal (from any thread; in order)."""
        if self.closed or self._channel is None:
            return
        self._loop.call_soon_threadsafe(self._send, _LONE_NEWLINE.sub("\r\n", text))

    def _send(self, text: str) -> None:
        channel = self._channel
        if self.closed or channel is None:
            return
        if channel.get_write_buffer_size() > MAX_BACKLOG:
            channel.abort()  # the guest reads nothing: drop them rather than hold their screens in memory
            return
        with contextlib.suppress(Exception):  # a channel closing under us: the loss is reported by asyncssh
            channel.write(text)

    def close(self, message: str = "") -> None:
        """Say ``message`` (a line on the guest's normal screen) and end the session (from any thread; only the
        first call says anything)."""
        with self._lock:
            if self.closed or self._closing:
                return
            self._closing = True
        self.abort()
        channel = self._channel
        if channel is None:
            self.closed = True
            return
        text = _LONE_NEWLINE.sub("\r\n", message + "\n") if message else ""

        def finish() -> None:
            with contextlib.suppress(Exception):
                if text:
                    channel.write(text)
                channel.exit(0)
            self.closed = True

        self._loop.call_soon_threadsafe(finish)

    # -------------------------------------------------------------------------------------------- input

    @contextlib.contextmanager
    def interaction(self) -> Iterator[PipeInput]:
        """Open a question: the guest's keys go to the yielded input until the block ends. A lost connection
        (or :meth:`abort`) closes it, and a prompt reading it ends with ``EOFError``."""
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=self.output) as session:
            writer = getattr(getattr(pipe, "pipe", None), "write_fd", None)
            if isinstance(writer, int):
                os.set_blocking(writer, False)  # a full pipe drops keys instead of stalling the SSH loop
            with self._lock:
                if self.closed or self._ended:
                    pipe.close()
                self._input = pipe
                self._app_session = session
            try:
                yield pipe
            finally:
                with self._lock:
                    self._input = None
                    self._app_session = None
                    pipe.close()

    def feed(self, data: str) -> None:
        """Keys from the guest (SSH loop)."""
        if len(data) > MAX_CHUNK or not self._rate.take(len(data)):
            return
        with self._lock:
            pipe = self._input
            if pipe is not None:
                with contextlib.suppress(OSError):  # full (BlockingIOError) or closed: the keys are dropped
                    pipe.send_text(data)
                return
        if "\x03" in data and self.on_interrupt is not None:
            self.on_interrupt()

    def abort(self, *, for_good: bool = False) -> None:
        """End the open question, if any, with ``EOFError`` (from any thread); ``for_good``: and every question
        opened later, so that one about to open as the table closes cannot hold the goodbye up."""
        with self._lock:
            self._ended = self._ended or for_good
            if self._input is not None:
                self._input.close()

    # ----------------------------------------------------------------------------------------- from SSH

    def resize(self, columns: int, rows: int) -> None:
        """The guest's terminal changed size (SSH loop): the console and an open question follow."""
        self.columns, self.rows = clamp(columns, rows)
        self.console.size = (self.columns, self.rows)
        session = self._app_session
        app: Any = session.app if session is not None else None
        loop = getattr(app, "loop", None)
        if app is not None and loop is not None:
            # As prompt_toolkit's own SSH server does; the redraw is in the guest's language, not the SSH loop's.
            loop.call_soon_threadsafe(partial(_speaking_call, self.lang, app._on_resize))
        if self.on_resize is not None:
            self.on_resize()

    def lost(self) -> None:
        """The connection is gone (SSH loop)."""
        self.closed = True
        self.abort()
        callback, self.on_lost = self.on_lost, None
        if callback is not None:
            callback()


def _speaking_call(lang: str | None, call: Callable[[], object]) -> None:
    with speaking(lang):
        call()
