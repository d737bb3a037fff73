"""The solitaire's result box, over the last line of its log."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from loveletter.i18n import set_language, t
from loveletter.solitaire import SolitaireGame
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.board import Board
from loveletter.tui.solitaire.streak import Streak
from loveletter.tui.surface import Frames


def end_board(seed: int, height: int) -> tuple[list[str], str]:
    """The last screen of a solitaire game played at random (deal ``seed``) at 80 columns: the board in the
    ``height`` lines a question leaves, and the newest line of its log."""
    game = SolitaireGame(seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.push(rng.choice(game.legal_actions()))
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    app = SolitaireApp(Frames(console, Screen(io.StringIO())), Streak())
    app.game = game
    model = app.model(app.banner())
    with console.capture() as capture:
        console.print(Board(model, height=height), end="")
    return capture.get().splitlines(), model.log[-1].text.plain


@pytest.mark.parametrize("lang", ["en", "es"])
def test_solitaires_result_box_leaves_the_last_log_line_whole(lang: str) -> None:
    """The box that says why the game ended once cut the log's newest line short ("...your agent: a"); the
    streak it repeated is in the header."""
    set_language(lang)
    for seed in range(1, 13):
        lines, newest = end_board(seed, 20)
        where = "\n".join(lines)
        assert len(lines) <= 20, where
        box = next(i for i, line in enumerate(lines) if line.startswith(("┏", "╔")))
        assert " ".join(newest.split()) in " ".join(" ".join(lines[:box]).split()), where
        assert t("solitaire.streak.line", current=0, best=0, won=0, played=0) in lines[0], where
