"""A person against their own bot (``play --level FILE.py:CLASS``) in an 80x24 pseudo-terminal: the bot crashes at
its first move, the screen is restored with one line that says what it did and where its log is, and once the
bot is fixed ``resume`` starts it again where the game stopped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loveletter.records import GameRecord
from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

pytestmark = pytest.mark.slow

BOTS = Path(__file__).resolve().parents[1] / "arena" / "table_bots.py"
#: The bot (seat 1) plays first: it holds a Guard and draws a Baron; Ana holds a Priest.
BOT_FIRST = deal("2019", 2, hands=["Priest", "Guard"], draws=["Baron"], first_player=1)


def test_your_bot_crashes_the_game_is_saved_and_resume_starts_it_again(tmp_path: Path) -> None:
    bots = tmp_path / "bots.py"
    bots.write_text(BOTS.read_text(encoding="utf-8"), encoding="utf-8")
    home = tmp_path / "home"
    env = program_env(LOVELETTER_HOME=str(home))
    deals = write_deals(tmp_path / "deals.json", [BOT_FIRST])
    args = ["play", "--level", f"{bots}:First", "--deal-file", deals, "--seed", "1", "--pace", "0"]
    term = Terminal(args, env=env)
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        assert term.finish() == 1
        assert left_clean(bytes(term.raw))
        text = term.text()
        assert "Traceback" not in text
        assert term.says(f"{bots}:First stopped the game: it gave the game up (ZeroDivisionError: out of luck")
        assert term.says(f"Its log: {home / 'bot-logs' / 'First.log'}")
        [path] = (home / "games").glob("*.json")
        name = re.search(r"loveletter resume (\S+)", text)
        assert name is not None and path.name.endswith(f"{name.group(1)}.json")
    finally:
        term.close()
    assert (home / "bot-logs" / "First.log").read_text(encoding="utf-8").count("decision 1, round 1") == 1

    bots.write_text(re.sub(r"AFTER = \d+", "AFTER = 10**9", bots.read_text(encoding="utf-8")), encoding="utf-8")
    term = Terminal(["resume", "--pace", "0"], env=env)
    try:
        term.wait_for("Bot 1 plays")  # the bot, started again, made the move it could not make before
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
    finally:
        term.close()
    record = GameRecord.load(path)
    assert len(record.rounds[0].actions) >= 1  # the bot's move, saved
    assert record.seats[1].bot is not None and record.seats[1].level == f"{bots}:First"
