"""Which tests are ``slow``: whole folders and doctests here, single tests by ``@pytest.mark.slow`` where they are.

``uv run pytest -m "not slow"`` leaves them out, for a quick run while working (docs/how-to/develop.md); CI and a
plain ``uv run pytest`` run everything. A test is slow when it takes about a second or more on the development
machine: a real program in a terminal or over ssh, many random games, a benchmark's smoke run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests import extras

ROOT = Path(__file__).resolve().parent

# The suite starts the real program several hundred times, and each start would compile the package, rich and
# prompt_toolkit from source again if bytecode may not be cached (``PYTHONDONTWRITEBYTECODE``, set in some
# containers): a third of a second of processor time a start, more than a minute of the whole suite. The test
# workers and the programs they start cache it as Python does by default (in ``__pycache__``, ignored by git).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
#: Folders whose every test is slow: the real program in a pseudo-terminal, tables hosted over ssh, and thousands
#: of random games under invariant checks.
SLOW_FOLDERS = ("tests/e2e", "tests/net", "tests/properties")
#: Doctests that play whole games (a docstring cannot carry a marker).
SLOW_DOCTESTS = ("loveletter/solitaire/bot.py",)
#: Modules whose tests each start real programs (subprocesses, Ray, the examples and benchmarks' smoke runs), or
#: weigh many positions.
SLOW_MODULES = (
    "tests/test_output_streams.py",
    "tests/records/test_lock.py",
    "tests/test_input_limits.py",
    "tests/arena/test_ray.py",
    "tests/arena/test_benchmark.py",
    "tests/rl/test_examples.py",
    "tests/test_benchmark_calibration.py",
    # Many positions judged or encoded at every table size.
    "tests/coach/test_judge.py",
    "tests/rl/test_observation.py",
    # Builds the wheel and the sdist.
    "tests/test_packaging.py",
)


# pytest runs the doctests of every module of the package and of every page of the docs; without the rl extra the
# research environments cannot be imported, so their modules and the docs page whose examples use them are left out
# then (their tests in tests/rl skip, saying why). Kept here rather than in a conftest.py inside the package, which
# the wheel would carry.
collect_ignore_glob = [] if extras.installed("rl") else ["loveletter/rl/*.py", "docs/how-to/research.md"]

#: Modules whose tests share one costly resource per test process (a local Ray instance, started once per session):
#: pytest-xdist sends each of these groups to a single worker (``--dist loadgroup``), so the resource starts once.
ONE_WORKER = {"tests/arena/test_ray.py": "ray"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups (``ONE_WORKER``) in each worker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.resolve()
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else ""
        if where.startswith(tuple(folder + "/" for folder in SLOW_FOLDERS)) or where in (*SLOW_DOCTESTS, *SLOW_MODULES):
            item.add_marker(pytest.mark.slow)
        if where in ONE_WORKER:
            item.add_marker(pytest.mark.xdist_group(ONE_WORKER[where]))
        for mark in item.iter_markers("extra"):
            missing = [name for name in mark.args if not extras.installed(name)]
            if missing:
                item.add_marker(pytest.mark.skip(reason=extras.reason(missing[0])))
    # Slow tests first (in their order): spread over the workers while quick ones are left to fill the gaps, the
    # run does not end with one worker busy with a long test and the others idle.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the default, ``pyproject.toml``): two test workers per core. The end-to-end tests spend much
    of their time waiting for the real program, whose every new screen ignores keys for half a second on
    purpose (``tui/prompts.py``, ``SCREEN``): with one worker per core, the cores sit idle through those waits."""
    return 2 * (os.cpu_count() or 1)
