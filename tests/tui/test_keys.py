"""No key crosses a screen: a prompt takes only the keys pressed after it was drawn (prompt_toolkit's pipe input,
as tests and remote sessions give, and a real pseudo-terminal), ignores keys for its grace, and a pause takes none.

Each test waits for what the prompt draws (its lines appear once it takes keys), never for a fixed time.
"""

from __future__ import annotations

import io
import os
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from loveletter.engine import Game
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.prompts import DROP, HANDOFF, SCREEN, TYPE_AHEAD, Choice, KeyPolicy, choose, pause, press
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend

FRUIT = [Choice("a", "Apple"), Choice("b", "Banana"), Choice("c", "Cherry")]
#: Long enough for a test to wait for anything it needs.
PATIENCE = 30.0


class Drawn:
    """A VT100 output kept in memory, whose text a test can wait for."""

    def __init__(self) -> None:
        self.buffer = io.StringIO()
        self.output = Vt100_Output(self.buffer, lambda: Size(rows=24, columns=80), term="xterm")

    def shows(self, text: str) -> bool:
        return text in self.buffer.getvalue()

    def wait(self, text: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while not self.shows(text):
            if time.monotonic() > deadline:
                raise AssertionError(f"never drawn: {text!r}")
            time.sleep(0.005)


class Typist(threading.Thread):
    """Types ``keys`` once ``drawn`` shows ``text`` (what a person does: read, then press); :attr:`typed` is set
    from that moment (just before the keys go, so a prompt that returns on them always finds it set)."""

    def __init__(self, send: Callable[[str], object], drawn: Drawn, text: str, keys: str) -> None:
        super().__init__(daemon=True)
        self.send, self.drawn, self.text, self.keys = send, drawn, text, keys
        self.typed = threading.Event()

    def run(self) -> None:
        self.drawn.wait(self.text)
        self.typed.set()
        self.send(self.keys)


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def test_keys_typed_before_a_screen_was_drawn_are_dropped(keys: PipeInput) -> None:
    drawn = Drawn()
    keys.send_text("3")  # meant for the screen before
    typist = Typist(keys.send_text, drawn, "Which?", "\r")
    typist.start()
    assert choose("Which?", FRUIT, guard=DROP, input=keys, output=drawn.output) == "a"  # even with no grace
    assert typist.typed.is_set()


def test_keys_typed_ahead_are_kept_by_a_follow_up_question(keys: PipeInput) -> None:
    keys.send_text("3")
    assert choose("Which?", FRUIT, guard=TYPE_AHEAD, input=keys, output=DummyOutput()) == "c"


def test_keys_pressed_during_the_grace_are_ignored_and_the_prompt_shows_when_it_takes_keys(keys: PipeInput) -> None:
    drawn = Drawn()
    grace = 1.0
    started = time.monotonic()
    shown: list[float] = []

    def type_in_the_grace_then_answer() -> None:
        drawn.wait("\x1b")  # the prompt has started (its first, blank, drawing)
        early = not drawn.shows("Which?")
        keys.send_text("3")  # too early: a double press
        drawn.wait("Which?")
        shown.append(time.monotonic() - started)
        assert early
        keys.send_text("2")

    typist = threading.Thread(target=type_in_the_grace_then_answer, daemon=True)
    typist.start()
    assert choose("Which?", FRUIT, guard=KeyPolicy(grace=grace), input=keys, output=drawn.output) == "b"
    typist.join(PATIENCE)
    assert shown and shown[0] >= grace


def test_the_hand_off_guard_is_longer_than_a_screens() -> None:
    # A double press is 100-300 ms apart: both graces outlast it.
    assert HANDOFF.drop and SCREEN.drop and HANDOFF.grace > SCREEN.grace > 0.3


def test_ctrl_c_typed_ahead_still_stops(keys: PipeInput) -> None:
    keys.send_text("1\x03")
    with pytest.raises(KeyboardInterrupt):
        press("Go on", guard=SCREEN, input=keys, output=DummyOutput())


def test_a_pause_takes_no_key_and_leaves_none_for_the_next_screen(keys: PipeInput) -> None:
    keys.send_text("3")  # "any key goes on", as the pause used to say
    started = time.monotonic()
    pause("Bot 1 has played.", 0.3, input=keys, output=DummyOutput())
    assert time.monotonic() - started >= 0.25  # the key did not cut it short
    keys.send_text("1")
    # Even a question that takes keys typed ahead gets nothing from the pause.
    assert choose("Which?", FRUIT, guard=TYPE_AHEAD, input=keys, output=DummyOutput()) == "a"


def test_a_pause_no_hand_off_can_follow_ends_on_a_key() -> None:
    drawn = Drawn()
    with create_pipe_input() as keys:
        typist = Typist(keys.send_text, drawn, "Bot 1 has played.", "x")
        typist.start()
        started = time.monotonic()
        pause("Bot 1 has played.", PATIENCE * 2, hint="Any key: go on.", input=keys, output=drawn.output, skip=True)
        assert time.monotonic() - started < PATIENCE  # the key ended it, long before its time
        assert typist.typed.is_set()
        keys.send_text("1")
        # The next screen drops what was typed before it: the 1 picks nothing there, Enter picks its default.
        answer = Typist(keys.send_text, drawn, "Which?", "\r")
        answer.start()
        assert choose("Which?", FRUIT, guard=DROP, input=keys, output=drawn.output, default=2) == "c"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_on_a_real_terminal_keys_typed_before_are_flushed() -> None:
    from prompt_toolkit.input.vt100 import Vt100Input

    master, slave = os.openpty()
    try:
        with open(slave, "r", closefd=False) as terminal:  # noqa: UP015 - a text stream, as sys.stdin is
            typed = Vt100Input(terminal)
            os.write(master, b"3")  # in the terminal's buffer, not yet a whole line
            drawn = Drawn()
            typist = Typist(lambda text: os.write(master, text.encode()), drawn, "Which?", "\r")
            typist.start()
            assert choose("Which?", FRUIT, guard=DROP, input=typed, output=drawn.output) == "a"
    finally:
        os.close(master)
        os.close(slave)


def test_an_enter_pressed_before_the_hand_off_does_not_pass_it(keys: PipeInput) -> None:
    game = Game("classic", 2, seed=1)
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    drawn = Drawn()
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=drawn.output))
        front.start(GameLoop(game, [Seat("Ana"), Seat("Bea")], front))
        keys.send_text("\r")  # the second Enter of "your turn is over"
        typist = Typist(keys.send_text, drawn, "Bea: press Enter to see your cards.", "\r")
        typist.start()
        front.hand_off(1)
        # The hand-off was passed by the Enter pressed once its prompt showed, not by the one before.
        assert typist.typed.is_set()
