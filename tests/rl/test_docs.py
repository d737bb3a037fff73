"""The docs' research page (docs/how-to/research.md) says what the code does: its observation tables are the layouts'
own text, and the sizes it quotes are the environments' sizes. (Its random-agent loop runs as a doctest.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rl.conftest import NO_RL

pytest.importorskip("numpy", reason=NO_RL)

from loveletter.rl import ActionTable, Encoder, solitaire
from loveletter.rl.observation import layout_table

SECTION = (Path(__file__).resolve().parents[2] / "docs" / "how-to" / "research.md").read_text(encoding="utf-8")


def test_the_observation_tables_are_the_layouts() -> None:
    assert layout_table() in SECTION
    assert layout_table(solitaire.LAYOUT) in SECTION


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 2), ("2019", 2), ("2019", 4), ("premium", 8)])
def test_the_quoted_observation_lengths_are_right(ruleset: str, players: int) -> None:
    size = Encoder(ruleset, players).size
    assert f"{size:,} at {'two' if players == 2 else {4: 'four', 8: 'eight'}[players]}" in SECTION


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 2), ("premium", 8), ("2019", 2)])
def test_the_quoted_action_space_sizes_are_right(ruleset: str, players: int) -> None:
    size = len(ActionTable(ruleset, players))
    count = "two" if players == 2 else "eight"
    assert re.search(rf"{size:,}\s+at\s+{count}(\s+players)?\s+of\s+`{ruleset}`", SECTION)


def test_the_research_pages_examples_run() -> None:
    """docs/how-to/research.md: its ``>>>`` examples run and print what the page says."""
    import doctest

    page = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "research.md"
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags, raise_on_error=False)
    assert result.attempted > 5 and result.failed == 0
