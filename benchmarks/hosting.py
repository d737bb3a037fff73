"""Hosting under pressure: how long a friend takes to reach the code's question while someone without the code
holds the server's connections, to take a seat through a steady flood from their own address (20 connections a
second from 127.0.0.1, as behind an ``ssh -R`` tunnel), to take back a seat whose ``ssh`` went silent, and to
take a seat with the code as the SSH username while sessions at the code's question hold their pool full.

    uv run python benchmarks/hosting.py              # every figure, a few times each
    uv run python benchmarks/hosting.py --tries 10

On loopback, in one process (the table's server on its thread, the clients in this one), at the default limits.
Each figure is the median of ``--tries`` with the lowest and highest; the machine's load is printed beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _figures(label: str, seconds: list[float]) -> None:
    ms = sorted(1000 * s for s in seconds)
    print(f"{label}: median {statistics.median(ms):.0f} ms (lowest {ms[0]:.0f}, highest {ms[-1]:.0f}; {len(ms)} tries)")


async def _through_a_flood(tries: int) -> list[float]:
    """A friend's connection to the code's question while the pool is held full of silent sockets and logins that
    ask for nothing, topped up as the friend arrives."""
    from loveletter.i18n import t
    from loveletter.table.seats import Seat
    from tests.net.guest import Guest, Table
    from tests.net.test_admission import logins_without_session, silent_sockets

    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    times = []
    held: list[object] = []
    try:
        room = table.host.server.gate.room
        for _ in range(tries):
            await asyncio.sleep(1.1)  # the address's burst back: what is measured is the pool, not the rates
            held += await silent_sockets(table.port, 2)  # with the friend, the burst of five an address has
            held += await logins_without_session(table.port, 2)
            start = time.perf_counter()
            friend = await Guest(table.port).connect()
            await friend.wait_for(t("host.join.code").strip())
            times.append(time.perf_counter() - start)
            friend.close()
        assert len(table.host.server.gate.waiting) <= room
    finally:
        for item in held:
            if isinstance(item, tuple):
                item[0].close()
            else:
                item.abort()  # type: ignore[attr-defined]
        await table.aclose()
    return times


async def _silent_seat(tries: int) -> list[float]:
    """From a friend's new connection to their seat's table, their old connection silent (not yet noticed dead)."""
    from loveletter.table.seats import Seat
    from tests.net.guest import Guest, Table

    times = []
    for _ in range(tries):
        table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
        try:
            (ana,) = await table.seat("Ana")
            await table.started()
            await ana.wait_for("Ana (you)")
            ana.conn._transport.pause_reading()
            start = time.perf_counter()
            back = await Guest(table.port).connect()
            await back.join(table.code, "Ana")
            await back.wait_for("Ana (you)")
            times.append(time.perf_counter() - start)
        finally:
            await table.aclose()
    return times


async def _steady_flood(tries: int) -> tuple[list[float], int]:
    """From a friend's connection to their seat, while 20 connections a second arrive from their own address
    (:class:`tests.net.flood.Flood`, in full swing: the server already letting some go); how many were refused."""
    from loveletter.table.seats import Seat
    from tests.net.flood import Flood
    from tests.net.guest import Guest, Table, until

    times = []
    refused = 0
    for _ in range(tries):
        table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
        try:
            async with Flood(table.port, rate=20, seconds=10) as flood:
                await until(lambda: flood.let_go >= 10, what="the flood in full swing")
                start = time.perf_counter()
                try:
                    ana = await Guest(table.port).connect()
                    await ana.join(table.code, "Ana")
                    await ana.wait_for("Ana (you)")
                except Exception:
                    refused += 1
                    continue
                times.append(time.perf_counter() - start)
        finally:
            await table.aclose()
    return times, refused


async def _code_as_username(tries: int) -> tuple[list[float], int]:
    """From a friend's connection with the code as the username to their seat, while the pool of sessions at the
    code's question is held full (each place in its grace); and how many friends without it were turned away."""
    from loveletter.i18n import t
    from loveletter.net.code import shown
    from loveletter.table.seats import Seat
    from tests.net.guest import Guest, Table
    from tests.net.test_admission import code_askers

    times = []
    turned_away = 0
    for _ in range(tries):
        table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
        held: list[Guest] = []
        try:
            held += await code_askers(table.port, table.host.server.gate.asking)
            other = await Guest(table.port).connect()  # a friend with another username, for comparison
            if other.shows(await other.wait_until_closed(), t("host.join.crowded")):
                turned_away += 1
            start = time.perf_counter()
            ana = await Guest(table.port).connect(username=shown(table.code))
            await ana.wait_for(t("host.join.name").strip())
            ana.send("Ana", "enter")
            await ana.wait_for("Ana (you)")
            times.append(time.perf_counter() - start)
        finally:
            for guest in held:
                guest.close()
            await table.aclose()
    return times, turned_away


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tries", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["LOVELETTER_HOME"] = home
        print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
        _figures("a friend to the code's question, the pool held full", asyncio.run(_through_a_flood(args.tries)))
        _figures("a friend back into a seat whose ssh went silent", asyncio.run(_silent_seat(args.tries)))
        seated, refused = asyncio.run(_steady_flood(args.tries))
        if seated:
            _figures("a friend to their seat through 20 connections a second from their own address", seated)
        print(f"  refused through that flood: {refused} of {args.tries}")
        seated, turned_away = asyncio.run(_code_as_username(args.tries))
        _figures("a friend with the code as username to their seat, the code's question held full", seated)
        print(f"  a friend with another username turned away meanwhile: {turned_away} of {args.tries}")


if __name__ == "__main__":
    main()
