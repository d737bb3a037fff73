"""Who may open a connection to the table's server, how often, and who makes room when too many wait.

Rates: each address has its own bucket of new connections, so a flood from one address keeps only that address
waiting, and a server-wide bucket bounds what all of them together cost the host (the handshakes' CPU). An
address is a client's IPv4 address or its IPv6 /64 (see :func:`address_of`).

Room: a connection that has not yet given the join code (a silent socket, a login under way, a session at the code's
question) waits in a small pool; when a new one arrives and the pool is full, one that waits is let go to make room
(never the newcomer): first one logged in that asks for no session (a hoarder: a friend's ssh asks for its session
at once), then one still in its handshake (a silent socket, or a friend checking the host key), last one asked the
code; among those, from the address that has the most waiting, the oldest. So nobody without the code can keep a
friend out by holding connections open: each new arrival gets in, and holding the pool full takes a steady flood. A
connection that has given the code leaves the pool, and is never refused for want of room.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

#: New connections a second from one address (a burst of as many).
CONNECTIONS_PER_SECOND = 5
#: New connections a second from all addresses together (a burst of as many): a handshake costs the host about
#: 2 ms of CPU (asyncssh, an ed25519 key), so a flood from many addresses takes at most about 4% of one core from
#: the game, while a whole table of friends joining at once (eight seats at most) never meets this ceiling.
ALL_CONNECTIONS_PER_SECOND = 20
#: Connections a second past the rates that are still greeted, only to be told in words to come back later (the
#: rest are closed unanswered): a friend who tries again too soon reads why.
REFUSALS_PER_SECOND = 2
#: Connections without the code that may wait at once, beyond two per remote seat.
WAITING = 12

#: How far a waiting connection has come, in the order they make room: logged in but without a session,
#: accepted (the handshake and login under way), in a session (asked the code).
LOGGED_IN, ACCEPTED, IN_SESSION = 0, 1, 2


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


@dataclass(slots=True)
class _Waiting:
    address: str
    order: int
    stage: int = ACCEPTED


class Gate:
    """The limits of one server with ``seats`` remote seats (``clock``: seconds, for tests): the rates, and the
    pool of at most :attr:`room` connections that have not given the code (module docstring).

    >>> now = [0.0]
    >>> gate = Gate(1, room=2, clock=lambda: now[0])
    >>> [gate.admit("192.0.2.1") for _ in range(6)]  # a burst of five, then that address waits
    [True, True, True, True, True, False]
    >>> now[0] = 1.0
    >>> gate.admit("198.51.100.7", "friend"), gate.advance("friend", IN_SESSION)
    (True, None)
    >>> gate.admit("192.0.2.1", "a"), gate.admit("192.0.2.1", "b"), gate.victim()  # a goes: b is the newcomer
    (True, True, 'a')
    >>> gate.prove("friend"), gate.admit("192.0.2.1", "c"), gate.victim()  # the friend is out of the pool
    (None, True, None)
    >>> gate.open["192.0.2.1"]  # until the connections are closed, they count
    8
    """

    def __init__(
        self,
        seats: int,
        *,
        rate: float = CONNECTIONS_PER_SECOND,
        ceiling: float = ALL_CONNECTIONS_PER_SECOND,
        room: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.clock = clock
        self.all = Limiter(ceiling, clock=clock)
        #: How many connections without the code may wait at once.
        self.room = room if room is not None else WAITING + 2 * seats
        #: Open connections by address (only addresses with some).
        self.open: Counter[str] = Counter()
        #: The connections without the code, oldest first.
        self.waiting: dict[Hashable, _Waiting] = {}
        self._arrivals = 0
        #: Rate buckets by address: only addresses seen within about the last two seconds (:meth:`_sweep`).
        self.buckets: dict[str, Limiter] = {}
        self._swept = clock()

    def admit(self, address: str, key: Hashable | None = None) -> bool:
        """Whether a new connection from ``address`` may go on, as the rates allow; if so, it is counted until
        :meth:`leave`, and waits in the pool as ``key`` (if given) until :meth:`prove`."""
        self._sweep()
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
        self.enter(address, key)
        return True

    def enter(self, address: str, key: Hashable | None = None) -> None:
        """Count a connection from ``address`` open, whatever the rates (one let in only to be told why it is
        refused), waiting in the pool as ``key`` (if given)."""
        self.open[address] += 1
        if key is not None:
            self._arrivals += 1
            self.waiting[key] = _Waiting(address, self._arrivals)

    def advance(self, key: Hashable, stage: int) -> None:
        """The waiting connection ``key`` has come as far as ``stage``."""
        waiting = self.waiting.get(key)
        if waiting is not None:
            waiting.stage = stage

    def prove(self, key: Hashable) -> None:
        """The connection ``key`` gave the code: it waits no more, and is never let go to make room."""
        self.waiting.pop(key, None)

    def victim(self) -> Hashable | None:
        """The waiting connection to let go, if the pool is over its room (it leaves the pool at once; it is
        still counted open until :meth:`leave`). Never the newest: whoever arrives gets in."""
        if len(self.waiting) <= self.room:
            return None
        counts = Counter(w.address for w in self.waiting.values())
        others = [k for k, w in self.waiting.items() if w.order != self._arrivals]
        if not others:
            return None
        key = min(others, key=lambda k: self._rank(self.waiting[k], counts))
        del self.waiting[key]
        return key

    @staticmethod
    def _rank(waiting: _Waiting, counts: Counter[str]) -> tuple[int, int, int]:
        return waiting.stage, -counts[waiting.address], waiting.order

    def leave(self, address: str, key: Hashable | None = None) -> None:
        """A connection :meth:`admit` let in from ``address`` is closed."""
        if key is not None:
            self.waiting.pop(key, None)
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
