"""Ruleset files: the bundled ones load and match docs/rules.md; broken files give one clear line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
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


# ------------------------------------------------------------------------------------- files that are not files


def loveletter(*args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """The real program, stopped after ``timeout`` seconds (a read that hangs fails the test, not the suite)."""
    command = [sys.executable, "-m", "loveletter", "--lang", "en", *args]
    return subprocess.run(
        command, capture_output=True, text=True, check=False, timeout=timeout, stdin=subprocess.DEVNULL
    )


def assert_one_line(result: subprocess.CompletedProcess[str], expected: str) -> None:
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr[-500:]
    assert lines[0].startswith("loveletter: error: ") and expected in lines[0], lines[0]
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_device_or_a_named_pipe_is_refused_unread(tmp_path: Path) -> None:
    """``/dev/zero`` never ends and a named pipe with no writer never answers: both used to be read (a MemoryError
    traceback, a hang); now neither is opened for more than a look at what it is."""
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    for target in ("/dev/zero", str(fifo)):
        assert_one_line(loveletter("play", "--ruleset", target), f"{target}: is not a regular file")
        assert_one_line(loveletter("simulate", "--ruleset", target), "is not a regular file")
    # A solitaire ruleset takes its cards from another file: that one is read the same way.
    solitaire = tmp_path / "alone.toml"
    solitaire.write_text('kind = "solitaire"\nname = "alone"\ncards = "/dev/zero"\n', encoding="utf-8")
    assert_one_line(loveletter("simulate", "--ruleset", str(solitaire)), "`cards`: cannot take the cards of")


def test_a_file_too_large_is_refused_unread(tmp_path: Path) -> None:
    from loveletter.engine.ruleset import MAX_BYTES

    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES * 100)  # sparse: costs nothing on disk, but would be 100 MB to read
    assert_one_line(loveletter("rules", "--ruleset", str(path)), f"is larger than {MAX_BYTES // 1024} KB")


def test_an_empty_ruleset_name_says_so() -> None:
    assert_one_line(loveletter("play", "--ruleset", ""), '"": no ruleset given; choose one of 2019')


# ------------------------------------------------------------------------------------- what the validator refuses


def house(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ("[cards.Baron]", "[cards.BARON]", "cards.Baron", "Baron and BARON differ only in case"),
        ("[cards.Baron]", "[cards.Pass]", "cards.Pass", "Pass is a word of the action notation"),
        ("[cards.Baron]", "[cards.Keeper]", "cards.Keeper", "Keeper is a word of the action notation"),
        ("[cards.Baron]", "[cards.Redraw]", "cards.Redraw", "Redraw is a word of the action notation"),
    ],
)
def test_card_ids_a_record_could_not_tell_apart_are_refused(
    tmp_path: Path, old: str, new: str, key: str, problem: str
) -> None:
    """Card ids are read without regard to case, and `pass`, `redraw` or `keep…` are actions: such a ruleset used
    to be accepted, and its records never replayed."""
    text = classic_with(old, new).replace("Baron = 2", new.strip("[]").removeprefix("cards.") + " = 2")
    if "BARON" in new:  # the card stays, and a second one differs from it only in case
        text = classic_with(old, f'{new}\nvalue = 3\neffect = "baron"\n[cards.Baron]')
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house(tmp_path, text))
    assert caught.value.key == key and problem in caught.value.problem


def test_every_round_a_tie_with_tie_break_rounds_is_refused(tmp_path: Path) -> None:
    """A deck of Barons only ends every round in a tie: with tie-break rounds it used to play them forever."""
    from tests.engine.bad_rulesets import BARONS

    endless = BARONS.replace("copies", 'game_tie = "tiebreak_round"\ncopies')
    with pytest.raises(RulesetError, match=r"modes\[0\]\.game_tie: every card of this mode has the value 3"):
        load_ruleset(house(tmp_path, endless))
    with pytest.raises(RulesetError, match=r"flags\.residual_tie: no card of mode \[2, 4\] can knock"):
        load_ruleset(house(tmp_path, BARONS + '[flags]\nresidual_tie = "none"\n'))
    # The same deck with shared game ties ends: everyone reaches the goal together.
    assert load_ruleset(house(tmp_path, BARONS)).modes[0].game_tie == "shared"


def test_tie_break_rounds_end_after_the_cap_with_a_shared_win() -> None:
    """Whatever a ruleset says, a run of tie-break rounds ends (the engine's rule): here the validator's check is
    bypassed, and the tied players share the win after MAX_TIEBREAK_ROUNDS rounds."""
    import dataclasses
    import random

    from loveletter.engine import Game, parse_ruleset
    from loveletter.engine import events as ev
    from loveletter.engine.scoring import MAX_TIEBREAK_ROUNDS
    from tests.engine.bad_rulesets import BARONS
    from tests.support import random_playout

    rs = parse_ruleset(tomllib.loads(BARONS), source="barons.toml")
    rs = dataclasses.replace(rs, modes=(dataclasses.replace(rs.modes[0], game_tie="tiebreak_round"),))
    game = Game(rs, 3, seed=5)
    random_playout(game, random.Random(5))
    assert game.over and game.winners == (0, 1, 2)
    tiebreaks = [e for e in game.log if isinstance(e, ev.TiebreakAnnounced)]
    assert len(tiebreaks) == MAX_TIEBREAK_ROUNDS  # the tie, then a tie after each tie-break round but the last
    assert game.state.round == 1 + MAX_TIEBREAK_ROUNDS


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (f'name = "{"x" * 100_000}"\n', "name: must be at most 60 characters, got 100000"),
        ('name = "a\\u001b]0;owned\\u0007"\n', "name: must be printable text on one line"),
        ('name = "big"\n', "modes[0].tokens_to_win." + "9" * 56 + "…: keys are player counts"),
        ('name = "x"\n"a\\nb\\u001b" = 1\n', "a\\nb\\x1b: unknown key"),  # found by tests/records/test_fuzz.py
        ("", "is not a ruleset: its TOML is nested too deeply"),
    ],
)
def test_hostile_files_are_one_short_line(tmp_path: Path, text: str, problem: str) -> None:
    """A 100,000-character name, control codes, a 5,000-digit player count and TOML nested 2,000 deep: each used
    to pass (and make `simulate` crawl or paint the terminal) or give a traceback."""
    base = classic_with('name = "classic"', "")
    if "tokens_to_win" in problem:
        base = base.replace("tokens_to_win = { 2 = 6,", "tokens_to_win = { " + "9" * 5000 + " = 6, 2 = 6,")
    if "nested" in problem:
        base = "a = " + "[" * 2000 + "]" * 2000 + "\n"
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house(tmp_path, text + base))
    message = str(caught.value)
    assert problem in message and "\n" not in message and len(message) < 300, message[:300]


def test_messages_name_no_python_class(tmp_path: Path) -> None:
    """ "cannot be read (IsADirectoryError)" and "must be a table, got int" spoke Python to the player."""
    from tests.engine.bad_rulesets import HOUSE

    folder = tmp_path / "rules.toml"
    folder.mkdir()
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(folder))
    assert str(caught.value) == f"{folder}: is a folder; give the path of a .toml file"
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house(tmp_path, f"flags = 1\n{HOUSE}"))
    assert "must be a table, got 1" in str(caught.value) and "int" not in str(caught.value)
