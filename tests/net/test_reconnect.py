"""Two guests over SSH: each follows the other's moves live; a dropped connection holds the game at the same
point until the guest comes back with the same code and name."""

from __future__ import annotations

import asyncio
import re

import pytest

from loveletter.engine import load_ruleset, stacked_deck
from loveletter.net.seating import TableClosed
from loveletter.table.seats import Seat, StackedDeal
from tests.net.guest import Guest, Table
from tests.net.privacy import hand_of, hand_on_screen

#: Ana holds a Guard and draws a Handmaid; Bea holds a Priest and draws a Baron; the computer player a King.
ROUND = StackedDeal(
    tuple(stacked_deck(load_ruleset("2019"), 3, hands=["Guard", "Priest", "King"], draws=["Handmaid", "Baron"])), 0
)
SEATS = [Seat(""), Seat(""), Seat("Bot 1", "easy")]


def key_for(card: str, screen: str) -> str:
    """The number that picks ``card`` in the choice on ``screen``."""
    found = re.search(rf"(\d)\) {card}", screen)
    assert found, screen
    return found[1]


def test_a_dropped_guest_comes_back_to_the_same_point() -> None:
    asyncio.run(_drop_and_return())


async def _drop_and_return() -> None:
    table = Table("2019", SEATS, [0, 1], seed=2, deals=[ROUND]).start()
    try:
        ana, bea = await table.seat("Ana", "Bea")
        game = await table.started()

        screen = await ana.wait_for("Which card do you play?", "Handmaid")
        await bea.wait_for("Ana is choosing…")
        ana.send(key_for("Handmaid", screen))

        # Bea follows Ana's move live, then it is her turn.
        screen = await bea.wait_for("Ana plays Handmaid.", "Which card do you play?")
        assert hand_on_screen(screen) == hand_of(game, 1)
        before = (game.decider, len(game.log))

        bea.drop()
        screen = await ana.wait_for("Waiting for Bea to come back", "waiting for Bea")
        assert "Ana plays Handmaid." in screen
        assert (game.decider, len(game.log)) == before  # nothing moves while Bea is away

        # Someone else with the code cannot take a seat that is being played, nor one that does not exist.
        eve = await Guest(table.port).connect()
        await eve.join(table.code, "ana")
        await eve.wait_for("Ana is already playing from another connection.")
        eve.send("Zed", "enter")
        await eve.wait_for("No seat at this table is called Zed: the free seats are Bea.")
        eve.close()

        bea = await Guest(table.port).connect()
        await bea.join(table.code, "bea")  # the same name, in any case
        screen = await bea.wait_for("Which card do you play?", "Ana plays Handmaid.")
        assert hand_on_screen(screen) == hand_of(game, 1)
        assert (game.decider, len(game.log)) == before
        await ana.wait_for("Bea is choosing…")
        bea.send(key_for("Baron", screen))  # on the computer player: Ana is protected
        await ana.wait_for("Bea plays Baron on Bot 1.")
        assert len(game.log) > before[1]
    finally:
        await table.aclose()
    await ana.wait_until_closed()
    assert "The host closed the table." in ana.text()
    with pytest.raises(TableClosed):
        await table.finished()
    assert table.host.server.errors == []


def test_a_guest_away_holds_nobody_up_until_their_turn() -> None:
    asyncio.run(_away_on_anothers_turn())


async def _away_on_anothers_turn() -> None:
    table = Table("2019", SEATS, [0, 1], seed=2, deals=[ROUND]).start()
    try:
        ana, bea = await table.seat("Ana", "Bea")
        game = await table.started()
        screen = await ana.wait_for("Which card do you play?")
        bea.drop()  # while Ana chooses
        await ana.wait_for("Which card do you play?")
        ana.send(key_for("Handmaid", screen))
        # Ana's move is played; now the game waits for Bea, and says so.
        await ana.wait_for("Ana plays Handmaid.", "Waiting for Bea to come back")
        assert game.decider == 1
        bea = await Guest(table.port).connect()
        await bea.join(table.code, "Bea")
        await bea.wait_for("Which card do you play?", "Ana plays Handmaid.")
        await ana.wait_for("Bea is choosing…")
    finally:
        await table.aclose()
