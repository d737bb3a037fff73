"""``l`` shows the round's whole log, scrollable, from a decision or a result to acknowledge: what the table at
80x24 has no room for is never out of reach."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.log import round_log
from loveletter.tui.screen import Screen
from loveletter.tui.style import NBSP
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.tui.test_table import NAMES, after_a_round_of_turns

HOME, PAGE_DOWN = "\x1b[H", "\x1b[6~"


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def test_l_shows_the_whole_log_from_a_decision_and_scrolls(keys: PipeInput) -> None:
    found = next(f for f in map(after_a_round_of_turns, range(30)) if f is not None)
    game, since = found
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        table = GameLoop(game, [Seat(n) for n in NAMES], front)
        table.seen[0] = since
        front.start(table)
        first = round_log(table, 0)[0].text.plain
        assert first not in " ".join(out.getvalue().split())  # not on the table at 80x24...
        keys.send_text("l" + HOME + PAGE_DOWN + "q" + "\x03")  # the log, its top, a page down, back; stop
        with pytest.raises(KeyboardInterrupt):
            front.decide(0)
    drawn = out.getvalue().replace(NBSP, " ")
    assert "Round 1: the whole log" in drawn
    assert first in " ".join(drawn.split())  # ...but in its whole log


def test_l_shows_the_whole_log_from_the_end_of_a_turn(keys: PipeInput) -> None:
    game, since = next(f for f in map(after_a_round_of_turns, range(30)) if f is not None)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        front.start(GameLoop(game, [Seat(n) for n in NAMES], front))
        keys.send_text("l" + "\r" + "\r")  # the log, back, then Enter hides the cards
        front.turn_done(0, since)
    assert "Round 1: the whole log" in out.getvalue()


def test_the_whole_log_starts_at_its_newest_lines_and_scrolls_to_the_oldest(keys: PipeInput) -> None:
    game, since = next(f for f in map(after_a_round_of_turns, range(30)) if f is not None)
    out = io.StringIO()
    console = Console(file=out, width=80, height=10, color_system=None)  # a page holds a few lines only
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        table = GameLoop(game, [Seat(n) for n in NAMES], front)
        front.start(table)
        entries = round_log(table, 0)
        keys.send_text(HOME + "q")
        front.show_log(front.model(0, new_from=since))
    pages = [" ".join(page.replace(NBSP, " ").split()) for page in out.getvalue().split("Round 1: the whole log")]
    newest, oldest = entries[-1].text.plain[:30], entries[0].text.plain[:30]
    assert newest in pages[1] and oldest not in pages[1]  # it opens on the newest lines...
    assert oldest in pages[2]  # ...and Home goes to the oldest
