"""Keys pressed a moment too early never cross a screen, in the real program in a pseudo-terminal: two Enters
100-300 ms apart, and a key pressed during or right after a computer player's pause, at every change of screen.
The next person's hand never shows without a deliberate key on their own hand-off screen, and no card is ever
played by a key meant for another screen.

The second key of a double press is sent a human interval after the first (that interval is the scenario, not a
wait); everything else waits for what the screen shows. A prompt appears once it takes keys, so a key sent after
it shows is a deliberate one.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import Terminal, program_env

#: Classic, four people. Ana: Handmaid, draws a Priest. Bea: King, draws the Countess (which she must play).
FOUR = deal("classic", 4, hands=["Handmaid", "King", "Baron", "Guard"], draws=["Priest", "Countess"])
#: Text on the faces of Bea's cards only (never in the tracker, the log or a hand-off screen).
BEA_HAND = ("Trade hands with", "Forced beside the")
#: Questions that follow a card's choice: on the screen, they would mean a card was chosen.
AFTER_A_CARD = ("Whom does", "Name a card", "Who discards", "Your turn is over")


def played(name: str, screen: str) -> bool:
    """Whether the round's log on ``screen`` tells of a card ``name`` played ("Ana plays Guard ..."; "Ana plays
    first." is only who starts)."""
    return re.search(rf"{name} plays (?!first)", screen) is not None


def double(term: Terminal, key: str, gap: float) -> None:
    """``key`` twice, ``gap`` seconds apart: a finger that bounces, or a person who presses twice to be sure."""
    term.press(key)
    time.sleep(gap)
    term.press(key)


def test_double_presses_never_pass_a_hand_off_nor_play_a_card(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [FOUR])
    term = Terminal(
        ["play", "--players", "4", "--ruleset", "classic", "--names", "Ana,Bea,Cal,Dee", "--deal-file", deals]
    )
    try:
        term.wait_for("Ana: press Enter to see your cards.")
        # Hand-off to a decision: the second Enter does not play Ana's first card.
        double(term, "enter", 0.15)
        screen = term.wait_for("Which card do you play?", "Ana (you)", never=AFTER_A_CARD)
        assert not played("Ana", screen)
        # A decision to the end of the turn: the second key does not hide Ana's result before she sees it.
        term.press("1")  # the Handmaid
        time.sleep(0.25)
        term.press("enter")
        screen = term.wait_for("Ana plays Handmaid.", "Your turn is over. Press Enter to hide your cards.")
        assert "Pass the computer" not in screen
        # The end of the turn to a hand-off: the second Enter does not show Bea's hand.
        double(term, "enter", 0.25)
        screen = term.wait_for("Bea: press Enter to see your cards.", never=BEA_HAND)
        term.pump()
        assert not any(text in term.text() for text in BEA_HAND), term.text()
        # Only a deliberate Enter on her own hand-off shows Bea's cards.
        term.press("enter")
        screen = term.wait_for("Which card do you play?", "Bea (you)", *BEA_HAND)
        assert not played("Bea", screen)
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()


def test_the_next_hand_is_safe_from_a_key_pressed_after_a_computer_players_move(tmp_path: Path) -> None:
    # Ana and Bea with Bot 1 (who plays last): after Bea's turn, Bot 1 plays, and Ana is handed the laptop.
    three = deal("classic", 3, hands=["Handmaid", "Handmaid", "Baron"], draws=["Priest", "Priest", "Guard"])
    deals = write_deals(tmp_path / "deals.json", [three])
    args = ["play", "--players", "3", "--bots", "1", "--names", "Ana,Bea", "--level", "random"]
    term = Terminal([*args, "--ruleset", "classic", "--deal-file", deals, "--delay", "1"])
    ana_hand = ("Look at another",)  # the face of the Priest she keeps
    try:
        for name in ("Ana", "Bea"):
            term.wait_for(f"{name}: press Enter to see your cards.")
            term.press("enter")
            term.wait_for("Which card do you play?", f"{name} (you)")
            term.press("1")  # a Handmaid: no target
            term.wait_for("Your turn is over. Press Enter to hide your cards.")
            term.press("enter")
        # "Bot 1 has played." used to say "any key goes on": keys pressed then are dropped (the first one used to
        # end the pause, and the second to pass the hand-off after it).
        term.wait_for("Bot 1 has played.")
        double(term, "enter", 0.25)
        term.wait_for("Ana: press Enter to see your cards.", never=ana_hand)
        term.pump()
        assert not any(text in term.text() for text in ana_hand)
        term.press("enter")
        term.wait_for("Which card do you play?", "Ana (you)", *ana_hand)
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()


def test_a_key_during_or_just_after_a_pause_plays_no_card(tmp_path: Path) -> None:
    # Bot 1 plays first (its Priest on Ana); Ana holds a Guard and draws a Baron: a Guard naming the Priest wins.
    solo = deal("2019", 2, hands=["Guard", "Priest"], draws=["Priest", "Baron"], first_player=1)
    deals = write_deals(tmp_path / "deals.json", [solo])
    args = ["play", "--names", "Ana", "--level", "random", "--deal-file", deals, "--seed", "4", "--delay", "1"]
    term = Terminal(args)
    try:
        term.wait_for("Bot 1 has played.")
        term.press("1")  # during the pause: it takes no key
        term.wait_for("Ana's turn")  # the decision's table is drawn...
        term.press("1")  # ...and a key right after it, before the question shows, is ignored too
        screen = term.wait_for("Which card do you play?", "1) Guard", never=AFTER_A_CARD)
        assert not played("Ana", screen)
        term.press("1")
        term.wait_for("Name a card:", "2) Priest")
        term.press("2")
        term.wait_for("Round 1 is over", "Press Enter to deal the next round.")
        # The round's end to the next round's first decision: the second Enter plays nothing.
        double(term, "enter", 0.25)
        screen = term.wait_for("Which card do you play?", "round 2", "Round 2: Ana plays first.", never=AFTER_A_CARD)
        assert not played("Ana", screen.split("Round 2:")[-1])
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()


def test_the_table_is_drawn_again_whenever_the_terminal_is_resized(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [FOUR])
    args = ["play", "--players", "4", "--ruleset", "classic", "--names", "Ana,Bea,Cal,Dee", "--deal-file", deals]
    # The terminal's own size, never COLUMNS and LINES, which a resize does not change.
    env = {key: value for key, value in program_env().items() if key not in ("COLUMNS", "LINES")}
    term = Terminal(args, env=env, rows=45, columns=160)
    try:
        term.wait_for("Ana: press Enter to see your cards.")
        term.press("enter")
        wide = term.wait_for("Which card do you play?", "4 Handmaid")
        assert any(len(line) > 120 for line in wide.splitlines())  # the log has a column of its own
        # Smaller, mid-turn: the whole table again, fitted to 80x24, above the same question.
        term.resize(24, 80)
        small = term.wait_for("Which card do you play?", "Ana (you)", "Round log", "4 Handmaid")
        assert small.splitlines()[0].startswith(" Love Letter (classic") and "Ana's turn" in small.splitlines()[0]
        # Larger again: laid out anew, wide.
        term.resize(45, 160)
        again = term.wait_for("Which card do you play?", "Ana (you)")
        deadline = time.monotonic() + 60
        while not any(len(line) > 120 for line in again.splitlines()):
            assert time.monotonic() < deadline, again
            again = term.wait_for("Which card do you play?")
        term.press("1")
        term.wait_for("Your turn is over", "Ana plays Handmaid.")
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
