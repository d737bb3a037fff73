"""``loveletter simulate`` as a run: its input checked before the first game, its games
described one at a time (memory flat whatever ``--games``), Ctrl-C that prints the figures so far and stops every
process, ``--jobs`` capped at the cores unless ``--oversubscribe``, names shown as text."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from loveletter.arena import games as arena
from loveletter.cli import main
from loveletter.commands import simulate

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", "simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code: int, err: str, expected: str) -> None:
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and expected in lines[0], err
    assert len(lines[0]) < 300 and "Traceback" not in err


def test_a_budget_of_5000_digits_is_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    """It was a ValueError traceback ("Exceeds the limit (4300 digits)")."""
    code, out, err = run(capsys, "--seats", "hard:" + "9" * 5000)
    one_line(code, err, "--seats: 'hard:99999")
    assert "…': a budget is written hard:N, with N a whole number from 1 up to 999999999" in err
    assert out == ""


def test_the_save_folder_is_checked_before_the_first_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder gave a PermissionError traceback after the first game; a file, "File exists"."""
    played: list[int] = []
    monkeypatch.setattr(arena, "play_game", lambda spec: played.append(spec.index))
    a_file = tmp_path / "notes.txt"
    a_file.write_text("notes", encoding="utf-8")
    code, _, err = run(capsys, "--games", "2", "--save-dir", str(a_file))
    one_line(code, err, f"--save-dir {a_file}: is a file, not a folder")
    read_only = tmp_path / "read-only"
    read_only.mkdir()

    def refused(**kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied", str(kwargs.get("dir")))

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # what a read-only folder answers (chmod does not stop root)
    code, _, err = run(capsys, "--games", "2", "--save-dir", str(read_only))
    one_line(code, err, f"--save-dir {read_only}: cannot write there (permission denied)")
    assert played == [] and a_file.read_text(encoding="utf-8") == "notes" and list(read_only.iterdir()) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_save_folder_for_real(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tmp_path.chmod(0o555)
    try:
        code, _, err = run(capsys, "--games", "2", "--save-dir", str(tmp_path))
    finally:
        tmp_path.chmod(0o755)
    one_line(code, err, "cannot write there (permission denied)")


def test_a_hundred_million_games_start_at_once_and_ctrl_c_prints_the_figures_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game's description was built before the first was played (killed for memory at 10^8 games)."""
    real = arena.play_game
    played: list[int] = []

    def play_game(spec: arena.GameSpec) -> arena.GameResult:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(spec.index)
        return real(spec)

    monkeypatch.setattr(arena, "play_game", play_game)
    code, out, err = run(capsys, "--games", "100000000", "--seats", "random", "--seed", "1")
    assert code == 130 and played == [0, 1, 2]
    assert err == "Interrupted after 3 of 100000000 games: the figures of the games played so far.\n"
    assert out.splitlines()[0] == "3 games of 2019, 2 players" and "Win rate per seat" in out
    played.clear()
    code, out, err = run(capsys, "--games", "100000000", "--seats", "random", "--seed", "1", "--json")
    assert code == 130 and '"games": 3' in out


def test_the_games_are_described_one_at_a_time() -> None:
    specs = arena.iter_specs("2019", ["easy", "random"], games=10**12, seed=1)
    first = next(specs)
    assert first.index == 0 and next(specs).levels == ("random", "easy")
    assert list(arena.iter_specs("2019", ["easy", "random"], games=6, seed=3)) == arena.make_specs(
        "2019", ["easy", "random"], games=6, seed=3
    )


def test_jobs_are_capped_at_the_cores_unless_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--jobs 64` started 64 processes on a 2-core machine."""
    started: list[int] = []
    real = arena.stream_games

    def stream_games(
        specs: object, play_one: object, *, jobs: int, chunk: int, finish: object = None
    ) -> Iterator[arena.GameResult]:
        started.append(jobs)
        return real(specs, play_one, jobs=1, chunk=chunk, finish=finish)  # type: ignore[arg-type]

    monkeypatch.setattr(arena, "stream_games", stream_games)
    monkeypatch.setattr(simulate, "cores", lambda: 2)
    args = ("--games", "40", "--seats", "random", "--seed", "2", "--json")
    code, out, err = run(capsys, *args, "--jobs", "64")
    assert code == 0 and started == [2] and out.startswith("{") and err == ""  # --json: one object, nothing else
    code, _, err = run(capsys, *args[:-1], "--jobs", "64")
    assert code == 0 and started == [2, 2]
    assert err == (
        "--jobs 64: this computer has 2 cores, so 2 processes play the games (add --oversubscribe to start 64 anyway)\n"
    )
    code, _, err = run(capsys, *args, "--jobs", "64", "--oversubscribe")
    assert code == 0 and started == [2, 2, 40] and err == ""  # as asked, but never more than the games


def test_a_ruleset_named_with_markup_is_shown_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ruleset named `[/]` broke `simulate` (MarkupError)."""
    house = tmp_path / "house.toml"
    text = (RULESETS / "classic.toml").read_text(encoding="utf-8").replace('name = "classic"', 'name = "[/]"')
    house.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "--ruleset", str(house), "--games", "2", "--seats", "random", "--seed", "1")
    assert code == 0 and err == "" and out.splitlines()[0] == "2 games of [/], 2 players"


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text(encoding="utf-8")
        found.extend(int(x) for x in text.split())
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc (Linux)")
def test_ctrl_c_stops_a_run_in_processes_at_once(tmp_path: Path) -> None:
    """Ctrl-C at the terminal reaches every process of the run: the workers ignore it, the run stops them, says
    how many games were played and exits with 130; nothing is left running, nothing is printed twice."""
    command = [sys.executable, "-m", "loveletter", "--lang", "en", "simulate", "--games", "100000000"]
    command += ["--seats", "hard", "--jobs", "2", "--oversubscribe", "--seed", "1"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while len(children(process.pid)) < 2 and process.poll() is None:  # wait for the workers, not a fixed time
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        workers = children(process.pid)
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
        out, err = process.communicate(timeout=60)
        assert "Traceback" not in out
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert err.startswith("Interrupted after ") and "Traceback" not in err and "KeyboardInterrupt" not in err
    deadline = time.monotonic() + 30
    while any(running(pid) for pid in workers):  # ended by the run, not left to finish their games
        assert time.monotonic() < deadline, "a worker outlived the run"
        time.sleep(0.05)


def running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    return "\nState:\tZ" not in status
