"""Every test gets its own user data folder, so no test reads or writes the real saved games and streaks, and every
test leaves the language English, so a test that switches to Spanish cannot leak it into later tests. Ctrl-C
works as at a player's terminal, even when the tests were started where it is ignored."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from loveletter.i18n import set_language


def pytest_configure(config: pytest.Config) -> None:
    # A shell starts a background job (`cmd &`, nohup) with SIGINT ignored, and every program a test starts would
    # inherit that: the tests of Ctrl-C and of `kill -INT` would fail for want of what a player's terminal gives.
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("loveletter-home")
    monkeypatch.setenv("LOVELETTER_HOME", str(home))
    # Under `uv run pytest` the program would word its commands as `uv run loveletter ...` (loveletter.i18n.program):
    # every test sees the program as a player who installed it does, unless it asks otherwise.
    monkeypatch.delenv("UV_RUN_RECURSION_DEPTH", raising=False)
    return home


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language("en")
