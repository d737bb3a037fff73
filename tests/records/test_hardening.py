"""Record files edited or damaged on purpose: parser-breaking JSON, impossible versions and results, rulesets that
point at files on disk. Every case is one line in the player's language, exit status 2, and the file untouched;
``loveletter games`` lists such a file as unreadable."""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from loveletter.engine import Game
from loveletter.engine.ruleset import bundled_dir, bundled_names
from loveletter.i18n import set_language
from loveletter.records import VERSION, GameRecord, RecordError, Seat
from loveletter.records.auth import sign
from loveletter.records.fileformat import opened
from loveletter.records.library import summarise
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from tests.records.support import USER_ERROR, assert_one_line_error, run
from tests.support import random_playout

DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = "9" * 5000


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def game_record(finished: bool = False) -> GameRecord:
    game = Game("classic", 2, seed=4)
    random_playout(game, random.Random(4), stop_after=None if finished else 6)
    return GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=4)


def solitaire_record(finished: bool = False) -> SolitaireRecord:
    game, rng = SolitaireGame(seed=6), random.Random(6)
    game.push("draw")
    while finished and not game.over:
        game.push(rng.choice(game.legal_actions()))
    return SolitaireRecord.start(game)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    """A record's JSON changed by ``change`` (its sealed round opened first: a load takes it plain as well)."""
    data = opened(json.loads(text))
    change(data)
    return json.dumps(data)


def ruleset_as(text: str, name: str, ruleset_text: str | None) -> str:
    """A record's JSON with its ruleset's name and text replaced."""
    return json.dumps({**json.loads(text), "ruleset": {"name": name, "text": ruleset_text}})


# ------------------------------------------------------------------------------------- what the parser cannot take


def parser_breakers(folder: Path) -> dict[str, Path]:
    """Files json.loads itself cannot take: nesting past the stack, an integer past the digit limit (both as a
    whole file and inside an otherwise good record of each kind)."""
    good, solitaire = game_record().to_json(), solitaire_record().to_json()
    return {
        "deep": write(folder, "deep.json", DEEP),
        "deep inside": write(folder, "deep-inside.json", good.replace('"seed": 4', f'"seed": {DEEP}')),
        "long": write(folder, "long.json", LONG_NUMBER),
        "long seed": write(folder, "long-seed.json", good.replace('"seed": 4', f'"seed": {LONG_NUMBER}')),
        "long solitaire": write(folder, "long-sol.json", solitaire.replace('"seed": 6', f'"seed": {LONG_NUMBER}')),
        "deep solitaire": write(folder, "deep-sol.json", solitaire.replace('"seed": 6', f'"seed": {DEEP}')),
    }


@pytest.mark.parametrize("command", [["resume"], ["replay"], ["replay", "--all"], ["replay", "--seat", "0"]])
def test_json_the_parser_cannot_take_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    for what, path in parser_breakers(tmp_path).items():
        before = sha(path)
        code, out, err = run(capsys, command[0], str(path), *command[1:])
        assert_one_line_error(code, out, err, path)
        expected = "nested too deeply" if "deep" in what else "a number too long"
        assert expected in err, (what, err)
        assert sha(path) == before, what


def test_a_nested_value_just_under_the_parsers_limit_is_still_one_line() -> None:
    deep = "[" * 900 + "]" * 900
    for kind in ("game", "solitaire"):
        text = '{"format": "loveletter-record", "version": 1, "kind": ' + deep + "}"
        load = GameRecord.from_json if kind == "game" else SolitaireRecord.from_json
        with pytest.raises(RecordError, match=r"^x\.json: kind: a \[\[") as caught:
            load(text, "x.json")
        assert len(str(caught.value)) < 200


@pytest.mark.parametrize("text", [DEEP, LONG_NUMBER, '{"format": "loveletter-record", "seed": ' + LONG_NUMBER + "}"])
def test_the_loaders_raise_only_record_errors(text: str) -> None:
    for load in (GameRecord.from_json, SolitaireRecord.from_json):
        with pytest.raises(RecordError) as caught:
            load(text, "x.json")
        assert str(caught.value).startswith("x.json: not a game record (") and "\n" not in str(caught.value)


def test_games_lists_parser_breakers_as_unreadable_and_resume_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    games = tmp_path / "games"
    breakers = parser_breakers(games)
    before = {path: sha(path) for path in breakers.values()}
    assert all(not summarise(path).readable for path in breakers.values())
    code, out, err = run(capsys, "games")
    assert code == 0 and "Traceback" not in err
    names = {p.stem for p in breakers.values()}
    rows = {line.split()[-1]: line for line in out.splitlines() if line.split() and line.split()[-1] in names}
    assert set(rows) == names
    assert all("unreadable" in row for row in rows.values())
    # Bare `resume` skips them: with nothing else saved there is nothing to resume.
    code, out, err = run(capsys, "resume")
    assert code == 1 and out.startswith("There is no unfinished game to resume") and err == ""
    assert {path: sha(path) for path in breakers.values()} == before


# -------------------------------------------------------------------------------------------- stricter checks


@pytest.mark.parametrize("version", [0, -1])
def test_only_versions_from_1_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str], version: int) -> None:
    for name, text in (("game", game_record().to_json()), ("solitaire", solitaire_record().to_json())):
        path = write(tmp_path, f"{name}.json", edited(text, lambda d: d.__setitem__("version", version)))
        before = sha(path)
        for command in ("resume", "replay"):
            code, out, err = run(capsys, command, str(path))
            assert_one_line_error(code, out, err, path)
            assert f"version: format {version} does not exist; this loveletter reads formats 1 to {VERSION}" in err
        assert sha(path) == before


@pytest.mark.parametrize(
    "result",
    ["won", True, [0], {"winners": "Ana", "tokens": [0, 0]}, {"winners": [2], "tokens": [0, 0]}, {"winners": [0]}],
)
def test_a_multiplayer_result_must_have_its_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], result: object
) -> None:
    """`"result": "won"` used to make resume say the game was over (and replay then refuse it)."""
    path = write(tmp_path, "game.json", edited(game_record().to_json(), lambda d: d.__setitem__("result", result)))
    before = sha(path)
    for command in (["resume"], ["replay"], ["replay", "--seat", "1"]):
        code, out, err = run(capsys, command[0], str(path), *command[1:])
        assert_one_line_error(code, out, err, path)
        assert f"{path}: result: must be null or an object with" in err and "is over" not in err
    assert sha(path) == before


def test_a_replayed_result_must_match_the_tokens(tmp_path: Path) -> None:
    record = game_record(finished=True)
    assert record.result is not None
    record.result["tokens"] = [t + 1 for t in record.result["tokens"]]
    with pytest.raises(RecordError, match=r"^x\.json: result\.tokens: the tokens do not match the replay"):
        GameRecord.from_json(record.to_json(), "x.json").replay("x.json")


def test_a_solitaire_result_must_have_its_shape() -> None:
    text = solitaire_record().to_json()
    for result in ("won", {"won": "yes", "reason": "x"}, {"won": True}, {"won": False, "reason": "x", "winners": [0]}):
        with pytest.raises(RecordError, match=r'^x\.json: result: must be null or an object with "won"'):
            SolitaireRecord.from_json(json.dumps({**json.loads(text), "result": result}), "x.json")


def a_ruleset_file(tmp_path: Path) -> Path:
    """A perfectly good ruleset file on disk, which a record must still not make the program read."""
    path = tmp_path / "elsewhere" / "house.toml"
    path.parent.mkdir()
    shutil.copy(bundled_dir() / "classic.toml", path)
    return path


def test_a_ruleset_name_without_text_must_be_bundled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    on_disk = a_ruleset_file(tmp_path)
    opened: list[str] = []
    real_read = Path.read_text

    def spy(self: Path, *args: Any, **kwargs: Any) -> str:
        opened.append(str(self))
        return real_read(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", spy)
    for name in ("/etc/passwd", str(on_disk), "../elsewhere/house.toml", "solitaire"):
        text = ruleset_as(game_record().to_json(), name, None)
        path = write(tmp_path, "game.json", text)
        for command in (["resume"], ["replay", "--seat", "0"]):
            opened.clear()
            code, out, err = run(capsys, command[0], str(path), *command[1:])
            assert_one_line_error(code, out, err, path)
            assert "ruleset.name: " in err and "is not a bundled ruleset" in err
            bundled = ", ".join(n for n in bundled_names() if n != "solitaire")
            assert f"(bundled: {bundled})" in err
            assert str(on_disk) not in opened and "/etc/passwd" not in opened


def test_a_solitaire_record_names_a_solitaire_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    on_disk = a_ruleset_file(tmp_path)
    for name in ("classic", str(on_disk), "/etc/passwd"):
        text = ruleset_as(solitaire_record().to_json(), name, None)
        path = write(tmp_path, "sol.json", text)
        before = sha(path)
        for command in ("resume", "replay"):
            code, out, err = run(capsys, command, str(path))
            assert_one_line_error(code, out, err, path)
            assert "ruleset.name: " in err and "(bundled: solitaire)" in err
        assert sha(path) == before


def test_a_solitaire_ruleset_text_takes_bundled_cards_only(tmp_path: Path) -> None:
    on_disk = a_ruleset_file(tmp_path)
    own = (bundled_dir() / "solitaire.toml").read_text(encoding="utf-8")
    cards = re.search(r'^cards = "(\w+)"', own, re.MULTILINE)
    assert cards is not None
    for source in (str(on_disk), "/etc/passwd"):
        text = own.replace(cards.group(0), f"cards = {json.dumps(source)}")
        record = ruleset_as(solitaire_record().to_json(), "mine.toml", text)
        with pytest.raises(RecordError, match=r"^x\.json: ruleset\.text: .* is not a bundled ruleset"):
            SolitaireRecord.from_json(record, "x.json").replay("x.json")
    # The text itself still works when it takes bundled cards.
    record = edited(solitaire_record().to_json(), lambda d: d["ruleset"].update(name="mine.toml", text=own))
    data = json.loads(record)
    data["mac"] = sign(data)  # as the program would write it
    assert SolitaireRecord.from_json(json.dumps(data), "x.json").replay("x.json").actions


# ------------------------------------------------------------------------------------------ the player's language

#: Engine and parser texts that used to reach the player in English.
ENGLISH = re.compile(
    r"is not legal|legal:|stacked deck|cannot start|Expecting|delimiter|state vector|wrong size|must be|"
    r"not a |record|invalid|unknown card|nobody|the game|layout|solitaire layout|too many|missing|does not",
)


def spanish_problems(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    game = game_record(finished=True).to_json()
    solitaire = solitaire_record(finished=True).to_json()
    broken_game: dict[str, str] = {
        "illegal action": edited(game, lambda d: d["rounds"][0]["actions"].__setitem__(0, "Princess")),
        "notation": edited(game, lambda d: d["rounds"][0]["actions"].__setitem__(0, "Gaurd>1=Priest")),
        "deck": edited(game, lambda d: d["rounds"][0]["deck"].__setitem__(0, "Princess")),
        "first player": edited(game, lambda d: d["rounds"][0].__setitem__("first_player", 7)),
        "rng": edited(game, lambda d: d.__setitem__("rng_state", [3, [1, 2, 3], None])),
        "json": game.replace(",", "", 3),
        "version": edited(game, lambda d: d.__setitem__("version", 0)),
        "result": edited(game, lambda d: d.__setitem__("result", "won")),
        "players": edited(game, lambda d: d.update(players=9, seats=d["seats"] * 4 + [d["seats"][0]], result=None)),
    }
    broken_solitaire: dict[str, str] = {
        "sol illegal": edited(solitaire, lambda d: d["rounds"][0]["actions"].__setitem__(0, "Princess")),
        "sol notation": edited(solitaire, lambda d: d["rounds"][0]["actions"].__setitem__(0, "dance")),
        "sol after end": edited(solitaire, lambda d: d["rounds"][0]["actions"].append("draw")),
        "sol layout": edited(solitaire, lambda d: d["rounds"][0]["layout"].__setitem__(0, "Princess")),
        "sol kind": edited(solitaire, lambda d: d["rounds"].append({})),
        "sol ruleset": edited(solitaire, lambda d: d["ruleset"].__setitem__("name", "chess")),
        "sol result": edited(solitaire, lambda d: d["result"].update(won=not d["result"]["won"], winners=None)),
        "sol json": solitaire[:-40],
        "sol version": edited(solitaire, lambda d: d.__setitem__("version", 7)),
    }
    for what, text in {**broken_game, **broken_solitaire}.items():
        yield what, write(tmp_path, what.replace(" ", "-") + ".json", text)


def test_record_errors_are_in_the_players_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for what, path in spanish_problems(tmp_path):
        before = sha(path)
        code, _, err = run(capsys, "replay", str(path), "--seat", "0", lang="es")
        assert code == USER_ERROR and len(err.splitlines()) == 1 and "Traceback" not in err, (what, err)
        said = err.removeprefix(f"loveletter: error: {path}: ")
        where, _, problem = said.partition(": ")
        if " " in where:  # no where (a JSON path, language-neutral): the problem is all of it
            problem = said
        assert said != err and not ENGLISH.search(problem), (what, said)
        assert sha(path) == before
        code, _, english = run(capsys, "replay", str(path), "--seat", "0", lang="en")
        assert code == USER_ERROR and english != err, what  # the same problem, said in English


def test_the_error_says_what_and_where_with_notation_as_parameters() -> None:
    set_language("es")
    text = edited(game_record().to_json(), lambda d: d["rounds"][0]["actions"].__setitem__(0, "Princess"))
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(text, "x.json").replay("x.json")
    assert str(caught.value).startswith("x.json: rounds[0].actions[0]: Princess no está permitida en este momento")


def test_a_folder_or_a_file_that_is_not_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for path, said in ((folder, "a folder, not a game record"), (binary, "not a game record (not UTF-8 text)")):
        for command in ("resume", "replay"):
            code, out, err = run(capsys, command, str(path))
            assert_one_line_error(code, out, err, path)
            assert err.strip().endswith(said), err
