"""A steady flood of connections from this computer (127.0.0.1: every guest behind an ``ssh -R`` tunnel arrives
from there too) for the tests and ``benchmarks/hosting.py``: so many a second, for so long, taking turns at a
silent socket, a handshake that stops after the client's version and a login that asks for no session; each is
held until the server lets it go or the flood ends. Bounded: :attr:`Flood.rate` × :attr:`Flood.seconds`
connections at most."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import asyncssh

from tests.net.guest import CLIENT


class Flood:
    """``rate`` new connections a second to ``port`` for ``seconds``, as ``async with Flood(...) as flood``."""

    def __init__(self, port: int, *, rate: float = 20, seconds: float = 10) -> None:
        self.port, self.rate, self.seconds = port, rate, seconds
        #: Connections started, and those the server refused or let go (closed from its side).
        self.launched = 0
        self.let_go = 0
        self.done = False
        self._held: list[Any] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._runner: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Flood:
        self._runner = asyncio.create_task(self._run())
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._runner is not None
        self._runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._runner
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for item in self._held:
            with contextlib.suppress(Exception):
                if isinstance(item, asyncssh.SSHClientConnection):
                    item.abort()
                else:
                    item.close()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        kinds = (self._silent, self._version_only, self._login)
        while self.launched < self.rate * self.seconds:
            # Paced by the clock, not by how long each takes: a slow connection does not slow the flood.
            due = start + self.launched / self.rate
            await asyncio.sleep(max(0.0, due - loop.time()))
            task = asyncio.create_task(self._one(kinds[self.launched % len(kinds)]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            self.launched += 1
        self.done = True

    async def _one(self, kind: Any) -> None:
        try:
            await kind()
        except (OSError, asyncssh.Error, asyncio.IncompleteReadError):
            self.let_go += 1

    async def _silent(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._held.append(writer)
        await reader.read()  # until the server closes it
        self.let_go += 1

    async def _version_only(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._held.append(writer)
        writer.write(b"SSH-2.0-flood\r\n")
        await writer.drain()
        await reader.read()
        self.let_go += 1

    async def _login(self) -> None:
        conn = await asyncssh.connect("127.0.0.1", self.port, **CLIENT)
        self._held.append(conn)
        await conn.wait_closed()
        self.let_go += 1
