"""Play-outs for the ``hard`` player's search, made cheap by remembering what each seat's heuristic concluded.

A search plays thousands of rounds out from one position, and the decisions on the way recur: the same seat
holding the same cards, with the same discards and knowledge, is met again and again on different deals. The
``easy`` heuristic's scores of a decision depend on that seat's knowledge only
(:meth:`~loveletter.bots.counting.Perspective.of_state`), so :class:`Situations` keeps them by a key of
everything that knowledge is built from, and a play-out works them out only the first time. What the play-outs
then do with the scores (the heuristic's choice, a searcher's habits, a tree node's ranking) is as in
:mod:`loveletter.bots.tree`, drawing on the random source in the same order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence

from loveletter.bots.beliefs import Habits
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import NEVER, Scorer, best
from loveletter.bots.tree import Node, Score, _group
from loveletter.engine import Action, GameState, Play


def situation(s: GameState, seat: int) -> Hashable:
    """Everything ``seat``'s heuristic scores depend on in ``s`` (what :meth:`Perspective.of_state` reads): its
    phase and hand, every discard pile, who is in the round and protected, the tokens, the deck's size, the
    markers, what it knows of other hands and what others know of its own, and its cards under the deck."""
    n = s.n
    known = s.known
    seen = tuple(item for item in known.items() if item[0] // n == seat or item[0] % n == seat) if known else ()
    marks = s.deck_marks
    under = tuple(card for viewer, _, card in marks if viewer == seat) if marks else ()
    return (
        seat,
        s.phase,
        s.current,
        tuple(s.hands[seat]),
        tuple(map(tuple, s.discards)),
        tuple(s.alive),
        tuple(s.protected),
        tuple(s.tokens),
        len(s.deck),
        s.sycophant,
        s.jester,
        seen,
        under,
    )


class Situations:
    """The heuristic's scores of the legal actions of each situation met (see the module docstring)."""

    __slots__ = ("hits", "scores")

    def __init__(self) -> None:
        self.scores: dict[Hashable, list[float]] = {}
        self.hits = 0

    def of(self, s: GameState, seat: int, legal: Sequence[Action]) -> list[float]:
        """The heuristic's score of each action of ``legal`` (the legal actions of ``seat``, deciding in ``s``)."""
        key = situation(s, seat)
        scores = self.scores.get(key)
        if scores is None:
            scores = self.scores[key] = Scorer(Perspective.of_state(s, seat)).scores(legal)
        else:
            self.hits += 1
        return scores


def ranked(legal: Sequence[Action], scores: Sequence[float], rng: random.Random) -> dict[Hashable, Action]:
    """For each card to play (or to keep, or each answer), the heuristic's best way of playing it; the
    heuristic's favourite first, the others by its scores (as :func:`loveletter.bots.tree._ranked`)."""
    top: dict[Hashable, tuple[float, Action]] = {}
    for action, score in zip(legal, scores, strict=True):
        group = _group(action)
        held = top.get(group)
        if held is None or score > held[0] + 1e-9:
            top[group] = (score, action)
    favourite = best(legal, scores, rng)
    first = _group(favourite)
    out = {first: favourite}
    for group, (_, action) in sorted(top.items(), key=lambda x: -x[1][0]):
        if group != first:
            out[group] = action
    return out


def by_habits(
    legal: Sequence[Action],
    scores: Sequence[float],
    progress: float,
    rng: random.Random,
    habits: Habits,
    last: str | None = None,
) -> Action:
    """The card to play drawn from ``habits`` when the choice is between two cards, ``progress`` into the round,
    ``last`` the latest card another player played (as :func:`loveletter.bots.tree.by_habits`)."""
    top: dict[str, tuple[float, Action]] = {}
    for action, score in zip(legal, scores, strict=True):
        if not isinstance(action, Play):
            return best(legal, scores, rng)
        held = top.get(action.card)
        if held is None or score > held[0] + 1e-9:
            top[action.card] = (score, action)
    if len(top) != 2:
        return best(legal, scores, rng)
    (a, (xa, play_a)), (b, (xb, play_b)) = top.items()
    if min(xa, xb) <= NEVER / 2:
        return best(legal, scores, rng)
    z = habits.log_odds(a, b, xa - xb, progress, last)
    chance = habits.noise / 2 + (1.0 - habits.noise) / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return play_a if rng.random() < chance else play_b


class Playouts:
    """The play-outs of one decision's search: a tree of the searching seat's next decisions (as
    :class:`loveletter.bots.tree.Tree`), the other decisions by the heuristic or a searcher's habits, with the
    heuristic's scores remembered by :class:`Situations`."""

    __slots__ = ("depths", "insight", "me", "nodes", "score", "situations", "start")

    def __init__(self, me: int, score: Score, start: int, depths: Sequence[int], insight: float = 0.0) -> None:
        self.me = me
        #: The share of decisions a seat makes as if it read the others' cards exactly (a searcher's reading of
        #: their plays names a Guard's card far more often than counting does).
        self.insight = insight
        self.depths = depths
        self.score = score
        self.start = start
        self.nodes: dict[Hashable, Node] = {}
        self.situations = Situations()

    def playout(
        self,
        s: GameState,
        rng: random.Random,
        habits: Sequence[Habits | None] = (),
        readings: Mapping[int, Mapping[int, Mapping[str, float]]] | None = None,
    ) -> tuple[int, float]:
        """Play ``s`` to the end of its round; return the moves played and the searching seat's score.
        ``readings[q][t]``: how seat ``q`` reads the one card of seat ``t`` (weights, as
        :attr:`Perspective.weights`), for ``q``'s decisions until ``t`` discards a card."""
        me = self.me
        stamps = {t: len(s.discards[t]) for row in readings.values() for t in row} if readings else {}
        path: list[tuple[Node, int, int]] = []
        left = list(self.depths)
        situations = self.situations
        deck_size = s.mode.deck_size
        moves = 0
        while s.decider is not None:
            legal = s.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                seat = s.decider
                read = readings.get(seat) if readings else None
                weights = (
                    {t: w for t, w in read.items() if s.alive[t] and len(s.discards[t]) == stamps[t]} if read else None
                )
                if self.insight and rng.random() < self.insight:
                    hands = s.hands
                    ids = s.mode.card_ids
                    weights = {
                        t: {c: float(c == hands[t][0]) for c in ids}
                        for t in range(s.n)
                        if t != seat and s.alive[t] and hands[t]
                    }
                if weights:
                    p = Perspective.of_state(s, seat)
                    p.weights = weights
                    scores = Scorer(p).scores(legal)
                else:
                    scores = situations.of(s, seat, legal)
                if left[seat] > 0:
                    left[seat] -= 1
                    choices = ranked(legal, scores, rng)
                    key = self._key(s, seat)
                    node = self.nodes.get(key)
                    if node is None:
                        node = self.nodes[key] = Node(list(choices))
                    i = node.select()
                    choice = choices.get(node.choices[i])
                    if choice is None:
                        action = next(iter(choices.values()))
                    else:
                        action = choice
                        if len(node.choices) > 1:
                            path.append((node, i, seat))
                elif seat < len(habits) and (h := habits[seat]) is not None:
                    last = next((a.card for q, a in reversed(s.plays) if q != seat and isinstance(a, Play)), None)
                    action = by_habits(legal, scores, 1.0 - len(s.deck) / deck_size, rng, h, last)
                else:
                    action = best(legal, scores, rng)
            s.apply(action, record=False)
            moves += 1
        score = self.score
        value = score(s, me)
        for node, i, seat in path:
            node.visits[i] += 1
            node.totals[i] += value if seat == me else score(s, seat)
        return moves, value

    def _key(self, s: GameState, seat: int) -> Hashable:
        n = s.n
        row = seat * n
        known = tuple(sorted((k, v) for k, v in s.known.items() if row <= k < row + n)) if s.known else ()
        return (
            seat,
            tuple((q, a.card if isinstance(a, Play) else a) for q, a in s.plays[self.start :]),
            tuple(s.protected),
            s.phase,
            tuple(sorted(s.hands[seat])),
            known,
        )
