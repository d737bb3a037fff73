"""`loveletter solitaire` in an 80x24 pseudo-terminal, from stacked layouts: a win, a loss, Ctrl-C, no terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

#: Q6, Q5 and Q4 fall to Guards named right while the retinue plays Countess, Priest, Priest; then a Guard
#: discards the Princess, alone in the queue.
WIN = {
    "queue": ["Countess", "Priest", "Priest", "Baron", "Handmaid", "King"],
    "hand": "Guard",
    "agent": "Baron",
    "draws": ["Guard", "Guard", "Guard", "Handmaid"],
}
#: Q1 is a Guard; the player takes it on the known hand card.
LOSS = {"queue": ["Guard"], "hand": "Countess", "agent": "Baron", "draws": ["Priest"]}
#: The whole deck as a list: Q1..Q6, hand, agent, then the draw pile from the top.
LIST_LAYOUT = [
    "Guard", "Baron", "Countess", "King", "Prince", "Handmaid",
    "Priest", "Guard", "Guard", "Guard", "Guard", "Priest", "Baron", "Prince", "Handmaid",
]  # fmt: skip


def start(tmp_path: Path, layout: object) -> Terminal:
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(layout), encoding="utf-8")
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"))
    return Terminal(["solitaire", "--layout-file", str(path)], env=env)


def records(tmp_path: Path) -> list[dict[str, object]]:
    """The saved records, the deal of an unfinished game opened (it is sealed in the file)."""
    from loveletter.records.fileformat import opened

    folder = tmp_path / "home" / "games"
    return [opened(json.loads(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.json"))]


def test_a_game_played_to_a_win(tmp_path: Path) -> None:
    term = start(tmp_path, WIN)
    try:
        screen = term.wait_for("Your turn: draw a card", "Q1", "Q7 9", "Princess", "face down: unknown")
        assert "Draw pile: 7" in screen and "Unseen (14)" in screen and "stacked deal" in screen
        term.press("1")
        term.wait_for("Guard: on which queue card?", "6) Q6 face down")
        term.press("6")
        term.wait_for("Guard on Q6 face down: name a card:", "7) King")
        term.press("7")
        screen = term.wait_for("Your turn: draw", "Right: Q6 was the King.", "The retinue plays Q1: the Countess.")
        assert "The Countess has no effect." in screen
        term.press("1")  # draw: a new screen with the card drawn
        term.wait_for("Guard: on which queue card?", "4) Q5 face down")
        term.press("4", "4")  # Q5 (the 4th target left), Handmaid: the questions of one decision
        term.wait_for("Your turn: draw", "A Priest turns your face-down agent face up.")
        term.press("1")
        term.wait_for("Guard: on which queue card?", "2) Q4 face down")
        term.press("2", "3")  # Q4, Baron
        term.wait_for("Your turn: draw", "the Priest has no effect")
        term.press("1")
        term.wait_for("Which card do you play?", "1) Guard (1)")
        term.press("1")  # the Guard's only target is the Princess, face up: discarded
        # The win screen is drawn in parts: wait for all of it.
        term.wait_for(
            "You win!",
            "The queue is empty: the Princess has no one left to guard her.",
            "Play again?",
            "Streak 1 (best 1) · won 1 of 1",
        )
        term.press("n")
        assert term.finish() == 0
        assert "Thanks for playing." in term.text()
    finally:
        term.close()
    [record] = records(tmp_path)
    assert record["kind"] == "solitaire" and record["result"] == {"won": True, "reason": "queue_empty", "winners": [0]}
    streak = json.loads((tmp_path / "home" / "solitaire-streak.json").read_text(encoding="utf-8"))
    assert (streak["current"], streak["best"], streak["won"], streak["played"]) == (1, 1, 1, 1)


def test_a_game_played_to_a_loss(tmp_path: Path) -> None:
    term = start(tmp_path, LOSS)
    try:
        term.wait_for("Your turn: draw a card")
        term.press("1")
        term.wait_for("Which card do you play?", "1) Countess (8)", "2) Priest (2)")
        term.press("2")
        term.wait_for("Priest: which card do you turn face up?")
        term.press("2")  # Q2 (Q1 is first)
        # The question starts on the safer card; the hand card, which the Guard knows, is struck after a yes.
        screen = term.wait_for("The retinue's Guard attacks you", "1) your hand (Countess)", "▸2) your agent")
        assert "The retinue plays Q1: the Guard." in screen
        term.press("1")
        term.wait_for("The Guard knows that card: it strikes it and you lose. Choose it anyway?")
        term.press("y")
        term.wait_for(
            "You lose",
            "The Guard from Q1 struck your hand card, the Countess, a card it knew.",  # not "…, or named your agent"
            "Streak 0 (best 0) · won 0 of 1",
            "Play again?",
        )
        term.press("n")
        assert term.finish() == 0
    finally:
        term.close()
    [record] = records(tmp_path)
    assert record["result"] == {"won": False, "reason": "guard_hit", "winners": []}
    assert record["rounds"][0]["actions"] == ["draw", "Priest>Q2", "choose hand"]  # type: ignore[index]


def test_ctrl_c_saves_leaves_the_terminal_clean_and_exits_130(tmp_path: Path) -> None:
    term = start(tmp_path, LIST_LAYOUT)
    try:
        term.wait_for("Your turn: draw a card")
        term.press("1")
        term.wait_for("Which card do you play?")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        text = term.text()
    finally:
        term.close()
    [record] = records(tmp_path)
    assert record["rounds"][0]["actions"] == ["draw"] and record["result"] is None  # type: ignore[index]
    assert record["rounds"][0]["layout"] == LIST_LAYOUT  # type: ignore[index]
    assert "loveletter resume" in text and "Traceback" not in text
    assert left_clean(bytes(term.raw))

    # `loveletter resume FILE` continues at the same point: the drawn card is still in the hand.
    [path] = sorted((tmp_path / "home" / "games").glob("*.json"))
    again = Terminal(["resume", str(path)], env=program_env(LOVELETTER_HOME=str(tmp_path / "home")))
    try:
        again.wait_for("Which card do you play?", "1) Priest (2)", "2) Guard (1)", "Draw pile: 6")
        again.press("ctrl-c")
        assert again.finish() == SIGINT_STATUS
    finally:
        again.close()


def test_a_bad_layout_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({"queue": ["Princess"]}), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "loveletter", "solitaire", "--layout-file", str(path)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=program_env(LOVELETTER_HOME=str(tmp_path)),
        check=False,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "princess is never dealt" in lines[0]


def test_without_a_terminal_one_line_and_exit_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "loveletter", "solitaire"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=program_env(LOVELETTER_HOME=str(tmp_path)),
        check=False,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "needs a terminal" in lines[0] and "Traceback" not in result.stderr
