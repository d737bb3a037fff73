"""The saved games in the user's folder: naming new records, listing and numbering them, finding one by its
name or number and the latest unfinished one, loading a record of either kind."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from loveletter.errors import UserError
from loveletter.i18n import os_problem, t
from loveletter.records.fileformat import Check, RecordError, parse_json, read_text, whole_record
from loveletter.records.record import GameRecord
from loveletter.records.solitaire import KIND, SolitaireRecord
from loveletter.records.store import games_dir, is_games_dir, sweep_temporaries

if TYPE_CHECKING:
    from collections.abc import Callable


def new_record_path(kind: str, ruleset: str, game_id: str, folder: Path | None = None) -> Path:
    """A fresh file name that sorts by date: ``20261122-153000-2019-1a2b3c4d5e6f.json``."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() else "-" for ch in Path(ruleset).stem)[:24] or "custom"
    prefix = "solitaire" if kind == "solitaire" else safe
    return (folder or games_dir()) / f"{stamp}-{prefix}-{game_id}.json"


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What ``loveletter games`` shows of a record, read without replaying it. Every field is as the file has it
    (names may hold anything: they are shown through :func:`~loveletter.i18n.printable`)."""

    path: Path
    kind: str  # "game" or "solitaire"
    updated: str
    ruleset: str
    players: int
    names: tuple[str, ...]
    rounds: int
    finished: bool
    winners: tuple[str, ...]
    readable: bool = True
    #: The record's number in the listing: 1 for the oldest game started (see :func:`record_names`).
    number: int = 0


def summarise(path: Path, number: int = 0) -> RecordSummary:
    """The summary of the record in ``path``; a file that is not one (of any damage) is summarised as unreadable."""
    unreadable = RecordSummary(path, "?", "", "?", 0, (), 0, False, (), readable=False, number=number)
    try:
        data = parse_json(read_text(path), str(path))
    except RecordError:
        return unreadable
    if not isinstance(data, dict):
        return unreadable

    def text(value: object, default: str) -> str:
        return value if isinstance(value, str) else default

    seats = data.get("seats")
    seats = seats if isinstance(seats, list) else []
    names = tuple(text(s.get("name"), "?") if isinstance(s, dict) else "?" for s in seats)
    players = data.get("players")
    result, rounds, ruleset = data.get("result"), data.get("rounds"), data.get("ruleset")
    winners: tuple[str, ...] = ()
    if isinstance(result, dict) and isinstance(result.get("winners"), list):
        winners = tuple(names[w] if type(w) is int and 0 <= w < len(names) else "?" for w in result["winners"])
    return RecordSummary(
        path=path,
        kind=text(data.get("kind"), "game"),
        updated=text(data.get("updated"), ""),
        ruleset=text(ruleset.get("name"), "?") if isinstance(ruleset, dict) else "?",
        players=players if type(players) is int else len(names),
        names=names,
        rounds=len(rounds) if isinstance(rounds, list) else 0,
        finished=result is not None,
        winners=winners,
        number=number,
    )


def record_names(folder: Path | None = None) -> list[str]:
    """The file names of the records in ``folder`` (default: the saved-games folder), oldest game first: a
    record's number in the listing is its place here, from 1. A new record is named from the moment its game
    started, so a number stays the same while other games are played and new ones start. A folder that cannot
    be read is a :class:`RecordError`; one that does not exist has no records."""
    folder = folder or games_dir()
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".json")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        problem = t("records.error.folder_unreadable", problem=os_problem(exc.errno, exc.strerror))
        raise RecordError(str(folder), "", problem) from None
    return sorted(names)


def list_records(folder: Path | None = None) -> list[RecordSummary]:
    """Every record in the folder, numbered (:func:`record_names`), the latest game started first. Stale
    temporary files of the saved-games folder are swept first (only there: :func:`sweep_temporaries`)."""
    folder = folder or games_dir()
    if is_games_dir(folder):
        sweep_temporaries(folder, whole=whole_record)
    names = record_names(folder)
    return [summarise(folder / name, number) for number, name in reversed(list(enumerate(names, 1)))]


def latest_unfinished(
    kind: str | None = None, folder: Path | None = None, *, skip: Callable[[Path], bool] | None = None
) -> Path | None:
    """The unfinished record played last (of ``kind``, if given; not one ``skip`` says to pass over)."""
    candidates = [
        s
        for s in list_records(folder)
        if s.readable and not s.finished and (kind is None or s.kind == kind) and (skip is None or not skip(s.path))
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda s: (s.updated, s.path.name)).path


#: A record's file name as :func:`new_record_path` makes it: when the game started, then its name.
_STAMPED = re.compile(r"^\d{8}-\d{6}-(?P<name>.+-[0-9a-f]{12})\.json$")


def record_name(path: Path) -> str:
    """A record's name, as ``games`` lists it and ``resume`` and ``replay`` take it: ``premium-6a722982ebd8``
    for ``20261124-233455-premium-6a722982ebd8.json`` (the date is in its own column), else the file's name
    without ``.json``.

    >>> record_name(Path("20261124-233455-premium-6a722982ebd8.json")), record_name(Path("mine.json"))
    ('premium-6a722982ebd8', 'mine')
    """
    stamped = _STAMPED.match(path.name)
    return stamped["name"] if stamped else path.stem


def short_name(path: Path | str) -> str:
    """How a message names a record in a command to copy: its name (:func:`record_name`) if it is in the
    saved-games folder (``resume`` and ``replay`` find it there), else its path."""
    path = Path(path)
    return record_name(path) if path.suffix == ".json" and is_games_dir(path.parent) else str(path)


def find_record(name: str, folder: Path | None = None) -> Path:
    """The record ``name`` means, as ``resume`` and ``replay`` take it: a path to a file; a number from the
    listing of ``loveletter games``; or a name it shows (with or without ``.json``), in the saved-games folder.

    A path that exists is taken first; a name that is none of these is returned as a path, for the load to say
    that there is no such file."""
    folder = folder or games_dir()
    if not name.strip():
        raise UserError(t("records.error.no_name"))
    path = Path(name).expanduser()
    if path.exists() or path.is_symlink():
        return path
    if name.isascii() and name.isdigit():
        names = record_names(folder)
        number = int(name) if len(name) < 10 else 0
        if not 1 <= number <= len(names):
            raise UserError(t("records.error.no_number", number=name[:12], count=len(names)))
        return folder / names[number - 1]
    if name and os.sep not in name and (os.altsep is None or os.altsep not in name):
        for candidate in (folder / name, folder / f"{name}.json"):
            if candidate.exists():
                return candidate
        named = [n for n in record_names(folder) if record_name(Path(n)) == name]
        if len(named) == 1:
            return folder / named[0]
    return path


def load_record(path: Path) -> GameRecord | SolitaireRecord:
    """The record in ``path``, of the kind it says it is (a multi-player game when it does not say), read and
    parsed once, its structure checked (its kind's ``replay`` checks the rules). Never writes to it."""
    source = str(path)
    top = Check(source).top(read_text(path))
    if top.get("kind") == KIND:
        return SolitaireRecord.from_top(top, source)
    return GameRecord.from_top(top, source)  # any other kind is refused there, in the player's words
