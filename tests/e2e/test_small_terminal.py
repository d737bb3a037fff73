"""A terminal too small to show a question takes no key (only Ctrl-C): keys pressed while it
says so answer nothing, and the game goes on from the same point once the window is made larger."""

from __future__ import annotations

import json

from loveletter.records import games_dir
from loveletter.records.fileformat import opened
from tests.e2e.terminal import Terminal

TOO_SMALL = "The window is too"  # cut at 20 columns


def test_keys_pressed_on_a_terminal_too_small_answer_nothing() -> None:
    term = Terminal(["play", "--players", "2", "--bots", "1", "--names", "Ana", "--seed", "11", "--delay", "0"],
                    rows=3, columns=20)  # fmt: skip
    try:
        term.wait_for(TOO_SMALL)
        term.press("enter")
        term.press("1")
        term.press("2")
        term.press("enter")
        term.resize(24, 80)
        term.wait_for("Which card do you play?", "Ana (you)", "Bot 1 plays Priest on Ana.")
        [path] = games_dir().glob("*.json")
        record = opened(json.loads(path.read_text(encoding="utf-8")))
        assert record["rounds"][0]["actions"] == ["Priest>0"]  # the computer player's: none of Ana's
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
