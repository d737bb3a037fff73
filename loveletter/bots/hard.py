"""The ``hard`` computer player: ``hard-v2``'s reading, tree and play-outs (the same decisions from the same random
source), with its design's settings open to measurement (issue 49). No setting tried so far beat ``hard-v2`` on
fresh seeds (``benchmarks/NOTES.md``, "Issue 49"), so every one is off by default; ``benchmarks/hard_variants.py``
seats the versions with them on."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import ClassVar

from loveletter.bots import beliefs
from loveletter.bots.beliefs import Habits
from loveletter.bots.hard_v2 import READING as READINGS
from loveletter.bots.hard_v2 import HardV2Bot, Option, draw_habits
from loveletter.bots.tree import Score, Tree
from loveletter.engine import Action, GameState, View
from loveletter.engine.determinize import Determinizer

#: Moves simulated per decision by default, by number of players.
DEFAULT_BUDGET = {2: 3_500, 3: 4_000, 4: 4_000, 5: 2_000, 6: 2_000, 7: 2_000, 8: 2_000}
#: Decisions of the searching seat per play-out made by the search tree, by number of players.
TREE_DEPTH = {2: 2}
#: Every deal of the hidden cards is played, weighed by the reading, rather than sampled, when there are at most
#: this many (by number of players) and a pass over them all takes at most a share :data:`EXACT_SHARE` of the
#: budget. Off by default: it won 49.3% of 428 games against ``hard-v2`` and took 4% longer.
EXACT_DEALS: dict[int, int] = {}
EXACT_SHARE = 0.5


class HardBot(HardV2Bot):
    """The ``hard`` level."""

    level = "hard"
    #: The design's settings (class attributes, so that ``benchmarks/hard_variants.py`` can measure others).
    budgets: ClassVar[Mapping[int, int]] = DEFAULT_BUDGET
    tree_depth: ClassVar[Mapping[int, int]] = TREE_DEPTH
    exact_deals: ClassVar[Mapping[int, int]] = EXACT_DEALS
    #: Habits the searching seat follows in its play-outs after its tree decisions (None: the heuristic).
    self_habits: ClassVar[Habits | None] = None
    #: By number of players: the power the reading's weights are raised to when dealing (below 1: trusted less).
    reading_power: ClassVar[Mapping[int, float]] = {}
    #: By number of players: the share of play-out decisions made as if reading the other hands exactly.
    insight: ClassVar[Mapping[int, float]] = {}
    #: The kinds of player it reads the others as, by number of players (by default the people's).
    reading_models: ClassVar[Mapping[int, beliefs.Model]] = READINGS

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        memory = self.memory
        memory.remember(view)
        if len(legal) == 1:
            self.reading = None
            action = legal[0]
        else:
            model = self.reading_models.get(view.players, beliefs.PEOPLE)
            self.reading = reading = beliefs.read(view, memory, model)
            memory.learn(reading)
            action = self.decide(view, reading)
        memory.note(view, action)
        return action

    def search(
        self,
        view: View,
        reading: beliefs.Reading,
        options: list[Option],
        score: Score,
        *,
        halving: bool,
        budget: int | None = None,
        seconds: float | None = None,
    ) -> dict[Action, float]:
        rng = self.rng
        me = view.seat
        n = view.players
        sampler = Determinizer(view, reading.exposed)
        likely = reading.likely
        power = self.reading_power.get(n, 1.0)
        if power != 1.0:
            likely = {q: {c: w**power for c, w in row.items()} for q, row in likely.items()}
        limit = seconds if seconds is not None else self.seconds
        deadline = time.perf_counter() + limit if limit is not None else None
        if budget is None:
            budget = self.budget if self.budget is not None else self.budgets.get(n, 2_000)
        totals: dict[Action, float] = {a: 0.0 for o in options for a in o.actions}
        mass: dict[Action, float] = dict.fromkeys(totals, 0.0)
        remaining = list(options)
        phases = max(1, math.ceil(math.log2(len(options)))) if halving else 1
        depths = [self.tree_depth.get(n, 0) if q == me else 0 for q in range(n)]
        kinds = {q: h for q in range(n) if q != me and (h := reading.habits(q))}
        habits: list[Habits | None] = [None] * n
        habits[me] = self.self_habits
        playouts = Tree(me, score, len(view.plays), depths, insight=self.insight.get(n, 0.0))
        deals = self.every_deal(view, sampler, likely, len(options), budget)
        dealt = 0
        spent = 0
        for phase in range(phases):
            allowance = spent + (budget - spent) // (phases - phase)
            while True:
                if deals is None:
                    base, weight = sampler.sample(rng, likely), 1.0
                else:
                    base, weight = deals[dealt % len(deals)]
                dealt += 1
                seed = rng.getrandbits(32)
                for q, mix in kinds.items():
                    habits[q] = draw_habits(mix, rng)
                for option in remaining:
                    spent += self._simulate(base, option, seed, playouts, totals, mass, habits, weight)
                if deadline is not None and time.perf_counter() > deadline:
                    break
                # Every deal is played as often as the others: a phase ends only after a whole pass.
                if spent >= allowance and (deals is None or dealt % len(deals) == 0):
                    break
            if deadline is not None and time.perf_counter() > deadline:
                break
            if halving and len(remaining) > 1:
                remaining.sort(key=lambda o: -max(totals[a] / max(1e-12, mass[a]) for a in o.actions))
                remaining = remaining[: max(1, (len(remaining) + 1) // 2)]
                if len(remaining) == 1 and len(remaining[0].actions) == 1:
                    break
        survivors = {a for o in remaining for a in o.actions}
        return {a: totals[a] / mass[a] if mass[a] else -1.0 for a in totals if a in survivors or not halving}

    def every_deal(
        self,
        view: View,
        sampler: Determinizer,
        likely: Mapping[int, Mapping[str, float]],
        options: int,
        budget: int,
    ) -> list[tuple[GameState, float]] | None:
        """Every distinct deal of the hidden cards with its weight from the reading, when there are few enough
        (:data:`EXACT_DEALS`) and a pass over them fits :data:`EXACT_SHARE` of the budget; else ``None``."""
        limit = self.exact_deals.get(view.players, 0)
        if limit <= 0:
            return None
        count = sampler.count()
        if count > limit or count * options * (view.deck_size + view.players) > EXACT_SHARE * budget:
            return None
        return beliefs.weighed_deals(view, sampler, likely) or None
