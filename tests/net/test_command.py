"""``loveletter host`` on the command line: a fast ``--help``, one-line errors, and a table hosted with no
terminal (``--local 0``, output piped) that a guest joins and Ctrl-C (SIGINT) stops with the game saved."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.guest import TIMEOUT, Guest

HEAVY = ("asyncssh", "cryptography", "prompt_toolkit", "rich", "loveletter.net", "loveletter.engine")


def loveletter(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LOVELETTER_HOME": str(home), "LOVELETTER_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "loveletter", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


def test_help_imports_nothing_of_the_server() -> None:
    probe = (
        "import sys\n"
        "from loveletter.cli import main\n"
        "for argv in (['host', '--help'], ['resume', '--help'], ['--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} or m in {HEAVY!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("host",), "stdin and stdout are not a terminal; use --local 0"),
        (("host", "--local", "-1"), "--local must be 0 or more, not -1"),
        (("host", "--local", "0", "--players", "3", "--bots", "3"), "no seat is left for friends: 3 seats"),
        (("host", "--local", "0", "--port", "70000"), "--port 70000 is not a port"),
        (("host", "--local", "0", "--players", "9"), "9 players cannot play the 2019 ruleset"),
        (("host", "--local", "0", "--bind", "192.0.2.77", "--port", "0"), "this computer has no address 192.0.2.77"),
    ],
)
def test_a_bad_option_is_one_line(args: tuple[str, ...], expected: str, tmp_path: Path) -> None:
    result = loveletter(*args, home=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("loveletter: error: ") and expected in line


def test_a_data_folder_where_the_host_key_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    result = loveletter("host", "--local", "0", "--port", "0", "--bind", "127.0.0.1", home=blocker)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line == (
        f"loveletter: error: the host key {blocker / 'host_key'} cannot be written "
        "(a part of the path is a file, not a folder)"
    )


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = loveletter("host", "--local", "0", "--bind", "127.0.0.1", "--port", str(port), home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"loveletter: error: port {port} is already in use on this computer: choose another with --port"
    )


@pytest.mark.parametrize("saved", [True, False])
def test_a_table_hosted_without_a_terminal(tmp_path: Path, saved: bool) -> None:
    if not saved:  # the games folder is a file: no record can be written, and nobody is told it was
        (tmp_path / "games").write_text("", encoding="utf-8")
    env = {**os.environ, "LOVELETTER_HOME": str(tmp_path), "LOVELETTER_LANG": "en"}
    args = ["host", "--local", "0", "--players", "2", "--bots", "1", "--port", "0", "--bind", "127.0.0.1"]
    process = subprocess.Popen(
        [sys.executable, "-m", "loveletter", *args, "--delay", "0", "--seed", "4"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(5)]
        assert said[0] == "Love Letter (2019 edition) · 2 players\n"
        port = re.search(r"Friends join with:  ssh -p (\d+) ([0-9A-Z]{3}-[0-9A-Z]{3})@127\.0\.0\.1", said[1])
        code = re.search(r"Join code: +(\S+)", said[2])
        assert port and code and port[2] == code[1] and said[3].startswith("  Host key:           SHA256:"), said

        async def join() -> None:
            ana = await Guest(int(port[1])).connect()
            await ana.join(code[1], "Ana")
            await ana.wait_for("Which card do you play?", "Ana (you)")
            process.send_signal(signal.SIGINT)  # the host stops the game
            screen = await ana.wait_until_closed()
            assert ana.shows(screen, "The host stopped the game. It is saved") == saved
            assert saved or ana.shows(screen, "The host closed the table.")

        asyncio.run(join())
        log = process.stdout.readline()
        assert log == f"Connection troubles are written to {tmp_path / 'host.log'}, not shown here.\n"
        assert process.stdout.readline() == "Ana takes seat 1.\n"
        assert process.wait(TIMEOUT) == 130
        errors = process.stderr.read() if process.stderr else ""
        assert "Traceback" not in errors
        said_saved = "Interrupted. The game is saved: host it again with `loveletter resume --host`" in errors
        assert said_saved == saved and ("The game could not be saved" in errors) != saved
        assert len(list((tmp_path / "games").glob("*.json"))) == int(saved)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def _hosting(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "LOVELETTER_HOME": str(tmp_path), "LOVELETTER_LANG": "en"}
    return subprocess.Popen(
        [sys.executable, "-m", "loveletter", *args, "--local", "0", "--port", "0", "--bind", "127.0.0.1"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _port_and_code(process: subprocess.Popen[str]) -> tuple[int, str]:
    assert process.stdout is not None
    said = [process.stdout.readline() for _ in range(5)]
    port = re.search(r"ssh -p (\d+) [0-9A-Z]{3}-[0-9A-Z]{3}@", said[1])
    code = re.search(r"Join code: +(\S+)", said[2])
    assert port and code, said
    return int(port[1]), code[1]


def test_a_game_hosted_again_keeps_its_code(tmp_path: Path) -> None:
    from loveletter.net import code as join_code

    first = _hosting(tmp_path, "host", "--players", "2", "--bots", "1", "--delay", "0", "--seed", "4")
    try:
        port, code = _port_and_code(first)

        async def join() -> None:
            ana = await Guest(port).connect()
            await ana.join(code, "Ana")
            await ana.wait_for("Ana (you)")
            first.send_signal(signal.SIGINT)
            await ana.wait_until_closed()

        asyncio.run(join())
        assert first.wait(TIMEOUT) == 130
    finally:
        if first.poll() is None:
            first.kill()
        first.communicate()
    [saved] = (tmp_path / "games").glob("*.json")
    assert (tmp_path / join_code.CODES_FILE).stat().st_mode & 0o777 == 0o600  # a secret: private, as the key

    again = _hosting(tmp_path, "resume", "--host", str(saved))
    try:
        port, second = _port_and_code(again)
        assert second == code  # Ana knows it already

        async def back() -> None:
            ana = await Guest(port).connect()
            await ana.join(code, "Ana")
            await ana.wait_for("Ana (you)")
            again.send_signal(signal.SIGINT)
            await ana.wait_until_closed()

        asyncio.run(back())
        assert again.wait(TIMEOUT) == 130
    finally:
        if again.poll() is None:
            again.kill()
        again.communicate()
