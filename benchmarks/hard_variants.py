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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.bots.beliefs import SEARCHER_HABITS
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


class Sampled(_Variant):
    """Deals always sampled, never all played."""

    exact_deals = {}


class Hard1000(_Variant):
    fixed_budget = 1_000


class SelfHabits1000(SelfHabits):
    fixed_budget = 1_000
