"""Advice for one seat, from its view alone: what the other players probably hold, and what each move is worth.

This is the strong player's judgement offered to a coach: :func:`card_chances` is the ``hard`` level's reading
of the round (:mod:`loveletter.bots.beliefs`: every card played this round, how likely a sensible player was to
play it with each possible card, every Guard that missed, every comparison...), and :func:`move_chances` is the
coach's one judge (:mod:`loveletter.coach.judge`), which values every legal move by the seat's chance of winning
the round after it. Both read only the :class:`~loveletter.engine.View` they are given (never the state, never
another seat's hand), so re-dealing every card the seat cannot see changes neither answer; the judge seeds its
own random source from the position, so the same decision always gets the same answer. A review weighs a
decision with the same judge, at the same budget, as the hint at that decision (:func:`assess`).

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=29, first_player=0)
>>> _ = game.push("Guard>1=Princess")
>>> _ = game.push("Handmaid")
>>> view = game.view(0)
>>> odds = card_chances(view)[1]
>>> round(sum(odds.values()), 6), odds["Chancellor"]     # seat 0 holds the last Chancellor
(1.0, 0.0)
>>> moves = move_chances(view, budget=500)
>>> sorted(str(a) for a, _ in moves) == sorted(str(a) for a in view.legal_actions)
True
>>> all(0.0 <= chance <= 1.0 for _, chance in moves)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from loveletter.bots import beliefs
from loveletter.coach.judge import Judgement, judge
from loveletter.engine import Action, View

#: Moves simulated for each decision of a review: ``None``, the hint's (:data:`loveletter.coach.judge.BUDGET`), so
#: that the review judges a decision exactly as the hint did.
REVIEW_BUDGET: int | None = None


def card_chances(view: View) -> dict[int, dict[str, float]]:
    """For each other seat still in the round: card id -> the chance that it holds that card now.

    Each seat's chances sum to one. A card the view places elsewhere (in the viewer's hand, on the table, in a
    hand it knows) gets zero; a card the viewer knows the seat holds gets one. For a seat holding two cards
    (the player whose turn it is, seen by another seat) the chances are the expected share of its hand."""
    return beliefs.read(view).chances


def move_chances(view: View, *, budget: int | None = None) -> list[tuple[Action, float]]:
    """Every legal action of ``view`` (every Guard name, every Chancellor keep and order) with the judge's
    estimate of the viewer's chance to win the round after it, in the judge's order: tier by tier, the moves
    about equal to the best first (see :mod:`loveletter.coach.judge`). With nothing to decide, the list is empty."""
    return [(m.action, m.chance) for m in judge(view, budget=budget).moves]


@dataclass(frozen=True, slots=True)
class Assessment:
    """A decision weighed after the fact: the move ``played`` in the judge's ``judgement`` of the decision."""

    played: Action
    judgement: Judgement

    @property
    def moves(self) -> list[tuple[Action, float]]:
        """Every legal move with its chance, in the judge's order."""
        return [(m.action, m.chance) for m in self.judgement.moves]

    @property
    def chance(self) -> float:
        """The estimated chance to win the round with the move played."""
        return self.judgement.of(self.played).chance

    @property
    def best(self) -> tuple[Action, float]:
        """The best move and its chance."""
        best = self.judgement.best
        return best.action, best.chance

    @property
    def loss(self) -> float:
        """How much of a chance to win the round the move played gave up against the best (0 for the best)."""
        return self.judgement.loss(self.played)

    @property
    def about_equal(self) -> bool:
        """Whether the move played is about as good as the best (within the judge's error)."""
        return self.judgement.of(self.played).tier == 0

    @property
    def mistake(self) -> bool:
        """Whether the move played was clearly worse than the best (see :meth:`Judgement.mistake`)."""
        return self.judgement.mistake(self.played)


def assess(view: View, played: Action, *, budget: int | None = REVIEW_BUDGET) -> Assessment:
    """The move ``played`` in ``view`` (one of its legal actions) against every other, judged as the hint at this
    decision judges them (the same judge, by default the same budget).

    >>> from loveletter.engine import Game, Play
    >>> game = Game("2019", players=2, seed=29, first_player=0)
    >>> view = game.view(0)
    >>> judged = assess(view, view.legal_actions[0], budget=500)
    >>> judged.best[1] >= judged.chance and judged.loss == judged.best[1] - judged.chance
    True
    """
    if played not in view.legal_actions:
        raise ValueError(f"{played} is not a legal action of seat {view.seat}")
    return Assessment(played, judge(view, budget=budget))
