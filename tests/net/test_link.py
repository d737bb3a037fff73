"""A guest's link: a question ended by the table closing stays ended, even one that opens a moment later."""

from __future__ import annotations

import asyncio
import contextlib

from prompt_toolkit.output import DummyOutput
from prompt_toolkit.shortcuts import PromptSession

from loveletter.net.link import Link


def _answer(link: Link) -> str | None:
    """Open a question on ``link`` and type an answer into it: the answer read, or None if the question ended
    (``EOFError``) without reading it."""
    with link.interaction() as pipe:
        with contextlib.suppress(OSError):  # a closed pipe takes no keys
            pipe.send_text("yes\r")
        try:
            return PromptSession[str](output=DummyOutput()).prompt("? ")
        except EOFError:
            return None


def test_a_question_opened_after_the_table_closes_ends_at_once() -> None:
    loop = asyncio.new_event_loop()
    try:
        link = Link(loop, None)
        link.abort()  # an ordinary abort ends only the question open then
        assert _answer(link) == "yes"
        link.abort(for_good=True)
        assert _answer(link) is None
        assert _answer(link) is None
    finally:
        loop.close()
