"""The optional extras of ``pyproject.toml`` a test may need, and how a test that needs one says so.

A plain ``uv run pytest`` (the README's command) installs no extra, and passes: a test that needs Ray or OpenSpiel is
marked ``@pytest.mark.extra("ray")`` and skips, naming the extra and how to install it. CI then installs every
extra and runs the marked tests (``uv run pytest -m extra``, ``.ci/run``). The research packages (the ``rl`` extra)
are in the dev group as well, so their tests run in every suite; they skip with the same words where the packages
are missing (a ``pip install`` without the extra), and would take the marker if they ever left the dev group."""

from __future__ import annotations

import importlib.util

#: Each extra, and the modules that show it is installed.
MODULES: dict[str, tuple[str, ...]] = {
    "ray": ("ray",),
    "openspiel": ("pyspiel",),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
}


def installed(extra: str) -> bool:
    """Whether every module of ``extra`` can be imported."""
    return all(_found(name) for name in MODULES[extra])


def reason(extra: str) -> str:
    """Why a test that needs ``extra`` skips: the extra, and the command that installs it."""
    return f"needs the {extra} extra (uv sync --extra {extra})"


def _found(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ValueError:  # a module set to None in sys.modules: as good as missing
        return False
