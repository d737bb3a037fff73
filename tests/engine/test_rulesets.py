"""Ruleset files: the bundled ones load and match RULES.md; broken files give one clear line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.engine import RulesetError, SetupError, load_ruleset
from loveletter.engine.effects import EFFECTS
from loveletter.engine.ruleset import KNOWN_EFFECTS, bundled_dir, bundled_names

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def test_known_effects_match_the_registry() -> None:
    assert set(EFFECTS) == KNOWN_EFFECTS


def test_bundled_rulesets_are_found() -> None:
    assert bundled_dir() == RULESETS
    assert {"2019", "classic", "premium", "original2012"} <= set(bundled_names())


@pytest.mark.parametrize(
    ("name", "players", "size", "tokens"),
    [
        ("2019", (2, 6), {2: 21, 6: 21}, {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}),
        ("classic", (2, 4), {2: 16}, {2: 6, 3: 5, 4: 4}),
        ("original2012", (2, 4), {2: 16}, {2: 7, 3: 5, 4: 4}),
        ("premium", (2, 8), {2: 16, 4: 16, 5: 32, 8: 32}, {2: 7, 3: 5, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4}),
    ],
)
def test_bundled_ruleset_tables(
    name: str, players: tuple[int, int], size: dict[int, int], tokens: dict[int, int]
) -> None:
    rs = load_ruleset(name)
    assert (rs.min_players, rs.max_players) == players
    for n, expected in size.items():
        assert rs.mode_for(n).deck_size == expected
    for n, expected in tokens.items():
        assert rs.tokens_to_win(n) == expected


def test_player_counts_outside_the_range_are_rejected() -> None:
    with pytest.raises(SetupError, match="2 to 4 players, not 5"):
        load_ruleset("classic").mode_for(5)


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def classic_with(old: str, new: str) -> str:
    text = (RULESETS / "classic.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ('effect = "guard"', 'effect = "gaurd"', "cards.Guard.effect", "unknown effect 'gaurd'"),
        ("Guard = 5 }", "Guard = 0 }", "modes[0].copies.Guard", "must be a whole number from 1 to 99, got 0"),
        ("players = [2, 4]", "players = [4, 2]", "modes[0].players", "lowest (4) is above highest (2)"),
        ("players = [2, 4]", "players = [1, 4]", "modes[0].players[0]", "must be a whole number from 2 to 8"),
        (", 4 = 4 }", " }", "modes[0].tokens_to_win", "missing the player count 4"),
        ('name = "classic"', 'name = "classic"\nflavour = 1', "flavour", "unknown key"),
        ('residual_tie = "all_win"', 'residual_tie = "sometimes"', "flags.residual_tie", "must be one of"),
        ("Guard = 5 }", "Guard = 5, Jester = 1 }", "modes[0].copies.Jester", "is not a card defined"),
        ("copies = { Princess = 1,", "copies = { Princess = 1, Spy = 1,", "modes[0].copies.Spy", "not a card"),
    ],
)
def test_a_broken_ruleset_names_file_key_and_problem(
    tmp_path: Path, old: str, new: str, key: str, problem: str
) -> None:
    path = write(tmp_path, classic_with(old, new))
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {key}: ")
    assert problem in message
    assert "\n" not in message


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    text = classic_with('[cards.Guard]\nvalue = 1\neffect = "guard"', "[cards.Guard]\nvalue = 1")
    with pytest.raises(RulesetError, match=r"cards\.Guard\.effect: is missing"):
        load_ruleset(write(tmp_path, text))


def test_not_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="is not valid TOML"):
        load_ruleset(write(tmp_path, "name = "))
    with pytest.raises(RulesetError, match="file not found"):
        load_ruleset(str(tmp_path / "nope.toml"))
    with pytest.raises(RulesetError, match="no bundled ruleset has this name"):
        load_ruleset("clasic")


def test_a_house_rule_file_plays(tmp_path: Path) -> None:
    import random

    from loveletter.engine import Game
    from tests.support import random_playout

    text = classic_with("Guard = 5 }", "Guard = 6 }").replace('name = "classic"', 'name = "six-guards"')
    rs = load_ruleset(write(tmp_path, text))
    assert rs.mode_for(3).copies["Guard"] == 6 and not rs.bundled
    game = Game(rs, 3, seed=1)
    random_playout(game, random.Random(1))
    assert game.winners


def test_the_rulesets_command_lists_player_ranges() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "loveletter", "rulesets"], capture_output=True, text=True, check=True
    ).stdout
    assert "2019" in out and "2-6" in out and "premium" in out and "2-8" in out
