"""A pseudo-terminal for end-to-end tests: the real program under pexpect, its output fed to a pyte screen.

Waits poll the screen for the text expected instead of sleeping, so tests are as fast as the program and fail
with the screen's contents when something does not show up. The timeout is only there to end a test that would
otherwise hang: it is generous, so that a slow or busy machine never fails a test that would pass.

A key is sent once the screen shows the prompt it answers: the program's prompts appear only when they take keys
(keys pressed before a screen was drawn, or during its short grace, are ignored on purpose).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence

import pexpect
import pyte

from loveletter.tui.screen import ENTER_ALT, HIDE_CURSOR, LEAVE_ALT, SHOW_CURSOR

ROWS, COLUMNS = 24, 80
#: How long a screen may take to show what a test waits for: a failing test's bound, not a pace.
TIMEOUT = 60.0
#: What a process stopped by Ctrl-C (SIGINT) exits with, by convention.
SIGINT_STATUS = 130

KEYS = {
    "enter": "\r",
    "escape": "\x1b",
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "ctrl-c": "\x03",
}


def left_clean(raw: bytes) -> bool:
    """The last screen change leaves the alternate screen and shows the cursor."""
    return raw.rfind(LEAVE_ALT.encode()) > raw.rfind(ENTER_ALT.encode()) and raw.rfind(
        SHOW_CURSOR.encode()
    ) > raw.rfind(HIDE_CURSOR.encode())


def program_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LOVELETTER_"))}
    # The test's private data folder (tests/conftest.py), never the real one.
    if "LOVELETTER_HOME" in os.environ:
        env["LOVELETTER_HOME"] = os.environ["LOVELETTER_HOME"]
    env.update(
        PROMPT_TOOLKIT_NO_CPR="1",
        TERM="xterm-256color",
        LANG="C.UTF-8",
        LOVELETTER_LANG="en",
        NO_COLOR="1",
        COLUMNS=str(COLUMNS),
        LINES=str(ROWS),
    )
    env.update(extra)
    return env


class Terminal:
    """``python -m loveletter ARGS`` in a pseudo-terminal (80x24 unless told)."""

    def __init__(
        self, args: Sequence[str], *, env: dict[str, str] | None = None, rows: int = ROWS, columns: int = COLUMNS
    ) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "loveletter", *args],
            dimensions=(rows, columns),
            env=env or program_env(),
            cwd=os.getcwd(),
        )

    # -------------------------------------------------------------------------------------------- reading

    def pump(self, wait: float = 0.05) -> None:
        """Feed whatever the program has written to the screen."""
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=wait)
            except pexpect.TIMEOUT:
                return
            except pexpect.EOF:
                return
            self.raw.extend(data)
            self.stream.feed(data)
            wait = 0.01

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def says(self, phrase: str) -> bool:
        """Whether the screen shows ``phrase`` wherever the terminal wrapped it: a wrap drops the space it breaks
        at, and where it breaks depends on what comes before (a save's path, say), so spaces are left out."""
        return "".join(phrase.split()) in "".join(self.text().split())

    def wait_for(self, *needles: str, timeout: float = TIMEOUT, never: Sequence[str] = ()) -> str:
        """Wait until every one of ``needles`` is on the screen; return the screen's text. Fail at once if the
        screen shows any of ``never`` on the way."""
        deadline = time.monotonic() + timeout
        while True:
            self.pump()
            text = self.text()
            shown = [n for n in never if n in text]
            if shown:
                raise AssertionError(f"the screen showed {shown!r}:\n{text}")
            if all(n in text for n in needles):
                return text
            if time.monotonic() > deadline or (not self.child.isalive() and not self._pending()):
                raise AssertionError(f"never saw {needles!r}; the screen shows:\n{text}")

    def _pending(self) -> bool:
        try:
            data = self.child.read_nonblocking(65536, timeout=0.05)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return False
        self.raw.extend(data)
        self.stream.feed(data)
        return True

    # -------------------------------------------------------------------------------------------- writing

    def resize(self, rows: int, columns: int) -> None:
        """Resize the terminal (the program gets SIGWINCH), and the screen it is read from."""
        self.pump()
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)

    def press(self, *keys: str) -> None:
        """Send keys: names from :data:`KEYS` or literal text."""
        for key in keys:
            self.child.send(KEYS.get(key, key))

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the program to exit; its exit status."""
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.raw.extend(self.child.before or b"")
        self.stream.feed(self.child.before or b"")
        self.child.close()
        return int(self.child.exitstatus if self.child.exitstatus is not None else 128 + (self.child.signalstatus or 0))

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
