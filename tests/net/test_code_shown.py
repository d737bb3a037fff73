"""The join code stays on the host's screen while the game waits: a friend who drops out asks for it again."""

from __future__ import annotations

import asyncio

from rich.console import Console

from loveletter.net.code import shown
from loveletter.table.seats import Seat
from tests.net.guest import Table
from tests.net.screens import shown_waits, spectator


def test_the_host_sees_the_code_whenever_the_game_waits() -> None:
    console = Console(record=True, width=120)
    asyncio.run(_waits(console))


async def _waits(console: Console) -> None:
    with spectator(console) as local, shown_waits(console):
        table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0], local=local).start()
        try:
            (ana,) = await table.seat("Ana")
            await table.started()
            await ana.wait_for("Which card do you play?")
            said = console.export_text(clear=False)
            assert f"Join code {shown(table.code)} · f frees a seat · Ctrl-C stops the game (it is saved)" in said
        finally:
            await table.aclose()
