"""A search tree over the players' next decisions, for the play-outs of the ``hard`` player.

A flat Monte Carlo search values a move as if every seat then played the ``easy`` heuristic for the rest of the
round. Here a seat's next decisions in a play-out (up to ``depths[seat]`` of them: the searching seat's next
turns, a Chancellor's keep, or another seat's reply) are made by the search: each is a node of a tree keyed by
what that seat knows there, its *information set*, never by the hidden cards of the deal being played.
Play-outs that reach the same information set on different deals share its node, and the node learns by the
results, for its own seat, which card to play there: an upper confidence bound (UCB1) over the choices, the
heuristic's favourite first, so that a node seen only a few times plays like the heuristic. How to play the
chosen card (targets, a Guard's name) stays the heuristic's: the branching is the card, which a few visits can
tell apart. After its tree decisions a seat follows the heuristic on its own knowledge, as in a flat play-out;
or, given :class:`~loveletter.bots.beliefs.Habits` (a searching player's, learned), it draws which of its two
cards to play from them (:func:`by_habits`), as a player of that kind would, and plays it the heuristic's way.

The key leaves out the targets and names of the plays since the searched decision (a few information sets
merged, so that each node gets more visits). A node of another seat learns from deals sampled for the searching
seat, so its choices there are made knowing what the searching seat holds: a pessimistic opponent, which is why
the ``hard`` player gives the other seats no node (:data:`loveletter.bots.hard_v2.TREE_DEPTH`).

>>> import random
>>> from loveletter.engine import Game
>>> from loveletter.engine.determinize import Determinizer
>>> game = Game("2019", players=2, seed=5, first_player=0)
>>> view = game.view(0)
>>> tree = Tree(view.seat, lambda s, seat: float(seat in (s.result.winners if s.result else s.winners)), 0)
>>> s = Determinizer(view).sample(random.Random(1))
>>> s.apply(view.legal_actions[0], record=False) == []
True
>>> moves, value = tree.playout(s, random.Random(2))
>>> s.decider is None and value in (0.0, 1.0) and moves > 0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence

from loveletter.bots.beliefs import Habits
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import NEVER, Scorer, best
from loveletter.engine import Action, GameState, Keep, Play

#: Visits of a node before it departs from the heuristic's favourite.
WARM = 3
#: UCB1's exploration constant (scores lie between 0 and 1, and the choices' differences are small).
EXPLORE = 0.35

#: What a finished play-out is worth to the searching seat.
Score = Callable[[GameState, int], float]


class Node:
    """One information set of one seat: its choices (the cards it may play or keep, or a Bishop target's
    answers; the heuristic's favourite first) and their visits and total scores for that seat."""

    __slots__ = ("choices", "totals", "visits")

    def __init__(self, choices: list[Hashable]) -> None:
        self.choices = choices
        self.visits = [0] * len(choices)
        self.totals = [0.0] * len(choices)

    def select(self) -> int:
        """The choice to try: the heuristic's until the node has :data:`WARM` visits, then by UCB1."""
        visits = self.visits
        n = sum(visits)
        if n < WARM:
            return 0
        log_n = math.log(n)
        chosen, top = 0, -math.inf
        for i, k in enumerate(visits):
            if k == 0:
                return i
            bound = self.totals[i] / k + EXPLORE * math.sqrt(log_n / k)
            if bound > top:
                chosen, top = i, bound
        return chosen


class Tree:
    """The nodes of one decision's search (see the module docstring), for the searching seat ``me``; ``start``
    is the number of the round's plays at the searched decision, ``depths[q]`` the decisions of seat ``q`` per
    play-out that the tree makes (later ones follow the heuristic; 0: that seat plays the heuristic throughout).
    A single number gives every seat that depth."""

    __slots__ = ("depths", "insight", "me", "nodes", "score", "start")

    def __init__(
        self, me: int, score: Score, start: int, depths: int | Sequence[int] = 1, *, insight: float = 0.0
    ) -> None:
        self.me = me
        self.depths = depths
        self.score = score
        self.start = start
        self.nodes: dict[Hashable, Node] = {}
        #: The share of a play-out's decisions made as if the other hands were known (:meth:`playout`).
        self.insight = insight

    def playout(self, s: GameState, rng: random.Random, habits: Sequence[Habits | None] = ()) -> tuple[int, float]:
        """Play ``s`` (the searched decision's move made) to the end of its round; return the moves played and
        the searching seat's score. Every node passed on the way learns its own seat's score. A seat with
        ``habits`` (by seat; none by default) chooses between two cards by them outside the tree, as the kind of
        player they were fitted on would. With :attr:`insight`, that share of the decisions (drawn with ``rng``) is
        made as if the deciding seat knew the other hands: a searching player's reading of the others' plays names
        their cards far more often than counting does, which the heuristic's play-outs would otherwise miss."""
        me = self.me
        insight = self.insight
        path: list[tuple[Node, int, int]] = []
        depths = self.depths
        # Decisions each seat may still make in the tree during this play-out.
        left = [depths] * s.n if isinstance(depths, int) else list(depths)
        moves = 0
        while s.decider is not None:
            legal = s.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                seat = s.decider
                p = Perspective.of_state(s, seat)
                if insight and rng.random() < insight:
                    p.weights = _truth(s, seat)
                if left[seat] > 0:
                    left[seat] -= 1
                    ranked = _ranked(p, legal, rng)
                    key = self._key(s, seat)
                    node = self.nodes.get(key)
                    if node is None:
                        node = self.nodes[key] = Node(list(ranked))
                    i = node.select()
                    choice = ranked.get(node.choices[i])
                    if choice is None:  # not here: the key merges a few information sets (see _key)
                        action = next(iter(ranked.values()))
                    else:
                        action = choice
                        if len(node.choices) > 1:
                            path.append((node, i, seat))
                elif seat < len(habits) and (h := habits[seat]) is not None:
                    last = _last(s, seat) if h.after else None
                    action = by_habits(p, legal, rng, h, last)
                else:
                    action = best(legal, Scorer(p).scores(legal), rng)  # the heuristic's choice
            s.apply(action, record=False)
            moves += 1
        score = self.score
        value = score(s, me)
        for node, i, seat in path:
            node.visits[i] += 1
            node.totals[i] += value if seat == me else score(s, seat)
        return moves, value

    def _key(self, s: GameState, seat: int) -> Hashable:
        """What ``seat`` knows in ``s`` beyond the searched decision's position: the cards played since (not
        their targets and names: merging those few information sets gives each node more visits), who is
        protected, the phase, its hand and the cards it knows in other hands."""
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


def _ranked(p: Perspective, legal: Sequence[Action], rng: random.Random) -> dict[Hashable, Action]:
    """For each card to play (or to keep, or each answer), the heuristic's best way of playing it; the
    heuristic's favourite first, the others by its scores."""
    scores = Scorer(p).scores(legal)
    top: dict[Hashable, tuple[float, Action]] = {}
    for action, score in zip(legal, scores, strict=True):
        group = _group(action)
        held = top.get(group)
        if held is None or score > held[0] + 1e-9:
            top[group] = (score, action)
    favourite = best(legal, scores, rng)  # the heuristic's very choice among ties
    first = _group(favourite)
    out = {first: favourite}
    for group, (_, action) in sorted(top.items(), key=lambda x: -x[1][0]):
        if group != first:
            out[group] = action
    return out


def by_habits(
    p: Perspective, legal: Sequence[Action], rng: random.Random, habits: Habits, last: str | None = None
) -> Action:
    """The card to play drawn from ``habits`` when the choice is between two cards (then the heuristic's best way
    of playing it), ``last`` the latest card another player played; otherwise the heuristic's choice."""
    scores = Scorer(p).scores(legal)
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
    z = habits.log_odds(a, b, xa - xb, 1.0 - p.deck_size / p.tables.deck_size, last)
    chance = habits.noise / 2 + (1.0 - habits.noise) / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return play_a if rng.random() < chance else play_b


def _last(s: GameState, seat: int) -> str | None:
    """The latest card a seat other than ``seat`` played this round (None: none yet)."""
    for q, action in reversed(s.plays):
        if q != seat and isinstance(action, Play):
            return action.card
    return None


def _truth(s: GameState, seat: int) -> dict[int, Mapping[str, float]]:
    """Weights (:attr:`Perspective.weights`) that put every other hand of ``s`` in the round at its very card."""
    ids = s.mode.card_ids
    hands = s.hands
    return {t: {c: float(c == hands[t][0]) for c in ids} for t in range(s.n) if t != seat and s.alive[t] and hands[t]}


def _group(action: Action) -> Hashable:
    return action.card if isinstance(action, (Play, Keep)) else action
