"""The review's words for a Chancellor's keep: a move, not a card played."""

from __future__ import annotations

import random

import pytest

from loveletter.coach import advice
from loveletter.engine import Keep
from loveletter.i18n import set_language
from loveletter.records import GameRecord, Seat
from loveletter.tui.review import Review
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
