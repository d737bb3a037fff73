"""The streak counter: games won in a row, the best run, games won and played, kept between games.

A small JSON file in the user's loveletter folder, written atomically. A file that cannot be read is not an
error: the count starts afresh and :attr:`Streak.warning` says why, in one line.

>>> s = Streak()
>>> s.add(True); s.add(True); s.add(False); s.add(True)
>>> (s.current, s.best, s.won, s.played)
(1, 2, 3, 4)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from loveletter.i18n import t
from loveletter.records.store import home, write_atomic

FILENAME = "solitaire-streak.json"
VERSION = 1
FIELDS = ("current", "best", "won", "played")


def streak_path() -> Path:
    return home() / FILENAME


@dataclass(slots=True)
class Streak:
    current: int = 0
    best: int = 0
    won: int = 0
    played: int = 0
    #: Why the saved count could not be read (``None``: it was, or there was none yet).
    warning: str | None = None

    def add(self, won: bool) -> None:
        """Count one finished game."""
        self.played += 1
        if won:
            self.won += 1
            self.current += 1
            self.best = max(self.best, self.current)
        else:
            self.current = 0

    def to_json(self) -> str:
        data = {"version": VERSION, **{name: getattr(self, name) for name in FIELDS}}
        return json.dumps(data) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Streak:
        """Parse a saved count; raises ``ValueError`` (with a short reason) if it is not one."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a streak count")
        values: dict[str, int] = {}
        for name in FIELDS:
            value = data.get(name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number, got {value!r}")
            values[name] = value
        streak = cls(values["current"], values["best"], values["won"], values["played"])
        if streak.won > streak.played or streak.current > streak.best or streak.best > streak.won:
            raise ValueError("the numbers do not add up")
        return streak


def load_streak(path: Path | None = None) -> Streak:
    """The saved count, or a new one (with :attr:`Streak.warning` set if the file was there but unreadable)."""
    path = path or streak_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Streak()
    except (OSError, UnicodeDecodeError):
        return Streak(warning=_warning(path))
    try:
        return Streak.from_json(text)
    except ValueError:  # json.JSONDecodeError is a ValueError
        # Why it is unreadable (Python's words, in English) helps nobody at the table: the path says where.
        return Streak(warning=_warning(path))


def save_streak(streak: Streak, path: Path | None = None) -> None:
    """Write the count atomically (a failure to write is the caller's to report)."""
    write_atomic(path or streak_path(), streak.to_json())


def _warning(path: Path) -> str:
    return t("solitaire.streak.corrupt", path=path)
