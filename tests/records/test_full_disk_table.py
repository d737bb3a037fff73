"""Issue 34, point 5 at the table: when a save fails, the table says so at once, with the reason, and the game
goes on (the saved-games folder is replaced by a file mid-game: the tests run as root, whom a read-only folder
does not stop)."""

from __future__ import annotations

import os
from pathlib import Path

from loveletter.records import games_dir
from tests.e2e.terminal import Terminal


def test_the_table_says_at_once_that_moves_are_no_longer_saved(tmp_path: Path) -> None:
    term = Terminal(["play", "--players", "2", "--bots", "1", "--names", "Ana", "--seed", "11", "--delay", "0"])
    try:
        term.wait_for("Which card do you play?", "Ana (you)")
        folder = games_dir()
        os.rename(folder, tmp_path / "moved")
        folder.write_text("not a folder", encoding="utf-8")
        term.press("1")
        term.wait_for("Name a card:")
        term.press("2")  # Guard on Bot 1, naming Priest: the move is played, its save fails
        screen = term.wait_for("Moves are no longer being saved", "Enter goes on with the game")
        assert "a part of the path is a file, not a folder" in " ".join(screen.split())
        term.press("enter")
        term.wait_for("Round log")  # the game goes on
        term.press("ctrl-c")
        term.wait_for("The last moves could not be saved")
        term.finish()
    finally:
        term.close()
