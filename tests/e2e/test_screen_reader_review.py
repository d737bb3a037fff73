"""``loveletter review --screen-reader``, read from the raw output stream as a screen reader reads it: the
weighing said in two lines (never a line rewritten in place), then one decision at a time as plain ASCII lines,
moved through by typed commands (next, a decision's number, the summary), the summary's lines, and Enter leaves.
The game is test_hints' (a Baron played on a King Ana knew: a marked mistake)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from loveletter.records import GameRecord, Seat
from loveletter.tui.screen import ENTER_ALT
from tests.coach.games import blunder
from tests.e2e.reading import answer, heard
from tests.e2e.terminal import Terminal, program_env
from tests.support import deal as stacked
from tests.support import play, random_playout

KEYS = "Enter or n: next. p: back. A number: that decision. s: the summary. q: leave."


def test_a_review_read_as_lines_and_moved_through_by_typed_commands(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    blunder().save(path)  # the Baron on a King Ana knows, a Guard in hand

    env = program_env()
    del env["NO_COLOR"]  # no colour without being told
    term = Terminal(["review", "--screen-reader", str(path)], env=env)  # the data folder whose key signed it
    try:
        at = answer(term, KEYS, timeout=180)  # Enter: the next decision
        at = answer(term, KEYS, "22", after=at)  # the last one, by its number
        at = answer(term, KEYS, "x", after=at)  # not a command: said so, and asked again
        at = answer(term, KEYS, "s", after=at)  # the summary
        answer(term, "Enter: leave the review.", after=at)
        assert term.finish() == 0
    finally:
        term.close()
    raw = bytes(term.raw)
    assert all(byte < 128 for byte in raw), "ASCII only"
    assert ENTER_ALT.encode() not in raw and not re.findall(rb"\x1b", raw) and b"\r\x1b" not in raw
    lines = heard(term).splitlines()
    assert lines[:2] == ["Weighing Ana's 22 decisions. This may take a while.", "Done: 22 decisions weighed."]
    assert lines[2].startswith("Review of game.json: Love Letter (2019 edition). Ana's decisions")
    # The first decision, then the second (Enter), as lines: which one, the moment, the verdict, the best moves.
    first = lines.index("Decision 1 of 22, round 1.")
    assert lines[first + 1] == "Round 1, turn 1: holding Priest, Baron."
    assert lines[first + 2].startswith("your choice: Priest on Bot (")
    second = lines.index("Decision 2 of 22, round 1.")
    assert lines[second + 1] == "Round 1, turn 3: holding Baron, Guard; knowing Bot holds King."
    assert lines[second + 2].startswith(
        "your choice: Baron on Bot (0% to win the round): -100% - better: Guard on Bot,"
    )
    assert any(
        line.startswith("The best moves, with their chances to win the round: Guard on Bot, naming King 100%")
        for line in lines[second:]
    )
    # A number goes to that decision; a word that is no command is said so.
    assert any(line.startswith("Decision 22 of 22, round ") for line in lines)
    assert "x is not a command here. Type n, p, s, q, or a number from 1 to 22." in lines
    # The summary, then Enter leaves.
    summary = lines.index("Summary:")
    assert lines[summary + 1 : summary + 3] == ["22 decisions weighed; mistakes: 8.", "The biggest mistakes:"]
    assert lines[summary + 3] == "1. Round 1, turn 3: holding Baron, Guard; knowing Bot holds King"


def test_a_replay_in_screen_reader_mode_is_its_plain_text_in_ascii(tmp_path: Path) -> None:
    game = stacked("2019", 2, hands=["Priest", "King"], draws=["Baron", "Guard", "Guard"])
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed=5)
    play(game, "Priest>1", "Guard>0=Princess", "Baron>1")
    random_playout(game, random.Random(1))
    record.update(game)
    path = tmp_path / "game.json"
    record.save(path)
    term = Terminal(["replay", str(path)], env=program_env(LOVELETTER_SCREEN_READER="1", LOVELETTER_LANG="es"))
    try:
        assert term.finish() == 0
    finally:
        term.close()
    raw = bytes(term.raw)
    assert all(byte < 128 for byte in raw) and ENTER_ALT.encode() not in raw and b"\x1b" not in raw
    text = heard(term)
    assert "Ana juega Sacerdote sobre Bot" in text  # the whole game, in order, in the player's language
