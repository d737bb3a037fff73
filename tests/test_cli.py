"""The command line: fast help and version, one-line errors with exit status 2."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter import __version__
from loveletter.cli import COMMANDS
from loveletter.i18n import LANGUAGES, cache_file, catalog, catalog_file, load_catalog

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "loveletter" / "i18n"

#: What a start that only answers from the parser (help, version, a mistyped argument) must not import: the
#: front end, the rules, and the standard modules that cost the most to import (tomllib: the catalogs are read from
#: their cache; typing, pathlib, shutil, json, datetime, urllib: pulled in by careless imports).
HEAVY = (
    "prompt_toolkit",
    "rich",
    "loveletter.engine",
    "loveletter.tui",
    "loveletter.bots",
    "loveletter.records",
    "tomllib",
    "typing",
    "pathlib",
    "shutil",
    "json",
    "datetime",
    "urllib",
    "lzma",
)
#: The answers from the parser alone: each command's --help, the program's, the version, two argument errors.
PARSER_ONLY = [
    ["--help"],
    ["--version"],
    ["--lang", "es", "--help"],
    ["play", "--players", "x"],
    ["bogus"],
    *(["--lang", "es", command, "--help"] for command in COMMANDS),
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "loveletter", *args], capture_output=True, text=True, check=False)


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"loveletter {__version__}"


@pytest.mark.parametrize("argv", PARSER_ONLY, ids=" ".join)
def test_answers_from_the_parser_import_nothing_heavy(argv: list[str]) -> None:
    """Start-up time (measured by benchmarks/startup.py): what ``--help``, ``--version`` and an argument error
    import beyond a bare interpreter start."""
    catalog("en"), catalog("es")  # the catalogs' caches, as any earlier start leaves them
    probe = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "from loveletter.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = ast.literal_eval(result.stdout.strip().splitlines()[-1])
    heavy = sorted(m for m in loaded if m in HEAVY or m.split(".")[0] in HEAVY or m.rsplit(".", 1)[0] in HEAVY)
    assert heavy == [], f"{' '.join(argv)} imported {heavy}"
    # Only commands count here: commands.options holds the option types several of them share.
    commands = {m for m in loaded if m.startswith("loveletter.commands.") and m != "loveletter.commands.options"}
    named = [a for a in argv if a in COMMANDS]
    shares = {"resume": ["host", "play"], "host": ["play"]}  # commands that take options of another
    allowed = {f"loveletter.commands.{c}" for name in named for c in [name, *shares.get(name, [])]}
    assert commands <= allowed, commands  # only the command asked for


def test_the_catalog_cache_holds_exactly_the_toml_files() -> None:
    """The catalogs are read from a cache (a marshal file beside the bytecode) that must say what the TOML files
    say, and nothing else."""
    for lang in LANGUAGES:
        folder = I18N / lang
        from_toml: dict[str, str] = {}
        for path in sorted(folder.glob("*.toml")):
            from_toml.update(catalog_file(path))
        assert dict(catalog(lang)) == from_toml
        cached = cache_file(lang)
        assert cached is not None and Path(cached).is_file()
        assert load_catalog(str(folder), cached) == from_toml


def test_the_catalog_cache_follows_every_change(tmp_path: Path) -> None:
    folder = tmp_path / "en"
    shutil.copytree(I18N / "en", folder)
    cached = str(tmp_path / "cache" / "catalog.marshal")
    assert load_catalog(str(folder), cached)["cli.interrupted"] == "Interrupted."
    assert Path(cached).is_file()
    cli = folder / "cli.toml"
    cli.write_text(cli.read_text(encoding="utf-8").replace('"Interrupted."', '"Stopped."'), encoding="utf-8")
    assert load_catalog(str(folder), cached)["cli.interrupted"] == "Stopped."
    (folder / "extra.toml").write_text('[extra]\nline = "new"\n', encoding="utf-8")
    assert load_catalog(str(folder), cached)["extra.line"] == "new"
    (folder / "extra.toml").unlink()
    assert "extra.line" not in load_catalog(str(folder), cached)
    Path(cached).write_bytes(b"damaged")  # a damaged cache is rebuilt
    assert load_catalog(str(folder), cached)["cli.interrupted"] == "Stopped."
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")  # a cache that cannot be written: read from the TOML files each time
    assert load_catalog(str(folder), str(blocked / "cache.marshal"))["cli.interrupted"] == "Stopped."


@pytest.mark.slow
def test_the_startup_benchmark_runs() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    for command in ("loveletter --help", "loveletter --version", "loveletter play --players x"):
        assert result.stdout.count(command) == 2, result.stdout
    assert result.stdout.count("worst ratio") == 2


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


@pytest.mark.slow
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


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        # `learn premium` takes the edition as a word, so a player tries `rules premium`: the help to read is the
        # command's, which lists --ruleset, not the program's.
        (["rules", "premium"], "loveletter: error: unrecognized arguments: premium (see: loveletter rules --help)"),
        (
            ["--lang", "es", "host", "--names", "A"],
            "loveletter: error: argumentos no reconocidos: --names A (consulta: loveletter host --help)",
        ),
        (["--bogus"], "loveletter: error: unrecognized arguments: --bogus (see: loveletter --help)"),
    ],
)
def test_an_unknown_argument_points_to_the_help_of_its_command(argv: list[str], expected: str) -> None:
    result = run(*argv)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [expected]
