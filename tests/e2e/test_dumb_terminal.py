"""``TERM=dumb``: the screens keep their first line (rich alone would take such a terminal for 80x25, one line
more than it has, and the top line would scroll away)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.e2e.deals import GUARD_ROUND, write_deals
from tests.e2e.terminal import Terminal, program_env
from tests.e2e.test_solitaire import WIN


def test_play_keeps_its_header_line(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND])
    env = program_env(TERM="dumb")
    del env["NO_COLOR"]  # no colour all the same
    term = Terminal(["play", "--names", "Ana", "--deal-file", deals, "--pace", "0"], env=env)
    try:
        screen = term.wait_for("Which card do you play?", "1 Guard")
        first = screen.splitlines()[0]
        assert first.startswith(" Love Letter (2019 edition) · round 1 · deck") and "Ana's turn" in first, screen
        assert not re.search(r"\x1b\[(?:\d+;)*(?:3\d|9[0-7])(?:;\d+)*m", term.raw.decode(errors="replace")), "colour"
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()


def test_solitaire_keeps_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(WIN), encoding="utf-8")
    env = program_env(TERM="dumb", LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["solitaire", "--layout-file", str(path)], env=env)
    try:
        screen = term.wait_for("Your turn: draw a card", "Q7 9")
        first = screen.splitlines()[0]
        assert first.startswith(" Love Letter Solitaire · stacked deal · turn 1") and "Streak 0" in first, screen
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
