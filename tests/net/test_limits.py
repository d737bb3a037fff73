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


def test_room_is_made_by_the_least_advanced_of_the_busiest_address_the_oldest_first() -> None:
    from loveletter.net.limits import ACCEPTED, IN_SESSION, LOGGED_IN

    gate = Gate(1, rate=1000, ceiling=1000, room=5, clock=Clock())
    gate.admit("192.0.2.9", "friend")  # a friend still reading the host key: ACCEPTED
    for key in ("a1", "a2", "a3"):
        gate.admit("198.51.100.7", key)
        gate.advance(key, IN_SESSION)
    gate.admit("198.51.100.7", "hoarder")
    gate.advance("hoarder", LOGGED_IN)
    assert gate.waiting["friend"].stage == ACCEPTED and gate.victim() is None  # five wait: room for five
    gate.admit("203.0.113.5", "b1")
    assert gate.victim() == "hoarder"  # logged in without a session: the first to go
    gate.admit("203.0.113.5", "b2")
    assert gate.victim() == "b1"  # still in their handshake: from the address with the most waiting
    gate.admit("203.0.113.5", "b3")
    assert gate.victim() == "b2"  # the newest, b3, is never the one
    gate.advance("b3", IN_SESSION)
    gate.admit("192.0.2.9", "c1")
    assert gate.victim() == "friend"  # the only other one in its handshake
    gate.advance("c1", IN_SESSION)
    gate.admit("192.0.2.9", "c2")
    assert gate.victim() == "a1"  # everyone else asked the code: the busiest address's oldest
    assert len(gate.waiting) == 5 and sum(gate.open.values()) == 10  # let go, but counted until closed
