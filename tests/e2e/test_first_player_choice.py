"""House rules with ``first_player_mode = "choose"``: the host picks who starts the first round, publicly, and a
game stopped there resumes with the same first player (the record keeps each round's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.e2e.terminal import SIGINT_STATUS, Terminal, program_env
from tests.engine.scenario import ruleset_with


def test_the_host_chooses_who_starts_and_resume_keeps_it(tmp_path: Path) -> None:
    house = ruleset_with(tmp_path, "classic", first_player_mode="choose").source
    term = Terminal(["play", "--ruleset", house, "--players", "2", "--names", "Ana,Bea", "--delay", "0"])
    try:
        # Asked before anyone's cards are shown: a public screen.
        screen = term.wait_for("Who starts this round?", "1) Ana", "2) Bea")
        assert "the host chooses who plays first" in screen and "(you)" not in screen
        term.press("2")
        term.wait_for("Pass the computer to Bea", "Bea: press Enter to see your cards.")
        term.press("enter")
        term.wait_for("Which card do you play?", "Bea (you)", "Round 1: Bea plays first.")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()

    resumed = Terminal(["resume", "--delay", "0"])
    try:
        screen = resumed.wait_for("Pass the computer to Bea", "Bea: press Enter to see your cards.")
        assert "Who starts" not in screen  # round 1 was dealt: nothing to choose again
        resumed.press("enter")
        resumed.wait_for("Which card do you play?", "Bea (you)", "Round 1: Bea plays first.")
        resumed.press("ctrl-c")
        assert resumed.finish() == SIGINT_STATUS
    finally:
        resumed.close()


def test_without_a_terminal_the_choice_is_drawn_from_the_seed(tmp_path: Path) -> None:
    house = ruleset_with(tmp_path, "classic", first_player_mode="choose").source
    args = ["play", "--ruleset", house, "--players", "4", "--bots", "4", "--level", "random", "--seed", "3"]

    def play() -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "loveletter", *args]
        return subprocess.run(command, capture_output=True, text=True, env=program_env(), timeout=60, check=False)

    first, second = play(), play()
    assert first.returncode == 0, first.stderr
    assert "Round 1: Bot " in first.stdout and first.stdout.splitlines()[-1].startswith("Result: ")
    assert second.stdout == first.stdout  # the same seed, the same game
