"""Draws ``docs/table.svg``, the picture of the table on the README and the docs site, from the real program.

The program runs in a pseudo-terminal as a player starts it (``loveletter play``, a seeded game against two
computer players), every question is answered with Enter (the option it starts on) until the player has made a
few moves, and the screen at the next question is read cell by cell, colours included, and saved as SVG by rich.
The same seed and the same keys give the same screen, so the picture changes only when the program draws the table
differently; ``tests/test_docs.py`` fails when the file differs from what the program draws today.

    uv run python tools/table_svg.py           # writes docs/table.svg again
    uv run python tools/table_svg.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

import pexpect
import pyte
from rich.console import Console
from rich.style import Style
from rich.text import Text

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "docs" / "table.svg"
ROWS, COLUMNS = 30, 100
ARGS = ("play", "--players", "3", "--bots", "2", "--names", "Ana,Bot 1,Bot 2", "--seed", "11", "--pace", "0")
#: The questions answered before the picture is taken (the first player's turns and their steps).
ANSWERS = 3
#: What the screen shows when it asks the player something: the option the question starts on.
ASKING = "▸"
TITLE = "loveletter play"
#: A bound for one screen to show up, so that a broken program fails instead of hanging: not a pace.
TIMEOUT = 60.0


def screen_text(screen: pyte.Screen) -> str:
    return "\n".join(screen.display)


def wait_for_question(child: pexpect.spawn, stream: pyte.ByteStream, screen: pyte.Screen, shown: str) -> None:
    """Read the program's output until a question other than ``shown`` is on the screen."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        with contextlib.suppress(pexpect.TIMEOUT):
            stream.feed(child.read_nonblocking(65536, timeout=0.2))
        text = screen_text(screen)
        if ASKING in text and text != shown:
            # A screen is drawn in several writes: take it once the program has written nothing more for a moment.
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.5))
                continue
            except pexpect.TIMEOUT:
                return
    raise RuntimeError(f"the program asked nothing within {TIMEOUT:.0f} s; its screen:\n{screen_text(screen)}")


def capture() -> pyte.Screen:
    """The real program's screen at the player's question after :data:`ANSWERS` answers."""
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LOVELETTER_", "NO_COLOR"))}
        env.update(
            TERM="xterm-256color", LANG="C.UTF-8", LOVELETTER_LANG="en", LOVELETTER_HOME=home,
            PROMPT_TOOLKIT_NO_CPR="1", COLUMNS=str(COLUMNS), LINES=str(ROWS),
        )  # fmt: skip
        env.pop("COLORTERM", None)  # the 256 colours every terminal has, not one terminal's true colour
        child = pexpect.spawn(
            sys.executable, ["-m", "loveletter", *ARGS], dimensions=(ROWS, COLUMNS), env=env, cwd=home
        )
        try:
            shown = ""
            for _ in range(ANSWERS):
                wait_for_question(child, stream, screen, shown)
                shown = screen_text(screen)
                child.send("\r")
            wait_for_question(child, stream, screen, shown)
        finally:
            child.terminate(force=True)
    return screen


def _colour(name: str) -> str | None:
    """A pyte colour as rich names it."""
    if name == "default":
        return None
    if len(name) == 6 and all(c in "0123456789abcdef" for c in name):
        return f"#{name}"
    bright = name.startswith("bright")
    base = name.removeprefix("bright").replace("brown", "yellow")
    return f"bright_{base}" if bright else base


def as_text(screen: pyte.Screen) -> Text:
    """The screen's cells as rich text, each with its colours and attributes."""
    text = Text()
    for row in range(screen.lines):
        line = screen.buffer[row]
        for column in range(screen.columns):
            cell = line[column]
            if cell.data == "":  # the second half of a wide character
                continue
            style = Style(
                color=_colour(cell.fg), bgcolor=_colour(cell.bg), bold=cell.bold, italic=cell.italics,
                underline=cell.underscore, reverse=cell.reverse,
            )  # fmt: skip
            text.append(cell.data, style)
        if row < screen.lines - 1:
            text.append("\n")
    return text


def svg() -> str:
    """``docs/table.svg`` as the program draws it today."""
    console = Console(record=True, width=COLUMNS, file=open(os.devnull, "w"), color_system="256")  # noqa: SIM115
    console.print(as_text(capture()), crop=False, soft_wrap=True)
    return console.export_svg(title=TITLE, unique_id="table")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/table.svg is stale; write nothing")
    args = parser.parse_args()
    drawn = svg()
    if args.check:
        stale = not SVG.is_file() or SVG.read_text(encoding="utf-8") != drawn
        print(f"{SVG.relative_to(ROOT)} is {'stale: run tools/table_svg.py' if stale else 'up to date'}")
        return 1 if stale else 0
    SVG.write_text(drawn, encoding="utf-8")
    print(f"wrote {SVG.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
