"""The hand-off screen never parts a name from itself or from its tokens at a line's end ("Bot" / "3")."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend

NAMES = ["Ana", "Bea", "Bot 3", "Bot 4", "Bot 5", "Bot 6", "Bot 7", "Bot 8"]


@pytest.mark.parametrize("width", [40, 60, 80])
def test_names_and_their_tokens_stay_together(width: int) -> None:
    set_language("en")
    game = Game("premium", 8, seed=1)
    console = Console(width=width, height=24, file=io.StringIO(), color_system=None)
    front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
    seats = [Seat(n) if i < 2 else Seat(n, "easy") for i, n in enumerate(NAMES)]
    front.start(GameLoop(game, seats, front))
    drawn: list[str] = []

    def press(body: Any, message: str, hint: str = "", **_: Any) -> object:
        with console.capture() as capture:
            console.print(body(20) if callable(body) else body)
        drawn.append(capture.get())
        return True

    front.surface.press = press  # type: ignore[method-assign]
    front.hand_off(1)
    text = drawn[0]
    assert "Pass the computer to Bea" in " ".join(text.split())
    for line in text.splitlines():
        inside = line.strip("║ ").replace("\u00a0", " ")
        assert not re.search(r"\bBot$", inside), text  # a name cut after its first word
        assert not re.match(r"^[0-9]", inside), text  # ...or its number (or tokens) alone on the next line
    for name in NAMES:
        assert re.search(re.escape(name) + r" [○●]", text.replace("\u00a0", " ")), text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_player_knocked_out_is_not_told_to_see_their_cards(lang: str) -> None:
    """Bea, knocked out by Ana's Baron, is handed the laptop at the round's end for what only she saw: she has no
    cards to see, and the hand-off says what she will see instead (issue 48, item 11)."""
    from loveletter.i18n import t
    from tests.support import deal, play

    set_language(lang)
    game = deal("2019", 3, hands=["Baron", "Guard", "Priest"], draws=["King"])
    play(game, "Baron>1")  # Ana's King beats Bea's Guard: Bea is out, and saw Ana's King
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Cal")], front))
    said: list[str] = []

    def press(body: Any, message: str, hint: str = "", **_: Any) -> object:
        said.append(message)
        return True

    front.surface.press = press  # type: ignore[method-assign]
    front.hand_off(1)
    front.hand_off(2)
    assert said == [t("play.handoff.prompt_news", player="Bea"), t("play.handoff.prompt", player="Cal")]
