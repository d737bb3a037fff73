"""The layers point one way (docs/explanation/architecture.md, whose table tests/test_docs.py checks): every import of
every module is read from its source and checked against the layers it may use, so a shortcut from the rules to the
front end fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "loveletter"

#: layer -> the loveletter layers its modules may import (besides their own). ``errors`` and ``__init__`` are
#: the package's shared exceptions and version.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "solitaire": {"engine"},
    "i18n": set(),
    "bots": {"engine", "solitaire", "i18n", "errors"},
    "records": {"engine", "solitaire", "i18n", "errors", "__init__"},
    "arena": {"engine", "solitaire", "bots", "records", "i18n", "errors"},
    "coach": {"engine", "solitaire", "bots", "records", "i18n", "errors"},
    "table": {"engine", "bots", "records", "i18n", "errors", "__init__"},
    # The research environments; tui only to render the table players see (imported when rendering).
    "rl": {"engine", "solitaire", "bots", "tui", "i18n", "errors"},
    # arena: what simulate and tournament print is drawn in tui (tui/standings.py).
    "tui": {"engine", "solitaire", "bots", "arena", "coach", "records", "table", "i18n", "errors", "__init__"},
    "net": {"engine", "bots", "coach", "records", "table", "tui", "i18n", "errors", "__init__"},
    "commands": {
        "engine", "solitaire", "bots", "arena", "coach", "records", "table", "tui", "net", "rl", "i18n", "errors",
        "__init__",
    },
}  # fmt: skip


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports(path: Path) -> set[str]:
    """The loveletter modules ``path`` imports, anywhere in it (also inside functions)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return {name for name in found if name == "loveletter" or name.startswith("loveletter.")}


def violations(layer: str, files: list[Path]) -> set[str]:
    """Each import in ``files`` (modules of ``layer``) of a layer ``layer`` may not use."""
    return {
        f"{path} imports {name}"
        for path in files
        for name in imports(path)
        if layer_of(name) not in ALLOWED[layer] | {layer}
    }


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, f"no modules in loveletter/{layer}"
    assert not violations(layer, files)


def test_the_check_can_fail(tmp_path: Path) -> None:
    shortcut = tmp_path / "shortcut.py"
    shortcut.write_text("def f():\n    from loveletter.tui.table import TableView\n", encoding="utf-8")
    assert violations("engine", [shortcut]) == {f"{shortcut} imports loveletter.tui.table"}
    assert not violations("commands", [shortcut])


def test_the_state_names_no_card() -> None:
    """A card's rules live in its module, also those that act outside its play (the Countess's obligation, the
    Chancellor's keep, the Bishop's redraw, the Constable's token): the state calls them as ``Effect`` hooks."""
    cards = {name for name in imports(PACKAGE / "engine" / "state.py") if name.startswith("loveletter.engine.effects.")}
    assert not cards
