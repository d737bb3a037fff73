"""Issue 37's small things, each as a player met it: the review's words for a Chancellor's keep, and solitaire's
result box over the log's last line."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from loveletter.coach import advice
from loveletter.engine import Keep
from loveletter.i18n import set_language, t
from loveletter.records import GameRecord, Seat
from loveletter.solitaire import SolitaireGame
from loveletter.tui.review import Review
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.board import Board
from loveletter.tui.solitaire.streak import Streak
from loveletter.tui.surface import Frames
from tests.support import deal, play, random_playout


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_BUDGET", 200)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "your choice: keep Guard, return Baron, then Priest ("),
        ("es", "tu elección: te quedas Guardia, devuelves Barón y luego Sacerdote ("),
    ],
)
def test_the_review_says_a_chancellors_keep_as_a_move_not_played_keep(lang: str, said: str) -> None:
    """It read "played keep Baron, return Guard, then Priest": a keep is not a card played."""
    set_language(lang)
    game = deal("2019", 2, hands=["Chancellor", "King"], draws=["Guard", "Baron", "Priest"])
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bot", "computer", "easy")], seed=5)
    play(game, "Chancellor", "keep Guard return Baron,Priest")
    random_playout(game, random.Random(1))
    record.update(game)
    review = Review(record, 0)
    keep = next(d for d in review.decisions if isinstance(d.judged.played, Keep))
    text = review.played(keep).plain
    assert text.startswith(said), text


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
