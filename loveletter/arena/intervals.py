"""95% intervals of a score when games come in groups that share their luck: a duplicate deal's games.

The games of one duplicate deal are played on the same shuffled deck, so they are not independent: counting
them as independent games (a Wilson interval over games) gets the interval's width wrong, too narrow when a
deal's games tend to end alike, too wide when they tend to cancel out (the point of duplicate deals). Here the
deal is the unit: the variance of the mean score is the *cluster-robust* one, from how far each deal's total
strays from what the mean score predicts for its number of games, and the interval is Wilson's at the
*effective* number of games (Kish's design effect: the games divided by how many times larger that variance is
than the games' own variance would give were they independent; the approach of survey statistics, Korn and
Graubard 1998). When the games of a deal are independent the interval is about Wilson's; when they always end
alike it is Wilson's over the deals; when they tend to cancel out it is narrower than Wilson's, down to
1/√(games per deal) of it at most (a bound: see :meth:`ClusteredScore.design_effect`).

:class:`ClusteredScore` adds the games up as they come, deal after deal, keeping a few sums: memory stays flat
however many deals are played.
"""

from __future__ import annotations

from dataclasses import dataclass

from loveletter.arena.games import wilson


@dataclass(slots=True)
class ClusteredScore:
    """Scores from 0 to 1 (a win 1, a tie ½), each with the deal it was played on; a deal's games come one after
    another (a new deal closes the previous one)."""

    games: int = 0
    total: float = 0.0
    #: Σ score² over the games.
    squares: float = 0.0
    #: The deals closed so far, and Σ total², Σ total·games, Σ games² over them.
    deals: int = 0
    deal_squares: float = 0.0
    deal_cross: float = 0.0
    deal_games_squares: float = 0.0
    #: The deal still open: its key, its total and its games.
    _open: object = None
    _open_total: float = 0.0
    _open_games: int = 0

    def add(self, score: float, deal: object) -> None:
        if self._open_games and deal != self._open:
            self._close()
        self._open = deal
        self._open_total += score
        self._open_games += 1
        self.games += 1
        self.total += score
        self.squares += score * score

    def _close(self) -> None:
        s, n = self._open_total, self._open_games
        self.deals += 1
        self.deal_squares += s * s
        self.deal_cross += s * n
        self.deal_games_squares += n * n
        self._open_total, self._open_games = 0.0, 0

    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    def design_effect(self) -> float:
        """How many times larger the variance of the mean score is, counted by deals, than if every game were
        independent; 1 when it cannot be told (fewer than two deals, or every game scored alike)."""
        n = self.games
        deals = self.deals + (1 if self._open_games else 0)
        s2, sn, n2 = self.deal_squares, self.deal_cross, self.deal_games_squares
        if self._open_games:  # the deal under way counts as it stands
            s, m = self._open_total, self._open_games
            s2, sn, n2 = s2 + s * s, sn + s * m, n2 + m * m
        if deals < 2 or n < 2:
            return 1.0
        p = self.total / n
        spread = (self.squares - n * p * p) / (n - 1)  # the games' own variance
        if spread <= 1e-12:
            return 1.0
        independent = spread / n
        # Σ (deal total − p · deal games)², the cluster-robust variance of the ratio estimator, with its small
        # sample correction deals / (deals − 1).
        residual = max(0.0, s2 - 2 * p * sn + p * p * n2)
        clustered = deals / (deals - 1) * residual / (n * n)
        # Held to 1 / (games per deal) at least, an interval at most √(games per deal) times narrower than
        # Wilson's: with few deals every deal may happen to total just what the mean predicts, which would give an
        # interval of no width. (Between two easy players it is about 0.73 at two-player tables, above the 0.5
        # this bound sets there: benchmarks/NOTES.md.)
        return max(clustered / independent, deals / n)

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% interval of the mean score: Wilson's at the effective number of games."""
        if self.games == 0:
            return 0.0, 1.0
        effective = self.games / self.design_effect()
        return wilson(self.mean() * effective, effective, z)
