"""Nobody without the join code can keep a friend out: connections without the code wait in a small pool, and
each newcomer gets in, the oldest of the least advanced making room; a friend who gave the code is never
refused for want of room. Floods of silent sockets, half-finished logins and sessions left at the code's
question (bounded, on loopback) while friends join, drop and rejoin."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable

import asyncssh

from loveletter.i18n import t
from loveletter.net.limits import Gate
from loveletter.net.server import Server
from loveletter.table.seats import Seat
from tests.net.guest import CLIENT, Guest, Table, until
from tests.net.test_security import _banner, _close

ROOM = 6
#: Each flood is this many times the pool's room: every earlier connection has been let go at least once.
WAVES = 3


def lenient(table: Table) -> Server:
    """The table's server, with rates that let a flood through (what is tested is the pools), small pools, and no
    grace at the code's question (its grace is tested in ``test_limits`` on a clock the test moves)."""
    server = table.host.server
    server.gate = Gate(
        len(table.host.remote_seats), rate=10_000, ceiling=10_000, hasty=10_000, room=ROOM, asking=ROOM, grace=0
    )
    return server


async def silent_sockets(port: int, count: int) -> list[tuple[socket.socket, bool]]:
    """``count`` TCP connections that read the server's greeting and say nothing."""
    return [await _banner(port) for _ in range(count)]


async def half_logins(port: int, count: int) -> list[asyncio.StreamWriter]:
    """``count`` connections that start the SSH handshake (their version) and stop there."""
    writers = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await reader.readline()
        writer.write(b"SSH-2.0-hoarder\r\n")
        await writer.drain()
        writers.append(writer)
    return writers


async def logins_without_session(port: int, count: int) -> list[asyncssh.SSHClientConnection]:
    """``count`` connections that log in and ask for nothing (``ssh -N``)."""
    return [await asyncssh.connect("127.0.0.1", port, **CLIENT) for _ in range(count)]


async def code_askers(port: int, count: int) -> list[Guest]:
    """``count`` sessions left at the code's question."""
    guests = []
    for _ in range(count):
        guest = await Guest(port).connect()
        await guest.wait_for(t("host.join.code").strip())
        guests.append(guest)
    return guests


Flood = Callable[[int, int], Awaitable[list[object]]]
FLOODS: list[Flood] = [silent_sockets, half_logins, logins_without_session]  # type: ignore[list-item]


def test_floods_without_the_code_never_keep_friends_out() -> None:
    asyncio.run(_floods())


async def _floods() -> None:
    table = Table("2019", [Seat(""), Seat(""), Seat("Bot 1", "easy")], [0, 1], seed=2).start()
    server = lenient(table)
    held: list[object] = []
    try:
        # The pool is held full of every kind of connection without the code...
        for flood in FLOODS:
            held += await flood(table.port, ROOM)
        assert len(server.gate.waiting) <= 2 * ROOM
        # ...and a friend still comes in, gives the code while the floods go on, and takes a seat.
        ana = await Guest(table.port).connect()
        await ana.wait_for(t("host.join.code").strip())
        for flood in FLOODS:
            held += await flood(table.port, WAVES * ROOM)  # each arrival makes room: never Ana, at the code
        assert not ana.closed
        await ana.join(table.code, "Ana")
        await ana.wait_for("Ana", t("host.lobby.you"))
        assert ana not in server.gate.waiting

        # Sessions at the code's question fill the pool: still, a newcomer gets in, and the oldest asker is told.
        askers = await code_askers(table.port, ROOM)
        (bea,) = await table.seat("Bea")
        await table.started()
        await bea.wait_for("Bea (you)")
        first = await askers[0].wait_until_closed()
        assert askers[0].shows(first, t("host.join.crowded"))

        # Bea's network drops; she comes back through another wave of every flood, and plays on.
        bea.drop()
        await ana.wait_until(lambda screen: "Bea" in screen and not ana.closed)
        for flood in FLOODS:
            held += await flood(table.port, WAVES * ROOM)
        (bea,) = await table.seat("Bea")
        await bea.wait_for("Bea (you)")
        assert len(server.gate.waiting) <= 2 * ROOM
        assert server.errors == []
    finally:
        for item in held:
            if isinstance(item, tuple):
                item[0].close()
            elif isinstance(item, asyncio.StreamWriter):
                item.close()
            elif isinstance(item, asyncssh.SSHClientConnection):
                item.abort()
        await table.aclose()
    await until(lambda: not server.gate.open, what="the server lets go of every connection")


def test_a_friend_at_the_code_outlasts_a_flood_of_silent_sockets() -> None:
    asyncio.run(_patient_friend())


async def _patient_friend() -> None:
    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    server = lenient(table)
    held: list[tuple[socket.socket, bool]] = []
    try:
        ana = await Guest(table.port).connect()
        await ana.wait_for(t("host.join.code").strip())
        held += await silent_sockets(table.port, 10 * ROOM)
        # Every socket was greeted (none refused), the pool never grew past its room, and Ana is still asked.
        assert all(greeted for _, greeted in held)
        assert len(server.gate.waiting) <= 2 * ROOM and not ana.closed
        await ana.join(table.code, "Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
    finally:
        await table.aclose()
        await _close(server, held)
