"""The saved games in the user's folder: naming new records, listing them, finding the latest unfinished one,
loading a record of either kind."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from loveletter.records.checks import Check, read_text
from loveletter.records.store import games_dir, sweep_temporaries

if TYPE_CHECKING:
    from loveletter.records.record import GameRecord
    from loveletter.records.solitaire import SolitaireRecord


def new_record_path(kind: str, ruleset: str, game_id: str, folder: Path | None = None) -> Path:
    """A fresh file name that sorts by date: ``20261122-153000-2019-1a2b3c4d5e6f.json``."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() else "-" for ch in Path(ruleset).stem)[:24] or "custom"
    prefix = "solitaire" if kind == "solitaire" else safe
    return (folder or games_dir()) / f"{stamp}-{prefix}-{game_id}.json"


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What ``loveletter games`` shows of a record, read without replaying it."""

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


def summarise(path: Path) -> RecordSummary:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        seats = data.get("seats", [])
        names = tuple(str(s.get("name", "?")) for s in seats)
        result = data.get("result")
        winners: tuple[str, ...] = ()
        if isinstance(result, dict) and "winners" in result:
            winners = tuple(names[w] if isinstance(w, int) and 0 <= w < len(names) else "?" for w in result["winners"])
        return RecordSummary(
            path=path,
            kind=str(data.get("kind", "game")),
            updated=str(data.get("updated", "")),
            ruleset=str(data.get("ruleset", {}).get("name", "?")),
            players=int(data.get("players", len(names))),
            names=names,
            rounds=len(data.get("rounds", [])),
            finished=result is not None,
            winners=winners,
        )
    except (OSError, ValueError, TypeError, AttributeError, RecursionError):  # any damage: listed as unreadable
        return RecordSummary(path, "?", "", "?", 0, (), 0, False, (), readable=False)


def list_records(folder: Path | None = None) -> list[RecordSummary]:
    """Every record in the folder, newest first (stale temporary files are swept first)."""
    folder = folder or games_dir()
    sweep_temporaries(folder)
    if not folder.is_dir():
        return []
    summaries = [summarise(p) for p in folder.glob("*.json")]
    return sorted(summaries, key=lambda s: (s.updated, s.path.name), reverse=True)


def latest_unfinished(kind: str | None = None, folder: Path | None = None) -> Path | None:
    for summary in list_records(folder):
        if summary.readable and not summary.finished and (kind is None or summary.kind == kind):
            return summary.path
    return None


def load_record(path: Path) -> GameRecord | SolitaireRecord:
    """The record in ``path``, of the kind it says it is (a multi-player game when it does not say), read and
    parsed once, its structure checked (its kind's ``replay`` checks the rules). Never writes to it."""
    from loveletter.records.record import GameRecord
    from loveletter.records.solitaire import KIND, SolitaireRecord

    source = str(path)
    top = Check(source).top(read_text(path))
    if top.get("kind") == KIND:
        return SolitaireRecord.from_top(top, source)
    return GameRecord.from_top(top, source)  # any other kind is refused there, in the player's words
