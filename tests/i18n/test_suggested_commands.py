"""The commands the program suggests are worded as the player started it: ``uv run loveletter …`` under ``uv run``
(a newcomer who followed the README), plain ``loveletter …`` when it is installed as a command. Every message that
shows a command, the lessons' endings included, writes it where :func:`loveletter.i18n.t` words it so: between
backticks, or on a line of its own."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from loveletter.cli import COMMANDS
from loveletter.i18n import LANGUAGES, catalog, set_language, t

#: A command of the program not worded as the program was started.
BARE = re.compile(rf"(?<!uv run )\bloveletter (?:{'|'.join(COMMANDS)})\b")
#: Messages whose placeholder the program fills with a command of its own, and which one it may be.
COMMAND_VALUES = {"learn.stopped": {"lesson": "loveletter learn premium"}, "learn.solitaire.no_reader": {
    "command": "loveletter learn solitaire"}}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_suggested_command_is_worded_as_the_program_was_started(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UV_RUN_RECURSION_DEPTH", "1")  # started by `uv run`, and no `loveletter` on the path
    monkeypatch.setenv("PATH", "")
    set_language(lang)
    commands = 0
    for key, text in catalog(lang).items():
        if key == "records.error.open_elsewhere":  # what another program runs, not a command to type
            continue
        fields = {name for _, name, _, _ in Formatter().parse(text) if name}
        worded = t(key, **{name: COMMAND_VALUES.get(key, {}).get(name, "X") for name in fields})
        commands += worded.count("uv run loveletter ")
        assert not BARE.search(worded), f"{lang} {key}: {worded!r}"
    assert commands > 15  # the check ran over the messages that show commands


def test_the_lessons_end_with_the_command_as_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UV_RUN_RECURSION_DEPTH", "1")
    monkeypatch.setenv("PATH", "")
    assert "`uv run loveletter play`" in t("learn.ready")
    assert "`uv run loveletter solitaire`" in t("learn.solitaire.ready")
    monkeypatch.delenv("UV_RUN_RECURSION_DEPTH")
    assert "`loveletter play`" in t("learn.ready")
