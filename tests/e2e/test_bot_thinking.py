"""A person against their own bot (``play --level FILE.py:CLASS``) that takes a while, in an 80x24
pseudo-terminal: the table says the bot is thinking and what Ctrl-C does, until its move is shown; Ctrl-C then
stops the game as at any other moment (saved, one line, exit status 130); in screen-reader mode, one line said
once. The bot thinks until the test has seen the note (it waits for a file the test makes): no test waits a fixed
time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

pytestmark = pytest.mark.slow

BOTS = Path(__file__).resolve().parents[1] / "arena" / "table_bots.py"
#: The bot (seat 1) plays first, and can only play a Handmaid: the round goes on to Ana's turn.
BOT_FIRST = deal("2019", 2, hands=["Priest", "Handmaid"], draws=["Handmaid"], first_player=1)
NOTE = "Bot 1 is thinking…"
CTRL_C = "Ctrl-C stops the game (it is saved)"
SAID = "Bot 1 is thinking. Ctrl-C stops the game; it is saved."


def start(tmp_path: Path, *flags: str) -> tuple[Terminal, Path, Path]:
    """``play`` against the bot that waits; the terminal, the file that lets it go on, and the data folder."""
    bots = tmp_path / "bots.py"  # a copy: the bot's file as the user has it, anywhere
    bots.write_text(BOTS.read_text(encoding="utf-8"), encoding="utf-8")
    go, home = tmp_path / "go", tmp_path / "home"
    env = program_env(LOVELETTER_HOME=str(home), TABLE_BOTS_GO=str(go))
    deals = write_deals(tmp_path / "deals.json", [BOT_FIRST])
    args = ["play", "--level", f"{bots}:Waits", "--deal-file", deals, "--seed", "1", "--pace", "0", *flags]
    return Terminal(args, env=env), go, home


def test_the_table_says_your_bot_is_thinking_until_its_move_is_shown(tmp_path: Path) -> None:
    term, go, _ = start(tmp_path)
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        screen = term.wait_for(NOTE, CTRL_C)
        assert "Ana (you)" in screen and "Priest" in screen  # Ana's own view: she is the only person at the table
        go.touch()
        screen = term.wait_for("Bot 1 plays Handmaid", "Which card do you play?")
        assert "thinking" not in screen
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()


def test_ctrl_c_while_your_bot_thinks_stops_the_game_saved(tmp_path: Path) -> None:
    term, _, home = start(tmp_path)
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        term.wait_for(NOTE)
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        text = term.text()
        assert "Traceback" not in text and "thinking" not in text
        assert term.says("Interrupted. The game is saved; to continue it:")
        [path] = (home / "games").glob("*.json")
        name = re.search(r"loveletter resume (\S+)", text)
        assert name is not None and path.name.endswith(f"{name.group(1)}.json")
        assert [line for line in text.splitlines() if line.strip()] == [
            "Interrupted. The game is saved; to continue it:",
            f"  loveletter resume {name.group(1)}",
        ]
    finally:
        term.close()


def test_in_screen_reader_mode_the_note_is_one_line_said_once(tmp_path: Path) -> None:
    term, go, _ = start(tmp_path, "--screen-reader")
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        term.wait_for(SAID)
        go.touch()
        term.wait_for("Bot 1 plays Handmaid", "Your choice (a number):")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()
    heard = bytes(term.raw).decode("ascii").replace("\r\n", "\n").splitlines()
    assert heard.count(SAID) == 1
    assert heard.index(SAID) < next(i for i, line in enumerate(heard) if line.startswith("Bot 1 plays Handmaid"))
