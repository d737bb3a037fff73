"""What both kinds of record share: the top-level fields and how they are written, read and saved
(:class:`RecordFile`), the JSON, the structure checks, the rulesets a record may name, and the engine's
complaints reworded for the player.

A record is a file anyone can edit, so reading one must never raise anything but
:class:`~loveletter.records.record.RecordError` (one line, in the player's language), and must never make the
program open a file the record names: a ruleset is a bundled one by name, or the TOML text inside the record.
The engine words its errors in English for developers; here every problem a record can cause is said from the
catalog, with only the file's own language-neutral values (action notation, card ids, numbers) as parameters.
"""

from __future__ import annotations

import base64
import binascii
import json
import reprlib
import tomllib
import uuid
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Self, TypedDict, TypeVar

from loveletter import __version__
from loveletter.engine.errors import EngineError, IllegalActionError, NotationError, RulesetError
from loveletter.engine.ruleset import bundled_names, read_toml
from loveletter.engine.textfile import TextFileError, read_text_file
from loveletter.errors import UserError
from loveletter.i18n import os_problem, t
from loveletter.i18n import ruleset_problem as worded
from loveletter.records.auth import FIRST_SIGNED, mac_of, verified
from loveletter.records.store import write_atomic

FORMAT = "loveletter-record"
#: Version 2 writes the round still being played of an unfinished game sealed (see :func:`seal`); version 3 says
#: whether the coach's hints were on in a game (``hints``); version 4 carries a MAC (:mod:`loveletter.records.auth`).
#: Older records are read as they always were (version 1: every round in plain JSON; before version 3, no hints:
#: the program had none; before version 4, unauthenticated).
VERSION = 4
#: A record is a few kilobytes (a long premium game, some tens); a file past this size is refused unread. It is
#: above the largest record the program can write (the largest deck a ruleset may have, dealt in every round of
#: the longest game, with the largest ruleset file inside: ``tests/engine/test_rulesets_end.py`` checks it).
MAX_BYTES = 16 << 20
#: What a new record says wrote it.
PROGRAM = f"loveletter {__version__}"
#: At most this many legal actions are listed when an action is not one of them.
LEGAL_SHOWN = 12

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 40
_short.maxlevel = 2
_short.maxlist = _short.maxdict = 4


class RecordError(UserError):
    """A record that cannot be read or does not replay. ``str(error)`` is ``"<file>: <where>: <problem>"``."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source, self.where, self.problem = source, where, problem
        super().__init__(f"{source}: {where}: {problem}" if where else f"{source}: {problem}")


def shown(value: Any, depth: int = 2) -> str:
    """A value from the file, short enough for a one-line message (an edited file may hold anything), written as
    JSON writes it (``null``, ``true``, ``"text"``), never a Python type's name.

    >>> shown(None), shown([1, [2, [3]], "x", True, {"a": 1}]), shown("a" * 50)
    ('null', '[1, [2, […]], "x", true, …]', '"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…"')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(clip(value), ensure_ascii=False)
    if isinstance(value, list | dict):
        if depth == 0:
            return "[…]" if isinstance(value, list) else "{…}"
        if isinstance(value, list):
            items = [shown(x, depth - 1) for x in value[:4]]
        else:
            items = [
                f"{json.dumps(clip(str(k)), ensure_ascii=False)}: {shown(v, depth - 1)}"
                for k, v in list(value.items())[:4]
            ]
        more = [", …"] if len(value) > 4 else []
        open_, close = "[]" if isinstance(value, list) else "{}"
        return open_ + ", ".join(items) + "".join(more) + close
    return " ".join(_short.repr(value).split())


def kind_of(value: Any) -> str:
    """The ``kind`` field of a record as a message shows it (text as it is, anything else as a short value)."""
    return clip(value) if isinstance(value, str) else shown(value)


def clip(text: str, limit: int = 40) -> str:
    """A text from the file (an action's notation) on one line and at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _not_json(constant: str) -> Any:
    raise ValueError(constant)


class DuplicateKey(ValueError):
    """An object of the file names one key twice: JSON keeps the last, so an edit could hide behind a signed one."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return data


def loads(text: str | bytes) -> Any:
    """JSON as a record may hold it: no ``NaN`` or ``Infinity`` (:class:`ValueError`), no key twice in an object
    (:class:`DuplicateKey`)."""
    return json.loads(text, parse_constant=_not_json, object_pairs_hook=_unique)


def parse_json(text: str, source: str) -> Any:
    """The JSON in ``text``; anything the parser cannot take (bad syntax, nesting deep enough to exhaust the
    stack, a number too long to convert, ``NaN`` or ``Infinity``, which JSON does not have, a key given twice in
    one object) is a :class:`RecordError`."""
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        problem = t("records.error.invalid_json", line=exc.lineno, column=exc.colno)
    except DuplicateKey as exc:
        problem = t("records.error.duplicate_key", key=clip(exc.key))
    except RecursionError:
        problem = t("records.error.too_deep")
    except ValueError as exc:  # NaN or Infinity, or an integer past the interpreter's digit limit
        constant = str(exc) in ("NaN", "Infinity", "-Infinity")
        problem = t("records.error.not_number" if constant else "records.error.too_long")
    raise RecordError(source, "", problem) from None


def read_text(path: Any) -> str:
    """The text of a record file, read only from a regular file of at most :data:`MAX_BYTES`
    (:func:`~loveletter.engine.textfile.read_text_file`); anything else is a :class:`RecordError`."""
    source = str(path)
    try:
        return read_text_file(path, limit=MAX_BYTES)
    except TextFileError as exc:
        if exc.reason == "os_error":
            problem = t("records.error.unreadable", problem=os_problem(exc.errno, exc.strerror))
        else:
            problem = t(f"records.error.{exc.reason}", limit=MAX_BYTES >> 20)
        raise RecordError(source, "", problem) from None


class Check:
    """Structure checks that say what and where, as :class:`RecordError`."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> RecordError:
        return RecordError(self.source, where, problem)

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            problem = t("records.error.object", value=shown(value))
            raise self.fail(where or t("records.error.top"), problem)
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, t("records.error.list", value=shown(value)))
        return value

    def string(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, t("records.error.text", value=shown(value)))
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate ("\\ud800"), which no file or screen can hold
                raise self.fail(where, t("records.error.not_unicode")) from None
        return value

    def optional_string(self, value: Any, where: str) -> str | None:
        return None if value is None else self.string(value, where)

    def strings(self, value: Any, where: str) -> list[str]:
        return [self.string(x, f"{where}[{i}]") for i, x in enumerate(self.array(value, where))]

    def integer(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, t("records.error.integer", value=shown(value)))
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, t("records.error.boolean", value=shown(value)))
        return value

    def seed(self, value: Any) -> int | None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail("seed", t("records.error.seed", value=shown(value)))
        return value

    def sealed(self, entry: Mapping[str, Any], where: str) -> Mapping[str, Any]:
        """A round entry with its sealed part opened (:func:`unseal`); an entry without one as it is."""
        if "sealed" not in entry:
            return entry
        opened = unseal(self.string(entry["sealed"], f"{where}.sealed"))
        if opened is None:
            raise self.fail(f"{where}.sealed", t("records.error.sealed"))
        return {**{k: v for k, v in entry.items() if k != "sealed"}, **opened}

    def header(self, top: Mapping[str, Any], format: str, supported: int) -> None:
        """The fields every record starts with: the format and a version this program reads (1 to ``supported``)."""
        if top.get("format") != format:
            raise self.fail("format", t("records.error.format"))
        version = self.integer(top.get("version"), "version")
        if version > supported:
            raise self.fail("version", t("records.error.newer", version=shown(version), supported=supported))
        if version < 1:
            raise self.fail("version", t("records.error.version", version=shown(version), supported=supported))

    def top(self, text: str) -> Mapping[str, Any]:
        """The record's top-level object, its format and version checked."""
        top = self.obj(parse_json(text, self.source), "")
        self.header(top, FORMAT, VERSION)
        return top

    def ruleset(self, top: Mapping[str, Any], kind: str) -> tuple[str, str | None]:
        """The record's ruleset: its name and its TOML text; without text, the name is a bundled ruleset of
        ``kind``."""
        ruleset = self.obj(top.get("ruleset"), "ruleset")
        name = self.string(ruleset.get("name"), "ruleset.name")
        text = self.optional_string(ruleset.get("text"), "ruleset.text")
        if text is None:
            check_bundled(name, kind, self.source)
        return name, text


# ------------------------------------------------------------------------------------------------ sealing


def seal(fields: Mapping[str, Any]) -> str:
    """``fields`` of a round still being played, kept out of casual sight: JSON, compressed, in base 64. Anyone
    with the file and a few lines of code can open it again: it keeps what a glance at the file would show (the
    cards still to come, every hand) from whoever opens it, not from whoever sets out to read it.

    >>> sealed = seal({"deck": ["Guard", "Princess"], "actions": []})
    >>> "Princess" in sealed, unseal(sealed)
    (False, {'deck': ['Guard', 'Princess'], 'actions': []})
    """
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def unseal(text: str) -> dict[str, Any] | None:
    """The fields :func:`seal` sealed; ``None`` if ``text`` is not a seal (damaged, edited, or too large)."""
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.b64decode(text.encode("ascii"), validate=True), MAX_BYTES)
        if inflate.unconsumed_tail:  # would open into more than a record may hold
            return None
        data = loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def opened(data: Any) -> Any:
    """A record's parsed JSON with every sealed round opened into plain fields (for tools and tests that read a
    record's rounds; a load opens them by itself)."""
    if isinstance(data, dict) and isinstance(data.get("rounds"), list):
        rounds = []
        for entry in data["rounds"]:
            if isinstance(entry, dict) and isinstance(entry.get("sealed"), str):
                fields = unseal(entry["sealed"]) or {}
                rounds.append({**{k: v for k, v in entry.items() if k != "sealed"}, **fields})
            else:
                rounds.append(entry)
        data = {**data, "rounds": rounds}
    return data


# ------------------------------------------------------------------------------------------------ the file


class Raw:
    """A value of a record written out already, as the file shows it (``text``, on one line) and as its MAC reads
    it (``canonical``: keys sorted, ASCII, no spaces). A long game's rounds are written once each, not again at
    every save: a save costs about the same at the thousandth round as at the first (issue 44)."""

    __slots__ = ("canonical", "text")

    def __init__(self, text: str, canonical: str) -> None:
        self.text, self.canonical = text, canonical

    @classmethod
    def of(cls, value: Any) -> Raw:
        return cls(json.dumps(value, ensure_ascii=False), _canonical(value))

    @classmethod
    def joined(cls, items: Sequence[Raw]) -> Raw:
        """A JSON array of values written already, one a line in the file."""
        if not items:
            return cls("[]", "[]")
        text = "[\n  " + ",\n  ".join(item.text for item in items) + "\n ]"
        return cls(text, "[" + ",".join(item.canonical for item in items) + "]")

    @staticmethod
    def text_of(value: Any) -> str:
        """``value`` as a field of the record's top-level object shows it (indented one space a level)."""
        if isinstance(value, Raw):
            return value.text
        return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n ")

    @staticmethod
    def canonical_of(value: Any) -> str:
        return value.canonical if isinstance(value, Raw) else _canonical(value)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    return uuid.uuid4().hex[:12]


def free_text(value: Any) -> str:
    """A free text field (id, dates, program): kept if it is text, else dropped."""
    return value[:100] if isinstance(value, str) else ""


class Stamps(TypedDict):
    """Who wrote a record and when, and its id: free text, as :func:`stamps` reads them."""

    game_id: str
    created: str
    updated: str
    program: str


class Trust(Enum):
    """What a record's signature says of it (:func:`trust_of`)."""

    #: Its MAC is this user's key's: the program wrote it, on this account, as it is.
    SIGNED = "signed"
    #: Of a format from before MACs (1 to 3): nothing tells whether it was edited.
    UNSIGNED = "unsigned"
    #: Its MAC is not this key's (another account's key, or an edit), or it has none where one belongs.
    FOREIGN = "foreign"


def trust_of(top: Mapping[str, Any]) -> Trust:
    """How far a record's top-level object can be trusted (a damaged record key is a
    :class:`~loveletter.records.auth.RecordKeyError`)."""
    version = top.get("version")
    if isinstance(version, int) and version < FIRST_SIGNED:
        return Trust.UNSIGNED
    return Trust.SIGNED if verified(top) else Trust.FOREIGN


def whole_record(path: Path) -> bool:
    """Whether ``path`` holds a whole record signed with this user's key (what a save killed between its write and
    its rename leaves: :func:`~loveletter.records.store.sweep_temporaries` puts it in place)."""
    try:
        return trust_of(Check(str(path)).top(read_text(path))) is Trust.SIGNED
    except UserError:  # cut short, damaged, or a key that cannot be read
        return False


def vouch(trust: Trust, over: bool, source: str) -> None:
    """Refuse a game still going on unless its record is signed with this user's key: its hands and deck could
    have been changed. A finished game hides nothing, so it is taken from anywhere once it replays to its end
    (the commands that show one say when it is not verified: :func:`unverified_note`)."""
    if trust is Trust.SIGNED or over:
        return
    problem = t("records.error.unsigned" if trust is Trust.UNSIGNED else "records.error.edited")
    raise RecordError(source, "mac", problem)


def unverified_note(trust: Trust) -> str | None:
    """The line a replay or a review of a record not signed here starts with, or ``None`` for a signed one."""
    return None if trust is Trust.SIGNED else t("records.unverified")


def stamps(top: Mapping[str, Any]) -> Stamps:
    """The id, dates and program read from a record's ``top`` (a record without an id gets a new one)."""
    return Stamps(
        game_id=free_text(top.get("id")) or new_id(),
        created=free_text(top.get("created")),
        updated=free_text(top.get("updated")),
        program=free_text(top.get("program")),
    )


class RecordFile:
    """The part of a record both kinds share: the top-level fields, the JSON they start, the load and the
    atomic save. A kind of record is a dataclass with these fields that writes its own with :meth:`dump` and
    reads them in :meth:`from_top`."""

    __slots__ = ()

    KIND: ClassVar[str]
    ruleset: str
    ruleset_text: str | None
    result: dict[str, Any] | None
    game_id: str
    created: str
    updated: str
    program: str

    @property
    def finished(self) -> bool:
        return self.result is not None

    def to_json(self) -> str:
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str, source: str) -> Self:
        """Parse and check the structure (not yet the rules: see the kind's ``replay``)."""
        return cls.from_top(Check(source).top(text), source)

    @classmethod
    def from_top(cls, top: Mapping[str, Any], source: str) -> Self:
        """Check the structure of a record's top-level object (:meth:`Check.top`: parsed, format and version
        checked)."""
        raise NotImplementedError

    def dump(self, fields: Mapping[str, Any]) -> str:
        """The record as JSON: the shared top-level fields, then the kind's own ``fields``, in their order. A
        field may be :class:`Raw`, written already (the rounds of a long game: see :class:`Raw`)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "program": self.program,
            "kind": self.KIND,
            "id": self.game_id,
            "created": self.created,
            "updated": self.updated,
            "ruleset": {"name": self.ruleset, "text": self.ruleset_text},
            **fields,
        }
        parts = [f" {json.dumps(key)}: {Raw.text_of(value)}" for key, value in data.items()]
        body = "{\n" + ",\n".join(parts)
        canonical = "{" + ",".join(f"{json.dumps(key)}:{Raw.canonical_of(data[key])}" for key in sorted(data)) + "}"
        if not body.isascii():
            # A name no file can hold (a lone surrogate: a stray byte of a command line) is saved as "?".
            fixed = body.encode("utf-8", "replace").decode("utf-8")
            if fixed != body:
                body = fixed
                canonical = _canonical(json.loads(fixed + "\n}"))

        # The MAC last, one more field of the same object.
        return body + f',\n "mac": "{mac_of(canonical.encode("ascii"))}"\n}}\n'

    def save(self, path: Path) -> None:
        write_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read a record file (structure checked; the kind's ``replay`` checks the rules). Never writes to it."""
        return cls.from_json(read_text(path), str(path))


# ------------------------------------------------------------------------------------------------ rulesets


@cache
def bundled_of_kind(kind: str) -> tuple[str, ...]:
    """The bundled rulesets of one kind (``"multiplayer"`` or ``"solitaire"``), by name."""
    names = []
    for name in bundled_names():
        data = read_toml(name)[0]
        if data.get("kind", "multiplayer") == kind:
            names.append(name)
    return tuple(names)


def check_bundled(name: str, kind: str, source: str) -> None:
    """A record without ruleset text names a bundled ruleset of its kind, never a path to open."""
    known = bundled_of_kind(kind)
    if name not in known:
        problem = t("records.error.ruleset_unknown", name=clip(name), known=", ".join(known))
        raise RecordError(source, "ruleset.name", problem)


R = TypeVar("R")


def record_ruleset(
    name: str,
    text: str | None,
    kind: str,
    source: str,
    load: Callable[[str], R],
    parse: Callable[[dict[str, Any], str], R],
    check: Callable[[dict[str, Any]], None] | None = None,
) -> R:
    """A record's ruleset: the bundled one of ``kind`` called ``name`` (``load``), or ``text``, the TOML inside
    the record (its data given to ``check``, then to ``parse`` with the text), never a file the record names.
    Every problem is a :class:`RecordError`."""
    if text is None:
        check_bundled(name, kind, source)
        try:
            return load(name)
        except EngineError:  # a bundled ruleset always loads; still one line
            raise RecordError(source, "ruleset.name", t("records.error.ruleset_bundled")) from None
    data = ruleset_data(text, source)
    if check is not None:
        check(data)
    try:
        return parse(data, text)
    except (EngineError, ValueError, TypeError) as exc:
        raise ruleset_problem(exc, source) from None


def ruleset_data(text: str, source: str) -> dict[str, Any]:
    """The TOML data of a ruleset written inside a record."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise RecordError(source, "ruleset.text", t("records.error.ruleset_toml")) from None
    except RecursionError:
        raise RecordError(source, "ruleset.text", t("records.error.too_deep")) from None


def ruleset_problem(exc: Exception, source: str) -> RecordError:
    """A ruleset written inside a record that the engine rejects: where in it, in the player's words."""
    if not isinstance(exc, RulesetError):
        return RecordError(source, "ruleset.text", t("records.error.ruleset_invalid", key="?"))
    key = exc.key or "?"
    problem = worded(exc.code, exc.params)  # the engine's problem code, worded by the catalog
    if problem is not None:
        return RecordError(source, "ruleset.text", t("records.error.ruleset_problem", key=key, problem=problem))
    return RecordError(source, "ruleset.text", t("records.error.ruleset_invalid", key=key))


# ---------------------------------------------------------------------------------------------- the deals


def card_counts(counts: Counter[str]) -> str:
    return ", ".join(f"{n}× {card}" for card, n in sorted(counts.items()))


def deck_problem(cards: Sequence[str], expected: Iterable[str]) -> str | None:
    """``None`` when ``cards`` are exactly ``expected`` (in any order), else what is missing and what is extra."""
    want, got = Counter(expected), Counter(cards)
    if want == got:
        return None
    parts = []
    if want - got:
        parts.append(t("records.error.cards_missing", cards=card_counts(want - got)))
    if got - want:
        parts.append(t("records.error.cards_extra", cards=card_counts(got - want)))
    return "; ".join(parts)


# --------------------------------------------------------------------------------------------- the actions


def action_problem(exc: Exception, action: str, legal: Sequence[object], over: bool) -> str:
    """Why ``action`` could not be applied, from the engine's error type and the legal actions of the moment."""
    if isinstance(exc, NotationError):
        return t("records.error.notation", action=clip(action))
    if isinstance(exc, IllegalActionError):
        if over:
            return t("records.error.after_end", action=clip(action))
        if not legal:
            return t("records.error.no_turn", action=clip(action))
        listed = ", ".join(str(a) for a in legal[:LEGAL_SHOWN]) + (", …" if len(legal) > LEGAL_SHOWN else "")
        return t("records.error.illegal", action=clip(action), legal=listed)
    return t("records.error.action", action=clip(action))
