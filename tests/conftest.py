"""Every test gets its own user data folder, so no test reads or writes the real saved games and streaks."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("loveletter-home")
    monkeypatch.setenv("LOVELETTER_HOME", str(home))
    return home
