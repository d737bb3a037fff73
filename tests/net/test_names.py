"""Names are unique at a hosted table whoever comes first, the host's people or the guests, compared whatever the
case or how accents are composed (:func:`loveletter.net.seating.same_name`)."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from loveletter.engine import load_ruleset
from loveletter.net.host import Host
from loveletter.net.hostkey import load_or_create
from loveletter.net.link import Link
from loveletter.net.seating import Refused
from loveletter.table.seats import Seat
from loveletter.table.setup import NewGame

COMPOSED = unicodedata.normalize("NFC", "José")
DECOMPOSED = unicodedata.normalize("NFD", "José")


@pytest.fixture
def host() -> Iterator[Host]:
    seats = [Seat(""), Seat(""), Seat("Bot 1", "easy")]
    table = Host(load_ruleset("2019"), seats, [1], load_or_create(), bind="127.0.0.1", port=0, delay=0)
    try:
        yield table
    finally:
        table.seating.close()


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def test_a_guest_who_came_first_keeps_the_name(host: Host, loop: asyncio.AbstractEventLoop) -> None:
    assert COMPOSED != DECOMPOSED
    host.seating.claim(DECOMPOSED, Link(loop, None))
    assert host.set_names([COMPOSED.upper(), "", "Bot 1"]) == [0]  # the host must choose another
    assert host.seats[0].name == ""
    assert host.set_names(["Ana", "", "Bot 1"]) == []
    assert [s.name for s in host.final_seats()] == ["Ana", DECOMPOSED, "Bot 1"]


def test_a_guest_who_comes_later_cannot_take_the_hosts_name(host: Host, loop: asyncio.AbstractEventLoop) -> None:
    assert host.set_names([COMPOSED, "", "Bot 1"]) == []
    for name in (DECOMPOSED, "JOSÉ", " josé "):
        with pytest.raises(Refused, match="is already taken"):
            host.seating.claim(name, Link(loop, None))
    with pytest.raises(Refused):
        host.seating.claim("bot 1", Link(loop, None))
    host.seating.claim("Bea", Link(loop, None))


def test_a_name_taken_while_the_host_types_it_is_asked_again(host: Host, loop: asyncio.AbstractEventLoop) -> None:
    from loveletter.net.session import play_hosted

    class Done(Exception):
        pass

    class Typing:
        """The host's terminal: the name question is answered "Ana", but a guest joins as Ana meanwhile."""

        def __init__(self) -> None:
            self.asked: list[list[str | None]] = []

        def setup_title(self, *_: Any) -> str:
            return "Love Letter"

        def ask_names(self, title: str, defaults: Sequence[str | None], suggested: Sequence[str], **_: Any) -> Any:
            self.asked.append(list(defaults))
            if len(self.asked) == 1:
                host.seating.claim("ANA", Link(loop, None))
                return ["Ana", "", "Bot 1"]
            raise Done

    typing = Typing()
    with pytest.raises(Done):
        play_hosted(host, NewGame(host.ruleset, 3, 1, None), {"saver": None}, local=typing, seed=1)  # type: ignore[arg-type]
    # Asked again for the host's name only; the guest's shows as taken.
    assert typing.asked == [[None, "", "Bot 1"], [None, "ANA", "Bot 1"]]
