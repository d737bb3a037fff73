"""A steady flood from one address, faster than that address's rate, never keeps a friend from the same address
out (every guest behind an ``ssh -R`` tunnel arrives as 127.0.0.1): bounded, on loopback, with the server's own
limits."""

from __future__ import annotations

import asyncio

from loveletter.i18n import t
from loveletter.net.limits import CONNECTIONS_PER_SECOND
from loveletter.table.seats import Seat
from tests.net.flood import Flood
from tests.net.guest import Guest, Table, until

# Past the address's rate, so the arriving pool fills and makes room. A friend from the flood's address keeps
# their place while their handshake is younger than the pool's turnover (its room over the flood's rate: about six
# seconds here); at 20 a second it was two, which a saturated test machine's handshake once took (load 19 on two
# cores). The flood lasts until the friend is seated.
RATE = 8
assert RATE > CONNECTIONS_PER_SECOND


def test_a_friend_gets_a_seat_through_a_flood_from_their_own_address() -> None:
    asyncio.run(_through_the_flood())


async def _through_the_flood() -> None:
    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    server = table.host.server
    try:
        async with Flood(table.port, rate=RATE, seconds=40) as flood:
            # The flood in full swing: past the address's burst, and the arriving pool full and making room.
            await until(lambda: flood.let_go >= 10, what="the server lets go of some of the flood")
            ana = await Guest(table.port).connect()
            await ana.wait_for(t("host.join.code").strip())
            await until(lambda: flood.let_go >= 30, what="more of the flood let go while Ana is at the code")
            assert not ana.closed
            await ana.join(table.code, "Ana")
            await table.started()
            await ana.wait_for("Ana (you)")
            assert not flood.done  # seated while the flood went on
            assert len(server.gate.waiting) <= server.gate.room + server.gate.asking
        assert server.errors == []
    finally:
        await table.aclose()
    await until(lambda: not server.gate.open, what="the server lets go of every connection")


def test_a_friend_at_the_code_keeps_their_place_while_sessions_flood_in() -> None:
    asyncio.run(_sessions_flood_in())


async def _sessions_flood_in() -> None:
    from loveletter.net.limits import Gate
    from tests.net.test_admission import code_askers

    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    server = table.host.server
    # Room for two at the code's question, each with its grace (the default): what is tested is the grace.
    server.gate = Gate(1, rate=10_000, ceiling=10_000, hasty=10_000, asking=2)
    held: list[Guest] = []
    try:
        ana = await Guest(table.port).connect()
        await ana.wait_for(t("host.join.code").strip())
        held += await code_askers(table.port, 1)  # the second place
        for _ in range(4):  # every place is in its grace: each newcomer is the one told to come back
            late = await Guest(table.port).connect()
            screen = await late.wait_until_closed()
            assert late.shows(screen, t("host.join.crowded"))
        assert not ana.closed and not held[0].closed
        await ana.join(table.code, "Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
    finally:
        for guest in held:
            guest.close()
        await table.aclose()
