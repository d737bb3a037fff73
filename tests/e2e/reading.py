"""Reading a program's raw output stream as a screen reader does: every byte written, in order, whatever the
terminal's screen still shows (the lines of screen-reader mode scroll away from the 24 rows that pyte keeps)."""

from __future__ import annotations

import time

from tests.e2e.terminal import TIMEOUT, Terminal


def heard(term: Terminal) -> str:
    """Everything the program wrote so far, as text (``\\r\\n`` as ``\\n``)."""
    if not term.child.closed:
        term.pump()
    return bytes(term.raw).decode("utf-8", "replace").replace("\r\n", "\n")


def wait_heard(term: Terminal, *needles: str, after: int = 0, timeout: float = TIMEOUT) -> int:
    """Wait until every one of ``needles`` was written after the text's position ``after``; the position just
    past the last of them (to wait for what comes next from there)."""
    deadline = time.monotonic() + timeout
    while True:
        text = heard(term)
        ends = [text.find(n, after) for n in needles]
        if all(e >= 0 for e in ends):
            return max(e + len(n) for e, n in zip(ends, needles, strict=True))
        if time.monotonic() > deadline or (not term.child.isalive() and not term._pending()):
            raise AssertionError(f"never heard {needles!r} after {after}; the stream ends:\n{text[-3000:]}")


def answer(term: Terminal, prompt: str, typed: str = "", *, after: int = 0, timeout: float = TIMEOUT) -> int:
    """Wait for ``prompt`` after ``after``, then type ``typed`` and Enter; the position past the prompt."""
    at = wait_heard(term, prompt, after=after, timeout=timeout)
    term.press(*([typed] if typed else []), "enter")
    return at
