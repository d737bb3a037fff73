"""Every edge case RULES.md §7 lists for the multi-player engine (§7.1-7.4 and §7.6; §7.5 is the solitaire's, in
tests/solitaire) has a test under tests/engine whose name carries its ID: ``A-C2`` as ``A_C2``, not followed by
another letter or digit (so ``A_C1`` does not count for ``A_C10``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: RULES.md lives beside the repository (CI clones it next to ``shared/``), not inside it.
RULES = ROOT.parent / "shared" / "RULES.md"
ENGINE_TESTS = ROOT / "tests" / "engine"
_CASE = re.compile(r"^\*\s+([A-Z]{1,2}-[A-Z]?\d+)\s", re.MULTILINE)


def section(text: str, start: str, end: str) -> str:
    """The text from the heading ``start`` up to the heading ``end``."""
    begin = text.index(start)
    return text[begin : text.index(end, begin + len(start))]


def case_ids(text: str) -> list[str]:
    """The case IDs of §7.1-7.4 and §7.6, in order."""
    chosen = section(text, "\n### 7.1 ", "\n### 7.5 ") + section(text, "\n### 7.6 ", "\n## ")
    return _CASE.findall(chosen)


def engine_test_names() -> list[str]:
    """The names of every test function and method under tests/engine, as pytest collects them."""
    names: list[str] = []
    for path in sorted(ENGINE_TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                names.append(node.name)
    return names


def carries(name: str, case: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(case.replace('-', '_'))}(?![A-Za-z0-9])", name) is not None


def test_the_matching_tells_ids_apart() -> None:
    assert carries("test_A_C1_A_C2_countess", "A-C2") and carries("test_X_3", "X-3")
    assert not carries("test_A_C10_something", "A-C1") and not carries("test_CL_12", "L-12")
    assert case_ids("\n### 7.1 A\n* A-G1 x\n* CL-12 y\n### 7.5 D\n* D-1 z\n### 7.6 X\n* X-3 w\n## 8.") == [
        "A-G1",
        "CL-12",
        "X-3",
    ]


def test_every_rules_case_has_a_named_test() -> None:
    if not RULES.is_file():
        pytest.skip(f"RULES.md is not beside the repository ({RULES})")
    ids = case_ids(RULES.read_text(encoding="utf-8"))
    # Sanity: the sections were found and hold the cases they are known to hold.
    assert len(ids) > 100 and {"A-S1", "B-1", "O-1", "CS-1", "CL-1", "X-1", "X-5"} <= set(ids)
    names = engine_test_names()
    missing = [case for case in ids if not any(carries(name, case) for name in names)]
    assert not missing, f"RULES.md §7 cases without a test named after them: {', '.join(missing)}"
