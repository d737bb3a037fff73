"""One local Ray instance for the whole test session (starting one costs seconds), shut down at the end so that
no Ray process outlives the tests. Tests that use it are marked ``extra("ray")``: they skip, saying why, where Ray
is not installed (:mod:`tests.extras`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def ray_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from loveletter.arena.backends import _ray, connect

    ray = _ray()
    started = connect(None, 2)  # ray.init(num_cpus=2), and the options every run uses
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()
