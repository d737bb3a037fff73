"""Where the games are played: here, in local processes, or on a Ray cluster. Every backend gives the results in
the order of the games, however they were spread, so that a run's figures do not depend on the backend.

* :class:`Local`: ``jobs`` processes of this machine (:func:`loveletter.arena.games.stream_games`);
* :class:`RayCluster`: the tasks of a Ray cluster (``pip install 'loveletter[ray]'``): the one at ``address`` (or
  ``RAY_ADDRESS``), or a local one started for the run with ``jobs`` workers. Only a few chunks of games per
  worker are sent ahead, so memory stays flat; a game's description carries everything a worker needs (a bot
  file's text included), and the workers need this package installed, as the command's own machine has it.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from loveletter.arena.games import _play_chunk, stream_games

S = TypeVar("S")
R = TypeVar("R")
BACKENDS = ("local", "ray")


class BackendError(RuntimeError):
    """A backend that cannot run: ``problem`` is ``missing`` (Ray is not installed) or ``connect`` (no cluster
    at the address; ``detail`` says why)."""

    def __init__(self, problem: str, detail: str = "") -> None:
        self.problem, self.detail = problem, detail
        super().__init__(f"{problem}: {detail}" if detail else problem)


class Backend(Protocol):
    def stream(self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int) -> Iterator[R]: ...


def chunk_size(total: int, workers: int) -> int:
    """Games sent to a worker at a time: enough to make the sending cheap, few enough to keep them all busy."""
    return max(1, min(8, total // (max(1, workers) * 8)))


@dataclass(frozen=True, slots=True)
class Local:
    """``jobs`` processes of this machine (1: in this process)."""

    jobs: int = 1

    def stream(self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int) -> Iterator[R]:
        return stream_games(specs, play_one, jobs=self.jobs, chunk=chunk_size(total, self.jobs))


@dataclass(frozen=True, slots=True)
class RayCluster:
    """A Ray cluster: at ``address`` (``None``: ``RAY_ADDRESS``, else a local one with ``jobs`` CPUs)."""

    address: str | None = None
    jobs: int = 1

    def stream(self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int) -> Iterator[R]:
        ray = _ray()
        started = connect(self.address, self.jobs)
        try:
            workers = max(1, int(ray.cluster_resources().get("CPU", self.jobs)))
            yield from _ray_stream(ray, specs, play_one, chunk=chunk_size(total, workers), ahead=2 * workers)
        finally:
            if started:
                ray.shutdown()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("missing") from None
    return ray


def connect(address: str | None, jobs: int) -> bool:
    """Connect this process to Ray (unless it already is): to the cluster at ``address`` or ``RAY_ADDRESS``, else
    a local instance of ``jobs`` CPUs. True if this call connected (so the caller disconnects after). Raises
    :class:`BackendError` when no cluster answers."""
    import os

    ray = _ray()
    if ray.is_initialized():
        return False
    options: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False, "configure_logging": True}
    target = address or os.environ.get("RAY_ADDRESS") or None
    if target is None:
        options.update(num_cpus=jobs, include_dashboard=False)
    try:
        ray.init(address=target, **options)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError... for one cause
        raise BackendError("connect", " ".join(str(exc).split())[:200] or type(exc).__name__) from None
    return True


def _ray_stream(ray: Any, specs: Iterable[S], play_one: Callable[[S], R], *, chunk: int, ahead: int) -> Iterator[R]:
    remote = ray.remote(num_cpus=1, max_retries=0)(_play_chunk)
    pending_specs = iter(specs)
    pending: deque[Any] = deque()

    def send() -> None:
        batch = list(itertools.islice(pending_specs, chunk))
        if batch:
            pending.append(remote.remote(play_one, batch))

    finished = False
    try:
        for _ in range(ahead):
            send()
        while pending:
            results = ray.get(pending.popleft())
            send()
            yield from results
        finished = True
    finally:
        if not finished:
            for ref in pending:
                ray.cancel(ref, force=True)
