"""The command line: fast help and version, one-line errors with exit status 2."""

from __future__ import annotations

import subprocess
import sys

from loveletter import __version__

HEAVY = ("prompt_toolkit", "rich", "loveletter.engine", "loveletter.tui", "loveletter.bots")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "loveletter", *args], capture_output=True, text=True, check=False)


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"loveletter {__version__}"


def test_help_and_version_import_nothing_heavy() -> None:
    probe = (
        "import sys\n"
        "from loveletter.cli import main\n"
        "for argv in (['--help'], ['--version'], ['play', '--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} or m in {HEAVY!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = result.stdout.strip().splitlines()[-1]
    assert loaded == "[]", f"--help imported: {loaded}"


def test_help_lists_every_command() -> None:
    from loveletter.cli import COMMANDS

    out = run("--help").stdout
    for command in COMMANDS:
        assert command in out


def test_a_bad_argument_is_one_line_and_exit_2() -> None:
    result = run("rulesets", "--bogus")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--bogus" in lines[0] and "Traceback" not in result.stderr


def test_spanish_help() -> None:
    result = run("--lang", "es", "--help")
    assert result.returncode == 0
