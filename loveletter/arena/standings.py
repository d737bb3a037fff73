"""A tournament's games added up: each player's totals, the head-to-head scores, the ratings, and the SPRT's feed.

Games are added in the order of their indices, so the same games give the same figures however they were played.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from loveletter.arena.games import wilson
from loveletter.arena.intervals import ClusteredScore
from loveletter.arena.ratings import Ratings
from loveletter.arena.results import Outcome


@dataclass(slots=True)
class PlayerTotals:
    """One player's figures over the games added so far."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    forfeits: dict[str, int] = field(default_factory=dict)

    def mean_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


class Standings:
    """A tournament's games added up, in the order of their indices (so the same games give the same figures):
    each player's totals, the head-to-head scores, and the ratings (:class:`~loveletter.arena.ratings.Ratings`)
    with their history."""

    def __init__(self, names: Sequence[str], *, by_deal: bool = False, history_points: int = 60) -> None:
        self.names = list(names)
        n = len(names)
        self.totals = [PlayerTotals() for _ in names]
        #: ``pair_games[a][b]``: games ``a`` and ``b`` played together; ``pair_score[a][b]``: games ``a`` finished
        #: ahead of ``b``, a tie counting one half.
        self.pair_games = [[0] * n for _ in names]
        self.pair_score = [[0.0] * n for _ in names]
        #: With duplicate deals, the intervals take the deal as the unit (a deal's games share its luck):
        #: each player's wins and each pair's scores, deal by deal (:mod:`loveletter.arena.intervals`).
        self.by_deal = by_deal
        self.deal_wins = [ClusteredScore() for _ in names]
        self.deal_scores = [[ClusteredScore() for _ in names] for _ in names]
        self.ratings = Ratings(self.names, history_points=history_points)
        self.games = 0
        self.rounds = 0
        #: A few forfeits, as (game index, player, reason, detail): the first of each player and reason.
        self.forfeit_examples: list[tuple[int, str, str, str]] = []

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.rounds += outcome.rounds
        ranks = outcome.ranks()
        for s, e in enumerate(outcome.seats):
            totals = self.totals[e]
            totals.games += 1
            totals.rounds += outcome.rounds
            totals.decisions += outcome.decisions[s]
            totals.seconds += outcome.seconds[s]
            won = s in outcome.winners
            totals.wins += won
            self.deal_wins[e].add(float(won), outcome.deal)
            for t, other in enumerate(outcome.seats):
                if other != e:
                    score = 1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
                    self.pair_games[e][other] += 1
                    self.pair_score[e][other] += score
                    self.deal_scores[e][other].add(score, outcome.deal)
        if outcome.forfeit is not None:
            e = outcome.seats[outcome.forfeit["seat"]]
            reason = str(outcome.forfeit["reason"])
            forfeits = self.totals[e].forfeits
            if reason not in forfeits:
                self.forfeit_examples.append((outcome.index, self.names[e], reason, str(outcome.forfeit["detail"])))
            forfeits[reason] = forfeits.get(reason, 0) + 1
        self.ratings.rate(outcome.seats, ranks)

    def head_to_head(self, a: int, b: int) -> tuple[float, float, float] | None:
        """``a``'s score against ``b`` (share of their games together ``a`` finished ahead, ties half) and its
        95% interval (:meth:`interval`), or ``None`` if they never met."""
        n = self.pair_games[a][b]
        if n == 0:
            return None
        score = self.pair_score[a][b]
        low, high = self.deal_scores[a][b].interval() if self.by_deal else wilson(round(score), n)
        return score / n, low, high

    def win_interval(self, e: int) -> tuple[float, float]:
        """The 95% interval of player ``e``'s win rate (:meth:`interval`)."""
        totals = self.totals[e]
        return self.deal_wins[e].interval() if self.by_deal else wilson(totals.wins, totals.games)

    @property
    def interval(self) -> str:
        """Which interval the tables show: ``deals`` (with duplicate deals: Wilson's at the effective number of
        games, a deal's games counted as one correlated group) or ``wilson`` (every game independent)."""
        return "deals" if self.by_deal else "wilson"

    def to_json(self) -> dict[str, Any]:
        players = []
        for e, name in enumerate(self.names):
            totals = self.totals[e]
            rating = self.ratings.ratings[e]
            low, high = self.win_interval(e)
            players.append(
                {
                    "name": name,
                    "games": totals.games,
                    "wins": totals.wins,
                    "win_rate": round(totals.wins / totals.games, 4) if totals.games else None,
                    "ci95": [round(low, 4), round(high, 4)],
                    "rounds": totals.rounds,
                    "rating": {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)},
                    "mean_decision_ms": round(1000 * totals.mean_decision(), 3),
                    "forfeits": dict(totals.forfeits),
                }
            )
        h2h: dict[str, dict[str, Any]] = {}
        for a, b in itertools.permutations(range(len(self.names)), 2):
            found = self.head_to_head(a, b)
            if found is not None:
                score, low, high = found
                h2h.setdefault(self.names[a], {})[self.names[b]] = {
                    "games": self.pair_games[a][b],
                    "score": round(score, 4),
                    "ci95": [round(low, 4), round(high, 4)],
                }
        return {
            "games": self.games,
            "rounds": self.rounds,
            "intervals": self.interval,
            "players": players,
            "head_to_head": h2h,
        }


class SprtFeed:
    """Feeds a two-player tournament's games to a :class:`~loveletter.arena.sprt.Sprt`, in order: each game's
    score for the first player, or with duplicate deals each deal's two games as one pair."""

    def __init__(self, test: Any) -> None:
        self.test = test
        self._pair: dict[int, list[float]] = {}

    def add(self, outcome: Outcome) -> None:
        ranks = outcome.ranks()
        first = outcome.seats.index(0)
        other = 1 - first
        score = 1.0 if ranks[first] < ranks[other] else 0.5 if ranks[first] == ranks[other] else 0.0
        if not self.test.pairs:
            self.test.add(score)
            return
        scores = self._pair.setdefault(outcome.deal, [])
        scores.append(score)
        if len(scores) == 2:
            del self._pair[outcome.deal]
            self.test.add(sum(scores))
