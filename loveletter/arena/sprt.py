"""Early stopping for two players: the sequential probability ratio test as chess engine testing runs it
(fishtest, fastchess), on the *logistic* Elo model.

The hypotheses are two Elo differences, ``elo0`` (H0) and ``elo1`` (H1), of the first player over the second;
an Elo difference ``d`` means an expected score of ``1 / (1 + 10 ** (-d / 400))`` per game. After every result the
log-likelihood ratio (LLR) of H1 against H0 is computed as a *generalized* SPRT: the distribution of the outcomes
is estimated as the maximum-likelihood one whose mean is each hypothesis' expected score, from the counts seen.
The test accepts H1 once the LLR reaches ``log((1 - beta) / alpha)``, H0 once it falls to ``log(beta / (1 -
alpha))``. Games are counted one by one (trinomial: loss, draw, win), or with duplicate deals by pairs, the two
games of one deal with the seats swapped (pentanomial: a pair scores 0, ½, 1, 1½ or 2), which takes the
correlation of a deal's two games into account as fishtest does for its game pairs.

>>> test = Sprt(0, 100, pairs=False)
>>> for _ in range(60):
...     test.add(1.0)
...     test.add(0.0 if _ % 3 == 0 else 1.0)
>>> test.verdict()
'H1'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


def expected_score(elo: float) -> float:
    """The expected score per game of a player ``elo`` logistic Elo above the other."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(slots=True)
class Sprt:
    """The test's state: bounds, error rates and the counts of each outcome so far."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    #: Count pairs of games (pentanomial) rather than single games (trinomial).
    pairs: bool = False
    counts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.counts:
            self.counts = [0] * (5 if self.pairs else 3)

    @property
    def scores(self) -> list[float]:
        """The score of each outcome counted, as a share of the most (0 to 1)."""
        k = len(self.counts) - 1
        return [i / k for i in range(k + 1)]

    def add(self, score: float) -> None:
        """A game's score for the first player (0, ½, 1), or a pair's total (0 to 2) when counting pairs."""
        k = len(self.counts) - 1
        self.counts[round(score * k / (2 if self.pairs else 1))] += 1

    @property
    def samples(self) -> int:
        return sum(self.counts)

    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self) -> float:
        """The log-likelihood ratio of H1 against H0 over the outcomes so far."""
        n = self.samples
        if n == 0:
            return 0.0
        # Each outcome a little more likely than never, as fishtest regularizes: an outcome not seen yet must not
        # make a hypothesis impossible.
        weights = [c + 1e-3 for c in self.counts]
        total = sum(weights)
        p = [w / total for w in weights]
        a = self.scores
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        q0, q1 = _mle(p, a, s0), _mle(p, a, s1)
        return n * sum(pi * (math.log(x1) - math.log(x0)) for pi, x0, x1 in zip(p, q0, q1, strict=True))

    def verdict(self) -> str | None:
        """``"H1"`` (the first player is better by ``elo1``), ``"H0"`` (not better than ``elo0``), or ``None``."""
        if self.samples == 0:
            return None
        llr = self.llr()
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def to_json(self) -> dict[str, object]:
        """The test as ``tournament --json`` prints it: its settings, counts, LLR, bounds and verdict."""
        lower, upper = self.bounds()
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "alpha": self.alpha,
            "beta": self.beta,
            "model": "logistic",
            "counts": ("pentanomial" if self.pairs else "trinomial"),
            "outcomes": list(self.counts),
            "llr": round(self.llr(), 4),
            "bounds": [round(lower, 4), round(upper, 4)],
            "verdict": self.verdict(),
        }


def _mle(p: list[float], a: list[float], s: float) -> list[float]:
    """The distribution over the scores ``a`` nearest (most likely) to the observed ``p`` whose mean is ``s``:
    ``p_i / (1 + lam * (a_i - s))``, ``lam`` found by bisection on the mean condition."""
    lo = -1 / (max(a) - s) if max(a) > s else -1e9
    hi = 1 / (s - min(a)) if min(a) < s else 1e9
    # the condition sum p_i (a_i - s) / (1 + lam (a_i - s)) = 0 decreases in lam between the poles lo, hi
    eps = 1e-12
    lo, hi = lo + eps * abs(lo), hi - eps * abs(hi)
    for _ in range(200):
        lam = (lo + hi) / 2
        value = sum(pi * (ai - s) / (1 + lam * (ai - s)) for pi, ai in zip(p, a, strict=True))
        if value > 0:
            lo = lam
        else:
            hi = lam
    lam = (lo + hi) / 2
    return [pi / (1 + lam * (ai - s)) for pi, ai in zip(p, a, strict=True)]
