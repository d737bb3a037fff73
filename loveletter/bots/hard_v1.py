"""The ``hard-v1`` computer player: the first ``hard`` level, kept unchanged as a fixed reference for measuring the
present one (``benchmarks/bots.py``, ``loveletter simulate --seats hard,hard-v1``); players are not offered it.

It is a determinized Monte Carlo search over its legal actions.

For each decision it samples complete deals consistent with its view (:class:`~loveletter.engine.determinize.
Determinizer`: the hidden cards dealt at random from the cards it has not seen), tries each candidate action on
the same deals, plays each round out with every seat following the ``easy`` heuristic on *that seat's* knowledge,
and scores the finished round by the chance of winning the game from the tokens it leaves
(:class:`~loveletter.bots.value.GameValue`). Candidates are compared on common deals and play-out seeds, and the
budget is spread by sequential halving: every candidate gets a few play-outs, the worse half is dropped, and so
on, so the close calls get most of the play-outs.

The deals are not quite uniform: each opponent's hidden card is weighed by what their latest play suggests, and
an opponent known to have seen our card (a Priest with us as the only choice, a Baron tie, a King) knows it in
the deals too (:class:`~loveletter.bots.inference.PlayReader`, which remembers the round from our own views).

Its budget is a number of simulated moves per decision (``budget``: the moves of all its play-outs, every seat
included; deterministic for a given random source, and roughly proportional to the time spent whatever the
stage of the round; by default :data:`DEFAULT_BUDGET`, by number of players) and, optionally, a time limit
(``seconds``; then results depend on the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence

from loveletter.bots.counting import Perspective
from loveletter.bots.easy import Scorer
from loveletter.bots.easy import choose as heuristic
from loveletter.bots.inference import PlayReader
from loveletter.bots.value import GameValue
from loveletter.engine import Action, GameState, Keep, Play, View
from loveletter.engine.determinize import Determinizer

#: Moves simulated per decision by default, by number of players (the moves of every play-out, all seats
#: included): a move costs more with more players, so that every table gets about a quarter of a second per
#: decision on the development machine (see ``benchmarks/bots.py``).
DEFAULT_BUDGET = {2: 10_000, 3: 8_000, 4: 7_000, 5: 5_000, 6: 4_500, 7: 4_000, 8: 3_500}
#: Names a Guard (or numbers a Bishop) tries per target: the likeliest ones.
NAMES_PER_TARGET = 3
#: Actions compared at most; with more (five players and up), the heuristic's favourites.
MAX_OPTIONS = 10


def playout(s: GameState, rng: random.Random) -> int:
    """Play ``s`` to the end of its round, every seat following the heuristic on its own knowledge; return
    the number of moves played."""
    moves = 0
    while s.decider is not None:
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0], record=False)
        else:
            s.apply(heuristic(Perspective.of_state(s, s.decider), legal, rng), record=False)
        moves += 1
    return moves


def candidates(
    p: Perspective, legal: Sequence[Action], likely: Mapping[int, Mapping[str, float]] | None = None
) -> list[Action]:
    """The legal actions worth searching: a Guard or a Bishop names only the likeliest cards for each target
    (weighed by ``likely``, what the target's play suggests), and a Chancellor's keep puts the returned cards back
    in one order (the heuristic's)."""
    out: list[Action] = []
    named: dict[tuple[str, int], list[tuple[float, int, Play]]] = {}
    keeps: dict[str, Keep] = {}
    scorer: Scorer | None = None
    values = p.tables.value
    posteriors: dict[int, dict[str | int, float]] = {}
    for action in legal:
        if isinstance(action, Play) and action.named is not None and action.targets:
            target = action.targets[0]
            posterior = posteriors.get(target)
            if posterior is None:
                posterior = posteriors[target] = _posterior(p, target, (likely or {}).get(target))
            weight = action.named if isinstance(action.named, int) else values[action.named]
            named.setdefault((action.card, target), []).append((posterior.get(action.named, 0.0), weight, action))
        elif isinstance(action, Keep):
            scorer = scorer or Scorer(p)
            best = keeps.get(action.card)
            if best is None or scorer.keep_action(action) > scorer.keep_action(best):
                keeps[action.card] = action
        else:
            out.append(action)
    for options in named.values():
        options.sort(key=lambda o: (-o[0], -o[1]))
        useful = [o for o in options if o[0] > 0] or options[:1]
        out.extend(o[2] for o in useful[:NAMES_PER_TARGET])
    out.extend(keeps.values())
    return out


def _posterior(p: Perspective, seat: int, weights: Mapping[str, float] | None) -> dict[str | int, float]:
    """name (card, or value when the Guard names numbers) -> chance that ``seat`` holds it."""
    tables = p.tables
    sure = p.holds(seat)
    odds: dict[str, float]
    if sure is not None:
        odds = {sure: 1.0}
    else:
        odds = {c: k * (weights.get(c, 1.0) if weights else 1.0) for c, k in p.unseen.items() if k > 0}
    total = sum(odds.values()) or 1.0
    out: dict[str | int, float] = {}
    for card, w in odds.items():
        name: str | int = tables.value[card] if tables.by_number else card
        out[name] = out.get(name, 0.0) + w / total
    return out


class HardV1Bot:
    """Determinized Monte Carlo search with heuristic play-outs; see the module docstring."""

    level = "hard-v1"

    def __init__(self, rng: random.Random, *, budget: int | None = None, seconds: float | None = None):
        if budget is not None and budget < 1:
            raise ValueError("the budget must be at least 1 move")
        self.rng = rng
        self.budget = budget
        self.seconds = seconds
        self.reader = PlayReader()
        self._values: dict[tuple[int, int, bool], GameValue] = {}

    def value_model(self, view: View) -> GameValue:
        shared = view.mode.game_tie == "shared"
        key = (view.players, view.goal, shared)
        model = self._values.get(key)
        if model is None:
            model = self._values[key] = GameValue(view.players, goal=view.goal, shared=shared)
        return model

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        likely, exposed = self.reader.read(view)
        action = self.decide(view, likely, exposed)
        self.reader.note(view, action)
        return action

    def decide(self, view: View, likely: dict[int, dict[str, float]], exposed: dict[int, tuple[str, ...]]) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        p = Perspective.of_view(view)
        p.exposed = exposed
        options = candidates(p, legal, likely)
        if len(options) > MAX_OPTIONS:
            # Too many for the budget (big tables): search the ones the heuristic likes best.
            scorer = Scorer(p)
            options.sort(key=lambda a: -scorer.score(a))
            options = options[:MAX_OPTIONS]
        if len(options) == 1:
            return options[0]
        return self.search(view, options, likely, exposed)

    def search(
        self,
        view: View,
        options: list[Action],
        likely: dict[int, dict[str, float]] | None = None,
        exposed: dict[int, tuple[str, ...]] | None = None,
    ) -> Action:
        """Sequential halving over ``options`` with common deals; returns the best on average."""
        rng = self.rng
        me = view.seat
        sampler = Determinizer(view, exposed)
        model = self.value_model(view)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        remaining = list(options)
        totals = dict.fromkeys(options, 0.0)
        phases = max(1, math.ceil(math.log2(len(options))))
        budget = self.budget if self.budget is not None else DEFAULT_BUDGET.get(view.players, 3_500)
        spent = 0
        for phase in range(phases):
            allowance = spent + (budget - spent) // (phases - phase)
            while True:
                base = sampler.sample(rng, likely)
                seed = rng.getrandbits(32)
                for action in remaining:
                    s = base.copy()
                    s.apply(action, record=False)
                    spent += 1 + playout(s, random.Random(seed))
                    totals[action] += model.of_state(s, me)
                if spent >= allowance or (deadline is not None and time.perf_counter() > deadline):
                    break
            # Keep the better half (all survivors have the same number of play-outs, on the same deals).
            remaining.sort(key=lambda a: -totals[a])
            if deadline is not None and time.perf_counter() > deadline:
                break
            remaining = remaining[: max(1, (len(remaining) + 1) // 2)]
            if len(remaining) == 1:
                break
        return remaining[0]
