"""The join code stays on the host's screen while the game waits, and one key away (``c``) while the host chooses
their own move: a friend who drops out asks for it again."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.engine import load_ruleset
from loveletter.engine.deck import stacked_deck
from loveletter.i18n import t
from loveletter.net.code import shown
from loveletter.table.seats import Seat, StackedDeal
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.net.guest import Table, until
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


def test_the_host_shows_the_code_with_c_while_choosing_their_own_move() -> None:
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        local = TerminalFrontend(
            Frames(Console(file=io.StringIO()), screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD), delay=0
        )
        asked: list[str] = []
        said: list[str] = []
        choose, acknowledge = local.surface.choose, local.acknowledge

        def spy_choose(body: Any, title: str, choices: Any, **kwargs: Any) -> Any:
            asked.append(kwargs.get("hint", ""))
            return choose(body, title, choices, **kwargs)

        def spy_acknowledge(model: Any, message: str, hint: str, **kwargs: Any) -> Any:
            said.append(message)
            return acknowledge(model, message, hint, **kwargs)

        local.surface.choose = spy_choose  # type: ignore[method-assign]
        local.acknowledge = spy_acknowledge  # type: ignore[method-assign]
        local.ask_names = lambda *_, **__: ["Hal", ""]  # type: ignore[method-assign]
        asyncio.run(_own_move(local, keys, asked, said))


async def _own_move(local: TerminalFrontend, keys: PipeInput, asked: list[str], said: list[str]) -> None:
    deal = StackedDeal(tuple(stacked_deck(load_ruleset("2019"), 2, hands=["Guard", "Priest"], draws=["Handmaid"])), 0)
    table = Table("2019", [Seat("Hal"), Seat("")], [1], deals=[deal], local=local).start()
    try:
        (bea,) = await table.seat("Bea")
        await table.started()
        await bea.wait_for("Hal is choosing")
        await until(lambda: len(asked) == 1, what="Hal is asked for a card")
        assert t("host.hint.code_key") in asked[0]
        keys.send_text("c")
        await until(lambda: len(said) == 1, what="the code is shown")
        command = f"ssh -p {table.port} {shown(table.code)}@127.0.0.1"
        assert said == [t("host.code.shown", code=shown(table.code), command=command)]
        keys.send_text("\r")
        await until(lambda: len(asked) == 2, what="Hal is asked for a card again")
        keys.send_text("2")  # the Handmaid
        await bea.wait_for("Hal plays Handmaid.")
    finally:
        await table.aclose()
