"""pytest runs the doctests of every module of the package: without the rl extra these modules cannot be
imported, so they are left out then (their tests in ``tests/rl`` skip with the reason)."""

from __future__ import annotations

import importlib.util


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ValueError:  # a module set to None in sys.modules: as good as missing
        return False


if not all(_installed(name) for name in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob = ["*.py"]
