"""Card counting and the heuristic's scorer (bots/counting.py, bots/easy.py): the scorer's figures that depend on
the unseen cards alone are kept by situation, which needs every perspective to list the unseen cards in the
mode's order."""

from __future__ import annotations

import pytest

from loveletter.bots import beliefs, easy
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import Scorer
from loveletter.engine import Game
from tests.bots.helpers import TABLES, decisions


@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}p" for r, n in TABLES])
def test_every_perspective_lists_the_unseen_cards_in_the_modes_order(ruleset: str, players: int) -> None:
    checked = 0
    for game, seat in decisions(ruleset, players, seed=8, count=20):
        state = game.state
        order = list(state.mode.copies)
        assert list(Perspective.of_view(state.view(seat)).unseen) == order
        for q in range(players):
            assert list(Perspective.of_state(state, q).unseen) == order
        checked += 1
    assert checked >= 10


def test_the_readers_perspectives_list_the_unseen_cards_in_the_modes_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading rebuilds what each player saw before each play; those perspectives are scored too."""
    seen: list[list[str]] = []
    real = Scorer.__init__

    def spy(self: Scorer, p: Perspective) -> None:
        seen.append(list(p.unseen))
        real(self, p)

    monkeypatch.setattr(Scorer, "__init__", spy)
    for ruleset, players in (("2019", 2), ("premium", 5)):
        order = list(Game(ruleset, players, seed=1).state.mode.copies)
        for game, seat in decisions(ruleset, players, seed=10, count=8):
            beliefs.read(game.view(seat))
        assert seen
        assert all(cards == order for cards in seen)
        seen.clear()


@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}p" for r, n in TABLES])
def test_the_scorer_gives_the_same_scores_whether_or_not_it_met_the_situation_before(
    ruleset: str, players: int
) -> None:
    """Scores reckoned afresh equal those reckoned after every other position's figures were kept: no two
    situations share what is kept for them."""
    cases = []
    for game, seat in decisions(ruleset, players, seed=9, count=60):
        state = game.state
        legal = state.legal_actions()
        for q in range(players):
            if state.alive[q] and state.hands[q]:
                cases.append((Perspective.of_state(state, q), legal if q == seat else ()))
    fresh = []
    for p, legal in cases:
        easy._RANKS.clear()
        scorer = Scorer(p)
        fresh.append((scorer.avg_hold, scorer.rank, [scorer.score(a) for a in legal]))
    warm = []
    for p, legal in cases:
        scorer = Scorer(p)
        warm.append((scorer.avg_hold, scorer.rank, [scorer.score(a) for a in legal]))
    assert len(cases) >= 40
    assert warm == fresh
