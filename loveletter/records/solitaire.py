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
that does not replay raises :class:`~loveletter.records.record.RecordError`, one line in the player's language
saying what and where. The ruleset is a bundled solitaire ruleset by name, or its TOML text inside the record
taking its cards from a bundled ruleset: a record never makes the program open a file it names.

>>> game = SolitaireGame(seed=3)
>>> record = SolitaireRecord.start(game)
>>> _ = game.push("draw")
>>> record.update(game)
>>> again = SolitaireRecord.from_json(record.to_json(), "x.json").replay("x.json")
>>> again.view() == game.view() and [str(a) for a in again.actions]
['draw']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from loveletter.engine.errors import EngineError
from loveletter.i18n import t
from loveletter.records.fileformat import (
    PROGRAM,
    Check,
    RecordError,
    RecordFile,
    Trust,
    action_problem,
    bundled_of_kind,
    clip,
    deck_problem,
    kind_of,
    new_id,
    now,
    record_ruleset,
    seal,
    stamps,
    trust_of,
    vouch,
)
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.ruleset import SolitaireRuleset, load_solitaire_ruleset, parse_solitaire_ruleset

KIND = "solitaire"
#: The one seat's name in the record (records are language-neutral; the screen says "you").
PLAYER = "player"


@dataclass(slots=True)
class SolitaireRecord(RecordFile):
    """A solitaire game's record. Build one with :meth:`start`, keep it current with :meth:`update`."""

    ruleset: str
    layout: list[str]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    ruleset_text: str | None = None
    result: dict[str, Any] | None = None
    name: str = PLAYER
    game_id: str = field(default_factory=new_id)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    program: str = PROGRAM
    #: What the file's signature says (:class:`~loveletter.records.fileformat.Trust`): see :meth:`replay`.
    trust: Trust = field(default=Trust.SIGNED, compare=False)

    KIND: ClassVar[str] = KIND

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
        self.updated = now()

    # --------------------------------------------------------------------------------------------- JSON

    def to_json(self) -> str:
        fields = {"layout": self.layout, "actions": self.actions}
        return self.dump(
            {
                "players": 1,
                "seats": [{"name": self.name, "kind": "human"}],
                "seed": self.seed,
                # The deal of a game still going on is sealed (records.fileformat.seal): the face-down cards in it.
                "rounds": [{"sealed": seal(fields)} if self.result is None else fields],
                "result": self.result,
            }
        )

    @classmethod
    def from_top(cls, top: Mapping[str, Any], source: str) -> SolitaireRecord:
        """Check the structure (not yet the rules: see :meth:`replay`)."""
        c = Check(source)
        if top.get("kind") != KIND:
            raise c.fail("kind", t("records.error.not_solitaire", kind=kind_of(top.get("kind", "game"))))
        name, ruleset_text = c.ruleset(top, "solitaire")
        rounds = c.array(top.get("rounds"), "rounds")
        if len(rounds) != 1:
            raise c.fail("rounds", t("records.error.one_round", count=len(rounds)))
        entry = c.sealed(c.obj(rounds[0], "rounds[0]"), "rounds[0]")
        seats = top.get("seats")
        player = PLAYER
        if isinstance(seats, list) and seats and isinstance(seats[0], dict) and isinstance(seats[0].get("name"), str):
            player = seats[0]["name"][:100]
        return cls(
            ruleset=name,
            ruleset_text=ruleset_text,
            layout=c.strings(entry.get("layout"), "rounds[0].layout"),
            seed=c.seed(top.get("seed")),
            actions=c.strings(entry.get("actions"), "rounds[0].actions"),
            result=_check_result(c, top.get("result")),
            name=player,
            trust=trust_of(top),
            **stamps(top),
        )

    # ------------------------------------------------------------------------------------------- replay

    def load_ruleset(self, source: str = "record") -> SolitaireRuleset:
        """The record's ruleset: a bundled solitaire ruleset by name, or the TOML text inside the record, whose
        cards come from a bundled ruleset (a record never makes the program open a file it names)."""

        def check(data: dict[str, Any]) -> None:
            cards = data.get("cards")
            if isinstance(cards, str):
                check_bundled_cards(cards, source)

        return record_ruleset(
            self.ruleset,
            self.ruleset_text,
            "solitaire",
            source,
            load_solitaire_ruleset,
            lambda data, text: parse_solitaire_ruleset(data, source=self.ruleset, text=text),
            check,
        )

    def replay(
        self,
        source: str = "record",
        *,
        upto: int | None = None,
        each: Callable[[SolitaireGame, str | None], None] | None = None,
    ) -> SolitaireGame:
        """The game at the record's last point (or after ``upto`` actions), every action checked by the engine.

        ``each(game, action)`` is called after the deal (``action`` ``None``) and after every action, so a caller
        can keep every point in the same pass."""
        rs = self.load_ruleset(source)
        expected = rs.deck()
        expected.remove(rs.princess)
        problem = deck_problem(self.layout, expected)
        if problem is not None:
            raise RecordError(
                source, "rounds[0].layout", t("records.error.layout", size=len(expected), problem=problem)
            )
        try:
            game = SolitaireGame(rs, layout=self.layout)
        except EngineError:
            raise RecordError(source, "rounds[0].layout", t("records.error.deal")) from None
        game.seed = self.seed
        if each is not None:
            each(game, None)
        for j, text in enumerate(self.actions if upto is None else self.actions[:upto]):
            try:
                game.push(text)
            except EngineError as exc:
                problem = action_problem(exc, text, game.legal_actions(), game.over)
                raise RecordError(source, f"rounds[0].actions[{j}]", problem) from None
            if each is not None:
                each(game, text)
        if upto is None:
            replayed = _result(game)
            if self.result is not None and replayed is None:
                raise RecordError(source, "result", t("records.error.not_over"))
            claimed = None if self.result is None else (self.result["won"], self.result["reason"])
            if claimed is not None and replayed is not None and claimed != (replayed["won"], replayed["reason"]):
                key = "records.error.replay_won" if replayed["won"] else "records.error.replay_lost"
                raise RecordError(source, "result", t(key, reason=t(f"solitaire.end.{replayed['reason']}")))
            if self.result is None and replayed is not None:
                raise RecordError(source, "result", t("records.error.result_null"))
        if upto is not None and self.trust is not Trust.SIGNED:
            self.replay(source)  # the whole game, vouched for: over, or refused
        else:
            vouch(self.trust, game.over, source)  # a game in progress only from a record signed here
        return game


def check_bundled_cards(cards: str, source: str) -> None:
    """The cards of a ruleset written inside a record come from a bundled multi-player ruleset, by name."""
    known = bundled_of_kind("multiplayer")
    if cards not in known:
        problem = t("records.error.ruleset_cards", cards=clip(cards), known=", ".join(known))
        raise RecordError(source, "ruleset.text", problem)


def _result(game: SolitaireGame) -> dict[str, Any] | None:
    if not game.over:
        return None
    return {"won": game.won, "reason": game.reason, "winners": [0] if game.won else []}


def _check_result(c: Check, value: Any) -> dict[str, Any] | None:
    """``null``, or whether the game was won, why it ended and the winners (``[0]`` or ``[]``)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise c.fail("result", t("records.error.solitaire_result"))
    result = dict(value)
    won, reason, winners = result.get("won"), result.get("reason"), result.get("winners")
    if not isinstance(won, bool) or not isinstance(reason, str) or winners not in (None, [0] if won else []):
        raise c.fail("result", t("records.error.solitaire_result"))
    return result
