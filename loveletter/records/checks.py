"""What both kinds of record share when they are read: the JSON, the structure checks, the rulesets a record
may name, and the engine's complaints reworded for the player.

A record is a file anyone can edit, so reading one must never raise anything but
:class:`~loveletter.records.record.RecordError` (one line, in the player's language), and must never make the
program open a file the record names: a ruleset is a bundled one by name, or the TOML text inside the record.
The engine words its errors in English for developers; here every problem a record can cause is said from the
catalog, with only the file's own language-neutral values (action notation, card ids, numbers) as parameters.
"""

from __future__ import annotations

import json
import reprlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from loveletter.errors import UserError
from loveletter.i18n import t

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


def shown(value: Any) -> str:
    """A value from the file, short enough for a one-line message (an edited file may hold anything)."""
    return " ".join(_short.repr(value).split())


def kind_of(value: Any) -> str:
    """The ``kind`` field of a record as a message shows it (text as it is, anything else as a short value)."""
    return clip(value) if isinstance(value, str) else shown(value)


def clip(text: str, limit: int = 40) -> str:
    """A text from the file (an action's notation) on one line and at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_json(text: str, source: str) -> Any:
    """The JSON in ``text``; anything the parser cannot take (bad syntax, nesting deep enough to exhaust the
    stack, a number too long to convert) is a :class:`RecordError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        problem = t("records.error.invalid_json", line=exc.lineno, column=exc.colno)
    except RecursionError:
        problem = t("records.error.too_deep")
    except ValueError:  # an integer past the interpreter's digit limit
        problem = t("records.error.too_long")
    raise RecordError(source, "", problem) from None


def read_text(path: Any) -> str:
    """The text of a record file; a missing or unreadable file is a :class:`RecordError`."""
    source = str(path)
    try:
        text: str = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(source, "", t("records.error.missing")) from None
    except IsADirectoryError:
        raise RecordError(source, "", t("records.error.folder")) from None
    except PermissionError:
        raise RecordError(source, "", t("records.error.permission")) from None
    except UnicodeDecodeError:
        raise RecordError(source, "", t("records.error.not_text")) from None
    except OSError as exc:
        raise RecordError(source, "", t("records.error.unreadable", errno=exc.errno or "?")) from None
    return text


class Check:
    """Structure checks that say what and where, as :class:`RecordError`."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> RecordError:
        return RecordError(self.source, where, problem)

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            problem = t("records.error.object", type=type(value).__name__)
            raise self.fail(where or t("records.error.top"), problem)
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, t("records.error.list", type=type(value).__name__))
        return value

    def string(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, t("records.error.text", type=type(value).__name__))
        return value

    def optional_string(self, value: Any, where: str) -> str | None:
        return None if value is None else self.string(value, where)

    def strings(self, value: Any, where: str) -> list[str]:
        return [self.string(x, f"{where}[{i}]") for i, x in enumerate(self.array(value, where))]

    def integer(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, t("records.error.integer", value=shown(value)))
        return value

    def seed(self, value: Any) -> int | None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail("seed", t("records.error.seed", value=shown(value)))
        return value

    def header(self, top: Mapping[str, Any], format: str, supported: int) -> None:
        """The fields every record starts with: the format and a version this program reads (1 to ``supported``)."""
        if top.get("format") != format:
            raise self.fail("format", t("records.error.format"))
        version = self.integer(top.get("version"), "version")
        if version > supported:
            raise self.fail("version", t("records.error.newer", version=version, supported=supported))
        if version < 1:
            raise self.fail("version", t("records.error.version", version=version, supported=supported))


# ------------------------------------------------------------------------------------------------ rulesets


@cache
def bundled_of_kind(kind: str) -> tuple[str, ...]:
    """The bundled rulesets of one kind (``"multiplayer"`` or ``"solitaire"``), by name."""
    from loveletter.engine.ruleset import bundled_names, read_toml

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


def ruleset_data(text: str, source: str) -> dict[str, Any]:
    """The TOML data of a ruleset written inside a record."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise RecordError(source, "ruleset.text", t("records.error.ruleset_toml")) from None
    except RecursionError:
        raise RecordError(source, "ruleset.text", t("records.error.too_deep")) from None


def ruleset_problem(exc: Exception, source: str) -> RecordError:
    """A ruleset written inside a record that the engine rejects: where in it, in the player's words."""
    from loveletter.engine.errors import RulesetError
    from loveletter.i18n import DEFAULT, has

    if not isinstance(exc, RulesetError):
        return RecordError(source, "ruleset.text", t("records.error.ruleset_invalid", key="?"))
    key = exc.key or "?"
    code = getattr(exc, "code", "")
    if code and has(f"ruleset.problem.{code}", DEFAULT):  # the engine's problem code, worded by the catalog
        try:
            problem = t(f"ruleset.problem.{code}", **exc.params)
        except (KeyError, IndexError):
            pass
        else:
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
    from loveletter.engine.errors import IllegalActionError, NotationError

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
