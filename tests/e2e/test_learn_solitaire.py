"""`loveletter learn solitaire` played to its end through key presses in an 80x24 pseudo-terminal, in English and
in Spanish: each step's words show over the solitaire board with its normal questions, a wrong guess is corrected
at the guess and asked again, the hint (h) shows and goes, and the lesson ends pointing to `loveletter solitaire`.

Each script entry is ``(step id, keys)``: wait for the step's words and its first question, then type the keys
(those after the first answer the questions that follow within the decision: the card, its target, the guess).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loveletter.i18n import card_name, set_language, t
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

#: The keys of each asked step: options by number, a named card by its value.
SCRIPT: list[tuple[str, tuple[str, ...]]] = [
    ("draw", ("1",)),
    ("priest", ("2", "2")),  # the Priest (2nd card), on Q2 (2nd place)
    ("draw_again", ("1",)),
    ("guard_up", ("1",)),  # two Guards: no card question; Q2, face up, is the first place
    ("threat", ("2",)),  # the face-down agent
    ("draw_third", ("1",)),
    ("guard_named", ("1", "2")),  # the Guard, on Q5; the guess: first wrong (the King, 7), then the Prince (5)
    ("agent", ("2",)),
    ("draw_last", ("1",)),
    ("finish", ("2",)),  # the Guard, listed second; its only target is the Princess
]


def first_line(text: str, width: int = 40) -> str:
    """The start of ``text`` that surely shows on one line of the lesson's panel (it wraps at spaces)."""
    if len(text) <= width:
        return text
    return text[: text.rfind(" ", 0, width)]


def check_whole(screen: str, key: str) -> None:
    """At 80x24 a step's words show whole in their panel (its bottom border drawn), the card tracker stays (the
    words point at it), and the log above them never ends in the middle of a sentence (issue 48, item 3)."""
    lines = screen.splitlines()
    flat = "".join(re.sub("[│┃]", " ", screen).split())
    assert "".join(t(f"{key}.say").split()) in flat, screen
    top = next(i for i, line in enumerate(lines) if t("learn.title", lesson=t("learn.solitaire.title")) in line)
    assert any(line.startswith("╰") for line in lines[top:]), screen
    assert t("solitaire.table.unseen", count="", cards="").split("(")[0].strip() in screen, screen
    rule = next((i for i, line in enumerate(lines) if line.startswith("─ " + t("solitaire.table.log"))), None)
    if rule is not None and rule + 1 < top:
        assert lines[top - 1].rstrip()[-1:] in ".!?…)", screen


def start(tmp_path: Path, lang: str) -> Terminal:
    env = program_env(LOVELETTER_LANG=lang, LOVELETTER_HOME=str(tmp_path / "home"))
    return Terminal(["learn", "solitaire"], env=env)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_solitaire_lesson_plays_to_its_end(tmp_path: Path, lang: str) -> None:
    set_language(lang)
    term = start(tmp_path, lang)
    try:
        term.wait_for(first_line(t("learn.solitaire.intro")), t("learn.begin"))
        term.press("enter")
        for step, keys in SCRIPT:
            key = f"learn.solitaire.{step}"
            # The question's options show once it takes keys (a new screen ignores keys for a moment).
            screen = term.wait_for("▶ " + first_line(t(f"{key}.do")), first_line(t(f"{key}.say")), "▸")
            check_whole(screen, key)
            if step == "draw":  # the coach's hint, and the board again
                term.press("h")
                term.wait_for(t("solcoach.hint.title").strip(), t("solcoach.move.draw"), "▸")
                term.press("h")
                term.wait_for(first_line(t(f"{key}.say")), "▸")
            term.press(*keys)
            if step == "guard_named":
                where = t("solitaire.choice.slot_down", slot="Q5")
                term.wait_for(t("solitaire.ask.named", card=card_name("Guard"), target=where))
                term.press("7")
                term.wait_for(t("learn.title_wrong", lesson=t("learn.solitaire.title")), t("learn.again"))
                term.wait_for(first_line(t(f"{key}.wrong_named")))
                term.press("enter")
                term.wait_for(first_line(t(f"{key}.do")), "▸")
                term.press("5")
        term.wait_for(first_line(t("learn.solitaire.outro")), t("learn.end"))
        term.press("enter")
        assert term.finish() == 0
        assert left_clean(bytes(term.raw))
        assert t("learn.solitaire.ready") in term.text()
    finally:
        term.close()
    # A lesson is not a game to resume or replay, nor one of the streak: nothing is saved.
    assert not list((tmp_path / "home").glob("**/*.json"))


def test_ctrl_c_leaves_the_solitaire_lesson_with_one_line(tmp_path: Path) -> None:
    set_language("en")
    term = start(tmp_path, "en")
    try:
        term.wait_for(t("learn.begin"))
        term.press("enter")
        term.wait_for(first_line(t("learn.solitaire.draw.say")), "▸")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        lines = [line for line in term.text().splitlines() if line.strip()]
        assert lines == [t("learn.stopped", lesson="loveletter learn solitaire")]
    finally:
        term.close()
