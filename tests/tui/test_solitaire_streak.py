"""The solitaire streak counter: kept in the user's folder between games, a broken file never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.i18n import set_language
from loveletter.tui.solitaire.streak import FILENAME, Streak, load_streak, save_streak, streak_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    set_language("en")
    return tmp_path


def test_the_file_lives_in_the_users_loveletter_folder(home: Path) -> None:
    assert streak_path() == home / FILENAME


def test_no_file_yet_is_a_fresh_count_without_a_warning() -> None:
    assert load_streak() == Streak()


def test_wins_and_losses_are_counted_and_kept_between_games() -> None:
    streak = load_streak()
    for won in (True, True, True, False, True):
        streak.add(won)
        save_streak(streak)
        streak = load_streak()
    assert (streak.current, streak.best, streak.won, streak.played) == (1, 3, 4, 5)
    assert streak.warning is None


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '{"current": -1, "best": 0, "won": 0, "played": 0}',
        '{"current": 1, "best": 1, "won": 1}',
        '{"current": 5, "best": 1, "won": 1, "played": 1}',  # numbers that cannot be
        '{"current": true, "best": 1, "won": 1, "played": 1}',
    ],
)
def test_a_corrupt_file_gives_one_line_and_starts_afresh(home: Path, text: str) -> None:
    (home / FILENAME).write_text(text, encoding="utf-8")
    streak = load_streak()
    assert (streak.current, streak.best, streak.won, streak.played) == (0, 0, 0, 0)
    assert streak.warning is not None and "\n" not in streak.warning and FILENAME in streak.warning
    streak.add(True)
    save_streak(streak)  # the next save replaces the broken file
    assert load_streak().won == 1 and load_streak().warning is None


def test_a_file_that_is_not_text(home: Path) -> None:
    (home / FILENAME).write_bytes(b"\xff\xfe\x00")
    assert load_streak().warning is not None


def test_spanish_warning(home: Path) -> None:
    set_language("es")
    (home / FILENAME).write_text("{", encoding="utf-8")
    warning = load_streak().warning
    assert warning is not None and "racha" in warning.lower()
