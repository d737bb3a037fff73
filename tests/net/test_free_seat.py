"""The host lets go of someone who took a friend's seat with the code (``f`` whenever the host's terminal waits):
the seat waits for its friend, the join code changes, and the friend takes the seat back with the new code."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.i18n import t
from loveletter.table.seats import Seat
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.net.guest import Guest, Table, until
from tests.net.test_reconnect import ROUND, SEATS, key_for


@contextmanager
def host_terminal() -> Iterator[tuple[TerminalFrontend, PipeInput, threading.Event]]:
    """The host's terminal (nobody plays there, as ``--local 0``), its keys, and an event set when it asks which
    seat to free."""
    asked = threading.Event()
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        local = TerminalFrontend(
            Frames(Console(file=io.StringIO()), screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD), delay=0
        )
        choose = local.surface.choose

        def spy(*args: Any, **kwargs: Any) -> Any:
            asked.set()
            return choose(*args, **kwargs)

        local.surface.choose = spy  # type: ignore[method-assign]
        yield local, keys, asked


def test_the_host_frees_a_seat_and_its_friend_takes_it_back() -> None:
    with host_terminal() as (local, keys, asked):
        asyncio.run(_free(local, keys, asked))


async def _free(local: TerminalFrontend, keys: PipeInput, asked: threading.Event) -> None:
    table = Table("2019", SEATS, [0, 1], seed=2, deals=[ROUND], local=local).start()
    try:
        ana, eve = await table.seat("Ana", "Bea")  # Eve has the code, and took Bea's seat
        game = await table.started()
        screen = await ana.wait_for("Which card do you play?", "Handmaid")
        old = table.code
        keys.send_text("f")
        await until(asked.is_set, what="the host is asked which seat to free")
        keys.send_text("2")  # Bea's seat
        screen_eve = await eve.wait_until_closed()
        assert eve.shows(screen_eve, t("host.bye.freed"))
        assert table.code != old and table.host.server.code == table.code

        # The old code opens nothing any more; Ana plays on, and the game waits for Bea.
        again = await Guest(table.port).connect()
        await again.wait_for(t("host.join.code").strip())
        again.send(old, "enter")
        await again.wait_for("Wrong code")
        again.close()
        ana.send(key_for("Handmaid", screen))
        await ana.wait_for("Ana plays Handmaid.", "Waiting for Bea to come back")

        bea = await Guest(table.port).connect()
        await bea.join(table.code, "Bea")
        await bea.wait_for("Which card do you play?", "Ana plays Handmaid.")
        assert game.decider == 1
    finally:
        await table.aclose()


def test_in_the_lobby_a_freed_seat_is_free_for_anyone_with_the_new_code() -> None:
    with host_terminal() as (local, keys, asked):
        asyncio.run(_free_in_lobby(local, keys, asked))


async def _free_in_lobby(local: TerminalFrontend, keys: PipeInput, asked: threading.Event) -> None:
    table = Table("2019", [Seat(""), Seat(""), Seat("Bot 1", "easy")], [0, 1], seed=2, local=local).start()
    try:
        (eve,) = await table.seat("Eve")
        await eve.wait_for("Eve", t("host.lobby.you"))
        keys.send_text("f")
        await until(asked.is_set, what="the host is asked which seat to free")
        keys.send_text("1")
        await eve.wait_until_closed()
        assert [seat.name for seat in table.host.remote_seats] == ["", ""]
        await table.seat("Ana", "Bea")
        await table.started()
        assert [seat.name for seat in table.host.remote_seats] == ["Ana", "Bea"]
    finally:
        await table.aclose()
