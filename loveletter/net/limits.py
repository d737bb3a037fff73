"""Who may open a connection to the table's server, how often, and who makes room when too many wait.

Rates: each address has its own bucket of new connections; connections past it (a flood, or every guest behind an
``ssh -R`` tunnel, who all arrive as 127.0.0.1) share a second bucket, so a flood from one address never takes the
whole server-wide bucket that bounds what all connections together cost the host (the handshakes' CPU), and a
friend from that same address still gets in as long as the flood stays under it. An address is a client's IPv4
address or its IPv6 /64 (see :func:`address_of`).

Room: a connection that has not yet given the join code waits in one of two small pools. Arriving (a silent
socket, a login under way): when a new one arrives and that pool is full, one that waits is let go to make room
(never the newcomer): first one logged in that asks for no session (a hoarder: a friend's ssh asks for its session
at once), then one still in its handshake; among those, from the address that has the most waiting, the oldest.
Asked the code (a session at the code's question): each has :data:`GRACE_SECONDS` to answer during which no
newcomer can take its place; past that, the oldest makes room for a newcomer; if every place is still in its
grace, the newcomer is the one told to come back. So arrivals, however many, never push out a friend at the
code's question, and nobody without the code can keep a friend out by holding connections open or by a steady
flood of them: only a flood of whole sessions at the code's question faster than the pool's places over the
grace can. A connection that has given the code leaves the pools, and is never refused for want of room; one that
gives it as its SSH username (:meth:`~loveletter.net.server._Connection.begin_auth`) leaves them at its login,
before any session: no flood of connections without the code keeps it out.
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
#: 2 ms of CPU (asyncssh, an ed25519 key), so a flood takes at most about 12% of one core from the game, while a
#: whole table of friends joining at once (eight seats at most) never meets this ceiling.
ALL_CONNECTIONS_PER_SECOND = 60
#: New connections a second past their own address's rate, all addresses together (a burst of as many): half the
#: ceiling, so addresses within their rate always find the other half.
HASTY_CONNECTIONS_PER_SECOND = 30
#: Connections a second past the rates that are still greeted, only to be told in words to come back later (the
#: rest are closed unanswered): a friend who tries again too soon reads why.
REFUSALS_PER_SECOND = 2
#: Connections arriving (not yet asked the code) that may wait at once, beyond two per remote seat: a silent
#: socket costs the host little, and the more wait, the longer a friend's own arrival has before it makes room.
WAITING = 32
#: Sessions at the code's question that may wait at once, beyond two per remote seat.
ASKING = 12
#: How long a session at the code's question keeps its place whatever arrives: time to read the code off a
#: message and type it.
GRACE_SECONDS = 30.0

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
    #: When the code was asked (``stage`` :data:`IN_SESSION`).
    asked: float = 0.0


class Gate:
    """The limits of one server with ``seats`` remote seats (``clock``: seconds, for tests): the rates, the pool
    of at most :attr:`room` arriving connections and that of at most :attr:`asking` sessions at the code's
    question, each of which keeps its place for :attr:`grace` seconds (module docstring).

    >>> now = [0.0]
    >>> gate = Gate(1, hasty=2, room=2, asking=1, clock=lambda: now[0])
    >>> [gate.admit("192.0.2.1") for _ in range(8)]  # a burst of five, then two past the address's rate
    [True, True, True, True, True, True, True, False]
    >>> now[0] = 1.0
    >>> gate.admit("198.51.100.7", "friend"), gate.advance("friend", IN_SESSION)
    (True, None)
    >>> gate.admit("192.0.2.1", "a"), gate.admit("192.0.2.1", "b"), gate.victim()  # room for two arriving
    (True, True, None)
    >>> gate.admit("192.0.2.1", "c"), gate.victim()  # a goes, never the friend at the code: c is the newcomer
    (True, 'a')
    >>> gate.advance("b", IN_SESSION), gate.victim()  # b asked the code: the friend's place is still theirs
    (None, 'b')
    >>> now[0] = 1.0 + GRACE_SECONDS
    >>> gate.admit("192.0.2.1", "d"), gate.advance("d", IN_SESSION), gate.victim()  # past the friend's grace
    (True, None, 'friend')
    >>> gate.open["192.0.2.1"]  # until the connections are closed, they count
    11
    """

    def __init__(
        self,
        seats: int,
        *,
        rate: float = CONNECTIONS_PER_SECOND,
        ceiling: float = ALL_CONNECTIONS_PER_SECOND,
        hasty: float = HASTY_CONNECTIONS_PER_SECOND,
        room: int | None = None,
        asking: int | None = None,
        grace: float = GRACE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.clock = clock
        self.all = Limiter(ceiling, clock=clock)
        self.hasty = Limiter(hasty, clock=clock)
        #: How many arriving connections may wait at once.
        self.room = room if room is not None else WAITING + 2 * seats
        #: How many sessions at the code's question may wait at once, and how long each keeps its place.
        self.asking = asking if asking is not None else ASKING + 2 * seats
        self.grace = grace
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
        # Past its address's rate, a connection draws on the bucket all such share (behind a tunnel, friends too).
        if not bucket.allow() and not self.hasty.allow():
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
            if stage == IN_SESSION and waiting.stage != IN_SESSION:
                waiting.asked = self.clock()
            waiting.stage = stage

    def prove(self, key: Hashable) -> None:
        """The connection ``key`` gave the code: it waits no more, and is never let go to make room."""
        self.waiting.pop(key, None)

    def victim(self) -> Hashable | None:
        """The waiting connection to let go, if a pool is over its room (it leaves the pool at once; it is still
        counted open until :meth:`leave`). Arriving: never the newest, so whoever arrives gets in. At the code's
        question: the oldest past its grace, else the newest (told to come back: every other is still in its
        grace)."""
        arriving = {k: w for k, w in self.waiting.items() if w.stage != IN_SESSION}
        asking = {k: w for k, w in self.waiting.items() if w.stage == IN_SESSION}
        key: Hashable | None = None
        if len(arriving) > self.room:
            counts = Counter(w.address for w in arriving.values())
            newest = max(w.order for w in arriving.values())
            others = [k for k, w in arriving.items() if w.order != newest]
            if others:
                key = min(others, key=lambda k: self._rank(arriving[k], counts))
        elif len(asking) > self.asking:
            counts = Counter(w.address for w in asking.values())
            now = self.clock()
            past = [k for k, w in asking.items() if now - w.asked >= self.grace]
            if past:
                key = min(past, key=lambda k: self._rank(asking[k], counts))
            else:
                key = max(asking, key=lambda k: (asking[k].asked, asking[k].order))
        if key is not None:
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
