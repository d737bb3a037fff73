"""The table as text, for ``render()``: the same table a player sees in the terminal, from one seat's view.

It is drawn by the terminal front end's own table (``loveletter.tui.board``), in the player's language, so the
environments show what a person at the table would see and no second drawing of it has to be kept in step. The
front end is imported only when something is rendered.
"""

from __future__ import annotations

import io

from rich.console import Console

from loveletter.engine import View
from loveletter.tui.board import Board, BoardModel


class RenderModeError(ValueError, TypeError):
    """A ``render_mode`` the environment does not draw. It is a ``TypeError`` too, as an environment that takes no
    such argument raises: Stable-Baselines3's ``make_vec_env`` asks for ``render_mode="rgb_array"`` first and, on
    a ``TypeError``, makes the environment without one, so ``make_vec_env("loveletter/LoveLetter-v0")`` works."""


def check_render_mode(mode: str | None, modes: list[str]) -> str | None:
    """``mode`` if the environment draws it (or ``None``), else :class:`RenderModeError`."""
    if mode is not None and mode not in modes:
        raise RenderModeError(f"render_mode must be one of {modes} or None, not {mode!r}")
    return mode


def table_text(view: View, width: int = 100, height: int = 40) -> str:
    """``view`` drawn as the table its seat sees (its hand shown, marked "you")."""
    names = [f"player_{p}" for p in range(view.players)]
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, height=height, color_system=None, force_terminal=False)
    console.print(Board(BoardModel(view, names, view.seat), height=height))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()).rstrip() + "\n"
