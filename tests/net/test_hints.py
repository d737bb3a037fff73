"""A guest asks the coach for a hint on their own screen, as at home; what it shows comes from their seat alone."""

from __future__ import annotations

import asyncio

from loveletter.table.seats import Seat
from tests.net.guest import CHOOSE, Guest, Table

SEATS = [Seat(""), Seat("Bot 1", "easy")]


def test_a_guest_gets_the_hint_with_h() -> None:
    asyncio.run(_hint())


async def _hint() -> None:
    table = Table("2019", SEATS, [0], seed=5).start()
    try:
        ana = await Guest(table.port).connect()
        await ana.join(table.code, "Ana")
        await table.started()
        frame = -1
        while True:  # to Ana's first decision (the computer player may start)
            prompt = await ana.next_prompt(frame)
            frame = ana.frames
            if prompt == CHOOSE and "Which card do you play?" in ana.text():
                break
            ana.send("enter")
        ana.send("h")
        screen = await ana.wait_for("Hints for Ana · round 1", "Your moves, best first", "Which card do you play?")
        assert "They may hold" in screen and "Bot 1" in screen
    finally:
        await table.aclose()
    assert table.host.server.errors == []
