"""Every test gets its own user data folder, so no test reads or writes the real saved games and streaks, and every
test leaves the language English, so a test that switches to Spanish cannot leak it into later tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from loveletter.i18n import set_language


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("loveletter-home")
    monkeypatch.setenv("LOVELETTER_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")
