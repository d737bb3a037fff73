"""A 4-player classic round, pure hot-seat: hand-off screens, private results, and the round's end, exactly as
``loveletter play --players 4 --ruleset classic`` starts it."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import Terminal

#: Ana: Guard, draws Guard. Bea: Priest. Cal: Baron, draws King. Dee: Handmaid. Ana draws a Prince next.
ROUND = deal("classic", 4, hands=["Guard", "Priest", "Baron", "Handmaid"], draws=["Guard", "King", "Prince"])
#: Card-face texts (they appear only on a hand's cards, never in the tracker or the log).
GUARD_FACE = "Guess another's"
KING_FACE = "Trade hands with"


def test_a_four_player_classic_round(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    term = Terminal(
        ["play", "--players", "4", "--ruleset", "classic", "--names", "Ana,Bea,Cal,Dee", "--deal-file", deals]
    )
    try:
        screen = term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        assert GUARD_FACE not in screen
        term.press("enter")

        # Ana: her two Guards are one choice; the Guard chooses among the three others, then names a card.
        screen = term.wait_for("Which card do you play?", "1 Guard", "Ana (you)")
        assert "4 players" not in screen and "Tokens (4 win)" in screen
        term.press("1")
        term.wait_for("Whom does the Guard choose?", "1) Bea", "2) Cal", "3) Dee")
        term.press("1")
        term.wait_for("Name a card:")
        term.press("2")
        screen = term.wait_for("Bea is out, showing Priest", "Your turn is over")
        term.press("enter")

        # Bea is out, so the computer goes to Cal. The hand-off screen shows nothing of Ana's hand.
        screen = term.wait_for("Pass the computer to Cal", "Cal: press Enter to see your cards.")
        assert GUARD_FACE not in screen and "Guard" not in screen
        term.press("enter")
        screen = term.wait_for("Which card do you play?", "3 Baron", "7 King", "Cal (you)")
        assert GUARD_FACE not in screen  # Ana's remaining Guard is not Cal's to see
        term.press("1")
        term.wait_for("Whom does the Baron choose?", "1) Ana", "2) Dee")
        term.press("2")
        # The comparison's two cards: secret, shown to Cal (and Dee); everyone learns that Dee is out.
        screen = term.wait_for(
            "(secret: Cal has King, Dee has Handmaid.)", "Dee is out, showing Handmaid", "Your turn is over"
        )
        term.press("enter")

        screen = term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        assert KING_FACE not in screen and "secret" not in screen
        term.press("enter")
        screen = term.wait_for("Which card do you play?", "5 Prince")
        assert "Cal has King" not in screen  # Cal's private result is not in Ana's log
        term.press("1")  # the Guard: Cal is the only one left to choose
        term.wait_for("Name a card:", "7) King")
        term.press("7")
        # Dee, knocked out by the Baron, had no turn since: she is handed the laptop to see Cal's King.
        screen = term.wait_for("Pass the computer to Dee", "Dee: press Enter to see what only you saw.")
        assert "King" not in screen
        term.press("enter")
        term.wait_for("(secret: Cal has King, Dee has Handmaid.)", "Dee (you)", "What only you saw is marked *")
        term.press("enter")
        screen = term.wait_for("Round 1 is over", "Ana is the last one standing", "Press Enter to deal")
        assert KING_FACE not in screen
        term.press("q")
        assert term.finish() == 0
        assert "Game stopped after round 1" in term.text()
    finally:
        term.close()
