"""A whole 2-player game (a person against the computer, the default game) played through key presses in an
80x24 pseudo-terminal, from the first deal to the game's end."""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.deals import GUARD_ROUND, PRINCESS_ROUND, write_deals
from tests.e2e.terminal import Terminal

#: 2019 with two players: six favor tokens win.
GOAL = 6


def test_a_whole_game_against_the_computer(tmp_path: Path) -> None:
    rounds = [GUARD_ROUND, PRINCESS_ROUND, GUARD_ROUND, GUARD_ROUND, GUARD_ROUND, GUARD_ROUND]
    assert len(rounds) == GOAL
    deals = write_deals(tmp_path / "deals.json", rounds)
    term = Terminal(["play", "--deal-file", deals, "--seed", "1", "--delay", "0"])
    try:
        # Names are asked once; the computer player keeps its own.
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")

        # Round 1: number keys. The Guard is the first card; the only target is chosen for us; 2 names the Priest.
        screen = term.wait_for("Which card do you play?", "1 Guard", "3 Baron")
        assert "Ana (you)" in screen and "Bot 1" in screen and "Pass the computer" not in screen
        term.press("1")
        term.wait_for("Name a card:", "2) Priest")
        term.press("2")
        screen = term.wait_for("Round 1 is over", "Bot 1 is out, showing Priest", "Press Enter to deal")
        assert "●○○○○○" in screen  # Ana's first token
        term.press("enter")

        # Round 2: the Princess asks for a confirmation; "n" steps back, then arrows and Enter pick the Guard.
        term.wait_for("Which card do you play?", "9 Princess")
        term.press("1")
        term.wait_for("Playing the Princess knocks you out of the round")
        term.press("n")
        term.wait_for("Which card do you play?", "▸1) Princess")
        term.press("right")
        term.wait_for("▸2) Guard")
        term.press("enter")
        term.wait_for("Name a card:")
        # Escape steps back within the turn, before anything is committed.
        term.press("escape")
        term.wait_for("Which card do you play?")
        term.press("2")
        term.wait_for("Name a card:")
        term.press("2")
        term.wait_for("Round 2 is over", "●●○○○○", "Press Enter to deal")
        term.press("enter")

        # Round 3: ? shows the card reference of the ruleset in play, then back to the same question.
        term.wait_for("Which card do you play?")
        term.press("?")
        term.wait_for("Value", "Copies", "Effect", "Chancellor", "6 tokens to win", "press Enter for the next one")
        term.press("enter")
        # ...then how a game goes; Escape goes back to the game from any page.
        term.wait_for("How a game goes", "A turn", "Esc back to the game")
        term.press("escape")
        term.wait_for("Which card do you play?")
        term.press("1", "2")
        term.wait_for("Round 3 is over", "Press Enter to deal")
        term.press("enter")

        for number in (4, 5):
            term.wait_for("Which card do you play?", f"round {number}")
            term.press("1", "2")
            term.wait_for(f"Round {number} is over", "Press Enter to deal")
            term.press("enter")

        term.wait_for("Which card do you play?", "round 6")
        term.press("1", "2")
        screen = term.wait_for(
            "The game is over", "Ana wins the game!", "●●●●●●", "Press Enter for the game's summary."
        )
        assert "Thanks for playing" not in screen  # not before the summary and the offer of another game
        term.press("enter")
        # The game round by round: who won each round and how, and the tokens after it; then the thanks.
        summary = term.wait_for("The game, round by round", "Play again, with the same players and rules?")
        assert term.says("Thanks for playing!")
        assert summary.index("Play again") < summary.index("Thanks for playing")
        rows = [line.split() for line in summary.splitlines() if line.strip()[:1].isdigit()]
        assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
        assert all(" ".join(row[1:]).startswith("Ana last one standing") for row in rows), summary
        assert [row[-2:] for row in rows] == [[str(n), "0"] for n in range(1, 7)]  # Ana's tokens, then Bot 1's
        # Play again: the same seats and rules, a new game (its own record).
        term.press("y")
        screen = term.wait_for("Which card do you play?", "round 1", "Ana (you)", "Bot 1")
        assert "○○○○○○" in screen and "●" not in screen
        term.press("ctrl-c")
        assert term.finish() == 130
        # Back on the normal screen: a public summary of the first game, and where the second is saved.
        text = term.text()
        assert "Game over: Ana won." in text and "loveletter resume" in text
    finally:
        term.close()
    assert len(list((Path(os.environ["LOVELETTER_HOME"]) / "games").glob("*.json"))) == 2
