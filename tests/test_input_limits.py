"""The hidden options get the limits of every other input (``--deal-file``: a regular file
of a size, so neither ``/dev/zero`` nor a FIFO with no writer holds the program; ``--delay``: seconds from 0 to
60, never ``inf`` or ``nan``), ``replay ""`` says what is wrong, a 301-digit number in a record is not printed
whole, and SIGTERM says how to continue the game as Ctrl-C does (in `play` and in `solitaire`)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from tests.e2e.terminal import Terminal
from tests.records.support import run
from tests.records.test_commands import saved

USER_ERROR = 2
HUGE = int("9" * 301)


@pytest.mark.parametrize("kind", ["zero", "fifo", "large", "folder"])
def test_a_deal_file_is_read_only_from_a_regular_file_of_a_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = {"zero": Path("/dev/zero"), "fifo": tmp_path / "deals", "large": tmp_path / "deals.json"}.get(kind, tmp_path)
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes to it: opening it to read would wait for ever
    if kind == "large":
        path.write_text("[" + " " * (2 << 20) + "]")
    code, out, err = run(capsys, "play", "--players", "2", "--bots", "2", "--deal-file", str(path))
    expected = {
        "zero": "not a regular file",
        "fifo": "not a regular file",
        "large": "larger than 1 MB",
        "folder": "a folder",
    }[kind]
    assert code == USER_ERROR and out == "" and len(err.strip().splitlines()) == 1 and expected in err, err


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e9", "-inf", "x"])
@pytest.mark.parametrize("command", ["play", "resume", "learn"])
def test_delay_takes_only_seconds_from_0_to_60(capsys: pytest.CaptureFixture[str], command: str, value: str) -> None:
    with pytest.raises(SystemExit) as stopped:  # argparse's way out
        run(capsys, command, f"--delay={value}")
    out, err = capsys.readouterr()
    assert stopped.value.code == USER_ERROR and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert f"argument --delay: takes a number of seconds from 0 to 60, not {value}" in err, err


@pytest.mark.parametrize("command", ["replay", "resume", "review"])
@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_game_name_says_what_is_wrong(capsys: pytest.CaptureFixture[str], command: str, name: str) -> None:
    code, out, err = run(capsys, command, name)
    assert code == USER_ERROR and out == ""
    assert err.strip() == (
        "loveletter: error: no saved game given: give its number or name from `loveletter games`, "
        "or the path of its file"
    )


@pytest.mark.parametrize(
    "field",
    ["version", "players", "first_player", "seat"],
)
def test_a_301_digit_number_is_not_printed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    path = saved(tmp_path, finished=True)
    data = json.loads(path.read_text())
    if field == "version":
        data["version"] = HUGE
    elif field == "players":
        data["players"] = HUGE
    elif field == "first_player":
        data["rounds"][0]["first_player"] = HUGE
    else:
        data["seats"] = data["seats"] * 2  # one seat too many...
        data["players"] = 3
        data["result"] = None
        data["rounds"][0]["first_player"] = HUGE
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == USER_ERROR and len(err.strip().splitlines()) == 1
    assert "9" * 60 not in err and len(err) < 400, err


def test_sigterm_says_how_to_continue_the_game_as_ctrl_c_does() -> None:
    term = Terminal(["play", "--players", "2", "--names", "Ana,Bea", "--delay", "0", "--seed", "11"])
    try:
        term.wait_for("press Enter to see your cards.")
        term.child.kill(signal.SIGTERM)
        term.wait_for("Interrupted. The game is saved; to continue it:", "loveletter resume ")
        assert term.finish() == 128 + signal.SIGTERM
    finally:
        term.close()


def test_sigterm_in_solitaire_says_how_to_continue_the_game_as_ctrl_c_does() -> None:
    term = Terminal(["solitaire", "--seed", "5"])
    try:
        term.wait_for("Your turn: draw a card")
        term.press("1")
        term.wait_for("Which card do you play?")
        term.child.kill(signal.SIGTERM)
        term.wait_for("Interrupted. The game is saved; to continue it:", "loveletter resume ")
        assert term.finish() == 128 + signal.SIGTERM
    finally:
        term.close()
