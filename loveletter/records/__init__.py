"""Game records: save after every action, resume, replay. Records are JSON, language-neutral, and replayed
through the engine when loaded, so a corrupted or edited file is caught with a clear error."""

from __future__ import annotations

from loveletter.records.library import (
    RecordSummary,
    latest_unfinished,
    list_records,
    load_record,
    new_record_path,
)
from loveletter.records.record import FORMAT, VERSION, GameRecord, RecordError, RoundEntry, Seat
from loveletter.records.store import games_dir, home, sweep_temporaries, write_atomic

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "RecordError",
    "RecordSummary",
    "RoundEntry",
    "Seat",
    "games_dir",
    "home",
    "latest_unfinished",
    "list_records",
    "load_record",
    "new_record_path",
    "sweep_temporaries",
    "write_atomic",
]
