"""Resizing a real terminal (tmux) that answers the program's cursor-position requests, as terminals do outside
the tests: every screen (a hand-off, a turn) is drawn again whole, its top line first, at the new size, growing
and shrinking, past the first screen."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import TIMEOUT
from tests.e2e.test_privacy_tmux import Tmux, need_tmux

ROUND = deal("2019", 2, hands=["Handmaid", "Baron"], draws=["Prince", "Guard"])


@pytest.fixture
def small_game(tmp_path: Path) -> Iterator[Tmux]:
    need_tmux()
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    command = [sys.executable, "-m", "loveletter", "play", "--players", "2", "--names", "Ana,Bea", "--deal-file", deals]
    session = Tmux(command, cwd=str(Path.cwd()), columns=60, rows=20, cpr=True)
    try:
        yield session
    finally:
        session.close()


def settle(tmux: Tmux, fits: Callable[[list[str]], bool]) -> list[str]:
    """Wait until the visible screen's lines pass ``fits`` (the program has drawn again); the lines."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        lines = tmux.screen().splitlines()
        if fits(lines):
            return lines
        if time.monotonic() > deadline:
            raise AssertionError("the screen was never drawn whole again:\n" + "\n".join(lines))
        time.sleep(0.05)


def whole_table(columns: int, rows: int) -> Callable[[list[str]], bool]:
    """The table drawn whole at ``columns`` x ``rows``: the header on the first line, right-aligned to the new
    width, both players' rows, and the question at the bottom."""

    def fits(lines: list[str]) -> bool:
        text = "\n".join(lines)
        first = lines[0].rstrip() if lines else ""
        return (
            first.startswith(" Love Letter")
            and "Ana's turn" in first
            and columns - 2 <= len(first) <= columns
            and "Ana (you)" in text
            and "Bea" in text
            and "Which card do you play?" in "\n".join(lines[-6:])
            and len(lines) <= rows
        )

    return fits


def whole_handoff(columns: int, name: str = "Ana") -> Callable[[list[str]], bool]:
    """The hand-off box whole: its top and bottom borders, the message inside, the question below."""

    def fits(lines: list[str]) -> bool:
        text = "\n".join(lines)
        tops = [line for line in lines if "╔" in line]
        bottoms = [line for line in lines if "╚" in line]
        return (
            len(tops) == 1
            and len(bottoms) == 1
            and lines.index(tops[0]) < lines.index(bottoms[0])
            and f"Pass the computer to {name}" in text
            and f"{name}: press Enter to see your cards." in text
            and all(len(line.rstrip()) <= columns for line in lines)
        )

    return fits


def test_a_hand_off_and_a_turn_are_drawn_whole_after_growing_and_shrinking(small_game: Tmux) -> None:
    tmux = small_game
    tmux.wait_for("Ana: press Enter to see your cards.")
    settle(tmux, whole_handoff(60))
    tmux.resize(100, 30)
    settle(tmux, whole_handoff(100))
    tmux.keys("Enter")
    tmux.wait_for("Which card do you play?")
    for columns, rows in ((100, 30), (120, 40), (80, 24), (60, 20), (160, 45)):
        tmux.resize(columns, rows)
        settle(tmux, whole_table(columns, rows))
    tmux.keys("1")  # the Handmaid
    tmux.wait_for("Your turn is over")
    tmux.keys("Enter")
    tmux.wait_for("Bea: press Enter to see your cards.")
    for columns, rows in ((60, 20), (120, 40), (80, 24)):
        tmux.resize(columns, rows)
        settle(tmux, whole_handoff(columns, "Bea"))
    tmux.keys("C-c")
    tmux.wait_for("Interrupted.")
