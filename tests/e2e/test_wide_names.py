"""Names with an emoji and a skin tone, a flag, an emoji variation selector or a combining mark do not shift the
table's columns at 80x24, on a terminal that draws each code point on its own (pyte, as many
terminals do: the thumb and its skin tone four cells, where the program counts two): the seats' rows stay one
line each, their columns in line, and nothing runs over the screen's edge."""

from __future__ import annotations

from tests.e2e.terminal import Terminal

NAMES = ["Ana👍🏽", "🇪🇸Bea", "Eva❤️", "Ro\u0336b"]


def test_the_table_columns_line_up_whatever_the_names() -> None:
    term = Terminal(["play", "--players", "4", "--names", ",".join(NAMES), "--seed", "3", "--delay", "0"])
    try:
        term.wait_for("press Enter to see your cards")
        term.press("enter")
        text = term.wait_for("Which card do you play?", "Tokens")
        screen = term.screen
        assert text.splitlines()[0].startswith(" Love Letter (2019 edition)")  # nothing scrolled off the top
        header = next(y for y, line in enumerate(text.splitlines()) if "Tokens" in line)
        rows = range(header + 1, header + 1 + len(NAMES))
        for y, name in zip(rows, ("Ana", "Bea", "Eva", "R"), strict=True):  # one line each, in the seats' order
            assert name in text.splitlines()[y], text
        tokens = {min(x for x in range(screen.columns) if screen.buffer[y][x].data == "○") for y in rows}
        discards = {min(x for x in range(screen.columns) if screen.buffer[y][x].data == "–") for y in rows}
        title = text.splitlines()[header]
        assert tokens == {title.index("Tokens")}, text
        assert len(discards) == 1, text
        term.press("ctrl-c")
        term.wait_for("to continue it")
        term.finish()
    finally:
        term.close()
