"""The ``hard`` computer player: ``hard-v2``'s search (:mod:`loveletter.bots.hard_v2`) with settings of its own, so
that its design can move on while ``hard-v2`` stays the yardstick (issue 49). No setting tried so far beat
``hard-v2`` on fresh seeds (``benchmarks/NOTES.md``, "Issue 49"), so today they are ``hard-v2``'s and it makes the
same decisions from the same random source; ``benchmarks/hard_variants.py`` seats the versions with others."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from loveletter.bots import beliefs
from loveletter.bots.beliefs import Habits
from loveletter.bots.hard_v2 import READING, HardV2Bot

#: Moves simulated per decision by default, by number of players.
DEFAULT_BUDGET = {2: 3_500, 3: 4_000, 4: 4_000, 5: 2_000, 6: 2_000, 7: 2_000, 8: 2_000}
#: Decisions of the searching seat per play-out made by the search tree, by number of players.
TREE_DEPTH = {2: 2}
#: Every deal of the hidden cards played, weighed by the reading, rather than sampled, when there are at most this
#: many (by number of players). Off: it won 49.3% of 428 games against ``hard-v2`` and took 4% longer.
EXACT_DEALS: dict[int, int] = {}


class HardBot(HardV2Bot):
    """The ``hard`` level: ``hard-v2``'s search with these settings (:class:`~loveletter.bots.hard_v2.HardV2Bot`
    says what each one does)."""

    level = "hard"
    budgets: ClassVar[Mapping[int, int]] = DEFAULT_BUDGET
    tree_depth: ClassVar[Mapping[int, int]] = TREE_DEPTH
    reading_models: ClassVar[Mapping[int, beliefs.Model]] = READING
    exact_deals: ClassVar[Mapping[int, int]] = EXACT_DEALS
    reading_power: ClassVar[Mapping[int, float]] = {}
    insight: ClassVar[Mapping[int, float]] = {}
    self_habits: ClassVar[Habits | None] = None
