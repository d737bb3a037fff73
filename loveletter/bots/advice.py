"""Advice for one seat, from its view alone: what the other players probably hold, and what each move is worth.

This is the strong player's judgement offered to a coach: :func:`card_chances` is the ``hard`` level's reading
of the round (:mod:`loveletter.bots.beliefs`: every card played this round, how likely a sensible player was to
play it with each possible card, every Guard that missed, every comparison...), and :func:`move_chances` is its
search (:class:`~loveletter.bots.hard.HardBot`), which values every legal move by the seat's chance of winning
the round after it. Both read only the :class:`~loveletter.engine.View` they are given (never the state, never
another seat's hand), so re-dealing every card the seat cannot see changes neither answer. They remember nothing
between calls: unlike a ``hard`` player that watched the game, they assume nothing about how closely each
opponent follows the heuristic beyond what this round's plays show.

>>> import random
>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=29, first_player=0)
>>> _ = game.push("Guard>1=Princess")
>>> _ = game.push("Handmaid")
>>> view = game.view(0)
>>> odds = card_chances(view)[1]
>>> round(sum(odds.values()), 6), odds["Chancellor"]     # seat 0 holds the last Chancellor
(1.0, 0.0)
>>> moves = move_chances(view, random.Random(1))
>>> sorted(str(a) for a, _ in moves) == sorted(str(a) for a in view.legal_actions)
True
>>> all(0.0 <= chance <= 1.0 for _, chance in moves)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from loveletter.bots import beliefs
from loveletter.bots.hard import HardBot, round_won
from loveletter.engine import Action, Play, View

#: Moves simulated for each decision of a review (:func:`assess`): more than a hint's, since a review has time and
#: marks the moves that lost the most by the difference of two estimates.
REVIEW_BUDGET = 8_000
#: Moves simulated for :func:`move_chances` by default, by number of players. A hint also stops at the coach's time
#: limit (``loveletter.tui.coach.HINT_SECONDS``), which on the development machine it mostly reaches first at two
#: and four players (``benchmarks/coach.py``: medians of 333 and 300 ms): the budget bounds it on faster machines.
ADVICE_BUDGET = {2: 4_000, 3: 4_000, 4: 4_000, 5: 3_000, 6: 3_000, 7: 3_000, 8: 3_000}


def card_chances(view: View) -> dict[int, dict[str, float]]:
    """For each other seat still in the round: card id -> the chance that it holds that card now.

    Each seat's chances sum to one. A card the view places elsewhere (in the viewer's hand, on the table, in a
    hand it knows) gets zero; a card the viewer knows the seat holds gets one. For a seat holding two cards
    (the player whose turn it is, seen by another seat) the chances are the expected share of its hand."""
    return beliefs.read(view).chances


def move_chances(
    view: View, rng: random.Random, *, budget: int | None = None, seconds: float | None = None
) -> list[tuple[Action, float]]:
    """Every legal action of ``view`` (every Guard name, every Chancellor keep and order) with the strong
    player's estimate of the viewer's chance to win the round after it, best first (ties in the order of
    ``view.legal_actions``). A token that ends the game during the round counts as a win for its winner.

    ``budget`` is the number of moves simulated (by default :data:`ADVICE_BUDGET`); ``seconds`` optionally
    stops the search sooner (then the answer depends on the machine's speed). The same view and the same
    ``rng`` state give the same answer. With nothing to decide, the list is empty."""
    legal = view.legal_actions
    if not legal:
        return []
    reading = beliefs.read(view)
    budget = budget or ADVICE_BUDGET.get(view.players, 3_000)
    values = HardBot(rng).estimate(view, reading, round_won, budget=budget, seconds=seconds)
    _smooth_names(values, view, reading.chances)
    order = {a: i for i, a in enumerate(legal)}
    return sorted(((a, values[a]) for a in legal), key=lambda pair: (-pair[1], order[pair[0]]))


def _smooth_names(values: dict[Action, float], view: View, chances: Mapping[int, Mapping[str, float]]) -> None:
    """Read a naming card's names on one target (a Guard's, a Bishop's) through what they have in common.

    On any deal, every name but the target's card leaves the same position, so a name's value is the value of a
    miss plus the chance that the target holds what it names times what a hit adds: a straight line in that
    chance. The search measures each name on the few deals where the target held it, so the raw values rank
    unlikely names by luck; the line fitted to all of them (least squares) keeps what the deals say of a hit and
    of a miss, and ranks the names by how likely they are to hit, as a person would (a hit is never worth less
    than a miss)."""
    cards = view.ruleset.cards
    by_value = view.mode.guard_naming == "number"
    groups: dict[tuple[str, int], list[Play]] = {}
    for action in values:
        if isinstance(action, Play) and action.named is not None and len(action.targets) == 1:
            groups.setdefault((action.card, action.targets[0]), []).append(action)
    for (card, target), names in groups.items():
        odds = chances.get(target)
        if odds is None or len(names) < 2:
            continue
        numbers = by_value or cards[card].traits.names == "value"
        hit = [sum(p for c, p in odds.items() if (cards[c].value if numbers else c) == a.named) for a in names]
        mean_p = sum(hit) / len(hit)
        mean_v = sum(values[a] for a in names) / len(names)
        spread = sum((p - mean_p) ** 2 for p in hit)
        if spread <= 1e-12:
            continue
        slope = sum((p - mean_p) * (values[a] - mean_v) for a, p in zip(names, hit, strict=True)) / spread
        # A hit is never worse than a miss; a slope the noise made negative says the deals cannot tell the names
        # apart: they are then worth the same, the likeliest first.
        slope = max(slope, 1e-6)
        for a, p in zip(names, hit, strict=True):
            values[a] = min(1.0, max(0.0, round(mean_v + slope * (p - mean_p), 12)))  # a sure hit stays 1.0


@dataclass(frozen=True, slots=True)
class Assessment:
    """A decision weighed after the fact: the move ``played`` among every legal move (``moves``, best first, as
    :func:`move_chances` gives them)."""

    played: Action
    moves: list[tuple[Action, float]]

    @property
    def chance(self) -> float:
        """The estimated chance to win the round with the move played."""
        return next(c for a, c in self.moves if a == self.played)

    @property
    def best(self) -> tuple[Action, float]:
        """The best move and its chance."""
        return self.moves[0]

    @property
    def loss(self) -> float:
        """How much of a chance to win the round the move played gave up against the best (0 for the best)."""
        return max(0.0, self.best[1] - self.chance)


def assess(view: View, played: Action, rng: random.Random, *, budget: int | None = REVIEW_BUDGET) -> Assessment:
    """The move ``played`` in ``view`` (one of its legal actions) against every other, from the view alone (the
    same deals for every move, so their difference is fairer than either estimate alone).

    >>> from loveletter.engine import Game, Play
    >>> game = Game("2019", players=2, seed=29, first_player=0)
    >>> view = game.view(0)
    >>> judged = assess(view, view.legal_actions[0], random.Random(1), budget=500)
    >>> judged.best[1] >= judged.chance and judged.loss == judged.best[1] - judged.chance
    True
    """
    if played not in view.legal_actions:
        raise ValueError(f"{played} is not a legal action of seat {view.seat}")
    return Assessment(played, move_chances(view, rng, budget=budget))
