"""At a hosted game's end a guest may review their own decisions on their own screen, as at home."""

from __future__ import annotations

import asyncio

from loveletter.table.seats import Seat
from tests.net.guest import CONFIRM, LEAVE, Guest, Table

SEATS = [Seat(""), Seat("Bot 1", "easy")]
#: A bound for weighing the whole game's decisions, so that a broken review fails instead of hanging: not a pace.
WEIGHING = 180.0


def test_a_guest_reviews_their_own_decisions_at_the_games_end() -> None:
    asyncio.run(_review())


async def _review() -> None:
    table = Table("2019", SEATS, [0], seed=5).start()
    try:
        ana = await Guest(table.port).connect()
        await ana.join(table.code, "Ana")
        game = await table.started()
        frame = -1
        while True:
            prompt = await ana.next_prompt(frame)
            frame = ana.frames
            if prompt == LEAVE:
                break
            ana.send("y" if prompt == CONFIRM else "enter")
        assert game.over
        screen = await ana.wait_for("The game is over", "r review this game")
        ana.send("r")
        # Every decision is weighed as a hint is (half a second each on an idle machine): the progress line shows
        # it going on, and on a busy machine it takes longer than the usual wait (it timed out at 8 of 11).
        screen = await ana.wait_for("Decision 1 of", "The coach", "Ana (you)", timeout=WEIGHING)
        ana.send("end")
        screen = await ana.wait_for("decisions weighed")
        assert "Bot 1 (you)" not in screen and "Bot 1's decisions" not in screen  # her own seat's review only
        ana.send("q")
        await ana.wait_for("The game is over", "r review this game")
        ana.send("enter")
        closed = await ana.wait_until_closed()
        assert "Game over:" in closed
        await table.finished()
    finally:
        await table.aclose()
    assert table.host.server.errors == []
