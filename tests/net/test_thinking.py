"""A hosted game: when a computer player takes a while, everyone at the table sees that it is thinking, each on
their own screen and with what Ctrl-C does there (the host stops the game, saved; a guest leaves the table), until
its move is shown."""

from __future__ import annotations

import asyncio
import re

from rich.console import Console

from tests.net.screens import thinking_scene


def test_everyone_at_a_hosted_table_sees_that_a_computer_player_is_thinking() -> None:
    console = Console(record=True, width=100)
    bea, cy, (note, move) = asyncio.run(thinking_scene(console))
    host = console.export_text()
    assert "Gus is thinking…" in host
    assert re.search(r"Join code \S+ · Ctrl-C stops the game \(it is saved\)", host)
    # A guest on frames: the note with the guests' Ctrl-C, then the move, on the screen of their own decision.
    assert "Gus is thinking…" in note and bea.shows(note, "Ctrl-C leaves the table")
    assert "thinking" not in move and "Gus plays Handmaid" in move and "Which card do you play?" in move
    # A guest in screen-reader mode: the note said once, then the move.
    heard = "".join(cy.raw).replace("\r\n", "\n")
    assert heard.count("Gus is thinking...") == 1
    assert heard.index("Gus plays Handmaid", heard.index("Gus is thinking...")) > 0
