"""``play --screen-reader`` in an 80-column terminal says one logical line per thing said, however long: the coach's
hint (``h``) and the cards with how a round goes (``?``) are never broken mid-sentence, neither at the width of some
console (they were, at about 100 columns) nor at the terminal's (issue 48, item 4). Read from the raw output
stream, as a screen reader reads it; in English and in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loveletter.engine import load_ruleset
from loveletter.i18n import ruleset_title, set_language, t
from loveletter.tui.howto import howto_lines
from loveletter.tui.lines import ascii_text
from tests.e2e.reading import answer, heard, wait_heard
from tests.e2e.terminal import COLUMNS, Terminal, program_env

#: A line of the hint's moves: its chance first (``41%``, ``<1%``, ``>99%``), ``~`` for a move about as good.
MOVE = re.compile(r"^(<|>)?\d+% (~ )?\S")


def said(message: str, /, **values: object) -> str:
    return ascii_text(t(message, **values))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_and_the_cards_are_said_in_whole_lines_at_80_columns(tmp_path: Path, lang: str) -> None:
    set_language(lang)
    env = program_env(LOVELETTER_LANG=lang, LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["play", "--screen-reader", "--names", "Ana", "--seed", "5"], env=env)
    choice = said("play.reader.choice")
    try:
        at = answer(term, choice, "h")
        hint_end = answer(term, choice, "?", after=at)
        answer(term, choice, after=hint_end)  # after the cards, the question again: the first option
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
    lines = heard(term).splitlines()
    ruleset = load_ruleset("2019")

    # The hint: its title and what it shows, each player's likely cards on a line, each move with its chance and
    # reason on a line; nothing else, so a line broken anywhere would show as a line of none of these kinds.
    title = said("coach.hint.title", player="Ana", round=1).strip()
    start = next(i for i, line in enumerate(lines) if line.endswith(title))  # after the typed h, on its line
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(said("play.ask.card")))
    hint = lines[start + 1 : end]
    headers = {said(k) for k in ("coach.hint.about", "coach.hint.holds", "coach.hint.moves", "coach.hint.equal")}
    kinds = [
        "header" if line in headers else "odds" if line.startswith("Bot 1: ") else "move" if MOVE.match(line) else line
        for line in hint
    ]
    assert set(kinds) <= {"header", "odds", "move"}, [k for k in kinds if k not in ("header", "odds", "move")]
    assert hint[0] == said("coach.hint.about") and kinds.count("move") >= 2 and kinds.count("odds") == 1
    assert len(hint[0]) > COLUMNS  # longer than the terminal is wide, and said whole all the same

    # The cards, one line each, then how a round goes: each paragraph a line, whole.
    text = "\n".join(lines)
    reference = [ascii_text(ruleset_title(ruleset))] + [ascii_text(line) for line in howto_lines(ruleset)]
    for card in ruleset.mode_for(2).card_ids:
        effect = next(line for line in lines if line.startswith(f"{ruleset.cards[card].value} "))
        assert effect.endswith((".", ")")), effect  # a card's effect ends with its sentence
        reference.append(effect)
    missing = [line for line in reference if f"\n{line}\n" not in f"\n{text}\n"]
    assert not missing, missing
    assert any(len(line) > COLUMNS for line in reference)


def test_the_question_mark_says_the_keys_again(tmp_path: Path) -> None:
    """The lines saying the keys besides the options come with the first question only, and again after ``?``."""
    set_language("en")
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["play", "--screen-reader", "--names", "Ana", "--seed", "5"], env=env)
    choice = said("play.reader.choice")
    keys = [said("play.reader.log_key", key="l"), said("play.reader.hint_key", key="h")]
    keys.append(said("play.reader.help_key", key="?"))
    try:
        at = answer(term, choice, "l")
        at = answer(term, choice, "?", after=at)
        at = wait_heard(term, choice, after=at)
        term.press("ctrl-c")
        term.finish()
    finally:
        term.close()
    text = heard(term)
    first, after_log, after_help = (text[: text.index(choice)], *text[text.index(choice) :].split(choice)[1:3])
    assert all(first.count(key) == 1 for key in keys)
    assert not any(key in after_log for key in keys)  # the question again after l: the keys were just said
    assert all(after_help.count(key) == 1 for key in keys)  # again with the question after ?
