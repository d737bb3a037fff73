"""The review's model (no drawing): a known blunder is the worst mistake, the same record weighs the same, the
review refuses what a replay would, and the model imports nothing of the terminal."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from loveletter.coach import advice
from loveletter.coach import review as model
from loveletter.coach.review import GameReview, review_seat, weigh
from loveletter.engine import Play
from loveletter.records import RecordError, Seat
from tests.coach.games import blunder

#: A small search keeps these quick: a blunder this big shows at any budget.
BUDGET = 400


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_BUDGET", BUDGET)


def test_a_baron_played_on_a_known_king_with_a_guard_in_hand_is_the_worst_mistake() -> None:
    review = weigh(blunder(), 0)
    worst = review.worst[0]
    assert (worst.round, worst.turn) == (1, 3)
    assert worst.judged.played == Play("Baron", (1,)) and worst.mistake
    assert worst.judged.best[0] == Play("Guard", (1,), named="King")
    assert worst.judged.loss == pytest.approx(1.0)
    assert review.marked == sum(d.mistake for d in review.decisions) >= 1
    first = review.decisions[0]  # the Priest before it: not a mistake
    assert first.judged.played == Play("Priest", (1,)) and first.judged.loss < 1.0


def test_a_review_weighs_the_same_every_time_from_the_seat_s_views_only() -> None:
    record = blunder()
    one, two = weigh(record, 0), weigh(record, 0)
    assert one == two
    assert all(d.view.seat == 0 and len(d.view.legal_actions) > 1 for d in one.decisions)
    heard: list[tuple[int, int]] = []
    weigh(record, 0, progress=lambda done, total: heard.append((done, total)))
    total = len(one.decisions)
    assert heard == [(n, total) for n in range(total + 1)]


def test_the_worst_are_at_most_three_the_biggest_loss_first() -> None:
    review = weigh(blunder(), 0)
    marked = [d for d in review.decisions if d.mistake]
    extra = GameReview(0, tuple(marked * 3))  # more marks than the summary names
    assert len(extra.worst) == model.WORST
    losses = [d.judged.loss for d in extra.worst]
    assert losses == sorted(losses, reverse=True)


def test_a_person_s_seat_is_reviewed_by_default() -> None:
    record = blunder()
    assert review_seat(record, None) == 0 and review_seat(record, 1) == 1
    record.seats = [Seat("Bot", "computer", "easy"), Seat("Ana")]
    assert review_seat(record, None) == 1


def test_a_game_not_over_is_refused_as_a_replay_would_refuse_it() -> None:
    with pytest.raises(RecordError, match=r"not over|only as"):
        weigh(blunder(finish=False), 1, "game.json")


def test_the_model_draws_nothing() -> None:
    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {n for n in names if n.split(".")[0] in {"rich", "prompt_toolkit"} or n.startswith("loveletter.tui")}
