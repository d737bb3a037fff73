"""Card titles and byte-order marks: a ruleset saved with a UTF-8 byte-order mark loads (it was "not valid TOML (line 1,
column 1)"); a card's ``title`` is checked as players' names are (printable, nothing invisible, no two alike)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import RulesetError, load_ruleset
from loveletter.records import GameRecord, Seat
from tests.engine.bad_rulesets import HOUSE

ROOT = Path(__file__).resolve().parents[2]


def test_a_ruleset_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (ROOT / "rulesets" / "2019.toml").read_bytes())
    ruleset = load_ruleset(str(path))
    assert ruleset.title == "Love Letter (2019 edition)" and not ruleset.text.startswith("\ufeff")


def test_a_game_of_a_ruleset_with_a_byte_order_mark_is_saved_and_replays(tmp_path: Path) -> None:
    from loveletter.engine import Game

    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOUSE.encode())
    game = Game(load_ruleset(str(path)), 2, seed=1)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], 1)
    saved = tmp_path / "game.json"
    record.save(saved)
    assert GameRecord.load(saved).replay(str(saved)).ruleset.title == "casa"


def titled(tmp_path: Path, guard: str, princess: str | None = None) -> Path:
    text = HOUSE.replace('effect = "guard"', f'effect = "guard"\ntitle = "{guard}"')
    if princess is not None:
        text = text.replace('effect = "princess"', f'effect = "princess"\ntitle = "{princess}"')
    path = tmp_path / "titled.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_card_titles_that_differ_load(tmp_path: Path) -> None:
    assert load_ruleset(str(titled(tmp_path, "La guardia", "La princesa"))).name == "casa"


@pytest.mark.parametrize(
    ("guard", "princess", "code"),
    [
        ("Sol", "S\\u043el", "title_alike"),  # a Cyrillic o
        ("Sol", "SOL", "title_alike"),  # another case
        ("Rosa", "Ro\\u0455a", "title_alike"),  # a Cyrillic dze
        ("Sol\\u200d", None, "text_not_printable"),
        ("Sol\\u3164", None, "text_invisible"),
        ("Sol\\u17b4", None, "text_invisible"),
        ("S" * 61, None, "text_too_long"),
    ],
)
def test_card_titles_are_checked_like_names(tmp_path: Path, guard: str, princess: str | None, code: str) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(titled(tmp_path, guard, princess)))
    assert refused.value.code == code
    assert refused.value.key in ("cards.Guard.title", "cards.Princess.title")
