"""The screens of a hosted game for :mod:`tests.i18n.screens`: what the host's terminal and every guest's terminal
show, drawn by the real program (a table hosted in this process, guests joining over SSH) in the current
language, and the command's one-line errors.

Each screen plays a short scripted scene; the guests' screens (all the text they were sent) and the host's are
printed into the console the i18n tests read.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.engine import Action, Game, View, load_ruleset, stacked_deck
from loveletter.i18n import t
from loveletter.net import server, waiting
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from loveletter.table.autosave import Autosave
from loveletter.table.seats import Seat, StackedDeal
from loveletter.tui.lines import ascii_text
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.e2e.deals import GUARD_ROUND
from tests.net.guest import TIMEOUT, Guest, Table, until

Draw = Callable[[Console], None]
ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def shown_waits(console: Console) -> Iterator[None]:
    """The host's waits print what they say into ``console`` (on a terminal it is a prompt's line)."""
    real = waiting.wait_any

    def wait_any(futures: Any, message: str = "", hint: str = "", **_: Any) -> None:
        console.print(message, hint, markup=False, highlight=False)
        real(futures)

    waiting.wait_any = wait_any
    try:
        yield
    finally:
        waiting.wait_any = real


@contextlib.contextmanager
def spectator(console: Console) -> Iterator[TerminalFrontend]:
    """The host's terminal, as with ``--local 0``: drawn into ``console``; two Enters, typed ahead, wait for the
    game's end and its summary."""
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        keys.send_text("\r\r")
        yield TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD), delay=0)


def short_ruleset(folder: Path) -> str:
    """The 2019 edition for two players, won with two tokens (a house file: its title is the player's words)."""
    text = (ROOT / "rulesets" / "2019.toml").read_text(encoding="utf-8")
    text = text.replace('title = "Love Letter (2019 edition)"', 'title = "Love Letter"')
    text = text.replace("{ 2 = 6,", "{ 2 = 2,")
    path = folder / "short.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def show_guests(console: Console, *guests: Guest) -> None:
    for guest in guests:
        console.print(guest.everything(), markup=False, highlight=False)


# --------------------------------------------------------------------------------------------- a new game


def hosted_game(console: Console) -> None:
    """Two guests join (a wrong code, names refused, a full table, a client with no terminal), play two short
    rounds with a Ctrl-C and a return in between, and leave at the game's end; the host watches."""
    with tempfile.TemporaryDirectory() as folder:
        ruleset = short_ruleset(Path(folder))
        asyncio.run(_hosted_game(console, ruleset))


async def _hosted_game(console: Console, ruleset: str) -> None:
    deal = StackedDeal(tuple(GUARD_ROUND["deck"]), 0)  # type: ignore[arg-type]
    width = console.width
    with spectator(console) as local, shown_waits(console):
        table = Table(ruleset, [Seat(""), Seat("")], [0, 1], seed=1, deals=[deal, deal], local=local).start()
        try:
            bare = await Guest(table.port, columns=width).connect(term=None)
            await bare.wait_until_closed()
            ana = await Guest(table.port, columns=width).connect()
            await ana.wait_for(t("host.join.code").strip())
            ana.send("nope", "enter")
            await ana.wait_for(t("host.join.wrong_code"))
            ana.send(table.code, "enter")
            await ana.wait_for(t("host.join.name").strip())
            ana.send(" ", "enter")
            await ana.wait_for(t("play.setup.name_empty"))
            ana.send("Ana", "enter")
            wrong = ("2" if table.code[0] != "2" else "3") + table.code[1:]
            cid = await Guest(table.port, columns=width).connect(username=wrong)  # a wrong code as the username
            await cid.wait_for(t("host.join.wrong_username_code"), t("host.join.code").strip())
            cid.send(table.code, "enter")
            await cid.wait_for(t("host.join.name").strip())
            bea = await Guest(table.port, columns=width).connect()
            await bea.join(table.code, "ana")
            await bea.wait_for(t("play.setup.name_taken", name="ana"))
            bea.send("Bea", "enter")
            await table.started()
            cid.send("Cid", "enter")
            await cid.wait_until_closed()
            dan = await Guest(table.port, columns=width).connect()
            await dan.wait_until_closed()

            await ana.wait_for(t("play.ask.card"))
            ana.send("ctrl-c")
            await ana.wait_until_closed()
            await bea.wait_for(t("host.wait.away", players="Ana"))
            back = await Guest(table.port, columns=width).connect()
            await back.join(table.code, "Ana")
            for number in (1, 2):
                await back.wait_for(t("play.ask.card"))
                back.send("1")
                await back.wait_for(t("play.ask.named"))
                back.send("2")
                if number == 1:
                    await bea.wait_for(t("host.round.ready"))
                    bea.send("enter")
                    await bea.wait_for(t("host.round.waiting"))
                    await back.wait_for(t("host.round.ready"))
                    back.send("enter")
            for guest in (back, bea):
                await guest.wait_for(t("play.game.leave"))
                guest.send("enter")
                await guest.wait_until_closed()
            await table.finished()
        finally:
            await table.aclose()
    show_guests(console, bare, ana, cid, bea, dan, back)


# ------------------------------------------------------------------------------------------ a saved game


def hosted_again(console: Console) -> None:
    """A saved game hosted again: a guest gives a name with no seat, then their own; the host stops the game."""
    asyncio.run(_hosted_again(console))


async def _hosted_again(console: Console) -> None:
    seats = [Seat("Ana"), Seat("Bea"), Seat("Bot 1", "easy")]
    game = Game("2019", 3, seed=3)
    saver = Autosave.begin(game, seats, 3)
    width = console.width
    with spectator(console) as local, shown_waits(console):
        table = Table("2019", seats, [0, 1], seed=3, saved=(game, saver), local=local).start()
        try:
            ana = await Guest(table.port, columns=width).connect()
            await ana.join(table.code, "Zed")
            await ana.wait_for(t("host.join.no_seat", name="Zed", free="Ana, Bea"))
            ana.send("Ana", "enter")
            await ana.wait_for(t("host.lobby.away"))
            bea = await Guest(table.port, columns=width).connect()
            await bea.join(table.code, "Ana")
            await bea.wait_for(t("host.join.playing", name="Ana"))
            bea.send("Bea", "enter")
            await table.started()
            await bea.wait_for(t("host.hint.waiting"))
        finally:
            table.host.close(partial(t, "host.bye.stopped"))
            await table.aclose()
    await ana.wait_until_closed()
    await bea.wait_until_closed()
    show_guests(console, ana, bea)


def closed_in_the_lobby(console: Console) -> None:
    """The host (with no terminal) closes the table before the game begins; a guest too slow to give the code is
    let go."""
    asyncio.run(_closed_in_the_lobby(console))


async def _closed_in_the_lobby(console: Console) -> None:
    width = console.width
    seats = [Seat(""), Seat(""), Seat(""), Seat("Bot 1", "easy")]
    said = io.StringIO()  # no terminal at the host: arrivals and departures are printed as lines
    with contextlib.redirect_stdout(said):
        table = Table("2019", seats, [0, 1, 2]).start()
        patience = server.JOIN_SECONDS
        try:
            server.JOIN_SECONDS = 0.2
            slow = await Guest(table.port, columns=width).connect()
            await slow.wait_until_closed()
            server.JOIN_SECONDS = patience
            ana = await Guest(table.port, columns=width).connect()
            await ana.join(table.code, "Ana")
            await ana.wait_for(t("host.lobby.computer"))
            bea = await Guest(table.port, columns=width).connect()
            await bea.join(table.code, "Bea")
            await ana.wait_for("Bea")
            bea.drop()
            await until(lambda: t("host.lobby.left", player="Bea", seat=2) in said.getvalue())
        finally:
            server.JOIN_SECONDS = patience
            table.host.close(partial(t, "host.bye.cancelled"))
            await table.aclose()
    await ana.wait_until_closed()
    console.print(said.getvalue(), markup=False, highlight=False)
    show_guests(console, slow, ana, bea)


# ---------------------------------------------------------------------------------------------- errors


def hosting_errors(console: Console) -> None:
    """``loveletter host`` and ``resume --host`` refusing to start: one line each."""
    from tests.i18n.screens import command, data_folder

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for argv in (
            ("host",),
            ("host", "--local", "-1"),
            ("host", "--local", "0", "--players", "2", "--bots", "2"),
            ("host", "--local", "0", "--port", "70000"),
        ):
            command(*argv, home=home)(console)
        games = home / "games"
        games.mkdir()
        alone = Game("2019", 2, seed=1)
        with data_folder(home):  # its key signs the records the commands below read
            saver = Autosave.begin(alone, [Seat("Ana"), Seat("Bot 1", "easy")], 1, games)
            saver.release()  # the game is not open here: resume --host opens it
            solitaire = games / "solitaire.json"
            SolitaireRecord.start(SolitaireGame(seed=1)).save(solitaire)
        command("resume", "--host", str(saver.path), home=home, terminal=True)(console)
        command("resume", "--host", str(solitaire), home=home)(console)
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            command("host", "--local", "0", "--bind", "127.0.0.1", "--port", str(port), home=home)(console)
        command("host", "--local", "0", "--bind", "192.0.2.77", "--port", "0", home=home)(console)
        key = home / "host_key"
        key.chmod(0o644)
        command("host", "--local", "0", home=home)(console)
        key.write_text("not a key", encoding="utf-8")
        key.chmod(0o600)
        command("host", "--local", "0", home=home)(console)


# --------------------------------------------------------------------------- refusals, a freed seat, the end


def refusals_and_changes(console: Console) -> None:
    """What guests are told when refused (a command, too many connections, too slow at the code, let go to make
    room), a seat the host frees, and the words of a hosted game's end and name screen."""
    asyncio.run(_refusals_and_changes(console))


class _Choosing:
    """The host's terminal asked which seat to free: it shows the question and picks the first seat."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.surface = self  # the front end asks through its surface

    def choose(self, body: Any, title: str, choices: Any, *, hint: str = "", **_: Any) -> Any:
        self.console.print(title, hint, markup=False, highlight=False)
        return choices[0].value


async def _refusals_and_changes(console: Console) -> None:
    import asyncssh

    from loveletter.net.limits import Gate
    from loveletter.tui.style import fmt
    from tests.net.guest import CLIENT
    from tests.net.test_security import _banner

    width = console.width
    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    host = table.host
    patience = server.CODE_SECONDS
    guests: list[Guest] = []
    try:
        async with asyncssh.connect("127.0.0.1", table.port, **CLIENT) as conn:
            result = await conn.run("loveletter")
            console.print(str(result.stdout), markup=False, highlight=False)

        server.CODE_SECONDS = 0.2
        slow = await Guest(table.port, columns=width).connect()
        await slow.wait_until_closed()
        server.CODE_SECONDS = patience
        guests.append(slow)

        host.server.gate = Gate(1, rate=10_000, ceiling=10_000, room=1, asking=1, grace=0)
        first = await Guest(table.port, columns=width).connect()
        await first.wait_for(t("host.join.code").strip())
        second = await Guest(table.port, columns=width).connect()  # room for one only: the first is let go
        await first.wait_until_closed()
        guests.append(first)

        (eve,) = await table.seat("Eve")
        # Her screen shows her name as she types it, before the host has seated her: wait for the host's side.
        await until(lambda: any(seat.connected and seat.name == "Eve" for seat in host.remote_seats), what="Eve seated")
        host.free_seat(_Choosing(console))  # type: ignore[arg-type]
        await eve.wait_until_closed()
        guests.append(eve)
        second.close()

        host.server.gate = Gate(1, rate=1, ceiling=10_000, hasty=0, clock=lambda: 0.0)
        held = await _banner(table.port)
        try:
            await asyncssh.connect("127.0.0.1", table.port, **CLIENT)
        except asyncssh.DisconnectError as refused:
            console.print(refused.reason, markup=False, highlight=False)
        held[0].close()
    finally:
        server.CODE_SECONDS = patience
        await table.aclose()
    show_guests(console, *guests)
    for key in ("host.game.done", "host.game.deciding", "host.setup.intro", "host.setup.intro_alone"):
        console.print(fmt(key))


def code_while_choosing(console: Console) -> None:
    """The host plays a seat: while choosing their move they press ``c`` for the join code, then Enter, then play
    (each key sent as the question it answers is asked)."""
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        local = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD), delay=0)
        choose, acknowledge = local.surface.choose, local.acknowledge
        asked: list[int] = []

        def answer_choose(*args: Any, **kwargs: Any) -> Any:
            asked.append(1)
            keys.send_text("c" if len(asked) == 1 else "2")
            return choose(*args, **kwargs)

        def answer_acknowledge(*args: Any, **kwargs: Any) -> Any:
            keys.send_text("\r")
            return acknowledge(*args, **kwargs)

        local.surface.choose = answer_choose  # type: ignore[method-assign]
        local.acknowledge = answer_acknowledge  # type: ignore[method-assign]
        local.ask_names = lambda *_, **__: ["Hal", ""]  # type: ignore[method-assign]
        asyncio.run(_code_while_choosing(console, local))


async def _code_while_choosing(console: Console, local: TerminalFrontend) -> None:
    deal = StackedDeal(tuple(stacked_deck(load_ruleset("2019"), 2, hands=["Guard", "Priest"], draws=["Handmaid"])), 0)
    table = Table("2019", [Seat("Hal"), Seat("")], [1], deals=[deal], local=local).start()
    try:
        (bea,) = await table.seat("Bea")
        game = await table.started()
        await until(lambda: game.decider == 1, what="Hal plays")
        show_guests(console, bea)
    finally:
        await table.aclose()


@contextlib.contextmanager
def slow_computers(go: threading.Event) -> Iterator[None]:
    """Computer players (of any level) that decide at random once ``go`` is set: as long as a scene needs."""
    from unittest import mock

    from loveletter.bots import Bot, RandomBot

    class Slow(RandomBot):
        def choose(self, view: View) -> Action:
            go.wait(TIMEOUT)
            return super().choose(view)

    def make_bot(level: str, *, seed: int | None = None) -> Bot:
        return Slow(random.Random(seed))

    with mock.patch("loveletter.table.seats.make_bot", make_bot):
        yield


def computer_thinking(console: Console) -> None:
    """A computer player takes a while: the host's terminal, a guest's frames and a guest's lines say it is
    thinking (with what Ctrl-C does for each), until its move is shown."""
    asyncio.run(thinking_scene(console))


async def thinking_scene(console: Console) -> tuple[Guest, Guest, list[str]]:
    """:func:`computer_thinking`'s scene: Bea and Cy (in screen-reader mode) against Gus, who plays first (Cy holds
    no card whose name in ASCII is an English word, as the Baron's Barón). The guests, and Bea's screens: with the
    note, then at her decision."""
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 3, hands=["Priest", "Guard", "Handmaid"], draws=["Handmaid"], first_player=2)
    go = threading.Event()
    with slow_computers(go), spectator(console) as local, shown_waits(console):
        table = Table(
            "2019", [Seat(""), Seat(""), Seat("Gus", "easy")], [0, 1], deals=[StackedDeal(tuple(deck), 2)], local=local
        ).start()
        try:
            (bea,) = await table.seat("Bea")
            cy = await Guest(table.port).connect(env={"LOVELETTER_SCREEN_READER": "1"})
            for question, answer in (("host.join.code", table.code), ("host.join.name", "Cy")):
                await cy.wait_for(ascii_text(t(question)).strip())  # asked in lines, in ASCII
                cy.send(answer, "enter")
            await table.started()
            screens = [await bea.wait_for(t("play.thinking.message", player="Gus"))]
            said = ascii_text(t("play.thinking.message", player="Gus"))
            await until(lambda: said in "".join(cy.raw), what=said)
            go.set()
            screens.append(await bea.wait_for(t("play.ask.card")))
        finally:
            go.set()
            await table.aclose()
    show_guests(console, bea, cy)
    return bea, cy, screens


def screens() -> dict[str, Draw]:
    return {
        "hosting: a computer player thinks": computer_thinking,
        "hosting refusals and changes": refusals_and_changes,
        "hosted game": hosted_game,
        "hosted game again": hosted_again,
        "hosted table closed in the lobby": closed_in_the_lobby,
        "hosting errors": hosting_errors,
        "hosting: the code while the host chooses": code_while_choosing,
    }
