"""Premium with five players, two people and three computer players: a Bishop's hit hands the laptop to its
target for their decision, in the middle of another player's turn. Then Ctrl-C leaves the terminal clean."""

from __future__ import annotations

from pathlib import Path

from loveletter.tui.screen import LEAVE_ALT, POP_TITLE, SHOW_CURSOR
from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal

#: Ana: Guard, draws the Bishop. Bea holds a Priest (value 2) and draws a Baron on her turn.
ROUND = deal("premium", 5, hands=["Guard", "Priest", "Handmaid", "Count", "King"], draws=["Bishop", "Baron"])


def test_the_bishops_target_decides_on_another_players_turn(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    term = Terminal(
        [
            *("play", "--ruleset", "premium", "--players", "5", "--bots", "3", "--names", "Ana,Bea"),
            *("--level", "random", "--deal-file", deals, "--seed", "1", "--delay", "0"),
        ]
    )
    try:
        term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Which card do you play?", "1 Guard", "9 Bishop", "Tokens (4 win)")
        term.press("2")
        term.wait_for("Whom does the Bishop choose?", "1) Bea", "2) Bot 1")
        term.press("1")
        # Numbers are named by their own keys, with the cards of that value as the label.
        term.wait_for("Name a number:", "2) Priest / Cardinal", "0) Jester / Assassin")
        term.press("2")
        screen = term.wait_for("A hit! Ana gains a token for the Bishop", "Your turn is over")
        assert "●○○○" in screen
        term.press("enter")

        screen = term.wait_for("Pass the computer to Bea", "Bea: press Enter to see your cards.")
        assert "Guess" not in screen  # nothing of Ana's cards
        term.press("enter")
        screen = term.wait_for("Ana's Bishop guessed your card. Discard it and draw a new one?", "2 Priest")
        assert "1) discard and draw" in screen and "2) keep my card" in screen
        term.press("2")
        # Bea keeps her Priest, and it is her own turn next: she already has the laptop.
        screen = term.wait_for("Which card do you play?", "Bea keeps their card.", "3 Baron")
        assert "Pass the computer" not in screen

        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        # The game's screen is left (cursor shown, alternate screen off) before the message that says how to resume.
        tail = bytes(term.raw).rsplit((SHOW_CURSOR + LEAVE_ALT + POP_TITLE).encode(), 1)[-1].decode()
        assert tail.startswith("Interrupted. The game is saved") and "loveletter resume" in tail
    finally:
        term.close()
