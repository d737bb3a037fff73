"""The ``hard`` computer player. It plays as ``hard-v2`` (:mod:`loveletter.bots.hard_v2`, the design kept as a
fixed yardstick) until a stronger design is measured to replace it (issue 49; ``benchmarks/NOTES.md``)."""

from __future__ import annotations

from loveletter.bots.hard_v2 import HardV2Bot


class HardBot(HardV2Bot):
    """The ``hard`` level: for now the search of :class:`~loveletter.bots.hard_v2.HardV2Bot`."""

    level = "hard"
