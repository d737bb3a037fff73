"""A private result for a player who has no further decision that round: the Baron's knocked-out target is
handed the laptop when the round ends, sees the card that beat them, and nobody else's screen shows it."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import Terminal

#: Ana (Baron, draws the Countess) knocks out Bea (Guard) with her Baron. Cal (Priest) draws a Guard and misses
#: Ana; Ana draws a Guard and knocks Cal out by naming his Priest, which ends the round.
ROUND = deal("2019", 3, hands=["Baron", "Guard", "Priest"], draws=["Countess", "Guard", "Guard"])
#: The Baron's comparison as only Ana and Bea may read it.
SECRET = "Ana has Countess"


def test_the_barons_knocked_out_target_sees_the_winners_card_at_the_rounds_end(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    term = Terminal(["play", "--players", "3", "--names", "Ana,Bea,Cal", "--deal-file", deals, "--delay", "0"])
    others: list[str] = []  # every screen that neither Ana nor Bea alone is looking at
    try:
        term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Which card do you play?", "1) Baron")
        term.press("1")
        term.wait_for("Whom does the Baron choose?", "1) Bea")
        term.press("1")
        assert SECRET in term.wait_for("Your turn is over", "Bea is out")  # Ana sees the comparison at once
        term.press("enter")

        # Bea is out: the laptop goes to Cal, who may not learn Ana's card.
        others.append(term.wait_for("Pass the computer to Cal", "Cal: press Enter to see your cards."))
        term.press("enter")
        others.append(term.wait_for("Which card do you play?", "Cal (you)"))
        term.press("2")  # the Guard, on Ana (the only target)
        others.append(term.wait_for("Name a card:"))
        term.press("9")  # the Princess: a miss
        others.append(term.wait_for("Your turn is over", "A miss"))
        term.press("enter")

        # Ana's Guard knocks Cal out: the round is over.
        term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Which card do you play?", "Ana (you)")
        term.press("2")
        term.wait_for("Name a card:")
        term.press("2")

        # Before the public end screen, Bea is handed the laptop (a hand-off screen that shows nothing private)...
        handoff = term.wait_for("Pass the computer to Bea", "Bea: press Enter to see what only you saw.")
        others.append(handoff)
        assert "Countess" not in handoff
        term.press("enter")
        # ...and sees what beat her, marked as new since her last turn (›) and seen by her only (*), and so
        # explained; a public event is marked new only.
        news = term.wait_for("The round is over. What only you saw is marked *", "Bea (you)")
        assert SECRET in news and "›* Ana plays Baron on Bea." in news
        assert "›  Cal plays Guard on Ana" in news
        assert "› new since your last turn · * only you saw it" in " ".join(news.split()), news
        term.press("enter")

        # Then the public end screen (Cal had no news: no hand-off for him).
        end = term.wait_for("Round 1 is over", "Press Enter to deal the next round.")
        others.append(end)
        assert "(you)" not in end
        for screen in others:
            assert SECRET not in screen and "secret:" not in screen, screen
        term.press("q")
        assert term.finish() == 0
    finally:
        term.close()
