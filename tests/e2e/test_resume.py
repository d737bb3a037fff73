"""Ctrl-C in the middle of a game, then ``loveletter resume``: the game goes on at the same point, in an 80x24
pseudo-terminal. The terminal is left clean (alternate screen left, cursor shown) and the exit status is 130."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.records import GameRecord
from loveletter.records.library import record_name
from tests.e2e.deals import GUARD_ROUND, PRINCESS_ROUND, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env
from tests.support import random_playout


def test_ctrl_c_saves_and_resume_continues_at_the_same_point(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND, PRINCESS_ROUND])
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["play", "--deal-file", deals, "--seed", "1", "--delay", "0"], env=env)
    try:
        term.wait_for("Player 1, your name?")
        term.press("Ana", "enter")
        term.wait_for("Which card do you play?", "1 Guard")
        term.press("1")
        term.wait_for("Name a card:", "2) Priest")
        term.press("2")
        term.wait_for("Round 1 is over", "Press Enter to deal")
        term.press("enter")
        before = term.wait_for("Which card do you play?", "9 Princess", "1 Guard", "round 2")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        assert "The game is saved; to continue it:" in term.text() and "  loveletter resume 20" in term.text()
    finally:
        term.close()

    [path] = (tmp_path / "home" / "games").glob("*.json")
    record = GameRecord.load(path)
    assert not record.finished and len(record.rounds) == 2 and record.rounds[1].actions == []
    assert [(s.name, s.kind, s.level) for s in record.seats] == [("Ana", "human", None), ("Bot 1", "computer", "easy")]

    term = Terminal(["resume", "--delay", "0"], env=env)
    try:
        # Ana alone at the table: no hand-off screen (nobody to pass the computer to), her turn at once.
        after = term.wait_for("Which card do you play?", "9 Princess", "1 Guard", "round 2")
        assert "Pass the computer" not in term.text()
        assert "●○○○○○" in after  # Ana's token from round 1
        assert before.splitlines()[0] == after.splitlines()[0]  # the same header: round, deck, whose turn
        term.press("ctrl-c")  # and once more: still saved in the same file
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        assert f"  loveletter resume {record_name(path)}" in term.text()  # the command to copy, on a line of its own
    finally:
        term.close()
    assert list((tmp_path / "home" / "games").glob("*.json")) == [path]


def test_replay_steps_through_a_game_in_the_terminal(tmp_path: Path) -> None:
    import random

    from loveletter.engine import Game
    from loveletter.records import Seat

    rng = random.Random(2)
    game = Game("classic", 2, seed=2)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=2)
    random_playout(game, rng)
    record.update(game)
    path = tmp_path / "game.json"
    record.save(path)
    total = sum(len(a) for a in game.actions) + len(game.deals) - 1

    term = Terminal(["replay", str(path), "--seat", "0"])  # the data folder whose key signed the record
    try:
        screen = term.wait_for(f"Replay 0/{total} · round 1", "Enter: next", "Ana (you)")
        assert "Bea (you)" not in screen
        term.press("n")
        term.wait_for(f"Replay 1/{total} · round 1")
        term.press("\x1b[F")  # End
        term.wait_for(f"Replay {total}/{total}", "The end of the record.")
        term.press("q")
        assert term.finish() == 0
        assert left_clean(bytes(term.raw))
    finally:
        term.close()


def test_replay_steps_through_a_solitaire_game_in_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame

    rng = random.Random(3)
    game = SolitaireGame(seed=3)
    while not game.over:
        game.push(rng.choice(game.legal_actions()))
    path = tmp_path / "solitaire.json"
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))  # signed with the key the program will read it with
    SolitaireRecord.start(game).save(path)
    total = len(game.actions)

    term = Terminal(["replay", str(path), "--all"], env=program_env(LOVELETTER_HOME=str(tmp_path)))
    try:
        term.wait_for(f"Replay 0/{total}", "Enter: next", "Face down", "deal 3")
        term.press("n")
        term.wait_for(f"Replay 1/{total}")
        term.press("\x1b[F")  # End
        term.wait_for(f"Replay {total}/{total}", "The end of the record.", "Result: you")
        term.press("q")
        assert term.finish() == 0
        assert left_clean(bytes(term.raw))
    finally:
        term.close()


def test_ctrl_c_before_the_game_begins_saves_nothing(tmp_path: Path) -> None:
    term = Terminal(["play", "--seed", "1", "--delay", "0"], env=program_env(LOVELETTER_HOME=str(tmp_path)))
    try:
        term.wait_for("Player 1, your name?")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        assert "Interrupted before the game began: there was nothing to save." in term.text()
    finally:
        term.close()
    assert not list(tmp_path.glob("games/*.json"))


def test_ctrl_c_during_a_computer_players_pause_saves_the_game(tmp_path: Path) -> None:
    env = program_env(LOVELETTER_HOME=str(tmp_path))
    term = Terminal(["play", "--players", "2", "--bots", "2", "--seed", "3", "--delay", "30"], env=env)
    try:
        term.wait_for("Bot 1 has played.")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        assert "Interrupted. The game is saved" in term.text()
    finally:
        term.close()
    [path] = tmp_path.glob("games/*.json")
    record = GameRecord.load(path)
    assert record.action_count == 1 and not record.finished  # the first computer player's move


def test_ctrl_c_in_a_game_that_could_not_be_saved_never_says_it_is_saved(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")  # the data folder is a file: no record can be written under it
    env = program_env(LOVELETTER_HOME=str(blocker))
    term = Terminal(["play", "--names", "Ana", "--seed", "1", "--delay", "0"], env=env)
    try:
        term.wait_for("Which card do you play?")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        said = " ".join(term.text().split())
        assert "The game could not be saved" in said and "it cannot be resumed" in said
        assert "The game is saved" not in said and "loveletter resume" not in said
    finally:
        term.close()
