"""The README and the docs site say what the program does: every command line they show parses with the program's
own parser, the commands reference lists every command and option, the architecture's layer table is the one
``tests/test_layers.py`` checks, the picture of the table is what the program draws today, and the README stays a
short front page whose links lead somewhere. (The docs' Python examples run as doctests: ``pyproject.toml``.)"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from loveletter.cli import COMMANDS, build_parser
from tests.test_layers import ALLOWED
from tools import docs_hooks

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.rglob("*.md"))
#: A fenced block of commands (no language, or a shell's), and its text.
_BLOCK = re.compile(r"^```(?:|console|shell|sh|bash)\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: What may stand before the program on a line: environment variables, ``uv run``.
_BEFORE = re.compile(r"^(?:[A-Z_]+=\S*\s+)*(?:uv run\s+)?")


def command_lines(text: str) -> list[str]:
    """The ``loveletter …`` command lines of ``text``'s fenced command blocks, comments and pipes left out."""
    found = []
    for block in _BLOCK.findall(text):
        for line in block.splitlines():
            rest = line[_BEFORE.match(line).end() :]  # type: ignore[union-attr]
            if rest.startswith("loveletter "):
                words = shlex.split(rest, comments=True)
                cut = next((i for i, word in enumerate(words) if word in ("|", ">", ">>", "&&", ";")), len(words))
                found.append(shlex.join(words[1:cut]))
    return found


DOCUMENTED = sorted({line for page in [README, *PAGES] for line in command_lines(page.read_text(encoding="utf-8"))})


def test_the_docs_show_command_lines() -> None:
    """The scan finds what it should: the check below cannot pass by finding nothing."""
    assert len(DOCUMENTED) > 25
    assert "play --players 4 --bots 4 --seed 1" in DOCUMENTED
    assert command_lines("```\nFOO=1 uv run loveletter games | head -1  # x\n```\n") == ["games"]


@pytest.mark.parametrize("line", DOCUMENTED)
def test_every_command_line_in_the_docs_parses(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = shlex.split(line)
    try:
        build_parser(args).parse_args(args)
    except SystemExit:
        pytest.fail(f"`loveletter {line}` (shown in the docs) does not parse: {capsys.readouterr().err.strip()}")


def test_the_commands_reference_lists_every_command_and_option() -> None:
    page = docs_hooks.markdown()
    parser = build_parser()
    commands = docs_hooks.subcommands(parser)
    assert list(commands) == list(COMMANDS)
    for name, sub in commands.items():
        assert f"## `loveletter {name}`" in page
        section = page[page.index(f"## `loveletter {name}`") :]
        for action in sub._actions:
            if action.help != argparse.SUPPRESS and not docs_hooks.COMMON.intersection(action.option_strings):
                written = docs_hooks.arguments_row(sub, action)[0]
                assert f"| `{written}` |" in section.split("\n## ")[0], (name, written)
    marker = docs_hooks.MARKER
    assert (DOCS / docs_hooks.PAGE).read_text(encoding="utf-8").count(marker) == 1


def layer_table() -> dict[str, set[str]]:
    """The architecture page's layer table: each package and the packages its row says it may import."""
    text = (DOCS / "explanation" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `loveletter/(\w+)/` \| .* \| (.*) \|$", text, re.MULTILINE)
    table: dict[str, set[str]] = {}
    for package, imports in rows:
        named = set(re.findall(r"`(\w+)`", imports))
        if "any of the above" in imports:
            named = set(table)
        elif "the rows above it" in imports:
            named |= set(table)
        table[package] = named
    return table


def test_the_architecture_table_is_the_layers_test() -> None:
    shared = {"errors", "__init__"}
    table = layer_table()
    assert set(table) == set(ALLOWED)
    wrong = {
        layer: (table[layer], allowed - shared)
        for layer, allowed in ALLOWED.items()
        if table[layer] != allowed - shared
    }
    assert not wrong, f"docs/explanation/architecture.md's table differs from tests/test_layers.py: {wrong}"


def test_the_readme_is_a_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    assert "uv run loveletter play\nuv run pytest\n" in text and "uv run mkdocs serve" in text
    links = re.findall(r"\]\(([^)#\s]+)[^)]*\)", text)
    local = [link for link in links if "://" not in link]
    assert "docs/table.svg" in local and all((ROOT / link).exists() for link in local), local
    for command in COMMANDS:
        assert f"`loveletter {command}" in text or f"`{command}`" in text, command


@pytest.mark.slow  # the real program in a pseudo-terminal, a few seconds
def test_the_picture_of_the_table_is_what_the_program_draws() -> None:
    from tools import table_svg

    assert table_svg.SVG.read_text(encoding="utf-8") == table_svg.svg(), (
        "docs/table.svg is stale: run `uv run python tools/table_svg.py`"
    )


def test_the_tui_package_map_names_what_is_there() -> None:
    """``loveletter/tui/__init__.py`` maps the package: every module it names exists, and it names every one."""
    tui = ROOT / "loveletter" / "tui"
    text = (tui / "__init__.py").read_text(encoding="utf-8").split('"""')[1]
    named = set(re.findall(r"loveletter\.tui\.(\w+)", text))
    there = {path.stem for path in tui.glob("*.py") if path.stem != "__init__"}
    there |= {path.name for path in tui.iterdir() if (path / "__init__.py").is_file()}
    assert named == there, f"named but missing: {sorted(named - there)}; there but not named: {sorted(there - named)}"
