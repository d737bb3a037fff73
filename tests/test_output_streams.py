"""Every command works, or fails in one line, whatever its output is: closed (``>&-``), a pipe
whose reader has gone (``| head -1``: the program ends as a broken pipe ends it, status 141, saying nothing), or
a terminal of another encoding (``PYTHONIOENCODING=ascii`` or ``latin-1``). Real processes, real descriptors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.records.test_commands import saved

BROKEN_PIPE = 141


def commands(tmp_path: Path) -> dict[str, list[str]]:
    record = str(saved(tmp_path, finished=True, computers=True))
    return {
        "play": ["play", "--players", "2", "--bots", "2", "--seed", "3", "--delay", "0"],
        "replay": ["replay", record],
        "replay --all": ["replay", record, "--all"],
        "review": ["review", record],
        "simulate": ["simulate", "--games", "2", "--seed", "1"],
        "games": ["games"],
        "rulesets": ["rulesets"],
        "rules": ["rules"],
        "rules (es)": ["rules", "--lang", "es"],
    }


def run(args: list[str], *, stdout: int | None, env: dict[str, str] | None = None) -> tuple[int, str]:
    process = subprocess.run(
        [sys.executable, "-m", "loveletter", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, "LOVELETTER_LANG": "en", **(env or {})},
        timeout=120,
        check=False,
    )
    return process.returncode, process.stderr.decode("utf-8", "replace")


NAMES = ["play", "replay", "replay --all", "review", "simulate", "games", "rulesets", "rules", "rules (es)"]


@pytest.mark.parametrize("name", NAMES)
def test_with_output_closed_a_command_works_or_fails_in_one_line(tmp_path: Path, name: str) -> None:
    args = commands(tmp_path)[name]
    process = subprocess.run(
        ["bash", "-c", 'exec "$@" >&-', "bash", sys.executable, "-m", "loveletter", *args],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "LOVELETTER_LANG": "en"},
        timeout=120,
        check=False,
    )
    err = process.stderr.decode("utf-8", "replace")
    assert process.returncode in (0, 2) and "Error" not in err, err
    if process.returncode == 2:
        assert len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("name", NAMES)
def test_when_the_reader_has_gone_a_command_ends_as_a_broken_pipe_would(tmp_path: Path, name: str) -> None:
    args = commands(tmp_path)[name]
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written: every write is a broken pipe
    try:
        code, err = run(args, stdout=write)
    finally:
        os.close(write)
    assert (code, err) == (BROKEN_PIPE, "")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("name", NAMES)
def test_an_output_of_another_encoding_works(tmp_path: Path, name: str, encoding: str) -> None:
    args = commands(tmp_path)[name]
    out = tmp_path / "out.txt"
    with out.open("wb") as f:
        code, err = run(args, stdout=f.fileno(), env={"PYTHONIOENCODING": encoding})
    assert code == 0 and "Error" not in err, err
    out.read_bytes().decode(encoding)  # written in it, what it cannot hold replaced
