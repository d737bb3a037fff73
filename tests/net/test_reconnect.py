"""Two guests over SSH: each follows the other's moves live; a dropped connection holds the game at the same
point until the guest comes back with the same code and name."""

from __future__ import annotations

import asyncio
import re

import pytest

from loveletter.engine import load_ruleset, stacked_deck
from loveletter.net.seating import TableClosed
from loveletter.table.seats import Seat, StackedDeal
from tests.net.guest import Guest, Table, until
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


def silence(guest: Guest) -> None:
    """The guest's network goes quiet without closing anything: their client reads (and so answers) nothing."""
    guest.conn._transport.pause_reading()


def test_a_guest_back_from_a_silent_drop_takes_the_seat_over_at_once() -> None:
    asyncio.run(_silent_drop())


async def _silent_drop() -> None:
    table = Table("2019", SEATS, [0, 1], seed=2, deals=[ROUND]).start()
    try:
        ana, bea = await table.seat("Ana", "Bea")
        game = await table.started()
        screen = await ana.wait_for("Which card do you play?", "Handmaid")
        ana.send(key_for("Handmaid", screen))
        await bea.wait_for("Ana plays Handmaid.", "Which card do you play?")
        before = (game.decider, len(game.log))

        silence(bea)  # the server still counts Bea connected: her keepalives have not failed yet
        # Someone giving the name of a seat whose client answers is refused, as before.
        eve = await Guest(table.port).connect()
        await eve.join(table.code, "ANA")
        await eve.wait_for("Ana is already playing from another connection.")
        eve.close()

        back = await Guest(table.port).connect()
        await back.join(table.code, "bea")
        screen = await back.wait_for("Which card do you play?", "Ana plays Handmaid.", timeout=10)
        assert hand_on_screen(screen) == hand_of(game, 1)
        assert (game.decider, len(game.log)) == before
        # Bea's old connection is closed by the server: only Ana's and Bea's new one are left.
        await until(lambda: table.host.server.gate.open == {"127.0.0.1": 2}, what="the old connection closed")
        back.send(key_for("Baron", screen))
        await ana.wait_for("Bea plays Baron on Bot 1.")
        assert table.host.server.errors == []
    finally:
        await table.aclose()


def test_a_full_table_lets_a_guest_back_into_their_silent_seat() -> None:
    asyncio.run(_full_but_silent())


async def _full_but_silent() -> None:
    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0], seed=2).start()
    try:
        (ana,) = await table.seat("Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
        late = await Guest(table.port).connect()  # Ana's client answers: the table is full
        assert "The table is full" in await late.wait_until_closed()

        silence(ana)
        back = await Guest(table.port).connect()
        await back.join(table.code, "Ana")
        await back.wait_for("Ana (you)", timeout=10)
    finally:
        await table.aclose()


def test_in_the_lobby_a_guest_back_from_a_silent_drop_keeps_their_name() -> None:
    asyncio.run(_lobby_silent())


async def _lobby_silent() -> None:
    table = Table("2019", SEATS, [0, 1], seed=2).start()
    try:
        (ana,) = await table.seat("Ana")
        await ana.wait_for("Ana", "you")
        silence(ana)
        ana, _ = await table.seat("Ana", "Bea")
        await table.started()
        await ana.wait_for("Ana (you)")
        assert [seat.name for seat in table.host.remote_seats] == ["Ana", "Bea"]
    finally:
        await table.aclose()
