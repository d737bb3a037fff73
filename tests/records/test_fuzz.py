"""Fuzzing records and rulesets: valid files changed at random, in their values and in their text.
Whatever a file holds, reading it raises only the one-line error of its kind, never another exception; a record
that loads replays or is refused in one line; ``games``, ``replay`` and ``resume`` answer with an exit status,
never a traceback, and never change the file; a ruleset the validator accepts plays a game to its end."""

from __future__ import annotations

import json
import os
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loveletter.cli import main
from loveletter.engine import Game, RulesetError, parse_ruleset
from loveletter.engine.ruleset import bundled_dir, read_toml
from loveletter.records import GameRecord, RecordError, Seat, games_dir, load_record
from loveletter.records.fileformat import opened
from loveletter.records.library import summarise
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from loveletter.solitaire.ruleset import parse_solitaire_ruleset
from tests.support import random_playout

pytestmark = pytest.mark.slow

#: Examples per property: a quick sweep in CI; ``LOVELETTER_FUZZ=5000`` for a long hunt.
FUZZ = settings(
    max_examples=int(os.environ.get("LOVELETTER_FUZZ", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: Text a hostile file would hold: markup, control codes, a lone surrogate, a very long run, notation words.
NASTY_TEXT = st.sampled_from(
    ["", "[/]", "[link=x]y[/link]", "\x1b[2J\x1b]0;t\x07", "\ud800", "a" * 5000, "Keep", "pass", "Guard", "GUARD", "9"]
) | st.text(max_size=30)
#: Numbers a hostile file would hold: the edges, huge ones, and what JSON or TOML cannot say exactly.
NASTY_NUMBER = st.sampled_from([0, -1, 1, 2, 7, 99, 100, 2**63, 10**300, float("inf"), float("nan"), 1e400, 0.5])
LEAF = st.none() | st.booleans() | NASTY_NUMBER | st.integers(-10, 10) | NASTY_TEXT
VALUE = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(NASTY_TEXT, inner, max_size=3))


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``node`` (keys of objects, indexes of lists)."""
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, original: Any, *, keys: bool = True) -> Any:
    """``original`` (JSON-like data) with one to three of its values replaced, removed or added to."""
    data = json.loads(json.dumps(original))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(data)))
        if not where:
            continue
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        last = where[-1]
        how = draw(st.sampled_from(["replace", "replace", "remove", "add"] if keys else ["replace"]))
        if how == "replace":
            parent[last] = draw(VALUE)
        elif how == "remove":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(NASTY_TEXT)] = draw(VALUE)
        else:
            parent.insert(last, draw(VALUE))
    return data


def records() -> list[dict[str, Any]]:
    """Valid records to start from: games finished and unfinished, people and computers, and solitaire games."""
    found = []
    for finished, kinds in ((False, "hh"), (False, "hc"), (True, "hh")):
        game = Game("classic", 2, seed=4)
        random_playout(game, random.Random(4), stop_after=None if finished else 9)
        seats = [Seat("Ana") if kinds[0] == "h" else Seat("A", "computer", "easy")]
        seats.append(Seat("Bea") if kinds[1] == "h" else Seat("B", "computer", "random"))
        found.append(json.loads(GameRecord.start(game, seats, seed=4).to_json()))
    for finished in (False, True):
        deal, rng = SolitaireGame(seed=6), random.Random(6)
        deal.push("draw")
        while finished and not deal.over:
            deal.push(rng.choice(deal.legal_actions()))
        found.append(json.loads(SolitaireRecord.start(deal).to_json()))
    return found


START = records()


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    """A record's text: a valid record (sealed or opened) with values changed, or its text cut or spliced."""
    original = draw(st.sampled_from(START))
    if draw(st.booleans()):
        original = opened(original)
    data = draw(mutated(original))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 5)) == 0:  # the text itself damaged: cut short, or a piece of noise inside
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", "\x00", "}", "[[[[", "\ufeff", '"\\ud800"']))
    return text


@FUZZ
@given(text=record_texts())
def test_any_record_is_read_or_refused_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / "20261122-153000-classic-0123456789ab.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    summarise(path)  # never raises
    try:
        record = load_record(path)
        record.replay(str(path))
    except RecordError as error:
        assert "\n" not in str(error)
    for argv in (["games"], ["replay", "1"], ["replay", "--all", str(path)], ["resume", "classic-0123456789ab"]):
        code = main(["--lang", "en", *argv])  # anything but a one-line error would raise here
        out, err = capsys.readouterr()
        assert code in (0, 1, 2) and "Traceback" not in err and len(err.splitlines()) <= 1, (argv, err)
        assert "\x1b" not in out + err
    assert path.read_bytes() == before


# -------------------------------------------------------------------------------------------------- rulesets


def bundled(name: str) -> dict[str, Any]:
    return read_toml(name)[0]


MULTIPLAYER = [bundled(name) for name in ("classic", "2019", "premium", "original2012")]


@FUZZ
@given(data=st.sampled_from(MULTIPLAYER).flatmap(mutated), seed=st.integers(0, 2**16))
def test_any_ruleset_data_is_refused_in_one_line_or_plays(data: dict[str, Any], seed: int) -> None:
    try:
        rs = parse_ruleset(data, source="fuzz.toml")
    except RulesetError as error:
        assert "\n" not in str(error) and len(str(error)) < 1200
        return
    # Accepted: a whole game plays to its end, and its record replays.
    game = Game(rs, rs.min_players, seed=seed)
    random_playout(game, random.Random(seed), max_actions=20_000)
    record = GameRecord.start(game, [Seat(f"P{i}") for i in range(game.players)], seed=seed)
    record.ruleset_text = None
    assert game.over and record.finished


@FUZZ
@given(data=mutated(bundled("solitaire")))
def test_any_solitaire_ruleset_data_is_refused_in_one_line(data: dict[str, Any]) -> None:
    try:
        parse_solitaire_ruleset(data, source="fuzz.toml")
    except RulesetError as error:
        assert "\n" not in str(error) and len(str(error)) < 1200


@FUZZ
@given(
    name=st.sampled_from(["classic", "premium", "solitaire"]),
    cut=st.floats(0, 1),
    noise=st.sampled_from(["", "\x00", "[[", "= =", '"\\ud800"', "a = " + "[" * 3000, "9" * 5000, "\x1b[2J"]),
)
def test_any_ruleset_text_is_refused_in_one_line(name: str, cut: float, noise: str, tmp_path_factory: Any) -> None:
    text = (bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")
    at = int(len(text) * cut)
    path = Path(tmp_path_factory.mktemp("fuzz")) / "house.toml"
    path.write_text(text[:at] + noise + "\n" + text[at:], encoding="utf-8")
    try:
        data = read_toml(str(path))[0]
        (parse_solitaire_ruleset if data.get("kind") == "solitaire" else parse_ruleset)(data, source=str(path))
    except RulesetError as error:
        assert "\n" not in str(error)
    else:
        assert tomllib.loads(path.read_text(encoding="utf-8")) == data
