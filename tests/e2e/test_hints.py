"""The coach in the real program, in an 80x24 pseudo-terminal: h shows the hint on the decision's screen (twice
when the first h types the Handmaid's name), never on a hand-off screen; ``--no-hints`` turns it off (``resume
--no-hints``: for the rest of a saved game) and the record says so; ``loveletter review`` steps through a
finished game's decisions."""

from __future__ import annotations

import json
from pathlib import Path

from loveletter.records import GameRecord
from tests.coach.games import blunder
from tests.e2e.deals import GUARD_ROUND, deal, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

#: Ana holds a Guard and draws a Handmaid: the first h selects the Handmaid, a second one shows the hint.
HANDMAID_ROUND = deal("2019", 2, hands=["Guard", "Priest"], draws=["Handmaid"])


def saved_record(home: Path) -> GameRecord:
    [path] = (home / "games").glob("*.json")
    record = GameRecord.load(path)
    assert json.loads(path.read_text(encoding="utf-8"))["hints"] is record.hints
    return record


def h_does_nothing(term: Terminal) -> None:
    """At the first question of :data:`GUARD_ROUND` with hints off: h does nothing, 1 plays the Guard; then Ctrl-C
    (the game is saved)."""
    term.wait_for("Which card do you play?", "1 Guard", "3 Baron")
    term.press("h", "1")
    term.wait_for("Name a card:", "2) Priest", never=["Hints for"])
    term.press("ctrl-c")
    assert term.finish() == SIGINT_STATUS


def test_h_shows_the_hint_and_h_again_the_table(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND, HANDMAID_ROUND])
    home = tmp_path / "home"
    term = Terminal(
        ["play", "--deal-file", deals, "--seed", "1", "--delay", "0"], env=program_env(LOVELETTER_HOME=str(home))
    )
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        term.wait_for("Which card do you play?", "1 Guard", "3 Baron")
        term.press("h")
        screen = term.wait_for(
            "Hints for Ana · round 1", "They may hold", "Your moves, best first", "Which card do you play?"
        )
        assert "Guard on Bot 1, naming Priest" in screen
        term.press("h")  # the table again, the same question
        screen = term.wait_for("Which card do you play?", "Round log")
        assert "They may hold" not in screen
        term.press("1")
        term.wait_for("Name a card:", "2) Priest")
        term.press("2")
        term.wait_for("Round 1 is over", "Press Enter to deal")
        term.press("enter")

        # Round 2: Ana holds the Guard and the Handmaid: h twice.
        term.wait_for("Which card do you play?", "4 Handmaid", "round 2")
        term.press("h", "h")
        term.wait_for("Hints for Ana · round 2", "Handmaid", "Your moves, best first")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
    finally:
        term.close()
    assert saved_record(home).hints is True


def test_no_hints_turns_h_off_and_the_record_says_so(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND])
    home = tmp_path / "home"
    args = ["play", "--no-hints", "--deal-file", deals, "--seed", "1", "--delay", "0"]
    term = Terminal(args, env=program_env(LOVELETTER_HOME=str(home)))
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        h_does_nothing(term)
    finally:
        term.close()
    assert saved_record(home).hints is False


def test_resume_no_hints_turns_h_off_for_the_rest_of_the_game(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND])
    home = tmp_path / "home"
    env = program_env(LOVELETTER_HOME=str(home))
    term = Terminal(["play", "--deal-file", deals, "--seed", "1", "--delay", "0"], env=env)
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        term.wait_for("Which card do you play?", "1 Guard", "3 Baron")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()
    assert saved_record(home).hints is True

    # Resumed without hints, and once more without the option: they stay off, and the record says so.
    for args in (["resume", "--no-hints", "--delay", "0"], ["resume", "--delay", "0"]):
        term = Terminal(args, env=env)
        try:
            h_does_nothing(term)  # Ana alone at the table: no hand-off screen
        finally:
            term.close()
        assert saved_record(home).hints is False


def test_a_hand_off_screen_never_shows_the_hint(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND])
    home = tmp_path / "home"
    args = ["play", "--players", "2", "--names", "Ana,Bea", "--deal-file", deals, "--seed", "1", "--delay", "0"]
    term = Terminal(args, env=program_env(LOVELETTER_HOME=str(home)))
    try:
        term.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
        term.press("h")  # not a key of the hand-off screen
        term.press("enter")
        term.wait_for("Which card do you play?", "1 Guard", never=["Hints for", "They may hold"])
        term.press("h")
        # Ctrl-C as soon as the hint's screen shows, most often while its moves are still being weighed: it stops
        # the program even when CPython drops it inside a garbage collector's callback (tui/interrupts.py).
        term.wait_for("Hints for Ana · round 1")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()


def test_review_steps_through_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    blunder().save(path)  # the Baron on a King Ana knows, a Guard in hand

    term = Terminal(["review", str(path)])  # the data folder whose key signed the record
    try:
        term.wait_for("Decision 1 of 22", "your choice: Priest on Bot", "Ana (you)", timeout=120)
        term.press("n")
        term.wait_for("Decision 2 of 22 · round 1", "−100%", "better: Guard on")
        term.press("\x1b[F")  # End: the summary
        term.wait_for("Summary", "The biggest mistakes:", "1. Round 1, turn 3")
        term.press("q")
        assert term.finish() == 0
        assert left_clean(bytes(term.raw))
    finally:
        term.close()
