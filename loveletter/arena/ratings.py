"""Ratings of a tournament's players with their uncertainty: openskill's Plackett-Luce model, which rates games of
any number of players from their finishing order (ties shared), and a history of the ratings for a chart.

Each player's skill is a normal distribution, ``mu`` (the rating) and ``sigma`` (how unsure it still is); every
game moves the players' ``mu`` by how surprising the order was and narrows their ``sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce


class Ratings:
    """The players' ratings after the games rated so far, in the order they were rated.

    ``history`` keeps at most about ``2 * history_points`` snapshots ``(games, [mu of each player])``, evenly
    spaced: when it fills, every other one is dropped and the spacing doubles, so memory stays flat however many
    games are played."""

    def __init__(self, names: Sequence[str], *, history_points: int = 60) -> None:
        self.model = PlackettLuce()
        self.ratings: list[Any] = [self.model.rating(name=name) for name in names]
        self.history: list[tuple[int, list[float]]] = [(0, [r.mu for r in self.ratings])]
        self.games = 0
        self._points = max(2, history_points)
        self._step = 1

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        """One game: ``players[i]`` (an index into the names) finished at place ``ranks[i]`` (0 first)."""
        teams = [[self.ratings[p]] for p in players]
        rated = self.model.rate(teams, ranks=[float(r) for r in ranks])
        for p, team in zip(players, rated, strict=True):
            self.ratings[p] = team[0]
        self.games += 1
        if self.games % self._step == 0:
            self.history.append((self.games, [r.mu for r in self.ratings]))
            if len(self.history) > 2 * self._points:
                self.history = self.history[:1] + self.history[2::2]
                self._step *= 2

    def mu(self, player: int) -> float:
        return float(self.ratings[player].mu)

    def sigma(self, player: int) -> float:
        return float(self.ratings[player].sigma)
