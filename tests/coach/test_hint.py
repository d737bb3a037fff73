"""The hint's model (:mod:`loveletter.coach.hint`): the round read once per hint, and that reading carried by the
judgement to the odds shown and to the reasons."""

from __future__ import annotations

import pytest

from loveletter.bots import beliefs
from loveletter.coach.hint import Hint, hint_for, read_round
from loveletter.coach.judge import judge
from loveletter.coach.reasons import Facts
from loveletter.engine import View
from tests.bots.helpers import decisions

#: A small search keeps these quick; what is read does not depend on the budget.
BUDGET = 300


def views(ruleset: str, players: int, seed: int, count: int) -> list[View]:
    return [game.view(seat) for game, seat in decisions(ruleset, players, seed, count)]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the readings of a round (:func:`loveletter.bots.beliefs.read`) from now on."""
    count: list[int] = []
    real = beliefs.read

    def counted(*args: object, **kwargs: object) -> beliefs.Reading:
        count.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(beliefs, "read", counted)
    return count


def test_a_hint_reads_the_round_once(reads: list[int]) -> None:
    for view in views("2019", 4, seed=3, count=4):
        reads.clear()
        hint_for(view, budget=BUDGET)
        assert len(reads) == 1


def test_a_hint_given_its_reading_reads_nothing_more_and_says_the_same(reads: list[int]) -> None:
    for view in views("premium", 6, seed=5, count=3):
        reading = read_round(view)
        reads.clear()
        hint = hint_for(view, budget=BUDGET, reading=reading)
        assert not reads
        assert hint == hint_for(view, budget=BUDGET)  # a reading read before is the one read here
        assert hint.chances == Hint.odds(reading).chances  # the odds shown while weighing are the hint's


def test_the_judgement_carries_its_reading_to_the_reasons() -> None:
    for view in views("2019", 3, seed=8, count=4):
        judgement = judge(view, budget=BUDGET)
        assert judgement.chances == read_round(view).chances
        hint = hint_for(view, budget=BUDGET)
        facts = Facts(view, judgement.chances)
        assert hint.reasons == {m.action: facts.reason(m.action) for m in judgement.moves}
