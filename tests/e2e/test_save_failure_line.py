"""A save that fails, at the table: when a save fails, every screen of the table says so at once, with the reason,
in a lasting line under its header, and the game goes on without waiting for a key; the line goes once a save
works again (the saved-games folder is replaced by a file mid-game, then put back: the tests run as root, whom a
read-only folder does not stop)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from loveletter.records import games_dir
from tests.e2e.terminal import TIMEOUT, Terminal

BANNER = "Moves are not being saved"


def test_the_table_says_while_saving_fails_that_moves_are_not_saved(tmp_path: Path) -> None:
    term = Terminal(["play", "--players", "2", "--bots", "1", "--names", "Ana", "--seed", "11", "--delay", "0"])
    try:
        term.wait_for("Which card do you play?", "Ana (you)", never=[BANNER])
        folder = games_dir()
        os.rename(folder, tmp_path / "moved")
        folder.write_text("not a folder", encoding="utf-8")
        term.press("1")
        term.wait_for("Name a card:", never=[BANNER])
        term.press("2")  # Guard on Bot 1, naming Priest: the move is played, its save fails
        # No key asked: the computer player moves, and Ana's next question shows the line under the header.
        screen = term.wait_for(BANNER, "Bot 1 plays Countess.", "Which card do you play?")
        lines = screen.splitlines()
        assert lines[1].startswith(f" {BANNER}")
        assert term.says("a part of the path is a file, not a folder): every move tries again.")
        term.press("1")
        term.wait_for("Name a card:", BANNER)  # on every screen while saving fails

        folder.unlink()
        os.rename(tmp_path / "moved", folder)
        term.press("2")  # this move is saved: the line goes
        deadline = time.monotonic() + TIMEOUT
        # Until the second Guard is in Ana's discards (the move was played) and the line is gone.
        while BANNER in term.text() or "Guard Guard" not in term.text():
            assert time.monotonic() < deadline, term.text()
            term.pump()
        term.press("ctrl-c")
        term.wait_for("The game is saved; to continue it", never=["The last moves could not be saved"])
        term.finish()
    finally:
        term.close()
