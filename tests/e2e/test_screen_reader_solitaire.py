"""``loveletter solitaire --screen-reader``, read from the raw output stream as a screen reader reads it: each
turn's board as labelled lines (deal, turn, streak, the queue place by place, hand, agent, piles), what happened
one line each, the questions' numbered options once, the result and the streak as lines; in English and in
Spanish. The layouts are test_solitaire's: a win in four Guards, a loss to the retinue's Guard."""

from __future__ import annotations

import json
import re
from pathlib import Path

from loveletter.i18n import card_name, set_language, t
from loveletter.tui.lines import ascii_text
from loveletter.tui.screen import ENTER_ALT
from tests.e2e.reading import answer, heard
from tests.e2e.terminal import Terminal, program_env
from tests.e2e.test_solitaire import LOSS, WIN


def said(key: str, **values: object) -> str:
    return ascii_text(t(key, **values))


def run(tmp_path: Path, layout: object, lang: str, keys: list[str]) -> str:
    """Play ``layout`` answering each question with the next of ``keys``; what the program wrote, checked to be
    plain ASCII lines on the normal screen with no control sequence at all."""
    set_language(lang)
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(layout), encoding="utf-8")
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"), LOVELETTER_LANG=lang)
    del env["NO_COLOR"]  # no colour without being told
    term = Terminal(["solitaire", "--screen-reader", "--layout-file", str(path)], env=env)
    asks = said("play.reader.choice").split("(")[0]  # "Your choice ": with or without "b to go back"
    try:
        at = 0
        for key in keys:
            at = answer(term, asks, key, after=at)
        assert term.finish() == 0
    finally:
        term.close()
    raw = bytes(term.raw)
    assert all(byte < 128 for byte in raw), "ASCII only"
    assert ENTER_ALT.encode() not in raw and not re.findall(rb"\x1b", raw)
    return heard(term)


def test_a_win_read_as_lines(tmp_path: Path) -> None:
    text = run(tmp_path, WIN, "en", ["1", "6", "7", "1", "4", "4", "1", "2", "3", "1", "1", "n"])
    lines = text.splitlines()
    # The first turn: how the game is dealt, then the board in labelled lines, then the question once.
    assert lines[0].startswith("Six face-down cards stand before the Princess.")
    assert lines[1] == "Love Letter Solitaire - stacked deal - turn 1."
    assert lines[2] == "Streak 0 (best 0) - won 0 of 0."
    queue = "; ".join(
        [*(f"Q{n} face down" + (", next" if n == 1 else "") for n in range(1, 7)), "Q7 Princess (9), safe"]
    )
    assert lines[3] == f"The queue (the retinue plays from the left): {queue}."
    assert lines[4:9] == [
        "Your hand: Guard.",
        "Secret agent: face down: unknown.",
        "Draw pile: 7.",
        "Discard pile: empty.",
        "Unseen (14): Countess 1, King 1, Prince 2, Handmaid 2, Baron 2, Priest 2, Guard 4.",
    ]
    assert text.count("Your turn: draw a card and play, or play your secret agent?") == 4  # one per turn
    # A draw is one line, then the hand again (not the whole board: the turn goes on).
    drew = lines.index("You draw the Guard (6 left to draw).")
    assert lines[drew + 1] == "Your hand: Guard, Guard." and lines[drew + 2] == "Guard: on which queue card?"
    # Each move is one line, told once, before the next turn's board.
    move = "You play the Guard on Q6, naming the King. Right: Q6 was the King. Q6, the King, is discarded."
    assert lines.count(move) == 1
    retinue = lines.index("The retinue plays Q1: the Countess. The Countess has no effect.")
    assert lines[retinue + 1] == "Love Letter Solitaire - stacked deal - turn 2."  # the player's second turn
    # The options of a question once each, numbered.
    start = text.index("Guard on Q6 face down: name a card:")
    named = text[start : text.index("Your choice", start)]
    assert named.count("7: King") == 1 and named.count("9: Princess") == 1
    # The result: why, and the streak.
    end = lines[lines.index("The queue is empty: the Princess has no one left to guard her.") :]
    assert end[1:4] == ["Streak 1 (best 1) - won 1 of 1.", "Play again?", "y: Yes"]
    assert lines[-1] == "Thanks for playing. Streak 1 (best 1) - won 1 of 1"


def test_a_loss_read_as_lines_in_spanish(tmp_path: Path) -> None:
    set_language("es")
    keys = ["1", "2", "2", "1", t("solitaire.choice.yes_key"), t("solitaire.choice.no_key")]
    text = run(tmp_path, LOSS, "es", keys)
    lines = text.splitlines()
    assert said("solitaire.table.header_stacked", turn=1) + "." in lines
    assert said("play.reader.hand", cards=card_name("Countess")) in lines
    assert said("solitaire.reader.agent", agent=t("solitaire.table.agent_down")) in lines
    assert any(line.startswith(said("solitaire.reader.queue", places="Q1 ").split("Q1")[0]) for line in lines)
    # The retinue's Guard is one line, then its question with the options once.
    threat = text[text.index(ascii_text(t("solitaire.ask.threat_guard", guess="X")).split("X")[0][:30]) :]
    hand = said("solitaire.choice.hand", card=card_name("Countess"))
    assert threat.count(f"1: {hand}") == 1
    struck = said("solitaire.end.guard_hit_known", slot="Q1", own=t("solitaire.place.hand"), card=card_name("Countess"))
    assert said("solitaire.end.loss_title") in lines and struck in lines
    streak = said("solitaire.streak.line", current=0, best=0, won=0, played=1)
    assert streak + "." in lines and lines[-1] == said("solitaire.end.bye", streak=streak)
