"""Computer players against each other: many games, reproducible, spread over processes if wanted.

This is the engine of ``loveletter simulate`` and of ``benchmarks/bots.py``. A run is a list of
:class:`GameSpec` (one per game: ruleset, who sits where, the game's seed and each player's seed) handed to a
*play-one-game* function (:func:`play_game` for the multi-player rulesets; another variant can bring its own)
which returns a :class:`GameResult`; :func:`run_games` plays them in order or in parallel, and
:class:`Summary` adds them up.

Seeds never depend on which process plays a game: each game's seed and each player's seed derive from the run's
seed, the game's index and the seat (:func:`derive_seed`), so a run gives the same results with any number of
processes.

>>> specs = make_specs("2019", ["easy", "random"], games=4, seed=7)
>>> [spec.levels for spec in specs]      # the seating rotates between games
[('easy', 'random'), ('random', 'easy'), ('easy', 'random'), ('random', 'easy')]
>>> summary = Summary.of(run_games(specs, play_game), levels=["easy", "random"])
>>> summary.games, sum(summary.slot_wins) >= 4
(4, True)
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
import signal
import time
import tomllib
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import util
from pathlib import Path
from typing import Any, TypeVar

from loveletter.bots import LEVELS, REFERENCE_LEVELS, Bot, make_bot, reads_history, tell_game_over
from loveletter.engine import Game, Play, Ruleset, load_ruleset, parse_ruleset
from loveletter.engine.ruleset import read_toml
from loveletter.records import GameRecord, Seat
from loveletter.records.solitaire import SolitaireRecord
from loveletter.records.store import write_new
from loveletter.solitaire.simulate import describe, play_out

#: How a multi-player round can end (the engine's ``RoundEnd``).
ROUND_ENDS = ("deck_out", "last_standing", "interrupted")


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed from ``seed`` and the labels ``parts`` (game index, seat...), the same in every process.

    >>> derive_seed(1, "game", 0) == derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    True
    """
    digest = hashlib.sha256(repr((seed, *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


class LevelError(ValueError):
    """A level that :func:`parse_level` cannot read: ``problem`` is ``"unknown"`` (no such level ``name``) or
    ``"budget"`` (a budget that is not ``hard:N`` with N a whole number from 1 up), so a front end can word it."""

    def __init__(self, text: str, name: str, problem: str) -> None:
        self.text, self.name, self.problem = text, name, problem
        if problem == "unknown":
            super().__init__(f"unknown level {name!r}; known: {', '.join(LEVELS)}")
        else:
            super().__init__(f"{text!r}: only the hard level takes a budget, as hard:N with N a whole number from 1 up")


#: The largest budget ``hard:N`` takes (nine digits; int() itself refuses a few thousand).
MAX_BUDGET = 999_999_999


def parse_level(text: str, allowed: Collection[str] = (*LEVELS, *REFERENCE_LEVELS)) -> tuple[str, int | None]:
    """``"hard"`` -> ``("hard", None)``; ``"hard:5000"`` -> ``("hard", 5000)`` (moves simulated per decision).
    The levels ``allowed`` are by default the card game's, the reference level ``hard-v1`` included. Raises
    :class:`LevelError` with a message naming the known levels."""
    name, _, budget = text.strip().partition(":")
    if name not in allowed:
        raise LevelError(text, name, "unknown")
    if not budget:
        return name, None
    # ASCII digits only: str.isdigit() also accepts digits int() rejects, such as "²".
    digits = budget.isascii() and budget.isdigit() and len(budget) <= len(str(MAX_BUDGET))
    if not name.startswith("hard") or not digits or int(budget) < 1:
        raise LevelError(text, name, "budget")
    return name, int(budget)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play. ``levels[s]`` plays at table seat ``s``; it is entry ``slots[s]`` of the run's list."""

    index: int
    ruleset: str
    players: int
    levels: tuple[str, ...]
    slots: tuple[int, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    timings: bool = False
    save_dir: str | None = None
    #: A user's ruleset file's text (:func:`ruleset_text`), which travels with the game; empty for a bundled one.
    ruleset_text: str = ""


@dataclass(slots=True)
class GameResult:
    """What one game gave: enough to count wins and speed, and to write the game's record. Who sat where, the
    seed and the index are its :class:`GameSpec`'s (kept whole, not copied field by field)."""

    spec: GameSpec
    #: The ruleset's own name, as played (the spec's is what was asked: a bundled name or a file's path).
    ruleset: str
    winners: tuple[int, ...]  # table seats
    tokens: tuple[int, ...]
    #: Each round's deal: ``{"first_player": seat, "deck": [cards, top first]}``.
    deals: list[dict[str, Any]]
    #: Each round's actions, or their notation: ``str()`` of each gives the notation (the engine's actions are
    #: turned into text only when written out).
    actions: Sequence[Sequence[object]]
    turns: int
    round_ends: dict[str, int]
    #: Seconds per decision, by level (only when the spec asked for timings).
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def index(self) -> int:
        return self.spec.index

    @property
    def players(self) -> int:
        return self.spec.players

    @property
    def levels(self) -> tuple[str, ...]:
        return self.spec.levels

    @property
    def slots(self) -> tuple[int, ...]:
        return self.spec.slots

    @property
    def seed(self) -> int:
        return self.spec.seed

    @property
    def rounds(self) -> int:
        return len(self.deals)

    def winning_slots(self) -> set[int]:
        return {self.slots[s] for s in self.winners}

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "ruleset": self.ruleset,
            "players": self.players,
            "levels": list(self.levels),
            "seed": self.seed,
            "rounds": [
                {**deal, "actions": [str(a) for a in actions]}
                for deal, actions in zip(self.deals, self.actions, strict=True)
            ],
            "winners": list(self.winners),
            "tokens": list(self.tokens),
        }


def make_specs(
    ruleset: str,
    levels: Sequence[str],
    *,
    games: int,
    seed: int,
    timings: bool = False,
    save_dir: str | None = None,
    ruleset_text: str = "",
) -> list[GameSpec]:
    """The games of a run: entry ``i`` of ``levels`` sits at table seat ``(i + g) % n`` in game ``g``, so that
    the seating rotates and no level keeps the first seat."""
    return list(
        iter_specs(
            ruleset, levels, games=games, seed=seed, timings=timings, save_dir=save_dir, ruleset_text=ruleset_text
        )
    )


def iter_specs(
    ruleset: str,
    levels: Sequence[str],
    *,
    games: int,
    seed: int,
    timings: bool = False,
    save_dir: str | None = None,
    ruleset_text: str = "",
) -> Iterator[GameSpec]:
    """The games of :func:`make_specs`, one at a time: a run of any length takes no more memory than one game."""
    n = len(levels)
    for g in range(games):
        slots = tuple((s - g) % n for s in range(n))
        yield GameSpec(
            index=g,
            ruleset=ruleset,
            players=n,
            levels=tuple(levels[i] for i in slots),
            slots=slots,
            seed=derive_seed(seed, "game", g),
            bot_seeds=tuple(derive_seed(seed, "bot", g, s) for s in range(n)),
            timings=timings,
            save_dir=save_dir,
            ruleset_text=ruleset_text,
        )


def ruleset_text(name: str) -> str:
    """The text of a user's ruleset file, to travel with each game: a worker on another machine (a Ray cluster)
    has no such file, and a file edited during a run changes none of its games. Empty for a bundled ruleset,
    which every installation has."""
    _, _, text, bundled = read_toml(name)
    return "" if bundled else text


_RULESETS: dict[tuple[str, str], Ruleset] = {}


def game_ruleset(name: str, text: str = "") -> Ruleset:
    """The ruleset a game is played with: parsed from ``text`` when given (:func:`ruleset_text`), else loaded
    by ``name``; kept for the next games of this process."""
    rs = _RULESETS.get((name, text))
    if rs is None:
        rs = parse_ruleset(tomllib.loads(text), source=name, text=text) if text else load_ruleset(name)
        _RULESETS[(name, text)] = rs
    return rs


def play_game(spec: GameSpec) -> GameResult:
    """Play one multi-player game between computer players of the spec's levels (each seeing only its own
    seat's view)."""
    return play_bots(spec, [built_in_bot(text, seed) for text, seed in zip(spec.levels, spec.bot_seeds, strict=True)])


def play_bots(spec: GameSpec, bots: Sequence[Bot]) -> GameResult:
    """Play the game of ``spec`` with ``bots``, one a seat; each is told how the game ended, if it listens."""
    ruleset = game_ruleset(spec.ruleset, spec.ruleset_text)
    # A ruleset that lets the host choose who starts: the simulation's host chooses at random, from its own
    # source, so that the game's stays as it would be and the same seed still gives the same games.
    host = random.Random(derive_seed(spec.seed, "host")) if ruleset.flags.first_player_mode == "choose" else None
    # Nobody reads the events of a simulated game (its record holds the deals and the moves): build none, unless
    # a player reads the round's history from its views.
    game = Game(
        ruleset,
        spec.players,
        seed=spec.seed,
        first_player=host.randrange(spec.players) if host else None,
        record=any(map(reads_history, bots)),
    )
    state = game.state
    times: dict[str, list[float]] = {}
    clock = time.perf_counter
    ends = dict.fromkeys(ROUND_ENDS, 0)
    while True:
        seat = state.decider
        if seat is None:  # the round is over: why, then the next one (or the end of the game)
            assert state.result is not None
            ends[state.result.reason] += 1
            if game.over:
                break
            game.next_round(first_player=host.choice(game.first_player_choices()) if host else None)
            continue
        view = state.view(seat)
        if spec.timings:
            start = clock()
            action = bots[seat].choose(view)
            times.setdefault(spec.levels[seat], []).append(clock() - start)
        else:
            action = bots[seat].choose(view)
        game.push(action)
    for bot in bots:
        tell_game_over(bot, game.winners, game.tokens)
    result = GameResult(
        spec=spec,
        ruleset=game.ruleset.name,
        winners=game.winners,
        tokens=game.tokens,
        deals=[{"first_player": d.first_player, "deck": list(d.deck)} for d in game.deals],
        actions=game.actions,
        # Cards played (not a Chancellor's keep or a Bishop target's choice), counted in C: a game has hundreds.
        turns=list(map(type, itertools.chain.from_iterable(game.actions))).count(Play),
        round_ends=ends,
        times=times,
    )
    if spec.save_dir is not None:
        save_record(game, spec, Path(spec.save_dir))
    return result


def built_in_bot(level_text: str, seed: int) -> Bot:
    """A bot of the level ``level_text`` (``hard:5000``: a budget), its random source seeded by ``seed``."""
    level, budget = parse_level(level_text)
    return make_bot(level, seed=seed, budget=budget)


def save_record(game: Game, spec: GameSpec, directory: Path) -> Path:
    """Write the game's record (``loveletter.records``) as ``game-<index>.json`` in ``directory``, or under the
    next free name: never over a file (:func:`~loveletter.records.store.write_new`)."""
    seats = [Seat(f"{level} {s + 1}", "computer", level) for s, level in enumerate(spec.levels)]
    record = GameRecord.start(game, seats, spec.seed)
    return write_new(directory / f"game-{spec.index:05d}.json", record.to_json())


def play_solitaire_game(spec: GameSpec) -> GameResult:
    """Play one deal of the solitaire variant (``loveletter.solitaire.simulate.play_deal``) as a one-seat game:
    won when the player beats the Princess's retinue."""
    level, budget = parse_level(spec.levels[0])
    start = time.perf_counter()
    game = play_out(spec.seed, level, spec.bot_seeds[0], spec.ruleset, budget=budget)
    elapsed = time.perf_counter() - start
    deal = describe(game, level, spec.bot_seeds[0])
    if spec.save_dir is not None:
        write_new(Path(spec.save_dir) / f"game-{spec.index:05d}.json", SolitaireRecord.start(game).to_json())
    decisions = list(deal["decisions"])
    return GameResult(
        spec=spec,
        ruleset=str(deal["ruleset"]),
        winners=(0,) if deal["won"] else (),
        tokens=(),
        deals=[{"layout": list(deal["layout"])}],
        actions=[decisions],
        turns=int(deal["player_turns"]),
        round_ends={str(deal["reason"]): 1},
        times={spec.levels[0]: [elapsed / max(1, len(decisions))] * len(decisions)} if spec.timings else {},
    )


PlayOne = Callable[[GameSpec], GameResult]
#: What a play-one-game function takes and gives: :class:`GameSpec` and :class:`GameResult` for ``simulate``;
#: a tournament brings its own.
S = TypeVar("S")
R = TypeVar("R")


def run_games(
    specs: Sequence[GameSpec],
    play_one: PlayOne,
    *,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every game with ``play_one`` (``jobs`` processes; 1: here), in the order of ``specs``."""
    results: list[GameResult] = []
    chunk = max(1, min(8, len(specs) // (jobs * 8)))
    for result in stream_games(specs, play_one, jobs=min(jobs, len(specs)), chunk=chunk):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def stream_games(
    specs: Iterable[S],
    play_one: Callable[[S], R],
    *,
    jobs: int = 1,
    chunk: int = 8,
    finish: Callable[[], None] | None = None,
) -> Iterator[R]:
    """The result of every game, in the order of ``specs`` (read lazily), played here or in ``jobs`` processes
    that take ``chunk`` games at a time. Only a few chunks per process are sent ahead, so memory stays flat
    however many games there are. Ctrl-C interrupts the caller only: the processes ignore it, and the ones at
    work when the caller stops reading are ended at once rather than waited for. ``finish`` is called in each
    process that played, after its last game (here: when the stream ends; a worker: as it exits)."""
    if jobs <= 1:
        try:
            yield from map(play_one, specs)
        finally:
            if finish is not None:
                finish()
        return
    pending_specs = iter(specs)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(finish,))
    finished = False
    try:
        pending: deque[Future[list[R]]] = deque()

        def send() -> None:
            batch = list(itertools.islice(pending_specs, chunk))
            if batch:
                with _interrupts_held():  # a worker started by this submit is born deaf to Ctrl-C
                    pending.append(pool.submit(play_chunk, play_one, batch))

        for _ in range(4 * jobs):
            send()
        while pending:
            results = pending.popleft().result()
            send()
            yield from results
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def play_chunk(play_one: Callable[[S], R], specs: list[S]) -> list[R]:
    """``play_one`` on each of ``specs``, in order: one task of a process pool or of Ray."""
    return [play_one(spec) for spec in specs]


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back (not lost) while a worker may be started: a process forked now inherits the held signal,
    so that a Ctrl-C before its :func:`_ignore_interrupts` cannot kill it half-started."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_worker(finish: Callable[[], None] | None) -> None:
    """A worker process starts: deaf to Ctrl-C, and with ``finish`` to call as it exits (a pool's worker ends
    without running ``atexit``; multiprocessing's own finalizers do run)."""
    _ignore_interrupts()
    if finish is not None:
        util.Finalize(None, finish, exitpriority=100)


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C at the terminal reaches the whole process group; only the caller handles it
    (a Ctrl-C held back while the worker started is dropped here too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down early: the games not started are cancelled, and the processes still playing are ended
    rather than waited for (through the pool's own table of its processes: the executor has no public way)."""
    processes = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=True)


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) confidence interval of a win rate (``n`` may be an effective number of games, not a
    whole one: :mod:`loveletter.arena.intervals`).

    >>> tuple(round(x, 3) for x in wilson(60, 100))
    (0.502, 0.691)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class Summary:
    """A run added up. ``slot_wins[i]``: games won by entry ``i`` of the run's levels; ``level_wins[level]``:
    games won by any seat of that level (co-winners included)."""

    ruleset: str
    players: int
    levels: list[str]
    games: int = 0
    rounds: int = 0
    turns: int = 0
    slot_wins: list[int] = field(default_factory=list)
    level_wins: dict[str, int] = field(default_factory=dict)
    round_ends: dict[str, int] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0

    @classmethod
    def of(cls, results: Iterable[GameResult], *, levels: Sequence[str], seconds: float = 0.0) -> Summary:
        summary = cls(ruleset="", players=len(levels), levels=list(levels), seconds=seconds)
        summary.slot_wins = [0] * len(levels)
        summary.level_wins = dict.fromkeys(levels, 0)
        summary.round_ends = dict.fromkeys(ROUND_ENDS, 0) if len(levels) > 1 else {}
        for result in results:
            summary.add(result)
        return summary

    def add(self, result: GameResult) -> None:
        self.ruleset = result.ruleset
        self.games += 1
        self.rounds += result.rounds
        self.turns += result.turns
        won = result.winning_slots()
        for slot in won:
            self.slot_wins[slot] += 1
        for level in {self.levels[slot] for slot in won}:
            self.level_wins[level] += 1
        for reason, count in result.round_ends.items():
            self.round_ends[reason] = self.round_ends.get(reason, 0) + count
        for level, times in result.times.items():
            self.times.setdefault(level, []).extend(times)

    def level_seats(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for level in self.levels:
            counts[level] = counts.get(level, 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        seats = self.level_seats()
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "turns": self.turns,
            "seconds": round(self.seconds, 3),
            "levels": {
                level: {"seats": seats[level], "wins": self.level_wins[level], "ci95": _rounded(self.ci(wins))}
                for level, wins in self.level_wins.items()
            },
            "seats": [
                {"seat": i, "level": level, "wins": self.slot_wins[i], "ci95": _rounded(self.ci(self.slot_wins[i]))}
                for i, level in enumerate(self.levels)
            ],
            "round_ends": {reason: count for reason, count in self.round_ends.items() if count or reason in ROUND_ENDS},
        }

    def ci(self, wins: int) -> tuple[float, float]:
        return wilson(wins, self.games)


def _rounded(pair: tuple[float, float]) -> list[float]:
    return [round(pair[0], 4), round(pair[1], 4)]
