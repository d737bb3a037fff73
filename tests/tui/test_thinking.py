"""A computer player that takes a while, at the terminal: the table with "Bot is thinking…" and what Ctrl-C does,
in the view the screen may show, until the move is shown; as lines, said once; in Spanish too."""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from loveletter.bots import RandomBot
from loveletter.engine import Action, Game, View
from loveletter.i18n import set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.lines import Lines, LineScreen
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.support import deal

#: A bound on what a test waits for, so that one that fails ends: never a pace.
PATIENCE = 30.0


class Slow(RandomBot):
    """Decides at random once ``shown()`` says the screen shows the note (or after :data:`PATIENCE`)."""

    def __init__(self, shown: Callable[[], bool]) -> None:
        super().__init__(random.Random(1))
        self.shown = shown

    def choose(self, view: View) -> Action:
        deadline = time.monotonic() + PATIENCE
        while not self.shown() and time.monotonic() < deadline:
            time.sleep(0.005)
        return super().choose(view)


class Stops(TerminalFrontend):
    """The terminal front end, where the person's first decision is a Ctrl-C."""

    def decide(self, seat: int) -> Action:
        raise KeyboardInterrupt


def bot_first() -> tuple[list[Seat], Game]:
    """Ana against a computer player who plays first, and can only play a Handmaid."""
    game = deal("2019", 2, hands=["Priest", "Handmaid"], draws=["Handmaid"], first_player=1)
    return [Seat("Ana"), Seat("Bot", "random")], game


def test_the_table_says_the_computer_player_is_thinking_until_its_move_is_shown() -> None:
    seats, game = bot_first()
    written = io.StringIO()
    console = Console(file=written, width=80, height=24, color_system=None)
    drawn = io.StringIO()
    output = Vt100_Output(drawn, lambda: Size(rows=24, columns=80), term="xterm")

    def shown() -> bool:
        return "Bot is thinking…" in written.getvalue()

    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        front = Stops(Frames(console, screen, input=keys, output=output, guards=TYPED_AHEAD), delay=0.01)
        with pytest.raises(KeyboardInterrupt):
            GameLoop(game, seats, front, bots={1: Slow(shown)}).run()
    text = written.getvalue()
    note = text.index("Bot is thinking…")
    assert "Ctrl-C stops the game (it is saved)" in text[note:]
    assert "Ana (you)" in text[:note] and "2 Priest" in text[:note]  # one person at the table: their own view
    # Then the move, on the next screen: the table with the bot's move, and the pause after it.
    assert text.index("Bot played", note) > note and "Bot has played." in drawn.getvalue()
    assert text.count("Bot is thinking…") == 1


def test_with_several_people_the_note_shows_public_information_only() -> None:
    written = io.StringIO()
    console = Console(file=written, width=80, height=24, color_system=None)
    game = deal("2019", 3, hands=["Priest", "Guard", "Baron"], draws=["Handmaid"], first_player=2)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen), delay=0)
        front.start(GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")], front))
        front.computer_thinking(2)
    text = written.getvalue()
    assert "Bot is thinking…" in text and "Ctrl-C stops the game (it is saved)" in text
    assert "(you)" not in text and "─ 2 Priest" not in text  # nobody holds the laptop: no hand is shown


def test_as_lines_the_note_is_said_once_between_the_news_and_the_move() -> None:
    seats, game = bot_first()
    out = io.StringIO()

    def shown() -> bool:
        return "Bot is thinking. Ctrl-C stops the game; it is saved." in out.getvalue()

    def read_line() -> str:
        raise EOFError  # Ana's first question: the input ends, as Ctrl-D

    front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
    with pytest.raises(KeyboardInterrupt):
        GameLoop(game, seats, front, bots={1: Slow(shown)}).run()
    lines = out.getvalue().splitlines()
    note = lines.index("Bot is thinking. Ctrl-C stops the game; it is saved.")
    assert lines.count(lines[note]) == 1
    assert next(i for i, line in enumerate(lines) if line.startswith("Round 1: Bot plays first.")) < note
    assert any(line.startswith("Bot plays Handmaid.") for line in lines[note + 1 :])  # the move, said after it


def test_in_spanish() -> None:
    set_language("es")
    try:
        seats, game = bot_first()
        written = io.StringIO()
        console = Console(file=written, width=80, height=24, color_system=None)
        with Screen(io.StringIO()) as screen:
            front = TerminalFrontend(Frames(console, screen), delay=0)
            front.start(GameLoop(game, seats, front))
            front.computer_thinking(1)
        out = io.StringIO()
        lines = TerminalFrontend(Lines(LineScreen(out), stream=out), delay=0)
        lines.start(GameLoop(game, seats, lines))
        lines.computer_thinking(1)
    finally:
        set_language("en")
    text = written.getvalue()
    assert "Bot está pensando…" in text and "Ctrl-C detiene la partida (queda guardada)" in text
    assert "Bot esta pensando. Ctrl-C detiene la partida; queda guardada." in out.getvalue().splitlines()
