"""Your own bot at the table: ``play --level FILE.py:CLASS`` (and ``cmd:PROGRAM``), ``resume`` of such a game, and
``simulate --seats FILE.py:CLASS,easy``. The bot runs in a process of its own and is asked through the bot
protocol; one that misbehaves stops the game, saved, with one line; a bad ``--level`` is one line before any
game. The games run as a player runs them: the real program, its input a pipe."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.arena import seated
from loveletter.cli import main
from loveletter.records import GameRecord
from loveletter.records.library import record_name

HERE = Path(__file__).resolve().parent
BOTS = HERE / "table_bots.py"
WILD = HERE / "wild_bot.py"


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the test bots' file in the folder the tests run in (given as ``bots.py``, as a player would),
    which a test may fix (:func:`fix`); the program reads it where it is."""
    path = tmp_path / "bots.py"
    path.write_text(BOTS.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return path


def fix(path: Path) -> None:
    """The bots' file, fixed: none misbehaves any more."""
    path.write_text(re.sub(r"AFTER = \d+", "AFTER = 10**9", path.read_text(encoding="utf-8")), encoding="utf-8")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The program, its input a pipe (no terminal), in a bare English environment with the test's data folder."""
    env = {"LOVELETTER_LANG": "en", "PATH": "/usr/bin:/bin", "LOVELETTER_HOME": os.environ["LOVELETTER_HOME"]}
    return subprocess.run(
        [sys.executable, "-m", "loveletter", *args],
        input="",
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd or os.getcwd(),
        timeout=120,
        check=False,
    )


def games() -> list[Path]:
    return sorted((Path(os.environ["LOVELETTER_HOME"]) / "games").glob("*.json"))


def logs() -> Path:
    return Path(os.environ["LOVELETTER_HOME"]) / "bot-logs"


# ------------------------------------------------------------------------------------------------ play


def test_your_bot_plays_a_whole_game_at_the_computer_seats(bots: Path) -> None:
    done = run("play", "--players", "3", "--bots", "3", "--seed", "7", "--level", "bots.py:Good")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Love Letter (2019 edition): Bot 1, Bot 2, Bot 3"
    assert done.stdout.splitlines()[-1].startswith("Result: ")
    again = run("play", "--players", "3", "--bots", "3", "--seed", "7", "--level", "bots.py:Good")
    assert again.stdout == done.stdout  # its random source comes from the game's seed: the same game
    # Each seat its own process, each with its own log of what it wrote to stderr.
    for name in ("Good.log", "Good-2.log", "Good-3.log"):
        assert "decision 1, round 1" in (logs() / name).read_text(encoding="utf-8")
    record = GameRecord.load(games()[0])
    assert record.finished
    seat = record.seats[0]
    assert (seat.kind, seat.level) == ("computer", "bots.py:Good")
    assert seat.bot is not None and seat.bot["path"] == str(bots) and seat.bot["class"] == "Good"
    assert seat.bot["cwd"] == str(bots.parent)  # where resume runs it again, from wherever it is run


def test_a_program_that_speaks_the_protocol_plays_too(tmp_path: Path) -> None:
    program = f"cmd:{shlex.quote(sys.executable)} {WILD} good {tmp_path}"
    done = run("play", "--players", "2", "--bots", "2", "--seed", "3", "--level", program)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("Result: ")


MISBEHAVIOURS = [
    ("Crashes", [], r"it gave the game up \(ZeroDivisionError: out of luck \(bots\.py:\d+\)\)"),
    ("Illegal", [], r"it answered \w+, which is not one of its legal actions"),
    ("Slow", ["--move-time", "1.5"], r"it did not answer within 1\.5 s \(--move-time\)"),
    ("Exits", [], r"its program ended \(status 3\)"),
]


@pytest.mark.parametrize(("cls", "options", "what"), MISBEHAVIOURS, ids=[m[0] for m in MISBEHAVIOURS])
def test_a_bot_that_misbehaves_stops_the_game_saved_and_resume_goes_on_once_it_is_fixed(
    bots: Path, cls: str, options: list[str], what: str
) -> None:
    level = f"bots.py:{cls}"
    done = run("play", "--players", "2", "--bots", "2", "--seed", "5", "--level", level, *options)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [path] = games()
    name = record_name(path)
    line, saved, command = done.stderr.splitlines()[-3:]
    log = logs() / f"{cls}.log"
    second = log.with_name(f"{cls}-2.log")  # the bot at the second seat, if it misbehaved first
    assert re.fullmatch(
        rf"{re.escape(level)} stopped the game: {what}\. Its log: ({re.escape(str(log))}|{re.escape(str(second))})",
        line,
    ), line
    assert (saved, command) == ("The game is saved; once the bot is fixed, continue it:", f"  loveletter resume {name}")
    assert "decision 4" in Path(line.rsplit("Its log: ", 1)[1]).read_text(encoding="utf-8")
    stopped = GameRecord.load(path)
    assert not stopped.finished and sum(len(r.actions) for r in stopped.rounds) >= 3  # its good decisions kept

    fix(bots)
    resumed = run("resume", name, cwd=bots.parent.parent)  # from another folder: the bot's is in the record
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines()[-1].startswith("Result: ")
    finished = GameRecord.load(path)
    assert finished.finished and finished.rounds[0].actions[: len(stopped.rounds[0].actions)] == (
        stopped.rounds[0].actions
    )
    bot = finished.seats[0].bot
    assert bot is not None and bot["sha256"] == hashlib.sha256(bots.read_bytes()).hexdigest()  # the fixed file
    assert bot["move_time"] == (1.5 if options else 10.0)  # the game's time per move, kept


def test_resume_move_time_gives_the_bot_another_time_per_move(bots: Path) -> None:
    slow = run("play", "--players", "2", "--bots", "2", "--seed", "5", "--level", "bots.py:Slow", "--move-time", "1")
    assert slow.returncode == 1 and "it did not answer within 1 s" in slow.stderr
    [path] = games()
    fix(bots)
    done = run("resume", record_name(path), "--move-time", "7")
    assert done.returncode == 0, done.stderr
    assert [seat.bot["move_time"] for seat in GameRecord.load(path).seats if seat.bot] == [7.0, 7.0]


def test_resume_says_why_a_bot_cannot_be_started_again(bots: Path) -> None:
    assert run("play", "--players", "2", "--bots", "2", "--seed", "5", "--level", "bots.py:Crashes").returncode == 1
    [path] = games()
    bots.unlink()
    done = run("resume", record_name(path))
    assert done.returncode == 2
    shown = str(bots) if len(str(bots)) <= 60 else "…" + str(bots)[-59:]  # the end of a long path
    assert done.stderr.strip() == (
        f"loveletter: error: {path}: the bot of Bot 1 cannot be started again: --level: no such file: {shown}"
    )


def test_resume_never_starts_what_a_record_not_signed_here_names(bots: Path, tmp_path: Path) -> None:
    assert run("play", "--players", "2", "--bots", "2", "--seed", "5", "--level", "bots.py:Crashes").returncode == 1
    [path] = games()
    fix(bots)
    evil = tmp_path / "evil.py"
    evil.write_text(bots.read_text(encoding="utf-8") + "\nopen('ran', 'w').close()\n", encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    for seat in data["seats"]:
        seat["bot"]["path"] = str(evil)
    path.write_text(json.dumps(data), encoding="utf-8")  # the signature no longer matches
    done = run("resume", record_name(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"loveletter: error: {path}: a computer seat of this game is a bot of your own, and the record is not signed "
        "with your key: a record from elsewhere never makes this program run something it names"
    )
    assert not (tmp_path / "ran").exists()


def test_a_game_with_your_bot_is_not_hosted(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("play", "--players", "2", "--bots", "2", "--seed", "5", "--level", "bots.py:Crashes").returncode == 1
    [path] = games()
    assert main(["--lang", "en", "resume", "--host", record_name(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "loveletter: error: a bot of your own plays this game, and a hosted game seats the built-in levels only: "
        f"continue it here with `loveletter resume {record_name(path)}`"
    )


# ------------------------------------------------------------------------------------------------ bad levels


def bad_levels(tmp: Path) -> list[tuple[str, str]]:
    (tmp / "syntax.py").write_text("class Bot(:\n", encoding="utf-8")
    (tmp / "raises.py").write_text("raise ValueError('no bots today')\n", encoding="utf-8")
    (tmp / "silent").write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    (tmp / "silent").chmod(0o755)
    (tmp / "plain").write_text("#!/bin/sh\n", encoding="utf-8")
    return [
        ("expert", "--level expert: no such level or bot file; levels are random, easy, hard, or FILE.py:CLASS"),
        ("missing.py:Bot", "--level: no such file: missing.py"),
        ("syntax.py:Bot", "--level: syntax.py does not load: SyntaxError: invalid syntax (syntax.py:1)"),
        ("raises.py:Bot", "--level: raises.py does not load: ValueError: no bots today (raises.py:1)"),
        ("bots.py:Absent", "--level: bots.py has no class Absent"),
        ("bots.py:NoChoose", "--level: NoChoose in bots.py has no method `choose(view)`"),
        ("./plain", "--level ./plain: the file is not executable"),
        ("./silent", "--level ./silent: it did not start as a bot: exit"),
        ("cmd:", "--level cmd:: a program is written cmd:PROGRAM ARGUMENTS, quoted as in a shell"),
    ]


def test_a_bad_level_is_one_line_before_any_game(
    bots: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for level, message in bad_levels(tmp_path):
        assert main(["--lang", "en", "play", "--players", "2", "--bots", "2", "--level", level]) == 2, level
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and f"loveletter: error: {message}" in err, (level, err)
    assert not games()


def test_a_hosted_game_seats_the_built_in_levels_only(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "host", "--local", "0", "--bots", "1", "--level", "bots.py:Good"]) == 2
    assert capsys.readouterr().err.strip() == (
        "loveletter: error: --level bots.py:Good: a hosted game seats the built-in levels only (random, easy, hard); "
        "your own bot plays at this computer: `loveletter play --level FILE.py:CLASS`"
    )


def test_move_time_takes_seconds_more_than_zero(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "-1", "nan", "inf", "soon"):
        with pytest.raises(SystemExit) as exited:
            main(["--lang", "en", "play", "--move-time", value])
        assert exited.value.code == 2
        assert f"argument --move-time: takes a number of seconds more than 0, not {value}" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------ simulate


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["--lang", "en", "simulate", *args])
    finally:
        seated.close_all()
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_seats_your_bot_beside_the_levels(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--seats", "bots.py:Good,easy", "--games", "6", "--seed", "2", "--json")
    code, out, err = simulate(capsys, *args)
    assert code == 0 and err == "", err
    data = json.loads(out)
    assert data["games"] == 6 and data["players"] == 2
    assert data["levels"]["bots.py:Good"]["seats"] == 1 and data["levels"]["easy"]["seats"] == 1
    assert sum(level["wins"] for level in data["levels"].values()) >= 6
    decided = (logs() / "Good.log").read_text(encoding="utf-8").count("decision 1, round 1")
    assert decided == 6  # one process, told of each of the 6 games
    code, out2, err = simulate(capsys, *args, "--jobs", "2", "--oversubscribe")
    assert code == 0, err
    again = json.loads(out2)
    del data["seconds"], again["seconds"]
    assert again == data  # the same seed, the same games, in one process or two


def test_simulate_stops_at_a_bot_that_misbehaves(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--seats", "easy,bots.py:Illegal", "--games", "4", "--seed", "2")
    assert code == 2 and out == ""
    [line] = err.strip().splitlines()
    assert re.fullmatch(
        rf"loveletter: error: bots\.py:Illegal stopped the game: it answered \w+, which is not one of "
        rf"its legal actions\. Its log: {re.escape(str(logs() / 'Illegal.log'))}",
        line,
    ), line


def test_simulate_says_what_cannot_sit(bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seats, message in (
        ("bots.py:Absent,easy", "--seats: bots.py has no class Absent"),
        ("genius,easy", "--seats: unknown level 'genius'; known: random, easy, hard"),
    ):
        code, _, err = simulate(capsys, "--seats", seats)
        assert code == 2 and err.strip() == f"loveletter: error: {message}", err
    code, _, err = simulate(capsys, "--seats", "bots.py:Good", "--ruleset", "solitaire")
    assert code == 2 and err.strip() == (
        "loveletter: error: --seats bots.py:Good: the solitaire variant is played by the built-in levels only "
        "(random, easy, hard)"
    )
