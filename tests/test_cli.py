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
        "for argv in (['--help'], ['--version'], ['play', '--help'], ['--lang', 'es', 'simulate', '--help']):\n"
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
    """``--help`` in Spanish, argparse's own headings included, for the program and for every command."""
    from loveletter.cli import COMMANDS

    result = run("--lang", "es", "--help")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("uso: loveletter") and "\nopciones:\n" in out
    assert "muestra esta ayuda y sale" in out and "idioma del programa" in out
    for english in ("usage:", "options:", "show this help message", "positional arguments", "list saved games"):
        assert english not in out, english
    for command in COMMANDS:
        sub = run(command, "--help", "--lang", "es")
        assert sub.returncode == 0, command
        assert sub.stdout.startswith(f"uso: loveletter {command}") and "muestra esta ayuda y sale" in sub.stdout
        assert "usage:" not in sub.stdout and "show this help" not in sub.stdout, command


def test_english_help_is_argparse_own() -> None:
    out = run("--lang", "en", "--help").stdout
    assert out.startswith("usage: loveletter") and "show this help message and exit" in out


def test_spanish_errors_are_one_line() -> None:
    cases = {
        ("rules", "--players", "x"): "argumento --players: valor int no válido: 'x' (consulta: loveletter rules",
        ("rules", "--bogus"): "argumentos no reconocidos: --bogus",
        ("bogus",): "opción no válida: 'bogus'",
        ("rules", "--ruleset", "nowhere"): "no hay ningún reglamento incluido con ese nombre",
        ("rules", "--players", "9"): "9 jugadores no pueden jugar con el reglamento 2019",
        ("simulate", "--seats", "genius"): "--seats: nivel desconocido 'genius'",
    }
    for argv, expected in cases.items():
        result = run("--lang", "es", *argv)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, argv
        assert lines[0].startswith("loveletter: error: ") and expected in lines[0], lines[0]


def test_play_argument_errors_say_what_was_asked() -> None:
    """Each mistake in ``play``'s seat options is one line, exit status 2, about what the player typed."""
    cases = {
        ("play", "--bots", "-1"): "--bots must be 0 or more, not -1",
        ("play", "--players", "1"): "--players 1 is too few: the 2019 ruleset seats 2 to 6 players",
        ("rules", "--players", "0"): "--players 0 is too few: the 2019 ruleset seats 2 to 6 players",
        ("play", "--bots", "6"): "--bots 6 and one person make 7 seats, but the 2019 ruleset seats at most 6;",
        ("play", "--players", "2", "--bots", "2", "--names", "A,B,C"): "--names lists 3; give 2 names, one for each",
        ("play", "--players", "3", "--names", "A"): "--names lists 1; give 3 names, one for each seat",
        ("play", "--ruleset", "classic", "--players", "5"): "5 players cannot play the classic ruleset",
    }
    for argv, expected in cases.items():
        result = run("--lang", "en", *argv)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, (argv, result.stderr)
        assert lines[0].startswith("loveletter: error: ") and expected in lines[0], lines[0]
        assert "0 (the people only)" not in lines[0] and " 1 players" not in lines[0]
    spanish = run("--lang", "es", "play", "--bots", "-1")
    assert spanish.returncode == 2 and spanish.stderr.strip().endswith("--bots debe ser 0 o más, no -1")


def test_play_help_says_how_many_seats_bots_alone_make() -> None:
    """``--bots K`` alone is one person against K computer players: K + 1 seats, as the help says."""
    help_text = " ".join(run("--lang", "en", "play", "--help").stdout.split())
    assert "how many seats (default: 2, or one more than --bots: one person against them)" in help_text
    # The count shows in the --names error: three seats, one of them a person.
    result = run("--lang", "en", "play", "--bots", "2", "--names", "A,B")
    assert result.returncode == 2
    assert "give 3 names (every seat) or 1 (the people only)" in result.stderr
