"""``TERM=dumb``: the screens keep their first line (rich alone would take such a terminal for 80x25, one line
more than it has, and the top line would scroll away): ``play``, ``solitaire``, ``replay`` and ``review``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from loveletter.records import GameRecord, Seat
from tests.e2e.deals import GUARD_ROUND, write_deals
from tests.e2e.terminal import Terminal, program_env
from tests.e2e.test_solitaire import WIN
from tests.support import deal, play, random_playout


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


def finished_record(path: Path) -> Path:
    """A finished two-player game, Ana's first move a Priest on Bot (saved with the tests' data folder's key)."""
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Baron", "Guard", "Guard"])
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed=5)
    play(game, "Priest>1", "Guard>0=Princess", "Baron>1")
    random_playout(game, random.Random(1))
    record.update(game)
    record.save(path)
    return path


def dumb_env() -> dict[str, str]:
    """A dumb terminal that says nothing of its size but through the terminal itself (no COLUMNS, no LINES)."""
    env = program_env(TERM="dumb")
    del env["COLUMNS"], env["LINES"]
    return env


def test_replay_keeps_its_header_line(tmp_path: Path) -> None:
    path = finished_record(tmp_path / "game.json")
    term = Terminal(["replay", str(path), "--seat", "0"], env=dumb_env())
    try:
        screen = term.wait_for("Replay 0/", "Enter: next", "Ana (you)")
        first = screen.splitlines()[0]
        assert first.startswith(" Love Letter (2019 edition) · round 1 · deck") and "Replay 0/" in first, screen
        term.press("q")
        assert term.finish() == 0
    finally:
        term.close()


def test_review_keeps_its_header_line(tmp_path: Path) -> None:
    path = finished_record(tmp_path / "game.json")
    term = Terminal(["review", str(path)], env=dumb_env())
    try:
        screen = term.wait_for("Decision 1 of", "your choice: Priest on Bot", "Ana (you)", timeout=120)
        first = screen.splitlines()[0]
        assert "round 1 · deck" in first and "Decision 1 of" in first, screen
        term.press("q")
        assert term.finish() == 0
    finally:
        term.close()
