"""The pace of computer players' moves (``--pace``): with one person at the table a key ends the pause at once;
in a hot-seat game the pause takes no key (a hand-off may follow)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import Terminal

#: Ana (Guard, draws a Priest) misses the computer player, who holds a Priest and draws a Handmaid: whichever
#: it plays, nobody is out.
ROUND = deal("2019", 2, hands=["Guard", "Priest"], draws=["Priest", "Handmaid", "Guard"])
#: Far longer than a test waits for anything: only a key can end such a pause in time.
LONG = 60.0  # the longest pause --pace takes: a key must end it long before


def test_alone_at_the_table_a_key_ends_a_computer_players_pause(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    term = Terminal(["play", "--names", "Ana", "--deal-file", deals, "--pace", str(LONG)])
    try:
        term.wait_for("Which card do you play?", "1 Guard")
        term.press("1")
        term.wait_for("Name a card:")
        term.press("9")  # the Princess: a miss
        screen = term.wait_for("Bot 1 has played.", "Any key: go on.")
        assert "Bot 1 plays" in screen
        term.press("x")
        # Ana's next turn, long before the pause's end; the x reached no question.
        screen = term.wait_for("Which card do you play?", "Ana (you)", timeout=LONG / 3)
        assert "is not one of the options" not in screen
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
