"""The referee owns the clock, the memory and the output: every way a bot in its own process can misbehave (a
program of any language, or a Python class in its runner) loses that bot its games cleanly, with the reason,
while the tournament goes on to its end and the games it does not play are the very games of a tournament
where a well-behaved bot took its place. Nothing a bot does reaches the referee's output."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from loveletter.arena import referee
from loveletter.arena.referee import play
from loveletter.arena.results import Outcome
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import bot_template, parse_player

HERE = Path(__file__).resolve().parent
WILD = HERE / "wild_bot.py"
MISBEHAVING = HERE / "misbehaving.py"
#: Generous for a bot that answers at once, even on a busy machine.
MOVE_TIME = 3.0
#: For a bot that hangs, which costs this much a game: it loses at its first decision, whatever the machine's load.
HANG_TIME = 1.0
HANGS = ("hang", "stubborn", "SlowRepr", "Loops", "Stubborn")


@pytest.fixture(autouse=True)
def _stop_the_bots() -> Iterator[None]:
    """The bots' processes this test started are stopped after it (a tournament's command does it at its end)."""
    yield
    referee.close_all()


def wild(mode: str, folder: Path) -> str:
    return f"W=cmd:{shlex.quote(sys.executable)} {shlex.quote(str(WILD))} {mode} {shlex.quote(str(folder))}"


def games(player: str, folder: Path, move_time: float = MOVE_TIME, **options: Any) -> list[Outcome]:
    """The games of a round-robin of easy, random and ``player`` (entrant 2), one deal of each pair: six games."""
    entrants = tuple(parse_player(p) for p in ("easy", "random", player))
    tournament = Tournament(entrants, "2019", 2, deals=1, seed=9, move_time=move_time, bot_logs=str(folder), **options)
    return [play(game) for game in tournament.iter_games()]


def said(detail: str, text: str) -> bool:
    """``detail`` is in ``text``, as it is or as a regular expression."""
    try:
        return detail in text or re.search(detail, text) is not None
    except re.error:
        return False


def key(outcome: Outcome) -> dict[str, Any]:
    return outcome.key()


def check_contained(bad: list[Outcome], good: list[Outcome], *, every: bool = True) -> list[tuple[str, str]]:
    """Every game of entrant 2 lost by it, by forfeit (``every``; else at least two: a bot that forks is caught
    at its next question, which may be in its next game); every other game the same as with the good bot. The
    forfeits, as (reason, detail)."""
    assert len(bad) == len(good) == 6
    forfeits = []
    for mine, theirs in zip(bad, good, strict=True):
        if 2 not in mine.seats:
            assert key(mine) == key(theirs)
            continue
        assert mine.forfeit is not None or not every, key(mine)
        if mine.forfeit is not None:
            seat = mine.seats.index(2)
            assert mine.forfeit["seat"] == seat and mine.winners == (1 - seat,)
            forfeits.append((mine.forfeit["reason"], mine.forfeit["detail"]))
    assert len(forfeits) == 4 if every else len(forfeits) >= 2
    return forfeits


@pytest.fixture(scope="module")
def good_program(tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    folder = tmp_path_factory.mktemp("good")
    outcomes = games(wild("good", folder), folder)
    referee.close_all()
    return outcomes


@pytest.mark.parametrize(
    ("mode", "reasons", "detail"),
    [
        ("exit", {"exit"}, "status 3"),
        ("segfault", {"exit"}, "SIGSEGV"),
        ("hang", {"time"}, r"^[1-4]\.\d{3} s$"),
        ("stubborn", {"time"}, r"^[1-4]\.\d{3} s$"),
        ("chatter", {"output"}, "0 1 2 3"),
        ("flood", {"output"}, "> 65536 B: xxxx"),
        ("twice", {"turn"}, '{"type": "action"'),
        ("eager", {"turn"}, '{"type": "action", "id": 0, "action": "Guard"}'),
        ("wrong_id", {"turn"}, '{"type": "action", "id": '),
        ("illegal", {"illegal"}, "Princess"),
        ("gibberish", {"illegal"}, "[2J make me win"),
        ("error", {"exception"}, "I give up"),
        ("fork", {"turn", "output", "time", "exit"}, ""),
    ],
)
def test_a_program_that_misbehaves_loses_each_game_and_nothing_else_changes(
    mode: str, reasons: set[str], detail: str, tmp_path: Path, good_program: list[Outcome]
) -> None:
    move_time = HANG_TIME if mode in HANGS else MOVE_TIME
    forfeits = check_contained(games(wild(mode, tmp_path), tmp_path, move_time), good_program, every=mode != "fork")
    assert {reason for reason, _ in forfeits} <= reasons, forfeits
    assert all(said(detail, text) for _, text in forfeits), forfeits


def test_past_its_memory_a_program_fails_and_loses(tmp_path: Path, good_program: list[Outcome]) -> None:
    forfeits = check_contained(games(wild("memory", tmp_path), tmp_path, bot_memory=512), good_program)
    assert {reason for reason, _ in forfeits} == {"exit"}
    log = (tmp_path / "W.log").read_text(encoding="utf-8")
    assert f"address space limit: {512 * 2**20}" in log and "MemoryError" in log


def test_a_bot_that_cannot_start_loses_that_game_and_is_started_afresh_for_the_next(
    tmp_path: Path, good_program: list[Outcome]
) -> None:
    """Its second start (the check before the games was the first) greets with another protocol."""
    outcomes = games(wild("restart", tmp_path), tmp_path)
    lost = [o.forfeit for o in outcomes if o.forfeit is not None]
    assert lost == [
        {"seat": outcomes[2].seats.index(2), "reason": "start", "detail": '{"type": "hello", "protocol": 99}'}
    ]
    assert (tmp_path / "starts").read_text() == "3"
    for mine, theirs in zip(outcomes, good_program, strict=True):
        if mine.forfeit is None:
            assert key(mine) == key(theirs)


def test_what_a_program_writes_to_stderr_goes_to_its_log_and_it_plays_on(
    tmp_path: Path, good_program: list[Outcome]
) -> None:
    outcomes = games(wild("escapes", tmp_path), tmp_path)
    assert [key(o) for o in outcomes] == [key(o) for o in good_program]
    assert "\x1b]0;pwned" in (tmp_path / "W.log").read_text(encoding="utf-8")


def test_a_program_that_forks_plays_on_and_its_children_are_stopped_with_it(
    tmp_path: Path, good_program: list[Outcome]
) -> None:
    outcomes = games(wild("forked", tmp_path), tmp_path)
    assert [key(o) for o in outcomes] == [key(o) for o in good_program]
    children = children_of(tmp_path)
    assert len(children) >= 4  # one a game of its own
    for child in children:
        os.kill(child, 0)  # alive while its bot is
    referee.close_all()
    assert_stopped(children)


def children_of(folder: Path) -> list[int]:
    """The processes the ``forked`` wild bots started, named by the files they wrote."""
    return [int(path.name.removeprefix("child-")) for path in folder.glob("child-*")]


def assert_stopped(pids: list[int]) -> None:
    """Every process of ``pids`` ends within a few seconds (killed with its group: gone, or a zombie waiting for
    the system's first process to collect it)."""
    deadline = time.monotonic() + 5
    for pid in pids:
        while running(pid):
            assert time.monotonic() < deadline, f"process {pid}, started by a bot, outlived it"
            time.sleep(0.05)


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


# ------------------------------------------------------------------------------------------- Python classes


@pytest.fixture(scope="module")
def good_class(tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    folder = tmp_path_factory.mktemp("good-class")
    path = folder / "fine.py"
    path.write_text(bot_template("fine"), encoding="utf-8")
    outcomes = games(f"W={path}:Fine", folder)
    referee.close_all()
    return outcomes


def line_of(text: str) -> int:
    lines = MISBEHAVING.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize(
    ("cls", "reasons", "detail"),
    [
        ("RaisesBase", {"exception"}, f"Boom: base (misbehaving.py:{line_of('raise Boom')})"),
        ("BadStr", {"exception"}, "Unspeakable (misbehaving.py:"),
        ("Interrupts", {"exception"}, "KeyboardInterrupt (misbehaving.py:"),
        ("BadRepr", {"illegal"}, "<Weird>"),
        ("SlowRepr", {"time"}, r"^[1-4]\.\d{3} s$"),
        ("Exits", {"exit"}, "status 3"),
        ("Forks", {"turn", "output", "time", "exit"}, ""),
        ("Loops", {"time"}, r"^[1-4]\.\d{3} s$"),
        ("Stubborn", {"time"}, r"^[1-4]\.\d{3} s$"),
        ("BadInit", {"exception"}, "ValueError: no constructor today (misbehaving.py:"),
    ],
)
def test_a_bot_class_that_misbehaves_loses_each_game_and_nothing_else_changes(
    cls: str, reasons: set[str], detail: str, tmp_path: Path, good_class: list[Outcome]
) -> None:
    move_time = HANG_TIME if cls in HANGS else MOVE_TIME
    forfeits = check_contained(games(f"W={MISBEHAVING}:{cls}", tmp_path, move_time), good_class, every=cls != "Forks")
    assert {reason for reason, _ in forfeits} <= reasons, forfeits
    assert all(said(detail, text) for _, text in forfeits), forfeits


def test_a_bot_class_finds_no_game_in_its_process(tmp_path: Path, good_class: list[Outcome]) -> None:
    """The attack of the issue: the view led to the round's opening, and ``gc`` to the live game."""
    outcomes = games(f"W={MISBEHAVING}:Cheats", tmp_path)
    assert all(o.forfeit is None for o in outcomes), [o.forfeit for o in outcomes]


def test_nothing_a_bot_does_reaches_the_tournaments_output(tmp_path: Path) -> None:
    """The real command, its stdout and stderr captured: with a bot that prints (escape sequences included), one
    that forks, one that writes escapes to stderr and one that chatters on its stdout, stdout is one JSON object
    and stderr is empty; the results file holds each game once; the bots' output is in their logs."""
    results = tmp_path / "r.jsonl"
    command = [
        sys.executable, "-m", "loveletter", "--lang", "en", "tournament", "--player", "easy",
        "--player", f"P={MISBEHAVING}:Prints", "--player", f"F={MISBEHAVING}:Forks",
        "--player", wild("escapes", tmp_path).replace("W=", "E=", 1),
        "--player", wild("chatter", tmp_path).replace("W=", "C=", 1),
        "--deals", "1", "--seed", "3", "--move-time", str(MOVE_TIME), "--json", "--results", str(results),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 20 and done.stdout.count("\n") == 1
    totals = {p["name"]: p for p in data["players"]}
    assert sum(totals["P"]["forfeits"].values()) == 0 and sum(totals["E"]["forfeits"].values()) == 0
    assert set(totals["C"]["forfeits"]) == {"output"} and totals["C"]["forfeits"]["output"] >= 6
    lines = results.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["index"] for line in lines[1:]] == list(range(20))
    logs = Path(data["bot_logs"])
    assert logs == tmp_path / "r.logs"
    assert "my move:" in (logs / "P.log").read_text(encoding="utf-8")
    assert "pwned" in (logs / "E.log").read_text(encoding="utf-8")


def test_bots_that_exit_or_raise_what_no_except_catches_lose_in_worker_processes_too(tmp_path: Path) -> None:
    """With ``--jobs 2`` (where the issue saw a ``BrokenProcessPool``): a bot that ends its process with
    ``os._exit``, one that raises ``KeyboardInterrupt`` and one a ``BaseException`` lose each game by forfeit at
    their first decision, and the tournament ends with its ``--json`` whole and each game once in its results."""
    results = tmp_path / "r.jsonl"
    command = [
        sys.executable, "-m", "loveletter", "--lang", "en", "tournament", "--player", "easy",
        "--player", f"X={MISBEHAVING}:Exits", "--player", f"K={MISBEHAVING}:Interrupts",
        "--player", f"B={MISBEHAVING}:RaisesBase", "--deals", "1", "--seed", "4", "--move-time", str(MOVE_TIME),
        "--jobs", "2", "--oversubscribe", "--json", "--results", str(results),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 12 and done.stdout.count("\n") == 1
    games = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()[1:]]
    assert sorted(game["index"] for game in games) == list(range(12))
    expected = {1: "exit", 2: "exception", 3: "exception"}
    for game in games:
        loser = game["seats"][game["forfeit"]["seat"]]
        assert game["forfeit"]["reason"] == expected[loser] and game["winners"] == [1 - game["forfeit"]["seat"]]
    totals = {p["name"]: p for p in data["players"]}
    assert totals["easy"]["wins"] == totals["easy"]["games"] == 6 and totals["easy"]["forfeits"] == {}
