"""The small things of hosting: what a guest back from a drop reads, those away marked while others decide, a
host's move shown to the guests at once, guests at the game's end given a moment, the host's words on the name
screen and in the guests' goodbye."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from types import SimpleNamespace

from loveletter.i18n import t
from loveletter.net import frontend as net_frontend
from loveletter.net.frontend import NetFrontend
from loveletter.net.seating import Seating
from loveletter.table.seats import Seat
from tests.net.guest import Guest, Table


def test_a_guest_back_on_anothers_turn_reads_who_is_choosing_and_those_away_are_marked() -> None:
    asyncio.run(_back_on_anothers_turn())


async def _back_on_anothers_turn() -> None:
    table = Table("2019", [Seat(""), Seat(""), Seat("")], [0, 1, 2], seed=2).start()
    try:
        guests = await table.seat("Ana", "Bea", "Cid")
        game = await table.started()
        decider = game.decider
        assert decider is not None
        name = table.host.final_seats()[decider].name
        others = [g for i, g in enumerate(guests) if i != decider]
        await others[0].wait_for(f"{name} is choosing…")
        others[0].drop()  # while someone else chooses
        # The one still here reads who is choosing, and that the other is away.
        screen = await others[1].wait_for(f"{name} is choosing…", "waiting for")
        away = table.host.final_seats()[next(i for i in range(3) if i != decider)].name
        assert f"waiting for {away}" in screen and f"Waiting for {away} to come back" not in screen
        back = await Guest(table.port).connect()
        await back.join(table.code, away)
        # The last frame drawn while they were away may show for a moment; then their screen says only who is
        # choosing (the wait fails if it never does).
        screen = await back.wait_until(
            lambda text: (
                f"{name} is choosing…" in text
                and f"Waiting for {away} to come back" not in text
                and f"waiting for {away}" not in text
            )
        )
        assert f"{away} (you)" in screen
        assert game.decider == decider
    finally:
        await table.aclose()


class _Local:
    """The host's terminal, writing down what happens."""

    def __init__(self, calls: list[str]) -> None:
        self.calls = calls
        self.play_again = True

    def turn_done(self, seat: int, since: int) -> None:
        self.calls.append("enter pressed at the host")


def test_the_guests_see_a_move_made_at_the_host_before_the_enter_that_ends_the_turn() -> None:
    calls: list[str] = []
    front = NetFrontend(_Local(calls), Seating([], [], named=True))  # type: ignore[arg-type]
    front._table = SimpleNamespace(game=SimpleNamespace(decider=1))  # type: ignore[assignment]
    front._refresh = lambda deciding, **_: calls.append(f"guests shown, {deciding} to play")  # type: ignore[method-assign]
    front.turn_done(0, 0)
    assert calls == ["guests shown, 1 to play", "enter pressed at the host"]


def test_guests_at_the_games_end_get_a_moment_once_the_host_has_left() -> None:
    front = NetFrontend(None, Seating([], [], named=True))
    front._table = SimpleNamespace(names=("Ana", "Bea", "Cid"))  # type: ignore[assignment]
    finishing: Future[None] = Future()
    reviewing: Future[None] = Future()
    timer = threading.Timer(0.05, finishing.set_result, [None])
    timer.start()
    front._let_guests_finish({1: finishing})  # Bea leaves soon: waited for
    assert finishing.done()
    original = net_frontend.GRACE_SECONDS
    net_frontend.GRACE_SECONDS = 0.1  # type: ignore[assignment]
    try:
        front._let_guests_finish({2: reviewing})  # Cid reviews on and on: not past the moment
    finally:
        net_frontend.GRACE_SECONDS = original
    assert not reviewing.done()


def test_guests_are_not_told_the_hosts_command_and_the_name_screen_speaks_of_friends() -> None:
    assert "resume" not in t("host.bye.stopped") and "loveletter" not in t("host.bye.stopped")
    for key in ("host.setup.intro", "host.setup.intro_alone"):
        assert "computer:" not in t(key) and "friend" in t(key)
