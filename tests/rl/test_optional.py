"""The game keeps no dependency on the research extras: ``loveletter --help`` (and every command module) loads
without importing numpy, gymnasium, pettingzoo or pyspiel, and the environments only load them when asked."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import extras

EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")

PROBE = """
import sys
from loveletter import cli
try:
    cli.main(["--help"])
except SystemExit:
    pass
import loveletter.commands.play, loveletter.commands.simulate, loveletter.tui.board
print("loaded:", ",".join(m for m in {extras} if m in sys.modules))
"""


def test_the_game_and_its_help_import_none_of_the_research_extras() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(extras=EXTRAS)], capture_output=True, text=True, check=True, timeout=60
    )
    assert "usage" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "loaded:"


def test_the_environments_load_them_when_asked() -> None:
    probe = (
        "import sys; from loveletter.rl import env; "
        "print(all(m in sys.modules for m in ('numpy', 'gymnasium', 'pettingzoo')))"
    )
    result = subprocess.run([sys.executable, "-c", probe], check=False, capture_output=True, text=True, timeout=60)
    if "ModuleNotFoundError" in result.stderr:
        pytest.skip(extras.reason("rl"))
    assert result.stdout.strip() == "True", result.stderr
