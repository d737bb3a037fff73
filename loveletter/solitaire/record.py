"""The record of a solitaire game: one JSON file, language-neutral, replayed through the engine when loaded.

It shares the folder, the atomic save and the top-level fields of the multi-player records
(:mod:`loveletter.records`), with ``"kind": "solitaire"``::

    {"format": "loveletter-record", "version": 1, "program": "loveletter 0.1.0", "kind": "solitaire",
     "id": "1a2b3c4d5e6f", "created": "2026-11-22T09:30:00+00:00", "updated": "2026-11-22T09:31:02+00:00",
     "ruleset": {"name": "solitaire", "text": null}, "players": 1, "seats": [{"name": "player", "kind": "human"}],
     "seed": 42,
     "rounds": [{"layout": ["Guard", "...15 cards: Q1..Q6, hand, agent, draw pile from the top"],
                 "actions": ["draw", "Guard>Q3=Priest", "choose agent"]}],
     "result": null}

``result`` is ``null`` while the game goes on, then ``{"won": true, "reason": "queue_empty", "winners": [0]}``
(``"winners": []`` on a loss). Actions are in the solitaire notation (:mod:`loveletter.solitaire.actions`).

Loading checks the structure, then replays the layout and every action through :class:`SolitaireGame`; a file
that does not replay raises :class:`~loveletter.records.record.RecordError`, one line saying what and where.

>>> game = SolitaireGame(seed=3)
>>> record = SolitaireRecord.start(game)
>>> _ = game.push("draw")
>>> record.update(game)
>>> again = SolitaireRecord.from_json(record.to_json(), "x.json").replay("x.json")
>>> again.view() == game.view() and [str(a) for a in again.actions]
['draw']
"""

from __future__ import annotations

import json
import tomllib
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from loveletter import __version__
from loveletter.engine.errors import EngineError
from loveletter.records.record import FORMAT, VERSION, RecordError
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.ruleset import SolitaireRuleset, load_solitaire_ruleset, parse_solitaire_ruleset

KIND = "solitaire"
#: The one seat's name in the record (records are language-neutral; the screen says "you").
PLAYER = "player"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(slots=True)
class SolitaireRecord:
    """A solitaire game's record. Build one with :meth:`start`, keep it current with :meth:`update`."""

    ruleset: str
    layout: list[str]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    ruleset_text: str | None = None
    result: dict[str, Any] | None = None
    name: str = PLAYER
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    program: str = f"loveletter {__version__}"

    @classmethod
    def start(cls, game: SolitaireGame) -> SolitaireRecord:
        """A record of ``game`` (usually just dealt)."""
        rs = game.ruleset
        record = cls(
            ruleset=rs.name if rs.bundled else rs.source,
            ruleset_text=None if rs.bundled else rs.text,
            layout=list(game.layout),
            seed=game.seed,
        )
        record.update(game)
        return record

    def update(self, game: SolitaireGame) -> None:
        """Bring the record up to date with ``game`` (call after every action)."""
        self.actions = [str(a) for a in game.actions]
        self.result = _result(game)
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
            "kind": KIND,
            "id": self.game_id,
            "created": self.created,
            "updated": self.updated,
            "ruleset": {"name": self.ruleset, "text": self.ruleset_text},
            "players": 1,
            "seats": [{"name": self.name, "kind": "human"}],
            "seed": self.seed,
            "rounds": [{"layout": self.layout, "actions": self.actions}],
            "result": self.result,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: Path) -> None:
        from loveletter.records.store import write_atomic

        write_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, source: str) -> SolitaireRecord:
        """Parse and check the structure (not yet the rules: see :meth:`replay`)."""

        def fail(where: str, problem: str) -> RecordError:
            return RecordError(source, where, problem)

        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise fail("", f"not a solitaire record (invalid JSON: {exc.msg} at line {exc.lineno})") from None
        if not isinstance(data, dict):
            raise fail("top level", f"must be an object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise fail("format", "not a loveletter game record")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise fail("version", f"must be a whole number, got {version!r}")
        if version > VERSION:
            raise fail("version", f"written by a newer loveletter (format {version}); this one reads {VERSION}")
        if data.get("kind") != KIND:
            raise fail("kind", f"a {data.get('kind', 'game')} record, not a solitaire game")
        ruleset = data.get("ruleset")
        if not isinstance(ruleset, dict) or not isinstance(ruleset.get("name"), str):
            raise fail("ruleset", 'must be an object with a "name"')
        ruleset_text = ruleset.get("text")
        if ruleset_text is not None and not isinstance(ruleset_text, str):
            raise fail("ruleset.text", f"must be text or null, got {type(ruleset_text).__name__}")
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or len(rounds) != 1 or not isinstance(rounds[0], dict):
            raise fail("rounds", "a solitaire record has exactly one entry")
        entry = rounds[0]
        layout = _strings(entry.get("layout"), "rounds[0].layout", fail)
        actions = _strings(entry.get("actions"), "rounds[0].actions", fail)
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise fail("seed", f"must be a whole number or null, got {seed!r}")
        result = data.get("result")
        if result is not None and (not isinstance(result, dict) or not isinstance(result.get("won"), bool)):
            raise fail("result", 'must be null or an object with "won" and "reason"')
        seats = data.get("seats")
        name = PLAYER
        if isinstance(seats, list) and seats and isinstance(seats[0], dict) and isinstance(seats[0].get("name"), str):
            name = seats[0]["name"]
        return cls(
            ruleset=ruleset["name"],
            ruleset_text=ruleset_text,
            layout=layout,
            seed=seed,
            actions=actions,
            result=result,
            name=name,
            game_id=str(data.get("id") or uuid.uuid4().hex[:12]),
            created=str(data.get("created", "")),
            updated=str(data.get("updated", "")),
            program=str(data.get("program", "")),
        )

    @classmethod
    def load(cls, path: Path) -> SolitaireRecord:
        """Read a record file (structure checked; :meth:`replay` checks the rules). Never writes to it."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(str(path), "", "no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(str(path), "", f"cannot be read ({exc})") from None
        return cls.from_json(text, str(path))

    # ------------------------------------------------------------------------------------------- replay

    def load_ruleset(self, source: str = "record") -> SolitaireRuleset:
        try:
            if self.ruleset_text is not None:
                data = tomllib.loads(self.ruleset_text)
                return parse_solitaire_ruleset(data, source=self.ruleset, text=self.ruleset_text)
            return load_solitaire_ruleset(self.ruleset)
        except (EngineError, ValueError) as exc:
            raise RecordError(source, "ruleset", str(exc)) from None

    def replay(self, source: str = "record", *, upto: int | None = None) -> SolitaireGame:
        """The game at the record's last point (or after ``upto`` actions), every action checked by the engine."""
        rs = self.load_ruleset(source)
        try:
            game = SolitaireGame(rs, layout=self.layout)
        except EngineError as exc:
            raise RecordError(source, "rounds[0].layout", str(exc)) from None
        game.seed = self.seed
        for j, text in enumerate(self.actions if upto is None else self.actions[:upto]):
            try:
                game.push(text)
            except EngineError as exc:
                raise RecordError(source, f"rounds[0].actions[{j}]", str(exc)) from None
        if upto is None:
            replayed = _result(game)
            if self.result is not None and replayed is None:
                raise RecordError(source, "result", "the record says the game is over, but its actions do not end it")
            claimed = None if self.result is None else (self.result.get("won"), self.result.get("reason"))
            if claimed is not None and replayed is not None and claimed != (replayed["won"], replayed["reason"]):
                got = f"{'won' if replayed['won'] else 'lost'}, {replayed['reason']}"
                raise RecordError(source, "result", f"does not match the replay (it gives: {got})")
            if self.result is None and replayed is not None:
                raise RecordError(source, "result", "is null, but the actions end the game")
        return game


def _result(game: SolitaireGame) -> dict[str, Any] | None:
    if not game.over:
        return None
    return {"won": game.won, "reason": game.reason, "winners": [0] if game.won else []}


def _strings(value: Any, where: str, fail: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise fail(where, "must be a list of text")
    return list(value)
