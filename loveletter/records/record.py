"""The game record: one JSON file per game, language-neutral, replayed through the engine when loaded.

A record holds the format version, the program version, the ruleset (its name, and its TOML text when it is a
user's own file), the seats (names; human or computer and level), the seed, every round's deal (first player
and deck order, top card first) with its actions in the engine's notation, the state of the game's random
source after the last deal (so a resumed game deals its next rounds exactly as it would have), and the result
once the game is over. docs/reference/record-format.md describes the schema.

Loading checks the structure, then replays every action through the engine: a record that does not replay
raises :class:`RecordError`, one line in the player's language that says what is wrong and where (see
:mod:`loveletter.records.fileformat`). Only format versions 1 to :data:`VERSION` are read; ``result`` is ``null``
or ``{"winners": [seats], "tokens": [one per seat]}``; a ruleset without text must be a bundled one, so a record
never makes the program open a file it names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from loveletter.engine import EngineError, Game, Ruleset, load_ruleset, parse_ruleset
from loveletter.i18n import t
from loveletter.records.fileformat import (
    FORMAT,
    PROGRAM,
    VERSION,
    Check,
    Raw,
    RecordError,
    RecordFile,
    Trust,
    action_problem,
    deck_problem,
    kind_of,
    new_id,
    now,
    record_ruleset,
    seal,
    shown,
    stamps,
    trust_of,
    vouch,
)

__all__ = ["FORMAT", "VERSION", "GameRecord", "RecordError", "RoundEntry", "Seat", "SeatKind"]

SeatKind = Literal["human", "computer"]


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a person, or a computer player of some level."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None
    #: Where the user's own bot of a computer seat is (``play --level FILE.py:CLASS``), for ``resume`` to start it
    #: again: its file and class, or its command, and the folder it ran in (``loveletter.arena.userbots``'
    #: identity of a player). Only a record signed with this user's key has one started.
    bot: Mapping[str, Any] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        if self.bot is not None:
            data["bot"] = dict(self.bot)
        return data


@dataclass(slots=True)
class RoundEntry:
    first_player: int
    deck: list[str]
    actions: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GameRecord(RecordFile):
    """A multi-player game's record. Build one with :meth:`start`, keep it current with :meth:`update`."""

    ruleset: str
    players: int
    seats: list[Seat]
    seed: int | None
    rounds: list[RoundEntry]
    ruleset_text: str | None = None
    rng_state: list[Any] | None = None
    result: dict[str, Any] | None = None
    #: Whether the people may ask the coach for hints (a record from before version 3: no; off for good once off).
    hints: bool = False
    #: Whether the game was last played hosted for friends over ssh (``loveletter host``, ``resume --host``): it is
    #: continued with ``resume --host``. Written only when true, so other records are as before (a record without
    #: it: not hosted).
    hosted: bool = False
    game_id: str = field(default_factory=new_id)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    program: str = PROGRAM
    #: Each closed round written out (:class:`~loveletter.records.fileformat.Raw`), by index, with the entry it was
    #: written from and its number of actions then: a save writes only the round being played anew.
    _written: dict[int, tuple[RoundEntry, int, Raw]] = field(default_factory=dict, compare=False, repr=False)
    #: The random state written out, with the list it was written from.
    _written_rng: tuple[object, Raw] | None = field(default=None, compare=False, repr=False)
    #: What the file's signature says (:class:`~loveletter.records.fileformat.Trust`): a game in progress is
    #: replayed only from a record signed with this user's key, a finished one from anywhere (:meth:`replay`).
    trust: Trust = field(default=Trust.SIGNED, compare=False)

    KIND: ClassVar[str] = "game"

    # ------------------------------------------------------------------------------------------ building

    @classmethod
    def start(
        cls, game: Game, seats: Sequence[Seat], seed: int | None, *, hints: bool = False, hosted: bool = False
    ) -> GameRecord:
        """A record of ``game`` (usually just created) played by ``seats``, with the coach's hints on or not,
        hosted for friends over ssh or not."""
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
            hints=hints,
            hosted=hosted,
        )
        record.update(game)
        return record

    def sync(self, game: Game) -> None:
        """:meth:`update`, in a time that does not grow with the game (after every action and every deal): the
        rounds recorded keep their entries, the actions and rounds since are added. ``game`` must be the game
        this record was started or loaded for."""
        count = len(self.rounds)
        if not count or count > len(game.deals) or len(game.actions[count - 1]) < len(self.rounds[-1].actions):
            self.update(game)  # not the game this record holds: written again from it
            return
        last = self.rounds[-1]
        last.actions.extend(str(action) for action in game.actions[count - 1][len(last.actions) :])
        for deal, actions in zip(game.deals[count:], game.actions[count:], strict=True):
            self.rounds.append(RoundEntry(deal.first_player, list(deal.deck), [str(a) for a in actions]))
        if len(self.rounds) > count:  # the game's random source is drawn from at a deal only
            self.rng_state = _encode_rng(game.rng.getstate())
        self.result = {"winners": list(game.winners), "tokens": list(game.tokens)} if game.over else None
        self.updated = now()

    def update(self, game: Game) -> None:
        """Bring the record up to date with ``game``, whole (:meth:`sync` does it as the game goes)."""
        self.rounds = [
            RoundEntry(deal.first_player, list(deal.deck), [str(a) for a in actions])
            for deal, actions in zip(game.deals, game.actions, strict=True)
        ]
        self.rng_state = _encode_rng(game.rng.getstate())
        self.result = {"winners": list(game.winners), "tokens": list(game.tokens)} if game.over else None
        self.updated = now()

    # --------------------------------------------------------------------------------------------- JSON

    def to_json(self) -> str:
        return self.dump(
            {
                "players": self.players,
                "seats": [s.to_json() for s in self.seats],
                "seed": self.seed,
                "hints": self.hints,
                **({"hosted": True} if self.hosted else {}),
                "rounds": Raw.joined([self._written_round(i, r) for i, r in enumerate(self.rounds)]),
                "rng_state": self._written_rng_state(),
                "result": self.result,
            }
        )

    def _written_round(self, index: int, entry: RoundEntry) -> Raw:
        """A round as the file writes it: once, when it is closed (not the last one of a game going on)."""
        kept = self._written.get(index)
        if kept is not None and kept[0] is entry and kept[1] == len(entry.actions):
            return kept[2]
        written = Raw.of({"first_player": entry.first_player, **self._round_fields(index, entry)})
        if index < len(self.rounds) - 1 or self.result is not None:
            self._written[index] = (entry, len(entry.actions), written)
        return written

    def _written_rng_state(self) -> Raw:
        if self._written_rng is None or self._written_rng[0] is not self.rng_state:
            self._written_rng = (self.rng_state, Raw.of(self.rng_state))
        return self._written_rng[1]

    def _round_fields(self, index: int, entry: RoundEntry) -> dict[str, Any]:
        """A round's deck and actions, sealed while it is the round of a game still going on (:func:`seal`)."""
        fields: dict[str, Any] = {"deck": entry.deck, "actions": entry.actions}
        return {"sealed": seal(fields)} if self.result is None and index == len(self.rounds) - 1 else fields

    @classmethod
    def from_top(cls, top: Mapping[str, Any], source: str) -> GameRecord:
        """Check the structure (not yet the rules: see :meth:`replay`)."""
        c = Check(source)
        if top.get("kind", "game") != "game":
            raise RecordError(source, "kind", t("records.error.kind", kind=kind_of(top.get("kind"))))
        name, ruleset_text = c.ruleset(top, "multiplayer")
        players = c.integer(top.get("players"), "players")
        seats = []
        for i, raw in enumerate(c.array(top.get("seats"), "seats")):
            seat = c.obj(raw, f"seats[{i}]")
            kind = seat.get("kind", "human")
            if kind not in ("human", "computer"):
                raise RecordError(source, f"seats[{i}].kind", t("records.error.seat_kind", value=shown(kind)))
            level = c.optional_string(seat.get("level"), f"seats[{i}].level")
            bot = None if seat.get("bot") is None else c.obj(seat.get("bot"), f"seats[{i}].bot")
            seats.append(Seat(c.string(seat.get("name"), f"seats[{i}].name"), kind, level, bot))
        if len(seats) != players:
            raise RecordError(source, "seats", t("records.error.seat_count", seats=len(seats), players=shown(players)))
        rounds = []
        for i, raw in enumerate(c.array(top.get("rounds"), "rounds")):
            entry = c.sealed(c.obj(raw, f"rounds[{i}]"), f"rounds[{i}]")
            deck = c.strings(entry.get("deck"), f"rounds[{i}].deck")
            actions = c.strings(entry.get("actions"), f"rounds[{i}].actions")
            rounds.append(RoundEntry(c.integer(entry.get("first_player"), f"rounds[{i}].first_player"), deck, actions))
        if not rounds:
            raise RecordError(source, "rounds", t("records.error.no_round"))
        return cls(
            ruleset=name,
            ruleset_text=ruleset_text,
            players=players,
            seats=seats,
            seed=c.seed(top.get("seed")),
            rounds=rounds,
            rng_state=top.get("rng_state"),
            result=_check_result(c, top.get("result"), players),
            hints=c.boolean(top.get("hints", False), "hints"),
            hosted=c.boolean(top.get("hosted", False), "hosted"),
            trust=trust_of(top),
            **stamps(top),
        )

    # ------------------------------------------------------------------------------------------- replay

    def load_ruleset(self, source: str = "record") -> Ruleset:
        """The record's ruleset: a bundled one by name, or the TOML text inside the record (never a file the
        record names)."""
        return record_ruleset(
            self.ruleset,
            self.ruleset_text,
            "multiplayer",
            source,
            load_ruleset,
            lambda data, text: parse_ruleset(data, source=self.ruleset, text=text),
        )

    def replay(
        self,
        source: str = "record",
        *,
        upto: int | None = None,
        each: Callable[[Game, int | None, str | None], None] | None = None,
    ) -> Game:
        """A :class:`Game` at the record's last point (or after ``upto`` actions in all), every deal and action
        checked by the engine. The game's random source continues exactly where the recorded one was.

        ``each(game, seat, action)`` is called after every deal (``seat`` and ``action`` ``None``) and after every
        action (``seat`` the one who decided it), so a caller can keep every point in the same pass.

        A record not signed with this user's key (:attr:`trust`) replays only if the game is over: a finished game
        hides nothing, an unfinished one could have had its hands changed (:func:`~.fileformat.vouch`)."""
        if upto is not None and self.trust is not Trust.SIGNED:
            self.replay(source)  # the whole game first: over, or refused
        rs = self.load_ruleset(source)
        if not rs.min_players <= self.players <= rs.max_players:
            problem = t("records.error.players", players=shown(self.players), low=rs.min_players, high=rs.max_players)
            raise RecordError(source, "players", problem)
        expected = rs.mode_for(self.players).deck()
        first = self.rounds[0]
        _check_deal(source, 0, first, expected, range(self.players))
        try:
            game = Game(rs, self.players, seed=self.seed, deck=first.deck, first_player=first.first_player)
        except EngineError:
            raise RecordError(source, "rounds[0]", t("records.error.deal")) from None
        if each is not None:
            each(game, None, None)
        left = upto
        for i, entry in enumerate(self.rounds):
            if i > 0:
                if not game.round_over:
                    raise RecordError(source, f"rounds[{i}]", t("records.error.early_round"))
                _check_deal(source, i, entry, expected, game.state.next_first)
                try:
                    game.next_round(deck=entry.deck, first_player=entry.first_player)
                except EngineError:
                    raise RecordError(source, f"rounds[{i}]", t("records.error.deal")) from None
                if each is not None:
                    each(game, None, None)
            for j, text in enumerate(entry.actions):
                if left is not None:
                    if left == 0:  # (a record not signed here was replayed whole above: vouched for)
                        return game
                    left -= 1
                seat = game.decider
                try:
                    game.push(text)
                except EngineError as exc:
                    problem = action_problem(exc, text, game.legal_actions(), game.over)
                    raise RecordError(source, f"rounds[{i}].actions[{j}]", problem) from None
                if each is not None:
                    each(game, seat, text)
        if self.rng_state is not None:
            try:
                game.rng.setstate(_decode_rng(self.rng_state))
            except (TypeError, ValueError, OverflowError):
                raise RecordError(source, "rng_state", t("records.error.rng")) from None
        if self.result is not None and upto is None:
            if not game.over:
                raise RecordError(source, "result", t("records.error.not_over"))
            if list(self.result["winners"]) != list(game.winners):
                replayed = ", ".join(map(str, game.winners))
                raise RecordError(source, "result.winners", t("records.error.winners", winners=replayed))
            if list(self.result["tokens"]) != list(game.tokens):
                replayed = ", ".join(map(str, game.tokens))
                raise RecordError(source, "result.tokens", t("records.error.tokens", tokens=replayed))
        vouch(self.trust, game.over, source)
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


def _check_deal(source: str, index: int, entry: RoundEntry, expected: list[str], allowed: Sequence[int]) -> None:
    """A round's deck is the ruleset's deck and its first player one the rules allow (said in the player's words
    before the engine would say it in English)."""
    problem = deck_problem(entry.deck, expected)
    if problem is not None:
        size = len(expected)
        raise RecordError(source, f"rounds[{index}].deck", t("records.error.deck", size=size, problem=problem))
    if entry.first_player not in allowed:
        seats = ", ".join(map(str, allowed))
        problem = t("records.error.first_player", seat=shown(entry.first_player), round=index + 1, allowed=seats)
        raise RecordError(source, f"rounds[{index}].first_player", problem)


def _check_result(c: Check, value: Any, players: int) -> dict[str, Any] | None:
    """``null``, or the winners' seats and every seat's tokens."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise c.fail("result", t("records.error.result"))
    result: dict[str, Any] = dict(value)
    winners, tokens = result.get("winners"), result.get("tokens")
    if (
        not _integers(winners, players, seats=True)
        or not _integers(tokens, players)
        or len(result["tokens"]) != players
    ):
        raise c.fail("result", t("records.error.result"))
    return result


def _integers(value: Any, players: int, *, seats: bool = False) -> bool:
    """A list of whole numbers (seat numbers when ``seats``)."""
    if not isinstance(value, list):
        return False
    return all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 and (not seats or x < players) for x in value)
