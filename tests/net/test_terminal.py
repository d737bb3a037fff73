"""A guest's terminal as the game draws on it: resized, the table is drawn again for its new size."""

from __future__ import annotations

import asyncio

from tests.net.guest import Table
from tests.net.test_reconnect import ROUND, SEATS


def test_a_resized_terminal_is_drawn_again() -> None:
    asyncio.run(_resize())


async def _resize() -> None:
    table = Table("2019", SEATS, [0, 1], seed=2, deals=[ROUND]).start()
    try:
        ana, bea = await table.seat("Ana", "Bea")
        await table.started()
        await ana.wait_for("Which card do you play?")
        narrow = await bea.wait_for("Ana is choosing…")
        assert _widest(narrow) <= 80

        # Bea, waiting, widens her window: her table is drawn again, across the new width.
        bea.screen.resize(30, 130)
        bea.chan.change_terminal_size(130, 30)
        wide = await bea.wait_until(lambda text: "Ana is choosing…" in text and _widest(text) > 80)
        assert "Bea (you)" in wide

        # Ana widens hers in the middle of her question: the question follows, and still answers.
        ana.screen.resize(30, 130)
        ana.chan.change_terminal_size(130, 30)
        ana.send("enter")
        await bea.wait_for("Ana plays")
    finally:
        await table.aclose()


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())
