"""The coach's one judge: what every legal move of a seat is worth, with how far each estimate can be trusted.

A hint during play and the review after it both ask :func:`judge`, so they cannot disagree: the answer depends on
the seat's :class:`~loveletter.engine.View` and the budget only (its random source is seeded from the position as
the seat sees it, :func:`position_key`), never on a hidden card, the clock or the order of calls.

The value of a move is the ``hard-v2`` player's (:class:`~loveletter.bots.hard_v2.HardV2Bot`: the search the
calibration was fitted on, kept unchanged): its reading of the round, play-outs of every move on common deals of
the hidden cards, the round's result. When the hidden cards are few (:data:`EXACT_DEALS`), every deal the seat
cannot tell apart is played, each weighed by the reading, in passes until the budget is spent: the deals are then
exact and only the play-outs vary. Otherwise deals are sampled. The budget is spent in :data:`STEPS` steps, and
the search stops after one once its verdict is clear (:func:`_clear`): most decisions are, long before the budget.

The estimate shown is the play-outs' own, read through :mod:`loveletter.coach.calibration` (what such estimates
have meant in rounds won by strong players): a never-decreasing mapping, so the order of the moves stands. A move
the rules settle at once on every deal played (a Guard naming the card the last opponent is known to hold, a
Baron that loses for sure, a Princess discarded) shows its result, 0 or 1, as it is: no fit of other moves'
outcomes applies to it (:attr:`Estimate.decided`).

Each move's estimate carries the error of its *difference* with the best move (two standard errors of the
paired differences over the deals: common deals make it much smaller than either estimate's own). Moves within
that error of the best are :attr:`Estimate.tier` 0, "about equal": they are listed by their estimates, but a
front end shows them as about equal rather than ranked, and :meth:`Judgement.mistake` never marks one. Below
them, the next tier begins at the best of the rest, and so on.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from loveletter.bots import beliefs
from loveletter.bots.beliefs import Habits
from loveletter.bots.hard_v2 import HardV2Bot, draw_habits, round_won
from loveletter.bots.tree import Tree
from loveletter.coach.calibration import calibrated
from loveletter.engine import Action, GameState, Play, View
from loveletter.engine.determinize import Determinizer

#: Moves simulated by default for one judgement, by number of players: what a hint affords within half a second
#: at the 95th percentile on a busy two-core machine (``benchmarks/coach.py``); a review uses the same budget so
#: that it agrees with the hint.
BUDGET = {2: 6_000, 3: 5_000, 4: 4_000, 5: 3_000, 6: 3_000, 7: 2_500, 8: 2_500}
#: At most this many distinct deals of the hidden cards are played exactly rather than sampled.
EXACT_DEALS = 120
#: Standard errors of a difference under which two moves are "about equal".
Z = 2.0
#: The budget is spent in this many steps; after each, the search stops if the best move leads every other by
#: more than :data:`CLEAR` times the error of their difference (most decisions are clear long before the budget).
STEPS = 4
CLEAR = 2.0
#: ...and only once this many deals (effective, for weighted ones) are played: on fewer, a difference that did not
#: vary yet says little.
CLEAR_DEALS = 40
#: A move is marked a mistake only if it gives up at least this much beyond the error (a difference smaller than
#: this is not worth a person's attention even when the judge is sure of it).
MISTAKE = 0.05


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's estimated chance to win the round (calibrated: what the play-outs' own estimate, ``raw``, has
    meant in rounds won, :mod:`loveletter.coach.calibration`), the error of the raw estimate's difference with the
    best move's (``0`` for the best), and its tier (0: about equal to the best)."""

    action: Action
    chance: float
    error: float
    tier: int
    #: The play-outs' own estimate (``None``: the same as ``chance``); tiers and mistakes are judged on it.
    uncalibrated: float | None = None
    #: The rules settle this move at once on every deal played (the round ends, or its player is knocked out):
    #: its chance is that result, 0 or 1, not read through the calibration.
    decided: bool = False

    @property
    def raw(self) -> float:
        return self.chance if self.uncalibrated is None else self.uncalibrated


@dataclass(frozen=True, slots=True)
class Judgement:
    """Every legal move of a decision, tier by tier (the best tier first; within a tier, the higher estimate
    first, ties in legal order)."""

    moves: tuple[Estimate, ...]
    #: Whether every deal the seat cannot tell apart was played (else they were sampled).
    exact: bool
    #: Deals played (with repeats, when exact).
    deals: int
    #: The reading the judge dealt from: each other seat's chance of holding each card (the hint shows it, and
    #: the reasons build on it, so it is read once). Empty only when nothing was to decide and nothing was read.
    chances: dict[int, dict[str, float]] = field(default_factory=dict)

    @property
    def best(self) -> Estimate:
        """The move listed first (the hint's first-ranked move): the highest estimate."""
        return self.moves[0]

    def of(self, action: Action) -> Estimate:
        return next(m for m in self.moves if m.action == action)

    def loss(self, action: Action) -> float:
        """How much of a chance to win the round ``action`` gives up against the best (never below 0), as the
        calibrated chances shown say."""
        return max(0.0, self.best.chance - self.of(action).chance)

    def mistake(self, action: Action) -> bool:
        """Whether ``action`` is clearly worse than the best: outside the best tier, and by at least
        :data:`MISTAKE` beyond the error of the difference (both judged on the raw estimates, where the error
        was measured)."""
        move = self.of(action)
        return move.tier > 0 and self.best.raw - move.raw >= MISTAKE + move.error


def position_key(view: View) -> str:
    """Everything the seat sees of the position, as text: the random source of a judgement. Two views that differ
    only in cards the seat cannot see give the same key."""
    seats = "|".join(
        f"{sv.seat}:{sv.tokens}:{int(sv.in_round)}:{int(sv.protected)}:{','.join(sv.discards)}:{','.join(sv.known)}"
        f":{sv.hand_size}"
        for sv in view.seats
    )
    plays = ";".join(f"{q}{a}" for q, a in view.plays)
    known_by = sorted((q, tuple(c)) for q, c in dict(view.known_by).items())
    return (
        f"{view.ruleset.name} {view.players} {view.seat} {view.round} {view.phase.value} {view.decider} "
        f"{','.join(view.hand)} {','.join(view.face_up)} {view.deck_size} {view.deck_known} {known_by} "
        f"{view.sycophant} {view.jester} [{seats}] [{plays}]"
    )


def judge(view: View, *, budget: int | None = None, reading: beliefs.Reading | None = None) -> Judgement:
    """Every legal move of the deciding seat of ``view``, judged (see the module docstring). ``budget``: moves
    simulated (by default :data:`BUDGET`); an exact judgement finishes its last pass. ``reading``: the round as
    already read from ``view`` (:func:`loveletter.bots.beliefs.read`: what a hint shows while the moves are
    weighed), else read here; the judgement carries it on (:attr:`Judgement.chances`)."""
    legal = view.legal_actions
    if not legal:
        return Judgement((), exact=True, deals=0, chances=reading.chances if reading is not None else {})
    budget = budget or BUDGET.get(view.players, 2_500)
    rng = random.Random(position_key(view))
    if reading is None:
        reading = beliefs.read(view)
    bot = HardV2Bot(rng)
    options = bot.options(view, reading, prune=False)
    sampler = Determinizer(view, reading.exposed)
    me = view.seat
    depths = [2 if view.players == 2 and q == me else 0 for q in range(view.players)]
    tree = Tree(me, round_won, len(view.plays), depths)
    kinds = {q: h for q in range(view.players) if q != me and (h := reading.habits(q))}
    habits: list[Habits | None] = [None] * view.players
    actions = [a for o in options for a in o.actions]

    # Each deal: its weight and every action's value on it (and the deals sampled, to see which moves they settle).
    weights: list[float] = []
    rows: list[dict[Action, float]] = []
    sampled: list[GameState] = []
    spent = 0

    def play(base: GameState, weight: float) -> None:
        nonlocal spent
        seed = rng.getrandbits(32)
        for q, mix in kinds.items():
            habits[q] = draw_habits(mix, rng)
        totals: dict[Action, float] = defaultdict(float)
        counts: dict[Action, float] = defaultdict(int)
        for option in options:
            spent += bot._simulate(base, option, seed, tree, totals, counts, habits)
        rows.append({a: totals[a] / counts[a] for a in actions})
        weights.append(weight)

    def means() -> dict[Action, float]:
        total = sum(weights)
        values = {a: sum(w * row[a] for w, row in zip(weights, rows, strict=True)) / total for a in actions}
        _smooth_names(values, view, reading.chances)
        return values

    # The budget is spent in steps; after each (but the last) the search stops once its verdict is clear.
    steps = [budget * k // STEPS for k in range(1, STEPS + 1)]
    deals = _every_deal(view, sampler, reading.likely, len(options), budget)
    exact = deals is not None
    for step in steps:
        if deals is not None:
            while spent < step:
                for base, weight in deals:
                    play(base, weight)
        else:
            while spent < step:
                sampled.append(sampler.sample(rng, reading.likely))
                play(sampled[-1], 1.0)
        if step < budget and _clear(means(), weights, rows, legal):
            break

    values = means()
    played = [base for base, _ in deals] if deals is not None else sampled
    settled = {a: v for a in actions if values[a] in (0.0, 1.0) and (v := _settled(played, a, me)) is not None}
    seats = view.seats_in_round
    moves = tuple(
        replace(m, chance=settled[m.action], uncalibrated=m.chance, decided=True)
        if m.action in settled
        else replace(m, chance=calibrated(m.chance, seats), uncalibrated=m.chance)
        for m in _tiers(values, weights, rows, legal)
    )
    return Judgement(moves, exact=exact, deals=len(rows), chances=reading.chances)


def _error(weights: Sequence[float], rows: Sequence[Mapping[Action, float]]) -> Callable[[Action, Action], float]:
    """The error of the weighted mean of the paired differences of two moves over the deals: :data:`Z` standard
    errors."""
    total = sum(weights)
    # The effective number of deals, for the standard error of a weighted mean.
    effective = total * total / sum(w * w for w in weights)

    def error(a: Action, b: Action) -> float:
        if effective <= 1.0:
            return 1.0
        diffs = [row[a] - row[b] for row in rows]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        return Z * math.sqrt(var * effective / (effective - 1.0) / effective)

    return error


def _clear(
    means: Mapping[Action, float],
    weights: Sequence[float],
    rows: Sequence[Mapping[Action, float]],
    legal: Sequence[Action],
) -> bool:
    """Whether the verdict is already clear: on at least :data:`CLEAR_DEALS` deals, the best move leads every
    other by more than twice the error of their difference (:data:`CLEAR` times), so that the rest of the budget
    would not change which move is first, and would only order moves well below it."""
    if sum(weights) ** 2 < CLEAR_DEALS * sum(w * w for w in weights):
        return False
    error = _error(weights, rows)
    best = max(legal, key=lambda a: means[a])
    return all(a == best or means[best] - means[a] > CLEAR * error(a, best) for a in legal)


def _tiers(
    means: dict[Action, float],
    weights: Sequence[float],
    rows: Sequence[Mapping[Action, float]],
    legal: Sequence[Action],
) -> tuple[Estimate, ...]:
    """The moves in tiers: a tier's leader is the best move left, its members every move left within
    :data:`Z` standard errors of their paired difference with the leader."""
    error = _error(weights, rows)
    order = {a: i for i, a in enumerate(legal)}
    left = sorted(legal, key=lambda a: (-means[a], order[a]))
    best = left[0]
    result: list[Estimate] = []
    tier = 0
    while left:
        leader = left[0]
        members: list[tuple[Action, float]] = []
        rest: list[tuple[Action, float]] = []
        for a in left:
            margin = 0.0 if a == leader else error(a, leader)
            (members if means[leader] - means[a] <= margin else rest).append((a, margin))
        members.sort(key=lambda pair: (-means[pair[0]], order[pair[0]]))
        for a, _ in members:
            result.append(Estimate(a, means[a], 0.0 if a == best else error(a, best), tier))
        left = [a for a, _ in rest]
        tier += 1
    return tuple(result)


def _settled(deals: Sequence[GameState], action: Action, me: int) -> float | None:
    """The seat's result if the rules settle ``action`` at once on every deal of ``deals``: the round ends (won or
    lost), or the seat is knocked out (lost); ``None`` if the round goes on with the seat in it on any deal, or
    ends otherwise on another."""
    result: float | None = None
    for base in deals:
        s = base.copy()
        s.apply(action, record=False)
        if s.decider is not None and s.alive[me]:
            return None
        value = round_won(s, me) if s.decider is None else 0.0
        if result is not None and value != result:
            return None
        result = value
    return result


def _every_deal(
    view: View, sampler: Determinizer, likely: Mapping[int, Mapping[str, float]], options: int, budget: int
) -> list[tuple[GameState, float]] | None:
    """Every distinct deal of the hidden cards with its weight from the reading, when there are at most
    :data:`EXACT_DEALS` of them and one pass over them fits the budget; else ``None``."""
    count = sampler.count()
    if count > EXACT_DEALS or count * options * (view.deck_size + view.players) > budget:
        return None
    return beliefs.weighed_deals(view, sampler, likely) or None


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


__all__ = ["BUDGET", "Estimate", "Judgement", "judge", "position_key"]
