"""``loveletter learn --screen-reader``, read from the raw output stream as a screen reader reads it: the lesson's
words, its instruction and its corrections as plain ASCII lines, the table as play's reader mode says it (the
round's events, then the labelled hand), the questions' numbered options once, answers typed as lines; in English
and in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loveletter.i18n import card_name, set_language, t
from loveletter.tui.lines import ascii_text
from loveletter.tui.screen import ENTER_ALT
from tests.e2e.reading import answer, heard, wait_heard
from tests.e2e.terminal import Terminal, program_env


def said(key: str, **values: object) -> str:
    return ascii_text(t(key, **values))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_first_steps_of_the_lesson_read_as_lines(tmp_path: Path, lang: str) -> None:
    set_language(lang)
    env = program_env(LOVELETTER_LANG=lang, LOVELETTER_HOME=str(tmp_path / "home"))
    del env["NO_COLOR"]  # no colour without being told
    term = Terminal(["learn", "--screen-reader"], env=env)
    choice, back = said("play.reader.choice"), said("play.reader.choice_back")
    try:
        at = answer(term, said("learn.begin"))
        at = answer(term, choice, "2", after=at)  # the Priest
        at = answer(term, said("learn.next"), after=at)  # what the table shows now
        at = answer(term, said("learn.next"), after=at)  # Bot's Guard, commented
        at = answer(term, choice, "2", after=at)  # the Baron: not the lesson's card
        at = answer(term, said("learn.again"), after=at)
        at = answer(term, choice, "1", after=at)  # the Guard...
        at = answer(term, back, "3", after=at)  # ...naming the Baron
        at = answer(term, said("play.round.next"), "q", after=at)  # the round's end: leave the lesson
        assert term.finish() == 0
    finally:
        term.close()
    raw = bytes(term.raw)
    assert all(byte < 128 for byte in raw), [raw[max(i - 80, 0) : i + 10] for i, b in enumerate(raw) if b > 127][:3]
    assert ENTER_ALT.encode() not in raw
    assert not re.findall(rb"\x1b\[", raw), "no colour, no cursor moved: one person at the table, nothing wiped"
    text = heard(term)
    lines = text.splitlines()
    # The lesson's title and welcome once, at the start.
    intro = said("learn.basic.intro")
    assert text.count(intro) == 1 and lines[0] == said("learn.title", lesson=t("learn.basic.title")) + "."
    # The first step: the round's first event and the labelled hand, then the lesson's words and what to do, then
    # the question with its options once each.
    step = text[text.index(intro) : text.index(said("learn.basic.priest.done"))]
    hand = said("play.reader.hand", cards=", ".join([card_name("Guard"), card_name("Priest")]))
    instruction = said("learn.reader.do", what=t("learn.basic.priest.do"))
    assert step.index(hand) < step.index(said("learn.basic.priest.say")) < step.index(instruction)
    assert step.index(instruction) < step.index(said("play.ask.card"))
    assert step.count(f"1: {card_name('Guard')} (1)") == 1 and step.count(f"2: {card_name('Priest')} (2)") == 1
    # Each event is one line of its own, said when it happens: the Priest's, then Bot's Guard before its comment.
    assert any(line.startswith("Alex ") and ascii_text(card_name("Priest")) in line for line in lines)
    bots_guard = next(i for i, line in enumerate(lines) if line.startswith("Bot ") and card_name("Guard") in line)
    assert lines.index(said("learn.basic.bot_guard.say")) > bots_guard
    # The wrong card is corrected in lines: the correction's title, what was wrong, the step's own words.
    wrong = said("learn.title_wrong", lesson=t("learn.basic.title")) + "."
    assert wrong in lines
    after = lines[lines.index(wrong) + 1]
    assert after.startswith(said("learn.wrong_card", card=card_name("Baron")))
    # The round's end, with what the lesson says of it.
    assert said("learn.basic.round1.end") in text
    assert said("learn.stopped", lesson="loveletter learn") in text


def test_the_environment_variable_turns_it_on(tmp_path: Path) -> None:
    set_language("en")
    env = program_env(LOVELETTER_SCREEN_READER="1", LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["learn"], env=env)
    try:
        wait_heard(term, "Welcome to Love Letter!", "Press Enter to begin.")
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
    assert ENTER_ALT.encode() not in bytes(term.raw)
