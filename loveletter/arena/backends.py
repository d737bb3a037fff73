"""Where the games are played: here, in local processes, or on a Ray cluster. Every backend gives the results in
the order of the games, however they were spread, so that a run's figures do not depend on the backend.

* :class:`Local`: ``jobs`` processes of this machine (:func:`loveletter.arena.games.stream_games`);
* :class:`RayCluster`: the workers of a Ray cluster (``pip install 'loveletter[ray]'``): the one at ``address`` (or
  ``RAY_ADDRESS``), or a local one started for the run with ``jobs`` workers. A run's workers are Ray actors, one
  per CPU, each playing chunks of games in turn (a worker keeps what it started, bot processes, between its
  chunks) and ended with the run. Only a few chunks of games per worker are sent ahead, so memory stays flat; a
  game's description carries everything a worker needs (a bot file's text included), and the workers need this
  package installed, as the command's own machine has it.

Each backend calls the stream's ``finish`` in every process that played, after its last game: the referee
stops the bot processes it started there.
"""

from __future__ import annotations

import itertools
import os
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from loveletter.arena import games
from loveletter.arena.games import play_chunk

S = TypeVar("S")
R = TypeVar("R")
BACKENDS = ("local", "ray")


class BackendError(RuntimeError):
    """A backend that cannot run: ``problem`` is ``missing`` (Ray is not installed) or ``connect`` (no cluster
    at the address; ``reason`` is ``refused``, ``timeout`` or ``host`` when the address cannot be reached,
    ``detail`` what the system or Ray said)."""

    def __init__(self, problem: str, detail: str = "", reason: str | None = None) -> None:
        self.problem, self.detail, self.reason = problem, detail, reason
        super().__init__(f"{problem}: {detail}" if detail else problem)


class Backend(Protocol):
    """Plays games: :meth:`open` before the first (where a cluster is reached, so that a run that cannot start
    stops before writing anything), :meth:`stream` the results in order, :meth:`close` after."""

    def open(self) -> None: ...
    def stream(
        self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int, finish: Callable[[], None] | None = None
    ) -> Iterator[R]: ...
    def close(self) -> None: ...


def chunk_size(total: int, workers: int) -> int:
    """Games sent to a worker at a time: enough to make the sending cheap, few enough to keep them all busy."""
    return max(1, min(8, total // (max(1, workers) * 8)))


@dataclass(frozen=True, slots=True)
class Local:
    """``jobs`` processes of this machine (1: in this process)."""

    jobs: int = 1

    def open(self) -> None:
        pass

    def stream(
        self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int, finish: Callable[[], None] | None = None
    ) -> Iterator[R]:
        # looked up at each call, so that a test can stand in for it
        return games.stream_games(specs, play_one, jobs=self.jobs, chunk=chunk_size(total, self.jobs), finish=finish)

    def close(self) -> None:
        pass


class RayCluster:
    """A Ray cluster: at ``address`` (``None``: ``RAY_ADDRESS``, else a local one with ``jobs`` CPUs). If this
    process is already connected to Ray (a test's shared instance), that connection is used and left open."""

    def __init__(self, address: str | None = None, jobs: int = 1) -> None:
        self.address, self.jobs = address, jobs
        self._started = False

    def open(self) -> None:
        self._started = connect(self.address, self.jobs) or self._started

    def stream(
        self, specs: Iterable[S], play_one: Callable[[S], R], *, total: int, finish: Callable[[], None] | None = None
    ) -> Iterator[R]:
        ray = _ray()
        self.open()
        workers = max(1, int(ray.cluster_resources().get("CPU", self.jobs)))
        return _ray_stream(ray, specs, play_one, chunk=chunk_size(total, workers), workers=workers, finish=finish)

    def close(self) -> None:
        if self._started:
            _ray().shutdown()
            self._started = False


def _ray() -> Any:
    # Under `uv run`, Ray's default is to start every worker through `uv run` in a copy of the current folder,
    # which fails outside the project's folder and is slow; the workers run this very interpreter instead
    # (read when ray is first imported; a user who sets the variable keeps their choice).
    os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    try:
        # An extra, imported here: once the variable above is set, and only by tournaments that ask for Ray.
        import ray  # noqa: PLC0415
    except ImportError:
        raise BackendError("missing") from None
    return ray


def connect(address: str | None, jobs: int) -> bool:
    """Connect this process to Ray (unless it already is): to the cluster at ``address`` or ``RAY_ADDRESS``, else
    a local instance of ``jobs`` CPUs. True if this call connected (so the caller disconnects after). Raises
    :class:`BackendError` when no cluster answers."""
    ray = _ray()
    target = address or os.environ.get("RAY_ADDRESS") or None
    if target is not None:
        _reachable(target)
    if ray.is_initialized():
        return False
    options: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False, "configure_logging": True}
    if target is None:
        options.update(num_cpus=jobs, include_dashboard=False)
    try:
        ray.init(address=target, **options)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError... for one cause
        raise BackendError("connect", " ".join(str(exc).split())[:200] or type(exc).__name__) from None
    return True


class _Worker:
    """A Ray actor that plays chunks of games, one after another, in its own process."""

    def play(self, play_one: Callable[[S], R], specs: list[S]) -> list[R]:
        return play_chunk(play_one, specs)

    def finish(self, finish: Callable[[], None] | None) -> None:
        if finish is not None:
            finish()


def _ray_stream(
    ray: Any,
    specs: Iterable[S],
    play_one: Callable[[S], R],
    *,
    chunk: int,
    workers: int,
    finish: Callable[[], None] | None,
) -> Iterator[R]:
    """The results in order: chunk ``i`` goes to worker ``i % workers``, two chunks per worker sent ahead."""
    actor = ray.remote(num_cpus=1, max_restarts=0, max_task_retries=0)(_Worker)
    actors = [actor.remote() for _ in range(workers)]
    pending_specs = iter(specs)
    pending: deque[Any] = deque()
    sent = 0

    def send() -> None:
        nonlocal sent
        batch = list(itertools.islice(pending_specs, chunk))
        if batch:
            pending.append(actors[sent % workers].play.remote(play_one, batch))
            sent += 1

    finished = False
    try:
        for _ in range(2 * workers):
            send()
        while pending:
            results = ray.get(pending.popleft())
            send()
            yield from results
        finished = True
    finally:
        if finished:
            ray.get([a.finish.remote(finish) for a in actors])
        for a in actors:  # a worker still playing (Ctrl-C) is ended at once: its bot processes die with it
            ray.kill(a)


def _reachable(address: str, timeout: float = 5.0) -> None:
    """Raise :class:`BackendError` unless something listens at ``address`` (``host:port`` or
    ``ray://host:port``): Ray itself keeps retrying an unreachable cluster for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto", "local" and other forms Ray resolves itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except ConnectionRefusedError as exc:
        raise BackendError("connect", str(exc.strerror), "refused") from None
    except TimeoutError:
        raise BackendError("connect", "timeout", "timeout") from None
    except socket.gaierror as exc:
        raise BackendError("connect", str(exc.strerror), "host") from None
    except OSError as exc:
        raise BackendError("connect", exc.strerror or type(exc).__name__) from None
