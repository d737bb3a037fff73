"""The suite's own machinery: tests that share a resource (``ONE_WORKER`` in the top ``conftest.py``, an
``xdist_group`` mark) run on one test worker. pytest-xdist's ``--dist loadgroup`` stopped doing so without a word
under pytest 9.2 (xdist issue 1386); this runs a small suite of grouped tests on two workers and checks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

GROUPED = """
import pytest

GROUP = pytest.mark.xdist_group("shared")


@pytest.mark.parametrize("n", range(6))
@pytest.mark.parametrize("marked", [pytest.param(True, marks=GROUP), False])
def test_one(n: int, marked: bool) -> None:
    pass
"""


def test_grouped_tests_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    alone = ["-c", "/dev/null", "--rootdir", str(tmp_path), "-p", "no:cacheprovider"]  # not this project's options
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *alone,
            "-n",
            "2",
            "--dist",
            "loadgroup",
            "-v",
            str(tmp_path / "test_grouped.py"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    ran = re.findall(r"^\[(gw\d)\] .*::test_one\[(True|False)-\d\]", result.stdout, re.MULTILINE)
    assert len(ran) == 12, result.stdout
    grouped = {worker for worker, marked in ran if marked == "True"}
    assert len(grouped) == 1, result.stdout
