"""Option numbers: a player keeps their number across the questions of one decision (the Cardinal's second
player), and a digit that picks nothing says so instead of doing nothing without a word."""

from __future__ import annotations

import io
from collections.abc import Hashable, Sequence
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from rich.console import Console

from loveletter.engine import Action
from loveletter.i18n import set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.prompts import TYPE_AHEAD, Choice, Nav, choice_lines, choose, option_keys
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend, renumbered
from tests.support import deal
from tests.tui.test_keys import Drawn, Typist

FRUIT = [Choice("a", "Apple"), Choice("b", "Banana"), Choice("c", "Cherry")]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def plain(lines: list[Any]) -> list[str]:
    return ["".join(fragment[1] for fragment in line) for line in lines]


def test_a_digit_not_on_the_list_is_said_in_the_hints_place() -> None:
    before = plain(choice_lines("Which?", FRUIT, 0, 80, "Enter picks"))
    after = plain(choice_lines("Which?", FRUIT, 0, 80, "Enter picks", stray="7"))
    assert before[-1] == "Enter picks"
    assert after[-1] == "7 is not one of the options here: 1, 2, 3."
    assert len(after) == len(before)  # the table above keeps its place
    assert after[:-1] == before[:-1]


def test_a_stray_digit_picks_nothing_and_the_prompt_says_so() -> None:
    drawn = Drawn()
    with create_pipe_input() as keys:
        stray = Typist(keys.send_text, drawn, "Which fruit?", "7")
        stray.start()
        then = Typist(keys.send_text, drawn, "7 is not one of the options here", "\x1b[C\r")  # right, Enter
        then.start()
        answer = choose("Which fruit?", FRUIT, hint="Enter picks", guard=TYPE_AHEAD, input=keys, output=drawn.output)
    assert answer == "b"  # the 7 did not pick, and the selection had not moved
    assert drawn.shows("7 is not one of the options here: 1, 2, 3.")


def test_a_disabled_options_number_picks_nothing_either() -> None:
    choices = [Choice("a", "Apple"), Choice("b", "Banana", enabled=False), Choice("c", "Cherry")]
    lines = plain(choice_lines("Which?", choices, 0, 80, "Enter picks", stray="2"))
    assert lines[-1] == "2 is not one of the options here: 1, 3."


def test_renumbered_choices_keep_the_numbers_given_before() -> None:
    first = [Choice(0, "Ana"), Choice(1, "Bea"), Choice(2, "Cal"), Choice(3, "Dee")]
    numbers: dict[Hashable, str] = dict(zip([c.value for c in first], option_keys(first), strict=True))
    second = renumbered([Choice(0, "Ana"), Choice(2, "Cal"), Choice(3, "Dee"), Choice(None, "nobody")], numbers)
    assert [(c.value, c.key) for c in second] == [(0, "1"), (2, "3"), (3, "4"), (None, "2")]


def test_the_cardinals_second_player_keeps_the_number_of_the_first_question() -> None:
    game = deal("premium", 5, hands=["Cardinal", "Guard", "Priest", "Baron", "King"], draws=["Guard"])
    console = Console(width=80, height=40, file=io.StringIO(), color_system=None)
    front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat(n) for n in ("Ana", "Bea", "Cal", "Dee", "Eve")], front))
    asked: list[tuple[str, dict[str, str]]] = []

    def answer(body: object, title: str, choices: Sequence[Choice[Any]], **_: Any) -> Any:
        keyed = dict(zip((c.label for c in choices), option_keys(choices), strict=True))
        asked.append((title, keyed))
        if len(asked) == 1:
            return next(c.value for c in choices if c.value == "Cardinal")
        if len(asked) == 2:
            return 1  # Bea first...
        if len(asked) == 3:
            return 3  # ...then Dee
        return next(c.value for c in choices if c.enabled)

    front.surface.choose = answer  # type: ignore[method-assign]
    action: Action | Nav = front.decide(0)
    assert not isinstance(action, Nav)
    first, second = asked[1][1], asked[2][1]
    assert "Bea" in first and "Bea" not in second
    shared = [name for name in second if name in first]
    assert len(shared) >= 2 and all(second[name] == first[name] for name in shared), (first, second)
    # Without the renumbering the second list's numbers would have moved up past Bea: the check can fail.
    assert any(option_keys([Choice(n, n) for n in second])[i] != first[n] for i, n in enumerate(second))
