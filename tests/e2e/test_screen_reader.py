"""Screen-reader mode, read as a screen reader reads it: the raw output stream. Plain ASCII lines in reading
order, no alternate screen, no colour, no cursor moved to draw again; each event one line; each question's
numbered options once; and between two people at one laptop, the screen and its scrollback still cleared."""

from __future__ import annotations

import re
from pathlib import Path

from loveletter.tui.screen import ENTER_ALT, WIPE
from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import Terminal, program_env

#: Ana holds a Handmaid and draws a Prince; Bea holds a Baron and draws a Guard.
ROUND = deal("2019", 2, hands=["Handmaid", "Baron"], draws=["Prince", "Guard"])


def escapes(raw: bytes) -> set[bytes]:
    return set(re.findall(rb"\x1b\[[0-9;?]*[A-Za-z]", raw))


def run(tmp_path: Path, env: dict[str, str], *flags: str) -> bytes:
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    args = ["play", "--players", "2", "--names", "Ana,Bea", "--deal-file", deals, *flags]
    term = Terminal(args, env=env)
    try:
        term.wait_for("Ana: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Your choice (a number):")
        term.press("1", "enter")  # the Handmaid
        term.wait_for("Your turn is over. Press Enter: the screen will be cleared.")
        term.press("enter")
        term.wait_for("Bea: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Your hand: Baron, Guard.", "Your choice (a number):")
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
    return bytes(term.raw)


def test_the_raw_stream_is_plain_lines_in_reading_order(tmp_path: Path) -> None:
    env = program_env()
    del env["NO_COLOR"]  # no colour without being told
    raw = run(tmp_path, env, "--screen-reader")
    assert all(byte < 128 for byte in raw), "ASCII only"
    assert ENTER_ALT.encode() not in raw  # the normal screen, whose lines a reader can go back to
    # No colour, no cursor movement: the only control sequence is the hand-off's wipe (home, clear, scrollback).
    assert escapes(raw) <= {b"\x1b[H", b"\x1b[2J", b"\x1b[3J"}, escapes(raw)
    text = raw.decode("ascii").replace("\r\n", "\n")
    # Ana's turn: labelled lines, then the question and each option once.
    ana = text[text.index("Pass the computer to Ana") : text.index("Pass the computer to Bea")]
    assert "Round 1: Ana plays first." in ana and "Your hand: Handmaid, Prince." in ana
    assert "Tokens: Ana 0 of 6, Bea 0 of 6." in ana
    assert ana.count("Which card do you play?") == 1 and ana.count("1: Handmaid (4)") == 1
    assert ana.count("2: Prince (5)") == 1
    assert "Ana plays Handmaid. Ana is protected." in ana or "Ana plays Handmaid." in ana
    # An event is one line: no line breaks inside it.
    assert any(line.startswith("Ana plays Handmaid.") for line in ana.splitlines())
    # Between the two turns the screen and its scrollback are cleared, and Bea's part shows nothing of Ana's hand.
    cleared = text.rindex(WIPE, 0, text.index("Pass the computer to Bea"))
    bea = text[cleared:]
    assert "Your hand: Baron, Guard." in bea and "Prince" not in bea


def test_the_environment_variable_turns_it_on(tmp_path: Path) -> None:
    raw = run(tmp_path, program_env(LOVELETTER_SCREEN_READER="1"))
    assert ENTER_ALT.encode() not in raw and b"Your hand: Handmaid, Prince." in raw
