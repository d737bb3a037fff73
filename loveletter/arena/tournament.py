"""Tournaments: who plays whom (the format), on which deals (duplicate or not), and what each game gave.

A :class:`Tournament` is a list of players (:class:`~loveletter.arena.userbots.Entrant`), a table size, a format
and a number of deals per line-up. Its games are numbered, and game ``i`` is described by :meth:`Tournament.game`
alone: its deal's seed and each player's seed derive from the tournament's seed (:func:`derive_seed`), never from
which process or machine plays it, so the results are the same for any number of processes and any backend.

* **round-robin**: every set of ``table`` players among the players is a line-up;
* **gauntlet**: the first player against every set of ``table - 1`` others.

**Duplicate deals**: each deal of a line-up is played once per seating rotation (``table`` games on the same
shuffled deck, each player at each seat once), so that a good or bad deal falls to every player alike. Without
them, each deal is played once and the seating rotates from one deal to the next.

The games are played by the referee (:mod:`loveletter.arena.referee`), added up in
:mod:`loveletter.arena.standings`, and written to and read back from the results file by
:mod:`loveletter.arena.results`.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from loveletter.arena.games import derive_seed, ruleset_text
from loveletter.arena.userbots import DEFAULT_MEMORY, Entrant
from loveletter.engine.ruleset import read_toml

FORMATS = ("round-robin", "gauntlet")


class FormatError(ValueError):
    """A format that needs more players than given: ``needed`` players at least."""

    def __init__(self, format: str, needed: int, given: int) -> None:
        self.format, self.needed, self.given = format, needed, given
        super().__init__(f"{format} needs at least {needed} players, {given} given")


@dataclass(frozen=True, slots=True)
class Tournament:
    """What a tournament is: enough to describe every one of its games, and to recognise it when resumed."""

    entrants: tuple[Entrant, ...]
    ruleset: str
    table: int
    format: str = "round-robin"
    deals: int = 50
    duplicate: bool = True
    seed: int = 0
    move_time: float = 10.0
    #: The address space each bot process may use, in MiB (0: no limit).
    bot_memory: int = DEFAULT_MEMORY
    #: The folder of the bots' logs (their stderr), one file per player (empty: a folder of the system's temporary
    #: one); not part of what the tournament is. The command puts it beside the results file.
    bot_logs: str = field(default="", compare=False)
    #: The ruleset's contents (:func:`ruleset_digest`), read when the tournament is made unless given.
    ruleset_sha256: str = ""
    #: A user's ruleset file's text, read when the tournament is made: it travels with each game
    #: (:func:`loveletter.arena.games.ruleset_text`).
    ruleset_text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        needed = max(2, self.table)  # either format seats a full table; a gauntlet has one player and the field
        if len(self.entrants) < needed:
            raise FormatError(self.format, needed, len(self.entrants))
        if not self.ruleset_sha256:
            object.__setattr__(self, "ruleset_sha256", ruleset_digest(self.ruleset))
        if not self.ruleset_text:
            object.__setattr__(self, "ruleset_text", ruleset_text(self.ruleset))

    def lineups(self) -> list[tuple[int, ...]]:
        """Who sits together, as indices into :attr:`entrants`."""
        everyone = range(len(self.entrants))
        if self.format == "gauntlet":
            return [(0, *others) for others in itertools.combinations(everyone[1:], self.table - 1)]
        return list(itertools.combinations(everyone, self.table))

    @property
    def rotations(self) -> int:
        """Games per deal of a line-up."""
        return self.table if self.duplicate else 1

    @property
    def games(self) -> int:
        return self.deals * len(self.lineups()) * self.rotations

    def game(self, index: int, lineups: Sequence[tuple[int, ...]] | None = None) -> TableGame:
        """Game ``index``: deals come one after another, and within a deal every line-up, every rotation."""
        lineups = self.lineups() if lineups is None else lineups
        per_deal = len(lineups) * self.rotations
        deal, rest = divmod(index, per_deal)
        lineup, rotation = divmod(rest, self.rotations)
        if not self.duplicate:
            rotation = deal % self.table
        members = lineups[lineup]
        n = self.table
        seats = tuple(members[(s - rotation) % n] for s in range(n))  # member i at seat (i + rotation) % n
        return TableGame(
            index=index,
            deal=deal,
            lineup=lineup,
            rotation=rotation,
            ruleset=self.ruleset,
            ruleset_text=self.ruleset_text,
            seats=seats,
            players=tuple(self.entrants[e] for e in seats),
            seed=derive_seed(self.seed, "deal", deal),
            # A player's seed is the same at every seat of a deal: a duplicate deal changes only the seating.
            bot_seeds=tuple(derive_seed(self.seed, "bot", deal, lineup, e) for e in seats),
            move_time=self.move_time,
            bot_memory=self.bot_memory,
            bot_logs=self.bot_logs,
        )

    def iter_games(self, start: int = 0) -> Iterator[TableGame]:
        """The games from ``start`` on, described one at a time (memory flat in the number of games)."""
        lineups = self.lineups()
        for index in range(start, self.games):
            yield self.game(index, lineups)

    def identity(self) -> dict[str, Any]:
        """What a results file records of the tournament, to refuse resuming another one."""
        return {
            "players": [e.identity() for e in self.entrants],
            "ruleset": self.ruleset,
            "ruleset_sha256": self.ruleset_sha256,
            "table": self.table,
            "format": self.format,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "move_time": self.move_time,
            "bot_memory": self.bot_memory,
        }


def ruleset_digest(name: str) -> str:
    """The SHA-256 of a ruleset's data (its TOML parsed, written out as canonical JSON): a ruleset file is known by
    what it says, not by where it is or how it is laid out (comments, spacing, the order of keys)."""
    data = read_toml(name)[0]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game of a tournament: ``players[s]`` (entrant ``seats[s]``) sits at table seat ``s``."""

    index: int
    deal: int
    lineup: int
    rotation: int
    ruleset: str
    seats: tuple[int, ...]
    players: tuple[Entrant, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    move_time: float
    ruleset_text: str = ""
    bot_memory: int = DEFAULT_MEMORY
    bot_logs: str = ""
