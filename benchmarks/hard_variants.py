"""Versions of the ``hard`` player measured against each other while its design was chosen (issue 49).

Each class is ``hard`` (:class:`loveletter.bots.hard.HardBot`) with one setting changed, to be seated in a
tournament as a bot file, for example::

    uv run loveletter tournament --player benchmarks/hard_variants.py:SelfHabits --player hard-v2 \\
        --players 2 --deals 1000 --sprt 0,35 --jobs 1 --seed 4903

``benchmarks/NOTES.md`` has what each one measured.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.bots.beliefs import CAREFUL, SEARCHER_HABITS, Habits, Model, Style
from loveletter.bots.hard import HardBot


class _Variant(HardBot):
    #: Moves per decision, whatever the table (None: the level's default).
    fixed_budget: int | None = None

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, budget=self.fixed_budget)


class Hard(_Variant):
    """``hard`` as it is."""


class SelfHabits(_Variant):
    """The searching seat plays by the searchers' habits in its play-outs after its tree decisions."""

    self_habits = SEARCHER_HABITS


class Exact(_Variant):
    """Every deal of the hidden cards played, weighed by the reading, when there are at most 720 of them and a pass
    takes at most half the budget (the exact endgame; the coach's judge plays every deal late in a round too)."""

    exact_deals: ClassVar[Mapping[int, int]] = dict.fromkeys(range(2, 9), 720)


class Exact1000(Exact):
    fixed_budget = 1_000


class SelfHabits1000(SelfHabits):
    fixed_budget = 1_000


class HardOtherSeed(_Variant):
    """``hard`` with another random source: how often two searches differ by chance alone."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(random.Random(rng.getrandbits(64) ^ 0x5EED))


class Tree4p(_Variant):
    """The searching seat's next decision is a tree node at three and four players too."""

    tree_depth: ClassVar[Mapping[int, int]] = {2: 2, 3: 1, 4: 1}


class Budget2x(_Variant):
    """Twice the default budget at every table."""

    budgets: ClassVar[Mapping[int, int]] = {n: 2 * b for n, b in HardBot.budgets.items()}


class Budget3x(_Variant):
    """Three times the default budget at every table."""

    budgets: ClassVar[Mapping[int, int]] = {n: 3 * b for n, b in HardBot.budgets.items()}


class Tempered(_Variant):
    """The reading's weights raised to the power 0.6 when dealing at two players (it is over-confident against
    ``hard-v2``: that power gave the least log-loss of its hidden card)."""

    reading_power: ClassVar[Mapping[int, float]] = {2: 0.6}


class Tempered1000(Tempered):
    fixed_budget = 1_000


#: The habits refitted on 400 games of ``hard-v2`` against itself, with the bias after the other's latest card.
HABITS2 = Habits.load(Path(__file__).resolve().parent.parent / "loveletter" / "bots" / "searcher2.json")
SEARCHER2 = Style(1.0 / HABITS2.score, HABITS2.noise, 0.3, 0.3, HABITS2)


class Habits2(_Variant):
    """Reads the other player as careful or a searcher with the refitted habits, and plays by them after its tree
    in its play-outs (the other seat too, as far as it reads as a searcher)."""

    reading_models: ClassVar[Mapping[int, Model]] = {2: Model((CAREFUL, SEARCHER2), (0.5, 0.5))}
    self_habits = HABITS2


class Habits2_1000(Habits2):
    fixed_budget = 1_000


class Insight(_Variant):
    """A play-out decision is made one time in eleven as if the other hand were known (two players): counting
    names a Guard's card 15% of the time in ``hard-v2``'s games, its reading 23%."""

    insight: ClassVar[Mapping[int, float]] = {2: 0.09}


class Insight1000(Insight):
    fixed_budget = 1_000


class Combo(Habits2):
    """Habits2, and a quarter of the play-outs' decisions made as if reading the other hand exactly: of the
    play-out models tried, the one whose estimates from the true deals of ``hard-v2``'s own games came truest
    (Brier score 0.184, against 0.243 for ``hard-v2``'s and 0.289 for the heuristic alone)."""

    insight: ClassVar[Mapping[int, float]] = {2: 0.25}


class Combo1000(Combo):
    fixed_budget = 1_000
