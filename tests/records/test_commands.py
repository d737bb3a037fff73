"""``loveletter resume`` and ``loveletter replay`` on files: bad files are one line and a non-zero exit with the
file untouched; finished games are not resumed; solitaire records go to the solitaire command; simulated games
replay; an all-computer game resumed without a terminal plays on to its end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from loveletter.bots import LEVELS
from loveletter.engine import Game
from loveletter.records import GameRecord, Seat
from loveletter.records.auth import sign
from loveletter.records.record import SeatKind
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from tests.records.support import USER_ERROR, assert_one_line_error, run
from tests.support import random_playout


def saved(folder: Path, *, finished: bool, computers: bool = False, name: str = "game.json") -> Path:
    rng = random.Random(1)
    game = Game("2019", 2, seed=3)
    kind: SeatKind = "computer" if computers else "human"
    record = GameRecord.start(
        game, [Seat("Ana", kind, "random" if computers else None), Seat("Bot", "computer", "random")], 3
    )
    random_playout(game, rng, stop_after=None if finished else 9)
    record.update(game)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    record.save(path)
    return path


def damaged(path: Path) -> list[tuple[str, bytes]]:
    """Ways a record file goes bad: cut short, not JSON, an edited action, an edited result, not a record."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    edited = json.loads(text)
    edited["rounds"][0]["actions"][0] = "Princess>7"
    wrong_result = json.loads(text)
    wrong_result["result"] = {"winners": [9], "tokens": [0, 0]}
    return [
        ("truncated", text[: len(text) // 2].encode()),
        ("garbage", b"\x00\xff not json"),
        ("edited action", json.dumps(edited).encode()),
        ("edited result", json.dumps(wrong_result).encode()),
        ("not a record", json.dumps({"format": "something else", **{k: data[k] for k in ("seats",)}}).encode()),
        ("empty", b""),
    ]


@pytest.mark.parametrize("command", [["resume"], ["replay"], ["replay", "--seat", "0"]])
def test_bad_files_are_one_line_and_stay_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "home"))
    original = saved(tmp_path, finished=True)
    for what, content in damaged(original):
        path = tmp_path / f"{what.replace(' ', '-')}.json"
        path.write_bytes(content)
        code, out, err = run(capsys, command[0], str(path), *command[1:])
        assert_one_line_error(code, out, err, path, what)
        assert path.read_bytes() == content, what


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("resume", "replay"):
        code, _, err = run(capsys, command, str(tmp_path / "nope.json"))
        assert code == USER_ERROR and err.strip() == f"loveletter: error: {tmp_path / 'nope.json'}: no such file"


def test_a_finished_game_is_not_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, finished=True)
    before = path.read_bytes()
    code, _, err = run(capsys, "resume", str(path))
    assert code == USER_ERROR
    assert err.strip() == (
        f"loveletter: error: {path}: this game is over: watch it again with `loveletter replay {path}`"
    )
    assert path.read_bytes() == before


def test_nothing_to_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    saved(tmp_path / "games", finished=True)  # a finished game is not something to resume
    code, out, _ = run(capsys, "resume")
    assert code == 1
    assert out.splitlines() == [
        f"There is no unfinished game to resume in {tmp_path / 'games'}. To start one:",
        "  loveletter play",
    ]


def test_people_need_a_terminal_to_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, finished=False)
    code, _, err = run(capsys, "resume", str(path))
    assert code == USER_ERROR and "playing with people needs a terminal" in err


def test_the_latest_unfinished_all_computer_game_resumes_to_its_end_without_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    path = saved(tmp_path / "games", finished=False, computers=True)
    started = GameRecord.load(path)
    code, out, err = run(capsys, "resume")
    assert code == 0, err
    assert out.splitlines()[-1].startswith("Result: ")
    record = GameRecord.load(path)
    assert record.finished and record.game_id == started.game_id
    # The recorded part is kept as it was; the game went on from there.
    assert record.rounds[0].actions[: started.action_count] == started.rounds[0].actions
    assert record.replay(str(path)).over


def test_solitaire_records_go_to_the_solitaire_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from loveletter.commands import solitaire

    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    path = tmp_path / "games" / "20261122-090000-solitaire-abc.json"
    path.parent.mkdir()
    SolitaireRecord.start(SolitaireGame(seed=3)).save(path)
    called: list[Path] = []

    def resume_record(given: Path, record: SolitaireRecord | None = None) -> int:
        assert isinstance(record, SolitaireRecord)  # handed over as read, not read again
        called.append(given)
        return 0

    monkeypatch.setattr(solitaire, "resume_record", resume_record, raising=False)
    assert run(capsys, "resume")[0] == 0
    assert called == [path]
    # replay reads it as a solitaire record (this stub is not a whole one)
    path.write_text(json.dumps({"kind": "solitaire", "updated": "2026-11-22T09:00:00+00:00", "result": None}))
    code, _, err = run(capsys, "replay", str(path))
    assert code == USER_ERROR and err.strip() == f"loveletter: error: {path}: format: not a loveletter game record"


def test_a_simulated_game_replays_with_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "simulate",
        "--games",
        "2",
        "--seats",
        "random",
        "--players",
        "3",
        "--seed",
        "5",
        "--save-dir",
        str(tmp_path),
    )
    assert code == 0, err
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for path in files:
        code, out, err = run(capsys, "replay", str(path), "--all")
        assert code == 0, err
        lines = out.splitlines()
        assert lines[0].endswith("Every hand shown.") and lines[-1].startswith("Result: ")


def test_an_unknown_computer_level_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, finished=False, computers=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"][1]["level"] = "genius"
    data["mac"] = sign(data)  # as a newer loveletter with a "genius" level would write it
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    known = ", ".join(LEVELS)
    code, _, err = run(capsys, "resume", str(path))
    assert code == USER_ERROR
    assert err.strip() == f"loveletter: error: {path}: seats[1].level: unknown computer level genius; known: {known}"
    assert path.read_bytes() == before


def test_games_lists_finished_and_unfinished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    done = saved(tmp_path / "games", finished=True, name="a.json")
    going = saved(tmp_path / "games", finished=False, name="b.json")
    code, out, _ = run(capsys, "games")
    assert code == 0
    winners = ", ".join(("Ana", "Bot")[w] for w in GameRecord.load(done).result["winners"])  # type: ignore[index]
    rows = {line.split()[-1]: line for line in out.splitlines() if line.split() and line.split()[-1] in ("a", "b")}
    rounds = len(GameRecord.load(going).rounds)
    assert f"won by {winners}" in rows[done.stem] and f"in progress, round {rounds}" in rows[going.stem]


@pytest.mark.parametrize("columns", ["200", "30"])
def test_games_lists_the_game_played_last_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    """Numbered by when each game started, listed by when each was last played (most recent first): the
    game started first but played yesterday comes before one started later and left a week ago."""
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", columns)
    played = {  # file name (when the game started) -> when it was last played
        "20260101-120000-2019-aaaaaaaaaaaa.json": "2026-03-10T20:00:00+00:00",
        "20260102-120000-2019-bbbbbbbbbbbb.json": "2026-03-01T20:00:00+00:00",
        "20260103-120000-2019-cccccccccccc.json": "2026-03-05T21:30:00+01:00",
    }
    for name, when in played.items():
        path = saved(tmp_path / "games", finished=False, name=name)
        record = GameRecord.load(path)
        record.updated = when
        record.save(path)
    code, out, _ = run(capsys, "games")
    assert code == 0
    order = [word for line in out.splitlines() for word in line.split() if word.startswith("2019-")]
    assert order == ["2019-aaaaaaaaaaaa", "2019-cccccccccccc", "2019-bbbbbbbbbbbb"], out
    numbers = {stem: line.split()[0] for line in out.splitlines() for stem in order if line.split()[-1:] == [stem]}
    if columns == "200":  # the numbers stay those of the order the games started in
        assert numbers == {"2019-aaaaaaaaaaaa": "1", "2019-bbbbbbbbbbbb": "2", "2019-cccccccccccc": "3"}, out


def test_an_80_column_table_shows_every_date_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from loveletter.commands.games import local_time

    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    # Four players and a name as long as the bundled rulesets give leave the other columns narrow.
    game = Game("original2012", 4, seed=3)
    record = GameRecord.start(game, [Seat(f"Bot {n}", "computer", "random") for n in range(1, 5)], 3)
    random_playout(game, random.Random(1))
    record.update(game)
    (tmp_path / "games").mkdir()
    record.save(tmp_path / "games" / "original2012-a0b30dfd5c59.json")
    code, out, _ = run(capsys, "games")
    assert code == 0 and "original2012-a0b30dfd5c59" in out
    day, hour = local_time(record.updated).split()
    assert day in out and hour in out and "original2012 " in out, out


def test_a_narrow_terminal_lists_each_game_under_its_whole_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "30")
    done = saved(tmp_path / "games", finished=True, name="a-game-with-a-rather-long-name.json")
    going = saved(tmp_path / "games", finished=False, name="b.json")
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    rounds = len(GameRecord.load(going).rounds)
    for number, path, state in ((1, done, "won by"), (2, going, f"in progress, round {rounds}")):
        at = lines.index(f"{number:>3}  {path.stem}")  # the number and the whole name, on a line of their own
        below = lines[at + 1 : at + 4]
        assert all(line.startswith("     ") for line in below), below
        assert below[1].strip() == "Ana, Bot" and below[2].strip().startswith(state), below


def test_an_80_column_list_of_a_crowded_game_keeps_each_player_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight players at 80 columns: the table squeezed the players into a narrow column ("Bot" / "1,", row after
    row) while the name stayed wide; now each game comes under its name, the players on a line (issue 48, item 5)."""
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    game = Game("premium", 8, seed=3)
    names = [f"Bot {n}" for n in range(1, 9)]
    record = GameRecord.start(game, [Seat(n, "computer", "random") for n in names], 3)
    random_playout(game, random.Random(1))
    record.update(game)
    (tmp_path / "games").mkdir()
    record.save(tmp_path / "games" / "premium-a0b30dfd5c59.json")
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert ", ".join(names) in out, out
    assert not any(line.rstrip().endswith("Bot") for line in out.splitlines()), out
