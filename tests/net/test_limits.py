"""The connection limits alone, on a clock the tests move: the table of addresses stays small whatever comes."""

from __future__ import annotations

import ipaddress

from loveletter.net.limits import ALL_CONNECTIONS_PER_SECOND, CONNECTIONS_PER_SECOND, Gate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_flood_from_ever_new_addresses_keeps_the_table_small() -> None:
    clock = Clock()
    gate = Gate(3, clock=clock)
    network = ipaddress.ip_network("10.0.0.0/8")
    largest = admitted = 0
    for i in range(20_000):  # a thousand a second from new addresses, for twenty seconds
        clock.now = i / 1000
        address = str(network[i + 1])
        if gate.admit(address):
            admitted += 1
            gate.leave(address)  # closed as soon as open: only the rates hold the flood back
        largest = max(largest, len(gate.buckets))
    # The server-wide bucket lets in about its rate, and a bucket is made only for those: a few seconds' worth.
    assert admitted <= ALL_CONNECTIONS_PER_SECOND * 21
    assert largest <= 3 * ALL_CONNECTIONS_PER_SECOND
    clock.now += 2
    gate.admit("192.0.2.1")
    assert list(gate.buckets) == ["192.0.2.1"]  # the flood's addresses are all forgotten


def test_an_address_is_forgotten_once_its_burst_is_back_and_its_connections_closed() -> None:
    clock = Clock()
    gate = Gate(2, clock=clock)
    assert all(gate.admit("192.0.2.1") for _ in range(CONNECTIONS_PER_SECOND))
    clock.now += 0.5
    gate.admit("198.51.100.7")
    assert set(gate.buckets) == {"192.0.2.1", "198.51.100.7"}
    clock.now += 1.0  # 192.0.2.1's burst is back: its bucket goes, its open connections still count
    gate.admit("198.51.100.7")
    assert set(gate.buckets) == {"198.51.100.7"} and gate.open["192.0.2.1"] == CONNECTIONS_PER_SECOND
    for _ in range(CONNECTIONS_PER_SECOND):
        gate.leave("192.0.2.1")
    assert set(gate.open) == {"198.51.100.7"}


def test_arrivals_make_room_among_arrivals_the_least_advanced_of_the_busiest_address_the_oldest_first() -> None:
    from loveletter.net.limits import ACCEPTED, IN_SESSION, LOGGED_IN

    gate = Gate(1, rate=1000, ceiling=1000, room=3, asking=3, clock=Clock())
    gate.admit("192.0.2.9", "friend")  # a friend still reading the host key: ACCEPTED
    for key in ("a1", "a2", "a3"):
        gate.admit("198.51.100.7", key)
        gate.advance(key, IN_SESSION)
    gate.admit("198.51.100.7", "hoarder")
    gate.advance("hoarder", LOGGED_IN)
    gate.admit("203.0.113.5", "b1")
    assert gate.waiting["friend"].stage == ACCEPTED and gate.victim() is None  # three arriving: room for three
    gate.admit("203.0.113.5", "b2")
    assert gate.victim() == "hoarder"  # logged in without a session: the first to go
    gate.admit("203.0.113.5", "b3")
    assert gate.victim() == "b1"  # still in their handshake: from the address with the most waiting
    gate.admit("203.0.113.5", "b4")
    assert gate.victim() == "b2"  # the newest, b4, is never the one
    gate.admit("192.0.2.9", "c1")
    assert gate.victim() == "friend"  # as many from each address: the oldest
    assert set(gate.waiting) == {"a1", "a2", "a3", "b3", "b4", "c1"}  # those at the code's question untouched
    assert sum(gate.open.values()) == 10  # let go, but counted until closed


def test_a_session_at_the_code_keeps_its_place_for_its_grace_then_the_oldest_makes_room() -> None:
    from loveletter.net.limits import IN_SESSION

    clock = Clock()
    gate = Gate(1, rate=1000, ceiling=1000, room=10, asking=2, grace=30, clock=clock)
    for key in ("friend", "a1"):
        gate.admit("127.0.0.1", key)
        gate.advance(key, IN_SESSION)
        clock.now += 10
    gate.admit("127.0.0.1", "a2")
    gate.advance("a2", IN_SESSION)
    assert gate.victim() == "a2"  # every place still in its grace: the newcomer is the one told to come back
    clock.now = 29.9
    gate.admit("127.0.0.1", "a3")
    gate.advance("a3", IN_SESSION)
    assert gate.victim() == "a3"
    clock.now = 30  # the friend had 30 s to answer: now the oldest makes room
    gate.admit("127.0.0.1", "a4")
    gate.advance("a4", IN_SESSION)
    assert gate.victim() == "friend" and set(gate.waiting) == {"a1", "a4"}


def test_past_its_own_rate_an_address_shares_the_hasty_bucket_and_never_takes_the_whole_ceiling() -> None:
    from loveletter.net.limits import HASTY_CONNECTIONS_PER_SECOND

    clock = Clock()
    gate = Gate(2, clock=clock)
    flood = friends = 0
    for i in range(1000):  # 100 a second from one address for ten seconds; a friend from another every second
        clock.now = i / 100
        flood += gate.admit("127.0.0.1")
        if i % 100 == 50:
            friends += gate.admit("198.51.100.7")
    assert friends == 10
    assert flood <= (CONNECTIONS_PER_SECOND + HASTY_CONNECTIONS_PER_SECOND) * 11
    assert flood >= (CONNECTIONS_PER_SECOND + HASTY_CONNECTIONS_PER_SECOND) * 9
