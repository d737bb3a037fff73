"""Shared fixtures of the research environments' tests (each test module skips itself without the rl extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import extras

#: Why a test module of the environments skips itself.
NO_RL = extras.reason("rl")
ROOT = Path(__file__).resolve().parents[2]

#: A house ruleset file: the classic deck where the players choose who starts (the environments draw it).
HOUSE = (ROOT / "rulesets" / "classic.toml").read_text(encoding="utf-8").replace('name = "classic"', 'name = "house"')


@pytest.fixture
def house_ruleset(tmp_path: Path) -> str:
    text = HOUSE
    if "first_player_mode" in text:
        text = text.replace('first_player_mode = "random"', 'first_player_mode = "choose"')
    else:
        text = text.replace("[flags]", '[flags]\nfirst_player_mode = "choose"')
    assert 'first_player_mode = "choose"' in text
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)
