"""The game record: one JSON file per game, language-neutral, replayed through the engine when loaded.

A record holds the format version, the program version, the ruleset (its name, and its TOML text when it is a
user's own file), the seats (names; human or computer and level), the seed, every round's deal (first player
and deck order, top card first) with its actions in the engine's notation, the state of the game's random
source after the last deal (so a resumed game deals its next rounds exactly as it would have), and the result
once the game is over. See the README's "Game records" section for the schema.

Loading checks the structure, then replays every action through the engine: a record that does not replay
raises :class:`RecordError`, one line that says what is wrong and where.
"""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from loveletter import __version__
from loveletter.engine import EngineError, Game, Ruleset, load_ruleset, parse_ruleset
from loveletter.errors import UserError
from loveletter.i18n import t

FORMAT = "loveletter-record"
VERSION = 1
SeatKind = Literal["human", "computer"]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


class RecordError(UserError):
    """A record that cannot be read or does not replay. ``str(error)`` is ``"<file>: <where>: <problem>"``."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source, self.where, self.problem = source, where, problem
        super().__init__(f"{source}: {where}: {problem}" if where else f"{source}: {problem}")


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a person, or a computer player of some level."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(slots=True)
class RoundEntry:
    first_player: int
    deck: list[str]
    actions: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GameRecord:
    """A multi-player game's record. Build one with :meth:`start`, keep it current with :meth:`update`."""

    ruleset: str
    players: int
    seats: list[Seat]
    seed: int | None
    rounds: list[RoundEntry]
    ruleset_text: str | None = None
    rng_state: list[Any] | None = None
    result: dict[str, Any] | None = None
    game_id: str = field(default_factory=_new_id)
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    program: str = f"loveletter {__version__}"

    # ------------------------------------------------------------------------------------------ building

    @classmethod
    def start(cls, game: Game, seats: Sequence[Seat], seed: int | None) -> GameRecord:
        """A record of ``game`` (usually just created) played by ``seats``."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        rs = game.ruleset
        record = cls(
            ruleset=rs.name if rs.bundled else rs.source,
            ruleset_text=None if rs.bundled else rs.text,
            players=game.players,
            seats=list(seats),
            seed=seed,
            rounds=[],
        )
        record.update(game)
        return record

    def update(self, game: Game) -> None:
        """Bring the record up to date with ``game`` (call after every action and every deal)."""
        self.rounds = [
            RoundEntry(deal.first_player, list(deal.deck), [str(a) for a in actions])
            for deal, actions in zip(game.deals, game.actions, strict=True)
        ]
        self.rng_state = _encode_rng(game.rng.getstate())
        self.result = {"winners": list(game.winners), "tokens": list(game.tokens)} if game.over else None
        self.updated = _now()

    @property
    def finished(self) -> bool:
        return self.result is not None

    # --------------------------------------------------------------------------------------------- JSON

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "program": self.program,
            "kind": "game",
            "id": self.game_id,
            "created": self.created,
            "updated": self.updated,
            "ruleset": {"name": self.ruleset, "text": self.ruleset_text},
            "players": self.players,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "rounds": [{"first_player": r.first_player, "deck": r.deck, "actions": r.actions} for r in self.rounds],
            "rng_state": self.rng_state,
            "result": self.result,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: Path) -> None:
        from loveletter.records.store import write_atomic

        write_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, source: str) -> GameRecord:
        """Parse and check the structure (not yet the rules: see :meth:`replay`)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(source, "", t("records.error.invalid_json", problem=exc.msg, line=exc.lineno)) from None
        c = _Check(source)
        top = c.obj(data, "")
        if top.get("format") != FORMAT:
            raise RecordError(source, "format", t("records.error.format"))
        version = c.integer(top.get("version"), "version")
        if version > VERSION:
            raise RecordError(source, "version", t("records.error.newer", version=version, supported=VERSION))
        if top.get("kind", "game") != "game":
            raise RecordError(source, "kind", t("records.error.kind", kind=top.get("kind")))
        ruleset = c.obj(top.get("ruleset"), "ruleset")
        players = c.integer(top.get("players"), "players")
        seats = []
        for i, raw in enumerate(c.array(top.get("seats"), "seats")):
            seat = c.obj(raw, f"seats[{i}]")
            kind = seat.get("kind", "human")
            if kind not in ("human", "computer"):
                raise RecordError(source, f"seats[{i}].kind", t("records.error.seat_kind", value=repr(kind)))
            level = seat.get("level")
            name = c.string(seat.get("name"), f"seats[{i}].name")
            seats.append(Seat(name, kind, None if level is None else str(level)))
        if len(seats) != players:
            raise RecordError(source, "seats", t("records.error.seat_count", seats=len(seats), players=players))
        rounds = []
        for i, raw in enumerate(c.array(top.get("rounds"), "rounds")):
            entry = c.obj(raw, f"rounds[{i}]")
            deck = c.strings(entry.get("deck"), f"rounds[{i}].deck")
            actions = c.strings(entry.get("actions"), f"rounds[{i}].actions")
            rounds.append(RoundEntry(c.integer(entry.get("first_player"), f"rounds[{i}].first_player"), deck, actions))
        if not rounds:
            raise RecordError(source, "rounds", t("records.error.no_round"))
        seed = top.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise RecordError(source, "seed", t("records.error.seed", value=repr(seed)))
        text_value = ruleset.get("text")
        return cls(
            ruleset=c.string(ruleset.get("name"), "ruleset.name"),
            ruleset_text=None if text_value is None else c.string(text_value, "ruleset.text"),
            players=players,
            seats=seats,
            seed=seed,
            rounds=rounds,
            rng_state=top.get("rng_state"),
            result=top.get("result"),
            game_id=str(top.get("id") or _new_id()),
            created=str(top.get("created", "")),
            updated=str(top.get("updated", "")),
            program=str(top.get("program", "")),
        )

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        """Read a record file (structure checked; :meth:`replay` checks the rules)."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(str(path), "", t("records.error.missing")) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(str(path), "", t("records.error.unreadable", problem=exc)) from None
        return cls.from_json(text, str(path))

    # ------------------------------------------------------------------------------------------- replay

    def load_ruleset(self, source: str = "record") -> Ruleset:
        try:
            if self.ruleset_text is not None:
                import tomllib

                return parse_ruleset(tomllib.loads(self.ruleset_text), source=self.ruleset, text=self.ruleset_text)
            return load_ruleset(self.ruleset)
        except (EngineError, ValueError) as exc:
            raise RecordError(source, "ruleset", str(exc)) from None

    def replay(self, source: str = "record", *, upto: int | None = None) -> Game:
        """A :class:`Game` at the record's last point (or after ``upto`` actions in all), every deal and action
        checked by the engine. The game's random source continues exactly where the recorded one was."""
        rs = self.load_ruleset(source)
        first = self.rounds[0]
        try:
            game = Game(rs, self.players, seed=self.seed, deck=first.deck, first_player=first.first_player)
        except EngineError as exc:
            raise RecordError(source, "rounds[0]", str(exc)) from None
        left = upto
        for i, entry in enumerate(self.rounds):
            if i > 0:
                if not game.round_over:
                    raise RecordError(source, f"rounds[{i}]", t("records.error.early_round"))
                try:
                    game.next_round(deck=entry.deck, first_player=entry.first_player)
                except EngineError as exc:
                    raise RecordError(source, f"rounds[{i}]", str(exc)) from None
            for j, text in enumerate(entry.actions):
                if left is not None:
                    if left == 0:
                        return game
                    left -= 1
                try:
                    game.push(text)
                except EngineError as exc:
                    raise RecordError(source, f"rounds[{i}].actions[{j}]", str(exc)) from None
        if self.rng_state is not None:
            try:
                game.rng.setstate(_decode_rng(self.rng_state))
            except (TypeError, ValueError) as exc:
                raise RecordError(source, "rng_state", t("records.error.rng", problem=exc)) from None
        if self.result is not None and upto is None:
            if not game.over:
                raise RecordError(source, "result", t("records.error.not_over"))
            if list(self.result.get("winners", [])) != list(game.winners):
                replayed = list(game.winners)
                raise RecordError(source, "result", t("records.error.winners", winners=replayed))
        return game

    @property
    def action_count(self) -> int:
        return sum(len(r.actions) for r in self.rounds)


def _encode_rng(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _decode_rng(data: Any) -> tuple[Any, ...]:
    if not isinstance(data, list) or len(data) != 3 or not isinstance(data[1], list):
        raise ValueError("expected [version, [625 numbers], gauss]")
    state = (data[0], tuple(data[1]), data[2])
    random.Random().setstate(state)  # validates before the game's own generator is touched
    return state


class _Check:
    def __init__(self, source: str) -> None:
        self.source = source

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            problem = t("records.error.object", type=type(value).__name__)
            raise RecordError(self.source, where or t("records.error.top"), problem)
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise RecordError(self.source, where, t("records.error.list", type=type(value).__name__))
        return value

    def string(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise RecordError(self.source, where, t("records.error.text", type=type(value).__name__))
        return value

    def strings(self, value: Any, where: str) -> list[str]:
        return [self.string(x, f"{where}[{i}]") for i, x in enumerate(self.array(value, where))]

    def integer(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(self.source, where, t("records.error.integer", value=repr(value)))
        return value
