"""Who may open a connection to the table's server, how often and how many at once: fair per address.

Each address has its own rate bucket and its own share of the open connections, so a flood from one address
keeps only that address waiting; a server-wide bucket and cap bound what all of them together cost the host.
An address is a client's IPv4 address or its IPv6 /64 (see :func:`address_of`).
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

#: New connections a second from one address (a burst of as many).
CONNECTIONS_PER_SECOND = 5
#: New connections a second from all addresses together (a burst of as many): a handshake costs the host about
#: 2 ms of CPU (asyncssh, an ed25519 key), so a flood from many addresses takes at most about 4% of one core from
#: the game, while a whole table of friends joining at once (eight seats at most) never meets this ceiling.
ALL_CONNECTIONS_PER_SECOND = 20
#: Open connections one address may hold beyond one per remote seat (friends behind one home router share an
#: address): a late-comer told the table is full, a friend back before their dropped connection is noticed dead.
SPARE_CONNECTIONS = 4


def address_of(peer: Any) -> str:
    """The address whose limits a connection counts against, from asyncssh's ``peername``: the host part of an
    IPv4 address (IPv4 as IPv6 included); for IPv6, its /64, the network one home or one machine gets and any
    address of which a client may take.

    >>> address_of(("192.0.2.7", 50022))
    '192.0.2.7'
    >>> address_of(("2001:db8:0:1::7", 50022, 0, 0)) == address_of(("2001:db8:0:1:a:b:c:d", 41000, 0, 0))
    True
    >>> address_of(("2001:db8:0:1::7", 50022, 0, 0)), address_of(("::ffff:192.0.2.7", 50022, 0, 0))
    ('2001:db8:0:1::/64', '192.0.2.7')
    >>> address_of(None)
    ''
    """
    if not peer:
        return ""
    host = str(peer[0])
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Limiter:
    """At most ``rate`` events a second, with a burst of as many (``clock``: seconds, for tests).

    >>> now = [0.0]
    >>> limit = Limiter(2, clock=lambda: now[0])
    >>> [limit.allow() for _ in range(3)]
    [True, True, False]
    >>> now[0] = 0.5
    >>> limit.ready(), limit.allow(), limit.allow()
    (True, True, False)
    >>> now[0] = 1.5
    >>> limit.full()  # as if it had never been used
    True
    """

    def __init__(self, rate: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.allowance = rate
        self.clock = clock
        self.last = clock()

    def _refill(self) -> float:
        now = self.clock()
        self.allowance = min(self.rate, self.allowance + (now - self.last) * self.rate)
        self.last = now
        return self.allowance

    def ready(self) -> bool:
        """Whether an event would be allowed now (none is counted)."""
        return self._refill() >= 1

    def allow(self) -> bool:
        """Whether an event is allowed now; if so, it is counted."""
        if not self.ready():
            return False
        self.allowance -= 1
        return True

    def full(self) -> bool:
        """Whether the whole burst is back."""
        return self._refill() >= self.rate


class Gate:
    """The limits of one server with ``seats`` remote seats (``clock``: seconds, for tests).

    One address may hold a connection per seat and ``spare`` more (:attr:`each`); all addresses together, one
    more per seat (:attr:`total`): whatever one address holds, a guest for every seat can still come in from
    elsewhere.

    >>> now = [0.0]
    >>> gate = Gate(2, clock=lambda: now[0])
    >>> gate.each, gate.total
    (6, 8)
    >>> [gate.admit("192.0.2.1") for _ in range(6)]  # a burst of five, then that address waits
    [True, True, True, True, True, False]
    >>> now[0] = 1.0
    >>> gate.admit("192.0.2.1"), gate.admit("192.0.2.1")  # six open: its whole share
    (True, False)
    >>> [gate.admit("198.51.100.7") for _ in range(3)]  # the others still have one per seat
    [True, True, False]
    >>> gate.leave("192.0.2.1")
    >>> gate.admit("198.51.100.7")
    True
    """

    def __init__(
        self,
        seats: int,
        *,
        rate: float = CONNECTIONS_PER_SECOND,
        ceiling: float = ALL_CONNECTIONS_PER_SECOND,
        spare: int = SPARE_CONNECTIONS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.clock = clock
        self.all = Limiter(ceiling, clock=clock)
        self.each = seats + spare
        self.total = self.each + seats
        #: Open connections by address (only addresses with some).
        self.open: Counter[str] = Counter()
        #: Rate buckets by address: only addresses seen within about the last two seconds (:meth:`_sweep`).
        self.buckets: dict[str, Limiter] = {}
        self._swept = clock()

    def admit(self, address: str) -> bool:
        """Whether a new connection from ``address`` may go on; if so, it is counted until :meth:`leave`."""
        self._sweep()
        if self.open.total() >= self.total or self.open[address] >= self.each:
            return False
        # The server-wide bucket is only drawn on by connections let in: an address past its own limit never
        # empties it for the others. Nor is a bucket made while that one is empty, which bounds the table.
        if not self.all.ready():
            return False
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Limiter(self.rate, clock=self.clock)
        if not bucket.allow():
            return False
        self.all.allow()
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """A connection :meth:`admit` let in from ``address`` is closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _sweep(self) -> None:
        """Forget, once a second, the buckets back to a full burst: a fresh one is the same."""
        now = self.clock()
        if now - self._swept < 1:
            return
        self._swept = now
        self.buckets = {address: bucket for address, bucket in self.buckets.items() if not bucket.full()}
