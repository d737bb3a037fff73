"""A Ctrl-C that CPython drops (raised inside a weakref callback or a ``__del__``, where it is only reported as
"unraisable") is kept, and the next question raises it instead of waiting for an answer; other unraisable errors
still reach the hook that was there before."""

from __future__ import annotations

import gc
import sys
import weakref

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from loveletter.tui import interrupts
from loveletter.tui.prompts import TYPE_AHEAD, Choice, choose, press


class Thing:
    pass


def dropped(error: BaseException) -> None:
    """Raise ``error`` where CPython can only report it: in the callback of a weak reference as its object goes."""

    def callback(_: object) -> None:
        raise error

    thing = Thing()
    ref = weakref.ref(thing, callback)
    del thing
    gc.collect()
    assert ref() is None


@pytest.fixture
def hooked(monkeypatch: pytest.MonkeyPatch) -> list[BaseException | None]:
    """:func:`interrupts.install` over a recording hook; what reached that hook."""
    seen: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_value))
    monkeypatch.setattr(interrupts, "_state", interrupts._State())
    interrupts.install()
    return seen


def test_a_dropped_ctrl_c_is_raised_at_the_next_question_and_only_there(hooked: list[BaseException | None]) -> None:
    dropped(KeyboardInterrupt())
    assert hooked == []  # kept, not reported
    with create_pipe_input() as keys:
        keys.send_text("\r")
        with pytest.raises(KeyboardInterrupt):
            press("Press Enter", guard=TYPE_AHEAD, input=keys, output=DummyOutput())
    # Raised once: the question after it is answered as usual.
    with create_pipe_input() as keys:
        keys.send_text("2")
        choices = [Choice("a", "Apple"), Choice("b", "Banana")]
        assert choose("Which?", choices, guard=TYPE_AHEAD, input=keys, output=DummyOutput()) == "b"


def test_other_unraisable_errors_reach_the_previous_hook(hooked: list[BaseException | None]) -> None:
    error = ValueError("a bug in a destructor")
    dropped(error)
    assert hooked == [error]
    with create_pipe_input() as keys:
        keys.send_text("\r")
        press("Press Enter", guard=TYPE_AHEAD, input=keys, output=DummyOutput())
