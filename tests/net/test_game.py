"""A guest plays a whole game over SSH against computer players, and sees only what their seat may see."""

from __future__ import annotations

import asyncio

from loveletter.records import GameRecord, load_record
from loveletter.table.seats import Seat
from tests.net.guest import CHOOSE, CONFIRM, LEAVE, Guest, Table
from tests.net.privacy import hand_of, hand_on_screen, secrets_of, squeeze

SEATS = [Seat(""), Seat("Bot 1", "easy"), Seat("Bot 2", "easy")]


def test_a_guest_plays_a_whole_game_and_sees_only_their_own_seat() -> None:
    asyncio.run(_whole_game())


async def _whole_game() -> None:
    table = Table("2019", SEATS, [0], seed=5).start()
    try:
        ana = await Guest(table.port).connect()
        await ana.join(table.code, "Ana")
        game = await table.started()
        decisions = 0
        frame = -1
        while True:
            prompt = await ana.next_prompt(frame)
            frame = ana.frames
            screen = ana.text()
            if prompt == LEAVE:
                break
            if prompt == CHOOSE and "Which card do you play?" in screen:
                # The game waits for Ana: what her screen shows is what her seat holds, and no other hand.
                assert game.decider == 0
                assert hand_on_screen(screen) == hand_of(game, 0), screen
                assert "Ana (you)" in screen and "Bot 1 (you)" not in screen and "Bot 2 (you)" not in screen
                decisions += 1
            # The first option every time; a warning before knocking herself out is accepted.
            ana.send("y" if prompt == CONFIRM else "enter")
        assert game.over and decisions > 5
        screen = await ana.wait_for("The game is over")
        ana.send("enter")
        closed = await ana.wait_until_closed()
        assert "Game over:" in closed  # her summary, back on her own screen
        await table.finished()
    finally:
        await table.aclose()

    names = ["Ana", "Bot 1", "Bot 2"]
    sent = squeeze(ana.everything())
    own = secrets_of(game, 0, names)
    assert any(secret in sent for secret in own)  # her own secrets reach her screen: the check below can fail
    for seat in (1, 2):
        for secret in secrets_of(game, seat, names) - own:
            assert secret not in sent, f"Ana was shown a secret of seat {seat}: {secret}"
    assert table.host.server.errors == []
    # The game was saved as it went, and its record replays to the same end.
    record = load_record(table.saver.path)
    assert isinstance(record, GameRecord) and record.finished and [s.name for s in record.seats] == names
