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
    # The research environments; arena to measure agents as tournaments do; tui only to render the table players
    # see (imported when rendering).
    "rl": {"engine", "solitaire", "bots", "arena", "tui", "i18n", "errors"},
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
    shortcut.write_text("def f():\n    from loveletter.tui.board import Board\n", encoding="utf-8")
    assert violations("engine", [shortcut]) == {f"{shortcut} imports loveletter.tui.board"}
    assert not violations("commands", [shortcut])


def test_the_state_names_no_card() -> None:
    """A card's rules live in its module, also those that act outside its play (the Countess's obligation, the
    Chancellor's keep, the Bishop's redraw, the Constable's token): the state calls them as ``Effect`` hooks."""
    cards = {name for name in imports(PACKAGE / "engine" / "state.py") if name.startswith("loveletter.engine.effects.")}
    assert not cards


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: Pairs of modules allowed to import each other, with why: none since a view holds its round's events instead of
#: replaying them through a state.
MUTUAL: dict[tuple[str, str], str] = {}


def runtime_imports(path: Path) -> set[str]:
    """The loveletter modules ``path`` imports when it runs: :func:`imports` but those for type checkers only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
        for statement in block.body
        for node in ast.walk(statement)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return {name for name in found if name.startswith("loveletter.")}


def test_no_two_modules_import_each_other() -> None:
    """Each idea leans on the next one down: no module imports one that imports it back (a package's face, its
    ``__init__``, aside: it gathers its modules; type checkers' imports aside), not even inside a function."""
    graph = {_module(p): runtime_imports(p) for p in PACKAGE.rglob("*.py") if p.name != "__init__.py"}
    pairs = {tuple(sorted((a, b))) for a, deps in graph.items() for b in deps if a in graph.get(b, set()) and a != b}
    assert pairs == set(MUTUAL)


def test_no_module_takes_a_private_name_from_another() -> None:
    """A name that starts with ``_`` is its module's own: no other module of the package imports it."""
    taken = {
        f"{path.relative_to(PACKAGE.parent)} takes {node.module}.{alias.name}"
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("loveletter")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    }
    assert not taken


def test_a_surface_is_composed_never_mixed_in() -> None:
    """A mode holds a surface (frames or lines) and may swap it: no class is both a surface and something else."""
    import importlib
    import inspect

    from loveletter.tui.surface import Surface

    mixed = set()
    for path in [*(PACKAGE / "tui").rglob("*.py"), *(PACKAGE / "net").rglob("*.py")]:
        module = importlib.import_module(_module(path))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Surface) and any(not issubclass(base, Surface) for base in cls.__mro__[:-1]):
                mixed.add(f"{cls.__module__}.{cls.__qualname__}")
    assert not mixed
