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

A bot that raises, returns an action that is not legal, or takes longer than the tournament's time per move,
loses the game at once (the others share the win) and the reason is kept with the game.
"""

from __future__ import annotations

import itertools
import random
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from loveletter.arena.games import derive_seed, game_ruleset, ruleset_text, wilson
from loveletter.arena.userbots import Entrant, one_line
from loveletter.engine import Game

FORMATS = ("round-robin", "gauntlet")
#: Why a bot lost a game without playing it out.
FORFEITS = ("exception", "illegal", "time")


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
        }


def ruleset_digest(name: str) -> str:
    """The SHA-256 of a ruleset's data (its TOML parsed, written out as canonical JSON): a ruleset file is known by
    what it says, not by where it is or how it is laid out (comments, spacing, the order of keys)."""
    import hashlib
    import json

    from loveletter.engine.ruleset import read_toml

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


@dataclass(slots=True)
class Outcome:
    """What one game of a tournament gave. Seats are table seats; ``seats[s]`` is the entrant at seat ``s``.
    ``forfeit`` is ``{"seat", "reason", "detail"}`` when a bot lost the game by misbehaving."""

    index: int
    deal: int
    lineup: int
    rotation: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    rounds: int
    turns: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    forfeit: dict[str, Any] | None = None

    def ranks(self) -> list[int]:
        """Each seat's place (0 best, ties shared): the winners, then by tokens, a forfeiting bot last."""
        keys = []
        for s, tokens in enumerate(self.tokens):
            if self.forfeit is not None and self.forfeit["seat"] == s:
                keys.append((2, 0))
            else:
                keys.append((0 if s in self.winners else 1, -tokens))
        order = sorted(set(keys))
        return [order.index(key) for key in keys]

    def key(self) -> dict[str, Any]:
        """Everything but the timings: what must be the same whoever plays the game."""
        data = self.to_json()
        del data["decisions"], data["seconds"]
        return data

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "lineup": self.lineup,
            "rotation": self.rotation,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "tokens": list(self.tokens),
            "rounds": self.rounds,
            "turns": self.turns,
            "decisions": list(self.decisions),
            "seconds": [round(x, 6) for x in self.seconds],
            "forfeit": self.forfeit,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            index=int(data["index"]),
            deal=int(data["deal"]),
            lineup=int(data["lineup"]),
            rotation=int(data["rotation"]),
            seats=tuple(map(int, data["seats"])),
            winners=tuple(map(int, data["winners"])),
            tokens=tuple(map(int, data["tokens"])),
            rounds=int(data["rounds"]),
            turns=int(data["turns"]),
            decisions=tuple(map(int, data["decisions"])),
            seconds=tuple(map(float, data["seconds"])),
            forfeit=data.get("forfeit"),
        )


class MoveTimeout(BaseException):
    """Raised into a bot that is still deciding when its time is up (a BaseException: a bot's ``except
    Exception`` does not swallow it)."""


def _time_up(signum: int, frame: object) -> None:
    raise MoveTimeout


class _Deadline:
    """Interrupts a decision at the time limit where a timer signal can (Unix, the process's main thread: the
    worker processes and the command itself); elsewhere the decision is only measured, and forfeited after."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False
        self.previous: Any = None

    def __enter__(self) -> _Deadline:
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGALRM, _time_up)
            self.armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)

    def start(self) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def stop(self) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)


def play(spec: TableGame) -> Outcome:
    """Play one game of a tournament, each bot seeing only its seat's view; a misbehaving bot loses it."""
    ruleset = game_ruleset(spec.ruleset, spec.ruleset_text)
    n = len(spec.seats)
    host = random.Random(derive_seed(spec.seed, "host")) if ruleset.flags.first_player_mode == "choose" else None
    game = Game(ruleset, n, seed=spec.seed, first_player=host.randrange(n) if host else None, record=False)
    state = game.state
    decisions = [0] * n
    seconds = [0.0] * n
    forfeit: dict[str, Any] | None = None
    bots = []
    for s, player in enumerate(spec.players):
        try:
            bots.append(player.make(spec.bot_seeds[s]))
        except (Exception, SystemExit) as exc:
            forfeit = {"seat": s, "reason": "exception", "detail": one_line(exc)}
            break
    clock = time.perf_counter
    with _Deadline(spec.move_time) as deadline:
        while forfeit is None:
            seat = state.decider
            if seat is None:
                if game.over:
                    break
                game.next_round(first_player=host.choice(game.first_player_choices()) if host else None)
                continue
            view = state.view(seat)
            action: object = None
            problem: tuple[str, str] | None = None
            start = clock()
            try:
                try:
                    deadline.start()
                    action = bots[seat].choose(view)
                finally:
                    deadline.stop()
            except MoveTimeout:
                problem = ("time", "")
            except (Exception, SystemExit) as exc:
                problem = ("exception", one_line(exc))
            elapsed = clock() - start
            decisions[seat] += 1
            seconds[seat] += elapsed
            if problem is None and elapsed > spec.move_time:
                problem = ("time", "")
            if problem is None and not _legal(action, view.legal_actions):
                problem = ("illegal", _clip(repr(action)))
            if problem is not None:
                reason, detail = problem
                if reason == "time":
                    detail = f"{elapsed:.3f} s"
                forfeit = {"seat": seat, "reason": reason, "detail": detail}
                break
            game.push(action)  # type: ignore[arg-type]  # checked legal above
    winners = game.winners if forfeit is None else tuple(s for s in range(n) if s != forfeit["seat"])
    return Outcome(
        index=spec.index,
        deal=spec.deal,
        lineup=spec.lineup,
        rotation=spec.rotation,
        seats=spec.seats,
        winners=winners,
        tokens=game.tokens,
        rounds=len(game.deals),
        turns=sum(len(actions) for actions in game.actions),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        forfeit=forfeit,
    )


def _legal(action: object, legal: Sequence[object]) -> bool:
    try:
        return any(action == option for option in legal)
    except Exception:  # an object whose == raises is no action
        return False


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(slots=True)
class PlayerTotals:
    """One player's figures over the games added so far."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    forfeits: dict[str, int] = field(default_factory=dict)

    def mean_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


class Standings:
    """A tournament's games added up, in the order of their indices (so the same games give the same figures):
    each player's totals, the head-to-head scores, and the ratings (:class:`~loveletter.arena.ratings.Ratings`)
    with their history."""

    def __init__(self, names: Sequence[str], *, by_deal: bool = False, history_points: int = 60) -> None:
        from loveletter.arena.intervals import ClusteredScore
        from loveletter.arena.ratings import Ratings

        self.names = list(names)
        n = len(names)
        self.totals = [PlayerTotals() for _ in names]
        #: ``pair_games[a][b]``: games ``a`` and ``b`` played together; ``pair_score[a][b]``: games ``a`` finished
        #: ahead of ``b``, a tie counting one half.
        self.pair_games = [[0] * n for _ in names]
        self.pair_score = [[0.0] * n for _ in names]
        #: With duplicate deals, the intervals take the deal as the unit (a deal's games share its luck):
        #: each player's wins and each pair's scores, deal by deal (:mod:`loveletter.arena.intervals`).
        self.by_deal = by_deal
        self.deal_wins = [ClusteredScore() for _ in names]
        self.deal_scores = [[ClusteredScore() for _ in names] for _ in names]
        self.ratings = Ratings(self.names, history_points=history_points)
        self.games = 0
        self.rounds = 0
        #: A few forfeits, as (game index, player, reason, detail): the first of each player and reason.
        self.forfeit_examples: list[tuple[int, str, str, str]] = []

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.rounds += outcome.rounds
        ranks = outcome.ranks()
        for s, e in enumerate(outcome.seats):
            totals = self.totals[e]
            totals.games += 1
            totals.rounds += outcome.rounds
            totals.decisions += outcome.decisions[s]
            totals.seconds += outcome.seconds[s]
            won = s in outcome.winners
            totals.wins += won
            self.deal_wins[e].add(float(won), outcome.deal)
            for t, other in enumerate(outcome.seats):
                if other != e:
                    score = 1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
                    self.pair_games[e][other] += 1
                    self.pair_score[e][other] += score
                    self.deal_scores[e][other].add(score, outcome.deal)
        if outcome.forfeit is not None:
            e = outcome.seats[outcome.forfeit["seat"]]
            reason = str(outcome.forfeit["reason"])
            forfeits = self.totals[e].forfeits
            if reason not in forfeits:
                self.forfeit_examples.append((outcome.index, self.names[e], reason, str(outcome.forfeit["detail"])))
            forfeits[reason] = forfeits.get(reason, 0) + 1
        self.ratings.rate(outcome.seats, ranks)

    def head_to_head(self, a: int, b: int) -> tuple[float, float, float] | None:
        """``a``'s score against ``b`` (share of their games together ``a`` finished ahead, ties half) and its
        95% interval (:meth:`interval`), or ``None`` if they never met."""
        n = self.pair_games[a][b]
        if n == 0:
            return None
        score = self.pair_score[a][b]
        low, high = self.deal_scores[a][b].interval() if self.by_deal else wilson(round(score), n)
        return score / n, low, high

    def win_interval(self, e: int) -> tuple[float, float]:
        """The 95% interval of player ``e``'s win rate (:meth:`interval`)."""
        totals = self.totals[e]
        return self.deal_wins[e].interval() if self.by_deal else wilson(totals.wins, totals.games)

    @property
    def interval(self) -> str:
        """Which interval the tables show: ``deals`` (with duplicate deals: Wilson's at the effective number of
        games, a deal's games counted as one correlated group) or ``wilson`` (every game independent)."""
        return "deals" if self.by_deal else "wilson"

    def to_json(self) -> dict[str, Any]:
        players = []
        for e, name in enumerate(self.names):
            totals = self.totals[e]
            rating = self.ratings.ratings[e]
            low, high = self.win_interval(e)
            players.append(
                {
                    "name": name,
                    "games": totals.games,
                    "wins": totals.wins,
                    "win_rate": round(totals.wins / totals.games, 4) if totals.games else None,
                    "ci95": [round(low, 4), round(high, 4)],
                    "rounds": totals.rounds,
                    "rating": {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)},
                    "mean_decision_ms": round(1000 * totals.mean_decision(), 3),
                    "forfeits": dict(totals.forfeits),
                }
            )
        h2h: dict[str, dict[str, Any]] = {}
        for a, b in itertools.permutations(range(len(self.names)), 2):
            found = self.head_to_head(a, b)
            if found is not None:
                score, low, high = found
                h2h.setdefault(self.names[a], {})[self.names[b]] = {
                    "games": self.pair_games[a][b],
                    "score": round(score, 4),
                    "ci95": [round(low, 4), round(high, 4)],
                }
        return {
            "games": self.games,
            "rounds": self.rounds,
            "intervals": self.interval,
            "players": players,
            "head_to_head": h2h,
        }


#: The first line of a results file says what it is, then what tournament it holds.
RESULTS_FORMAT = "loveletter-tournament/1"


class ResultsError(ValueError):
    """A results file that cannot be resumed: ``problem`` is ``unreadable`` (``detail``: why), ``not_results`` (no
    tournament's header), or ``other`` (another tournament: ``differences`` names each field that differs, with
    its value here and in the file)."""

    def __init__(self, problem: str, path: str, detail: str = "", differences: Sequence[tuple[str, Any, Any]] = ()):
        self.problem, self.path, self.detail, self.differences = problem, path, detail, list(differences)
        super().__init__(f"{path}: {problem} {detail} {self.differences}".strip())


def header(tournament: Tournament) -> dict[str, Any]:
    return {"format": RESULTS_FORMAT, "tournament": tournament.identity()}


def differences(here: dict[str, Any], there: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """The fields of two tournaments' identities that differ, as (field, value here, value there); the players by
    name, then by what they are; the ruleset by its contents (the same file elsewhere is the same ruleset), or by
    its name in a file written before the contents were recorded."""
    found: list[tuple[str, Any, Any]] = []
    digest_here, digest_there = here.get("ruleset_sha256"), there.get("ruleset_sha256")
    for key in sorted(set(here) | set(there)):
        a, b = here.get(key), there.get(key)
        if key == "ruleset_sha256":
            continue
        if key == "ruleset" and digest_here and digest_there:
            if digest_here != digest_there:
                found.append(("ruleset", _ruleset_shown(a, digest_here), _ruleset_shown(b, digest_there)))
            continue
        if a == b:
            continue
        if key == "players" and isinstance(a, list) and isinstance(b, list):
            names_a = [p.get("name") for p in a]
            names_b = [p.get("name") for p in b if isinstance(p, dict)]
            if names_a != names_b:
                found.append(("players", ", ".join(map(str, names_a)), ", ".join(map(str, names_b))))
            else:
                for p, q in zip(a, b, strict=True):
                    if p != q:
                        found.append((f"player {p.get('name')}", _what(p), _what(q)))
            continue
        found.append((key, a, b))
    return found


def _ruleset_shown(name: object, digest: object) -> str:
    """A ruleset and its contents' digest, short: a long path keeps its end (the file's name)."""
    text = str(name)
    text = text if len(text) <= 40 else "…" + text[-39:]
    return f"{text} (sha256 {str(digest)[:12]})"


def _what(player: dict[str, Any]) -> str:
    if "level" in player:
        return str(player["level"])
    return f"{player.get('class')} (sha256 {str(player.get('sha256'))[:12]})"


def read_results(path: str) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """A results file's header, its games (in order, a contiguous run from game 0) and how many bytes of it are
    whole lines (a line cut short by a stop mid-write is dropped). Raises :class:`ResultsError`."""
    import json

    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as exc:
        raise ResultsError("unreadable", path, exc.strerror or str(exc)) from None
    lines = data.split(b"\n")
    good = 0
    head: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    for line in lines[:-1]:  # the last is empty, or a line cut short
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            item = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            break
        if head is None:
            if not isinstance(item, dict) or item.get("format") != RESULTS_FORMAT:
                raise ResultsError("not_results", path)
            head = item
        elif not isinstance(item, dict) or item.get("index") != len(games):
            break
        else:
            games.append(item)
        good += len(line) + 1
    if head is None:
        raise ResultsError("not_results", path)
    return head, games, min(good, len(data))


def check_resume(tournament: Tournament, head: dict[str, Any], path: str) -> None:
    """Refuse ``path`` unless it holds this very tournament, saying what differs."""
    found = differences(tournament.identity(), head.get("tournament") or {})
    if found:
        raise ResultsError("other", path, differences=found)


class SprtFeed:
    """Feeds a two-player tournament's games to a :class:`~loveletter.arena.sprt.Sprt`, in order: each game's
    score for the first player, or with duplicate deals each deal's two games as one pair."""

    def __init__(self, test: Any) -> None:
        self.test = test
        self._pair: dict[int, list[float]] = {}

    def add(self, outcome: Outcome) -> None:
        ranks = outcome.ranks()
        first = outcome.seats.index(0)
        other = 1 - first
        score = 1.0 if ranks[first] < ranks[other] else 0.5 if ranks[first] == ranks[other] else 0.0
        if not self.test.pairs:
            self.test.add(score)
            return
        scores = self._pair.setdefault(outcome.deal, [])
        scores.append(score)
        if len(scores) == 2:
            del self._pair[outcome.deal]
            self.test.add(sum(scores))
