"""A Ctrl-C is never lost between two questions.

CPython raises ``KeyboardInterrupt`` wherever the main thread happens to be when SIGINT arrives. If that is a
weakref callback or a ``__del__`` (the garbage collector runs them at any allocation: asyncio's set of finished
tasks is cleaned so while the coach weighs a hint), the exception is reported as "unraisable" and dropped, and
the program would go on to wait at its next question as if nothing had been pressed. :func:`install` keeps such
an interrupt, and :func:`raise_kept`, called by every question before it waits, raises it there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable


class _State:
    """What this module remembers (a plain class: importing ``dataclasses`` would slow every command's start)."""

    __slots__ = ("kept", "previous")

    def __init__(self) -> None:
        self.kept = False  # a Ctrl-C was dropped since the last question
        self.previous: Callable[[sys.UnraisableHookArgs], object] | None = None  # the hook before install()


_state = _State()


def install() -> None:
    """Keep interrupts that CPython would drop as unraisable (once per process; other unraisable errors go to
    the hook that was there before)."""
    if _state.previous is None:
        _state.previous = sys.unraisablehook
        sys.unraisablehook = _hook


def _hook(unraisable: sys.UnraisableHookArgs) -> None:
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        _state.kept = True
    elif _state.previous is not None:
        _state.previous(unraisable)


def raise_kept() -> None:
    """Raise ``KeyboardInterrupt`` if a Ctrl-C was dropped since the last question (it is then forgotten)."""
    if _state.kept:
        _state.kept = False
        raise KeyboardInterrupt


__all__ = ["install", "raise_kept"]
