"""Who sits in the seats played from other computers, and how a guest takes one, leaves it and comes back.

Before the game (the *lobby*) a guest who gives the join code and a name not yet at the table takes the first
free remote seat; leaving frees it again. Once the game has started (or when a saved game is hosted again) the
seats keep their names: a guest takes back the seat that carries the name they give, provided nobody is playing
it at that moment. That is how a dropped connection is recovered: the same code, the same name; and at once, even
before the old connection is noticed dead, when the server finds the seat's client silent (``claim(replace=…)``).
Names are compared by :func:`same_name` only; the host's people reserve theirs with :meth:`Seating.reserve`, so a
name is never at the table twice whoever comes first. The host may free a seat (:meth:`Seating.free`).

Each :class:`RemoteSeat` has one worker thread that runs everything drawn on or asked of its guest's terminal,
in order (:meth:`RemoteSeat.run`), in the guest's language; before each job the seat's front end follows the seat's
current link, so a guest who comes back gets the table redrawn before anything else.

Every change (a seat taken, left, taken back) fires :attr:`Seating.changed`, which the host's screen and the
game loop wait on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from loveletter.i18n import speaking, t
from loveletter.net.remote import RemoteFrontend
from loveletter.records import names
from loveletter.table.setup import check_name

if TYPE_CHECKING:
    from loveletter.net.link import Link

T = TypeVar("T")


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name the same player at a table: the one comparison of names in :mod:`loveletter.net`
    (the lobby, a seat taken back, the host's own people). It is the table's own rule
    (:func:`loveletter.records.names.same_name`: case, how accents are composed, look-alike letters of other
    scripts, invisible characters).

    >>> same_name("ANA", "ana"), same_name("Jos\u00e9", "Jose\u0301"), same_name("Ana", "Bea")
    (True, True, False)
    """
    return names.same_name(a, b)


class Left(Exception):
    """The guest of a seat is gone (connection lost, Ctrl-C, or the host ended the question)."""


class TableClosed(Exception):
    """The host closed the table while the game loop was waiting for a guest."""


class Refused(Exception):
    """A guest cannot take a seat: ``str(error)`` is the one line to show them. ``final``: no use asking again."""

    def __init__(self, message: str, *, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


class Signal:
    """A thread-safe "something changed": :meth:`next` is a future resolved by the next :meth:`fire`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._future: Future[None] = Future()

    def next(self) -> Future[None]:
        with self._lock:
            return self._future

    def fire(self) -> None:
        with self._lock:
            fired, self._future = self._future, Future()
        fired.set_result(None)


class RemoteSeat:
    """Seat ``index`` played from another computer: its name (``""`` while free), its guest's link while
    connected, its front end, and the worker thread that shows and asks through that front end (``delay``: the
    pause after a computer player's move, as at home)."""

    def __init__(self, index: int, name: str = "", *, delay: float = 0.0) -> None:
        self.index = index
        self.name = name
        self.link: Link | None = None
        self.frontend = RemoteFrontend(index, delay=delay)  # in lines for a guest with a screen reader
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"loveletter-seat-{index}")
        #: Fired when a guest takes this seat (again).
        self.arrived = Signal()

    @property
    def connected(self) -> bool:
        link = self.link
        return link is not None and not link.closed

    def run(self, job: Callable[[], T]) -> Future[T]:
        """Run ``job`` on this seat's worker, after the front end has followed the seat's current link. A guest who
        leaves during the job (or is not there), or a table closed, makes the future fail with :class:`Left`."""

        def work() -> T:
            link = self.link
            self.frontend.follow(link)
            with speaking(link.lang if link is not None else None):  # the guest's language, not the host's
                try:
                    return job()
                except (EOFError, KeyboardInterrupt) as exc:
                    # Never let a guest's Ctrl-C reach the game loop as the host's own: it is only their leaving.
                    if isinstance(exc, KeyboardInterrupt):
                        self.frontend.leave(t("host.join.left"))
                    raise Left(self.name) from None

        try:
            return self._worker.submit(work)
        except RuntimeError:  # the table is closed: nothing more is drawn or asked
            gone: Future[T] = Future()
            gone.set_exception(Left(self.name))
            return gone

    def abort(self, *, for_good: bool = False) -> None:
        """End the question open on this seat's terminal, if any (``for_good``: and any opened later on this
        link)."""
        link = self.link
        if link is not None:
            link.abort(for_good=for_good)

    def shutdown(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)


class Seating:
    """The remote seats of one table. ``taken`` are the names of the other seats (the host's people and the
    computer players); ``named``: the seats' names are fixed (a game going on, or a saved game)."""

    def __init__(self, seats: Sequence[RemoteSeat], taken: Iterable[str], *, named: bool) -> None:
        self.seats = list(seats)
        self.taken = list(taken)
        self.named = named
        self.changed = Signal()
        #: Done once the host closes the table: every wait of the game loop ends then (:class:`TableClosed`).
        self.closing: Future[None] = Future()
        self._lock = threading.Lock()

    def by_index(self, index: int) -> RemoteSeat:
        return next(seat for seat in self.seats if seat.index == index)

    def full(self) -> bool:
        """Whether every remote seat is played right now (a newcomer has nowhere to sit)."""
        return all(seat.connected for seat in self.seats)

    def missing(self) -> int:
        """How many remote seats still wait for their guest."""
        return sum(1 for seat in self.seats if not (seat.name and seat.connected))

    def waiting_for(self) -> list[str]:
        """The names of the seats whose guest is away (named seats only)."""
        return [seat.name for seat in self.seats if seat.name and not seat.connected]

    def start(self, *, when_full: bool = False) -> bool:
        """The game starts: from now on the seats keep their names. ``when_full``: only if every seat has its
        guest at this moment (checked under the lock a guest leaving takes); whether it started."""
        with self._lock:
            if when_full and self.missing():
                return False
            self.named = True
            return True

    def seat_named(self, name: str) -> RemoteSeat | None:
        """The seat called ``name``, if any."""
        return next((s for s in self.seats if s.name and same_name(s.name, name)), None)

    def claim(self, name: str, link: Link, *, replace: Link | None = None) -> RemoteSeat:
        """Seat the guest of ``link`` as ``name`` (see the module docstring), or raise :class:`Refused`.
        ``replace``: the silent link of the seat called ``name``, which ``link`` takes over (its guest is back)."""
        name = name.strip()
        with self._lock:
            taken_over = self.seat_named(name) if replace is not None else None
            if taken_over is not None and taken_over.link is replace:
                seat = taken_over
            elif self.named:
                seat = self._named_seat(name)
            else:
                seated = [*self.taken, *(s.name for s in self.seats if s.name)]
                problem = check_name(name, [])
                if problem is None and any(same_name(name, other) for other in seated):
                    problem = t("play.setup.name_taken", name=name)
                if problem:
                    raise Refused(problem)
                free = next((s for s in self.seats if not s.name), None)
                if free is None:
                    raise Refused(t("host.join.full"), final=True)
                free.name = name
                seat = free
            seat.link = link
            link.on_lost = lambda: self._lost(seat, link)
            # Ctrl-C while nothing is asked: the guest leaves (their screen is restored first).
            link.on_interrupt = lambda: seat.run(partial(seat.frontend.leave, t("host.join.left")))
            link.on_resize = lambda: seat.run(partial(seat.frontend.redraw, seat.frontend.shown))
        seat.run(seat.frontend.redraw)
        seat.arrived.fire()
        self.changed.fire()
        return seat

    def reserve(self, names: Sequence[str]) -> list[int]:
        """The host's people take ``names`` (of other seats than these), unless a guest or an earlier of them has
        the name already: done at once with the guests' claims, so a name is never at the table twice whoever
        comes first. The positions in ``names`` that clash (none: they are taken)."""
        with self._lock:
            guests = [seat.name for seat in self.seats if seat.name]
            clashes = [
                i for i, name in enumerate(names) if any(same_name(name, other) for other in [*guests, *names[:i]])
            ]
            if not clashes:
                self.taken = list(names)
            return clashes

    def _named_seat(self, name: str) -> RemoteSeat:
        seat = self.seat_named(name)
        if seat is None:
            free = [s.name for s in self.seats if not s.connected]
            if not free:
                raise Refused(t("host.join.full"), final=True)
            raise Refused(t("host.join.no_seat", name=name, free=", ".join(free)))
        if seat.connected:
            raise Refused(t("host.join.playing", name=seat.name))
        return seat

    def free(self, index: int) -> Link | None:
        """The host lets the guest of seat ``index`` go (someone who took a friend's seat): the seat waits for
        its friend, under its name once the game has started, for anyone in the lobby. The link let go, if any
        (the caller says goodbye on it)."""
        seat = self.by_index(index)
        with self._lock:
            link, seat.link = seat.link, None
            if not self.named:
                seat.name = ""
        seat.run(seat.frontend.redraw)
        self.changed.fire()
        return link

    def _lost(self, seat: RemoteSeat, link: Link) -> None:
        with self._lock:
            if seat.link is not link:
                return  # an older connection of a guest who is already back
            seat.link = None
            if not self.named:
                seat.name = ""  # in the lobby, leaving frees the seat
        seat.run(seat.frontend.redraw)
        self.changed.fire()

    def close(self) -> None:
        """The table closes: wake whoever waits, and stop the workers once their jobs are done."""
        if not self.closing.done():
            self.closing.set_result(None)
        for seat in self.seats:
            seat.shutdown()
