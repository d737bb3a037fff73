"""The prompts, driven with prompt_toolkit's pipe input and a dummy output."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from loveletter.i18n import card_name, set_language
from loveletter.tui.prompts import (
    TYPE_AHEAD,
    Choice,
    Nav,
    ask_text,
    choice_height,
    choice_lines,
    choose,
    pause,
    press,
)
from tests.support import interrupted_once_drawn

LEFT, RIGHT, UP, DOWN, ESC = "\x1b[D", "\x1b[C", "\x1b[A", "\x1b[B", "\x1b"
FRUIT = [Choice("a", "Apple"), Choice("b", "Banana"), Choice("c", "Cherry")]


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def ask(keys: PipeInput, text: str, choices: Sequence[Choice[Any]] = FRUIT, **options: Any) -> object:
    """``choose`` with ``text`` typed in advance (so the prompt takes keys typed ahead)."""
    keys.send_text(text)
    options.setdefault("guard", TYPE_AHEAD)
    return choose("Which?", choices, input=keys, output=DummyOutput(), **options)


def test_enter_picks_the_first_option_by_default(keys: PipeInput) -> None:
    assert ask(keys, "\r") == "a"


@pytest.mark.parametrize(
    ("typed", "picked"),
    [
        (RIGHT + "\r", "b"),
        (DOWN + DOWN + "\r", "c"),
        (RIGHT + RIGHT + RIGHT + "\r", "a"),  # wraps around
        (LEFT + "\r", "c"),
        (UP + "\r", "c"),
        ("\t\r", "b"),
    ],
)
def test_arrow_keys_move_the_selection(keys: PipeInput, typed: str, picked: str) -> None:
    assert ask(keys, typed) == picked


def test_a_number_key_picks_at_once(keys: PipeInput) -> None:
    assert ask(keys, "3") == "c"


def test_custom_keys_replace_the_positions(keys: PipeInput) -> None:
    numbers = [Choice(5, "Prince", key="5"), Choice(7, "King", key="7")]
    assert ask(keys, "1" + "7", numbers) == 7  # "1" is nobody's key: ignored


def test_disabled_options_cannot_be_picked_or_reached(keys: PipeInput) -> None:
    options = [Choice("a", "Apple"), Choice("b", "Banana", enabled=False, note="bruised"), Choice("c", "Cherry")]
    assert ask(keys, "2" + RIGHT + "\r", options) == "c"


def test_escape_steps_back_only_when_allowed(keys: PipeInput) -> None:
    assert ask(keys, ESC, allow_back=True) is Nav.BACK


def test_escape_is_ignored_when_there_is_nothing_to_go_back_to(keys: PipeInput) -> None:
    keys.send_text(ESC)
    assert ask(keys, "2") == "b"


def test_question_mark_asks_for_help(keys: PipeInput) -> None:
    assert ask(keys, "?", allow_help=True) is Nav.HELP


def test_ctrl_c_interrupts(keys: PipeInput) -> None:
    with pytest.raises(KeyboardInterrupt):
        ask(keys, "\x03")


def test_an_interrupt_signal_during_a_prompt_interrupts(keys: PipeInput) -> None:
    # A Ctrl-C that reaches the terminal just before the prompt reads the keys (or `kill -INT`) comes as a signal,
    # which prompt_toolkit turns into a key of its own while the prompt runs: it must stop the game as Ctrl-C does.
    with interrupted_once_drawn(lambda: keys.send_text("\r")) as screen, pytest.raises(KeyboardInterrupt):
        choose("Which?", FRUIT, input=keys, output=screen, guard=TYPE_AHEAD)


def test_choose_needs_an_option_that_can_be_picked() -> None:
    with pytest.raises(ValueError, match="no option"):
        choose("Which?", [Choice("a", "Apple", enabled=False)], output=DummyOutput())


def test_options_flow_into_lines_that_fit_the_width() -> None:
    many = [Choice(i, f"Option number {i}") for i in range(9)]
    lines = choice_lines("Pick one", many, 0, 40, "hint")
    texts = ["".join(fragment[1] for fragment in line) for line in lines]
    assert texts[0] == "Pick one" and texts[-1] == "hint"
    assert all(len(text) <= 40 for text in texts)
    assert "▸1) Option number 0" in texts[1]  # the selection is marked without colour
    assert choice_height("Pick one", many, 40, "hint") == len(lines) > 3


def test_a_disabled_option_shows_why_and_no_key(keys: PipeInput) -> None:
    lines = choice_lines("", [Choice("a", "Apple"), Choice("b", "Bea", enabled=False, note="protected")], 0, 80)
    text = "".join(fragment[1] for fragment in lines[0])
    assert "Bea (protected)" in text and "1) Apple" in text
    assert "2)" not in text  # its key would do nothing: not shown


def test_a_long_title_wraps_instead_of_being_cut(keys: PipeInput) -> None:
    title = (
        "The retinue's Guard attacks you: which card does it strike? (a face-down agent survives, "
        "the Guard names Countess)"
    )
    lines = choice_lines(title, FRUIT, 0, 80, "a hint")
    texts = ["".join(fragment[1] for fragment in line) for line in lines]
    assert all(len(text) <= 80 for text in texts)
    assert " ".join(texts[:2]) == title and choice_height(title, FRUIT, 80, "a hint") == len(lines) == 4
    # Drawn by the real prompt on an 80-column output, the whole title is there.
    drawn = io.StringIO()
    output = Vt100_Output(drawn, lambda: Size(rows=24, columns=80), term="xterm")
    keys.send_text("\r")
    assert choose(title, FRUIT, hint="a hint", guard=TYPE_AHEAD, input=keys, output=output) == "a"
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", drawn.getvalue())
    assert all(word in screen.split() for word in title.split()), screen
    assert "Countess)" in screen


SPANISH_GUARD = [Choice(card, card_name(card)) for card in ("Princess", "Countess", "King", "Prince", "Priest")]


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("typed", "picked"),
    [
        ("principe\r", "Prince"),  # no accent, lower case
        ("PRÍNCIPE\r", "Prince"),
        ("PRIN\r", "Princess"),  # several begin so: the first listed
        ("princ" + "i\r", "Prince"),
        ("rey\r", "King"),
        ("c\r", "Countess"),
        ("king\r", "King"),  # the English name too
        ("prinz\r", "Princess"),  # a letter that matches nothing is ignored
        ("reyx\x7f\x7f\x7fcondesa\r", "Countess"),  # Backspace takes letters back
        ("rey" + DOWN + "\r", "Prince"),  # arrows still move
        ("rey5", "Priest"),  # and numbers still pick
    ],
)
def test_typing_a_card_name_selects_it(keys: PipeInput, spanish: None, typed: str, picked: str) -> None:
    assert ask(keys, typed, SPANISH_GUARD) == picked


def test_typing_keeps_the_question_mark_and_skips_disabled_cards(keys: PipeInput, spanish: None) -> None:
    assert ask(keys, "pri?", SPANISH_GUARD, allow_help=True) is Nav.HELP
    options = [Choice("King", "Rey", enabled=False, note="no"), Choice("Countess", "Condesa")]
    assert ask(keys, "rey\r", options) == "Countess"  # Rey cannot be picked: nothing selected by it


def test_the_hint_tells_how_to_type_a_name_only_for_cards(spanish: None) -> None:
    cards = " ".join("".join(f[1] for f in line) for line in choice_lines("¿Cuál?", SPANISH_GUARD, 0, 80, "h"))
    fruit = " ".join("".join(f[1] for f in line) for line in choice_lines("¿Cuál?", FRUIT, 0, 80, "h"))
    assert "escribe el nombre de una carta" in cards
    assert "escribe" not in fruit
    typed = choice_lines("¿Cuál?", SPANISH_GUARD, 3, 80, "h", "prin")
    assert "escrito: prin" in "".join(f[1] for f in typed[-1]) and len(typed) == choice_height(
        "¿Cuál?", SPANISH_GUARD, 80, "h"
    )


def test_press_waits_for_enter_or_a_given_key(keys: PipeInput) -> None:
    keys.send_text("x\r")
    assert press("Go on", guard=TYPE_AHEAD, input=keys, output=DummyOutput()) is True
    keys.send_text("q")
    assert press("Go on", keys={"q": False}, guard=TYPE_AHEAD, input=keys, output=DummyOutput()) is False


def test_pause_ends_on_its_own(keys: PipeInput) -> None:
    started = time.monotonic()
    pause("Bot 1 has played.", 0.2, input=keys, output=DummyOutput())
    assert 0.15 < time.monotonic() - started < 5


def test_no_pause_at_all_with_zero_seconds() -> None:
    started = time.monotonic()
    pause("Bot 1 has played.", 0)
    assert time.monotonic() - started < 0.1


def test_ask_text_takes_the_default_and_rejects_what_check_refuses(keys: PipeInput) -> None:
    keys.send_text("\r")
    assert ask_text("Name? ", default="Player 1", guard=TYPE_AHEAD, input=keys, output=DummyOutput()) == "Player 1"
    keys.send_text("Ana\r\x7f\x7f\x7fBea\r")  # "Ana" is refused; erase it and type another
    refuse = lambda n: "taken" if n == "Ana" else None  # noqa: E731
    answer = ask_text("Name? ", check=refuse, guard=TYPE_AHEAD, input=keys, output=DummyOutput())
    assert answer == "Bea"
