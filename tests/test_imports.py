"""Imports at the top (ruff's ``PLC0415`` checks each one): the imports left inside functions, outside the parser's
path where start-up is handled (``cli.py`` and the command shims), stay few, and only that path keeps ``typing``
out with a ``TYPE_CHECKING = False`` of its own."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "loveletter"
#: Where start-up is handled: the parser is built on every start, and a command's modules load when it runs.
START_UP = ("cli.py", "commands/")
#: The parser's words: imported on every start with the parser.
PARSER_PATH = (*START_UP, "i18n/__init__.py")
MOST_INSIDE_FUNCTIONS = 15


def modules() -> list[tuple[str, ast.Module]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    return [(p.relative_to(PACKAGE).as_posix(), ast.parse(p.read_text(encoding="utf-8"))) for p in paths]


def imports_inside_functions(tree: ast.Module) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines += [n.lineno for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
    return sorted(set(lines))


def test_few_imports_are_left_inside_functions() -> None:
    inside = {
        name: lines
        for name, tree in modules()
        if not name.startswith(START_UP) and (lines := imports_inside_functions(tree))
    }
    assert sum(map(len, inside.values())) <= MOST_INSIDE_FUNCTIONS, inside


def test_only_the_parsers_path_keeps_typing_out() -> None:
    hacks = [
        name
        for name, tree in modules()
        if any(
            isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "TYPE_CHECKING" for t in n.targets)
            for n in tree.body
        )
    ]
    assert hacks and all(name.startswith(PARSER_PATH) for name in hacks), hacks
