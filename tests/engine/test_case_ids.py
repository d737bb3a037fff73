"""Every edge case docs/rules.md §7 lists has a test whose name carries its ID (``A-C2`` as ``A_C2``, not followed by
another letter or digit, so ``A_C1`` does not count for ``A_C10``): the multi-player cases (§7.1-7.4, §7.6) under
tests/engine, the solitaire's (§7.5) under tests/solitaire. The test each case names exists, every citation of
docs/rules.md in the code, the tests and the docs names a section it has."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules.md"
ENGINE_TESTS = ROOT / "tests" / "engine"
SOLITAIRE_TESTS = ROOT / "tests" / "solitaire"
_CASE = re.compile(r"^\*\s+([A-Z]{1,2}-[A-Z]?\d+)\s", re.MULTILINE)
#: A case line of docs/rules.md ends by naming one test that covers it: ``Test: `file.py::test_name`.``
_NAMED_TEST = re.compile(r"^\*\s+([A-Z]{1,2}-[A-Z]?\d+)\s.*Test: `([\w.]+)::(\w+)`\.$", re.MULTILINE)
_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", re.MULTILINE)
_CITATION = re.compile(r"docs/rules\.md([^\n]*)")
_SECTION = re.compile(r"§(\d+(?:\.\d+)?)")


def section(text: str, start: str, end: str) -> str:
    """The text from the heading ``start`` up to the heading ``end``."""
    begin = text.index(start)
    return text[begin : text.index(end, begin + len(start))]


def case_ids(text: str) -> list[str]:
    """The multi-player engine's case IDs: those of §7.1-7.4 and §7.6, in order."""
    chosen = section(text, "\n### 7.1 ", "\n### 7.5 ") + section(text, "\n### 7.6 ", "\n## ")
    return _CASE.findall(chosen)


def solitaire_case_ids(text: str) -> list[str]:
    """The solitaire's case IDs: those of §7.5, in order."""
    return _CASE.findall(section(text, "\n### 7.5 ", "\n### 7.6 "))


def names_by_file(folder: Path) -> dict[str, list[str]]:
    """The names of every test function and method in each test file of ``folder``, as pytest collects them."""
    names: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        found = names.setdefault(path.name, [])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                found.append(node.name)
    return names


def engine_test_names() -> list[str]:
    """The names of every test under tests/engine."""
    return [name for names in names_by_file(ENGINE_TESTS).values() for name in names]


def carries(name: str, case: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(case.replace('-', '_'))}(?![A-Za-z0-9])", name) is not None


def cited_sections(text: str) -> list[str]:
    """The sections a text cites as ``docs/rules.md §N`` (and any further ``§M`` on the same line)."""
    return [number for rest in _CITATION.findall(text) for number in _SECTION.findall(rest)]


def test_the_matching_tells_ids_apart() -> None:
    assert carries("test_A_C1_A_C2_countess", "A-C2") and carries("test_X_3", "X-3")
    assert not carries("test_A_C10_something", "A-C1") and not carries("test_CL_12", "L-12")
    text = "\n### 7.1 A\n* A-G1 x\n* CL-12 y\n### 7.5 D\n* D-1 z\n### 7.6 X\n* X-3 w\n## 8."
    assert case_ids(text) == ["A-G1", "CL-12", "X-3"]
    assert solitaire_case_ids(text) == ["D-1"]
    # Spelled in two pieces so that this line is not itself a citation the test below checks.
    assert cited_sections("# see docs/rules" + ".md §2.6, §3.10\nnot §4") == ["2.6", "3.10"]


def test_every_rules_case_has_a_named_test() -> None:
    text = DOCS.read_text(encoding="utf-8")
    ids, solitaire_ids = case_ids(text), solitaire_case_ids(text)
    # Sanity: the sections were found and hold the cases they are known to hold.
    assert len(ids) > 100 and {"A-S1", "B-1", "O-1", "CS-1", "CL-1", "X-1", "X-5"} <= set(ids)
    assert solitaire_ids[0] == "D-1" and len(solitaire_ids) > 20
    names = engine_test_names()
    missing = [case for case in ids if not any(carries(name, case) for name in names)]
    solitaire_names = [name for found in names_by_file(SOLITAIRE_TESTS).values() for name in found]
    missing += [case for case in solitaire_ids if not any(carries(name, case) for name in solitaire_names)]
    assert not missing, f"docs/rules.md §7 cases without a test named after them: {', '.join(missing)}"


def test_the_test_each_case_names_exists_and_carries_its_id() -> None:
    text = DOCS.read_text(encoding="utf-8")
    named = _NAMED_TEST.findall(text)
    assert [case for case, _, _ in named] == _CASE.findall(section(text, "\n## 7.", "\n## 8.")), (
        "every case line of docs/rules.md §7 ends with 'Test: `file.py::test_name`.'"
    )
    files = names_by_file(ENGINE_TESTS) | names_by_file(SOLITAIRE_TESTS)
    wrong = [
        f"{case}: {file}::{name}"
        for case, file, name in named
        if name not in files.get(file, []) or not carries(name, case)
    ]
    assert not wrong, f"docs/rules.md names tests that do not exist or do not carry the case: {', '.join(wrong)}"


def test_every_citation_names_a_section_of_the_rules() -> None:
    sections = set(_HEADING.findall(DOCS.read_text(encoding="utf-8")))
    assert {"2.6", "3.10", "5.8", "7.5", "8"} <= sections
    paths = [ROOT / "README.md", *ROOT.glob("rulesets/*.toml"), *(ROOT / "docs").rglob("*.md")]
    paths += [path for folder in ("loveletter", "tests", "benchmarks") for path in (ROOT / folder).rglob("*.py")]
    unresolved, stale = [], []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        unresolved += [f"{where}: §{number}" for number in cited_sections(text) if number not in sections]
        if path != Path(__file__).resolve() and "RULES.md §" in text:
            stale.append(str(where))
    assert not unresolved, f"citations of sections docs/rules.md does not have: {', '.join(unresolved)}"
    assert not stale, f"cite docs/rules.md, which is in the repository, not RULES.md: {', '.join(stale)}"
