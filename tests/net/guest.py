"""Guests for the tests: an SSH client in the test's own process (asyncssh) whose terminal is a pyte screen, and
a table hosted in the same process with no terminal of its own (the host's game loop on a thread).

Waits poll the screen for the text expected (with a timeout), never sleep for a fixed time. Every frame the game
draws starts with a wipe (:data:`loveletter.tui.screen.WIPE`), so :attr:`Guest.frames` counts frames: after a
key, :meth:`Guest.next_prompt` waits for a frame drawn after it, so a prompt still on the screen is never
answered twice.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncssh
import pyte

from loveletter.engine import Game, load_ruleset
from loveletter.i18n import t
from loveletter.net.host import Host
from loveletter.net.hostkey import load_or_create
from loveletter.table.autosave import Autosave
from loveletter.table.seats import Seat, StackedDeal
from loveletter.table.setup import NewGame
from loveletter.tui.screen import WIPE
from loveletter.tui.terminal import TerminalFrontend

TIMEOUT = 20.0
KEYS = {"enter": "\r", "escape": "\x1b", "right": "\x1b[C", "left": "\x1b[D", "ctrl-c": "\x03", "end": "\x1b[F"}

#: The prompts a guest meets, by a text always on screen while each is asked.
CHOOSE = "Enter or a number picks"
CONFIRM = "y yes · n or Esc no"
READY = "Press Enter when you are ready for the next round."
LEAVE = "Press Enter to leave the table."
PROMPTS = (CHOOSE, CONFIRM, READY, LEAVE)


#: A client as plain as can be: no keys, no agent, no known hosts, no ~/.ssh/config.
CLIENT: dict[str, Any] = {
    "username": "play",
    "known_hosts": None,
    "client_keys": None,
    "agent_path": None,
    "config": None,
}


async def until(condition: Callable[[], bool], timeout: float = TIMEOUT, what: str = "") -> None:
    """Wait until ``condition()`` holds (``what``: what was awaited, for the failure's message)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain{': ' + what if what else ''}"
        await asyncio.sleep(0.01)


class _Session(asyncssh.SSHClientSession[Any]):
    def __init__(self, guest: Guest) -> None:
        self.guest = guest

    def data_received(self, data: str | bytes, datatype: Any) -> None:
        self.guest.feed(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guest.closed = True


class Guest:
    """One SSH client, ``columns`` by ``rows``, connected to ``port`` on this computer."""

    def __init__(self, port: int, *, columns: int = 80, rows: int = 24) -> None:
        self.port = port
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.raw: list[str] = []
        self.frames = 0
        self.closed = False
        self.conn: Any = None
        self.chan: Any = None

    async def connect(
        self, *, term: str | None = "xterm", raw: bool = False, env: dict[str, str] | None = None, **options: Any
    ) -> Guest:
        """Connect (``term=None``: without asking for a terminal; ``raw``: keys are bytes, sent as they are;
        ``env``: the environment the client sends, as OpenSSH sends ``LANG``; ``options``: more of
        ``asyncssh.connect``'s, such as ``agent_forwarding``)."""
        encoding = None if raw else "utf-8"
        self.conn = await asyncssh.connect("127.0.0.1", self.port, **CLIENT | options)
        if term is None:
            self.chan, _ = await self.conn.create_session(lambda: _Session(self), encoding=encoding, env=env or ())
        else:
            self.chan, _ = await self.conn.create_session(
                lambda: _Session(self),
                term_type=term,
                term_size=(self.columns, self.rows),
                encoding=encoding,
                env=env or (),
            )
        return self

    def feed(self, data: str) -> None:
        self.frames += data.count(WIPE)
        self.raw.append(data)
        self.stream.feed(data)

    # ------------------------------------------------------------------------------------------ reading

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def everything(self) -> str:
        """All the text ever sent, escape sequences removed."""
        return re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]", "\n", "".join(self.raw))

    async def wait_for(self, *needles: str, count: int = 1, timeout: float = TIMEOUT) -> str:
        """Wait until every one of ``needles`` is on the screen (``count`` times); the screen's text."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if all(text.count(n) >= count for n in needles):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {needles!r}; the screen shows:\n{text}")
            await asyncio.sleep(0.01)

    async def wait_until(self, condition: Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        """Wait until ``condition(screen's text)`` holds; the screen's text."""
        deadline = time.monotonic() + timeout
        while not condition(text := self.text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited in vain; the screen shows:\n{text}")
            await asyncio.sleep(0.01)
        return text

    @staticmethod
    def shows(screen: str, phrase: str) -> bool:
        """Whether ``screen`` (a text of this terminal) shows ``phrase`` wherever it wrapped: a wrap drops the
        space it breaks at, so spaces are left out."""
        return "".join(phrase.split()) in "".join(screen.split())

    async def wait_until_closed(self, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while not self.closed:
            if time.monotonic() > deadline:
                raise AssertionError(f"the connection stayed open; the screen shows:\n{self.text()}")
            await asyncio.sleep(0.01)
        return self.text()

    async def next_prompt(self, after: int = -1, timeout: float = TIMEOUT, prompts: Sequence[str] = PROMPTS) -> str:
        """Wait for a frame drawn after frame ``after`` that shows one of ``prompts``; which one."""
        deadline = time.monotonic() + timeout
        while True:
            if self.frames > after:
                text = self.text()
                for prompt in prompts:
                    if prompt in text:
                        return prompt
            if time.monotonic() > deadline or self.closed:
                raise AssertionError(f"no prompt after frame {after}; the screen shows:\n{self.text()}")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------------------------------ writing

    def send(self, *keys: str | bytes) -> None:
        """Type ``keys``: names from :data:`KEYS`, text, or bytes as they are."""
        for key in keys:
            data = KEYS.get(key, key) if isinstance(key, str) else key
            if self.chan.get_encoding()[0] is None and isinstance(data, str):
                data = data.encode()
            self.chan.write(data)

    async def join(self, code: str, name: str) -> None:
        """Give the code and ``name`` (the questions asked in the program's language)."""
        await self.wait_for(t("host.join.code").strip())
        self.send(code, "enter")
        await self.wait_for(t("host.join.name").strip())
        self.send(name, "enter")

    def drop(self) -> None:
        """The network goes away: the connection is cut without a word."""
        self.conn.abort()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


@dataclass
class Table:
    """A hosted game in this process, with no terminal at the host: ``loveletter host --local 0`` as a test
    runs it. The game loop runs on a thread; :attr:`game` is the game once it has started."""

    ruleset: str
    seats: Sequence[Seat]
    remote: Sequence[int]
    seed: int = 1
    deals: Sequence[StackedDeal] = ()
    saved: tuple[Game, Any] | None = None
    #: The host's terminal (a spectator's, as with ``--local 0``), or none.
    local: TerminalFrontend | None = None
    host: Host = field(init=False)
    error: BaseException | None = None
    state: dict[str, Autosave | None] = field(default_factory=lambda: {"saver": None})
    done: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        rs = load_ruleset(self.ruleset)
        named = self.saved is not None
        self.host = Host(rs, self.seats, self.remote, load_or_create(), bind="127.0.0.1", port=0, delay=0, named=named)

    @property
    def port(self) -> int:
        return self.host.server.port

    @property
    def code(self) -> str:
        return self.host.code

    def start(self) -> Table:
        from loveletter.net.session import play_hosted

        self.host.start()
        rs = load_ruleset(self.ruleset)
        state = self.state
        start: Game | NewGame
        if self.saved is not None:
            start, state["saver"] = self.saved
        else:
            first = self.deals[0] if self.deals else None
            start = NewGame(rs, len(self.seats), self.seed, first)

        def run() -> None:
            try:
                play_hosted(self.host, start, state, local=self.local, seed=self.seed, deals=self.deals[1:])
            except BaseException as exc:
                self.error = exc
            finally:
                self.done.set()

        threading.Thread(target=run, name="test-game-loop", daemon=True).start()
        return self

    async def seat(self, *names: str) -> list[Guest]:
        """A guest joins as each of ``names``, in turn; they are seated."""
        guests = []
        for name in names:
            guest = await Guest(self.port).connect()
            await guest.join(self.code, name)
            guests.append(guest)
        return guests

    @property
    def game(self) -> Game:
        assert self.host.game is not None, "the game has not started"
        return self.host.game

    async def started(self, timeout: float = TIMEOUT) -> Game:
        deadline = time.monotonic() + timeout
        while self.host.game is None:
            if time.monotonic() > deadline or self.done.is_set():
                raise AssertionError(f"the game did not start ({self.error!r})")
            await asyncio.sleep(0.01)
        return self.host.game

    async def finished(self, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.done.is_set():
            if time.monotonic() > deadline:
                raise AssertionError("the game loop did not finish")
            await asyncio.sleep(0.01)
        if self.error is not None:
            raise self.error

    @property
    def saver(self) -> Autosave:
        saver = self.state["saver"]
        assert saver is not None, "the game has not started"
        return saver

    def close(self) -> None:
        self.host.close()
        self.done.wait(10)

    async def aclose(self) -> None:
        """:meth:`close` from a test's event loop, which goes on running meanwhile (the guests' clients live
        there: they must answer the server's goodbye for it to end quickly)."""
        await asyncio.to_thread(self.close)
