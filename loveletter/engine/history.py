"""The round's history as a state keeps it: the events each seat may see, recorded as they happen (:data:`Tape`).

A view carries its seat's part of the tape as its history (:attr:`View.history <loveletter.engine.view.View>`),
two references to tuples that never change, and puts them in order only when the history is read. Nothing of it
is hidden from that seat: a view never holds the deal the round was played from. A game that builds no events
(``record=False``: simulations of players that do not read the history, a search's copies) has no tape, and its
views no history.
"""

from __future__ import annotations

from collections.abc import Sequence

from loveletter.engine import events as ev

#: The events of a round each seat may see: ``(public, count, private)``. ``public`` chains the public events,
#: newest first, as ``(earlier, event)`` (``()`` when empty); ``count`` is how many there are; ``private[p]``
#: chains seat ``p``'s private events as ``(earlier, public events before it, event)``, or is ``None`` when
#: unknown (a state sampled from another seat's view: its public chain then holds that seat's whole history).
#: Every part is a tuple, never changed: a view keeps the two chains of its seat as they were.
Tape = tuple[tuple[object, ...], int, tuple[tuple[object, ...] | None, ...]]


def empty_tape(n: int) -> Tape:
    """The tape of a round of ``n`` seats before anything happened."""
    return (), 0, ((),) * n


def taped(tape: Tape, events: Sequence[ev.Event]) -> Tape:
    """``tape`` with ``events`` recorded after the others: each public event on the public chain, each private
    one on its audience's chains. This is the price of views that hold only their seat's history and cost nothing
    to build: about a sixth of a ``Game.push`` (``benchmarks/NOTES.md``, "Where Game.push's time went")."""
    public, count, private = tape
    mine: list[tuple[object, ...] | None] | None = None
    for event in events:
        if event.public:
            public = (public, event)
            count += 1
            continue
        if mine is None:
            mine = list(private)
        for seat in event.audience:  # type: ignore[union-attr]
            chain = mine[seat]
            if chain is not None:
                mine[seat] = (chain, count, event)
    return public, count, private if mine is None else tuple(mine)


def sampled_tape(n: int, seat: int, history: Sequence[ev.Event]) -> Tape:
    """The tape of a state sampled from ``seat``'s view, whose ``history`` is all it knows of the round."""
    public: tuple[object, ...] = ()
    for event in history:
        public = (public, event)
    return public, len(history), tuple(() if p == seat else None for p in range(n))


def unwound(public: tuple[object, ...], private: tuple[object, ...]) -> tuple[ev.Event, ...]:
    """The events of a public chain and a seat's private chain (see :data:`Tape`), oldest first."""
    events: list[ev.Event] = []
    while public:
        public, event = public  # type: ignore[assignment]
        events.append(event)  # type: ignore[arg-type]
    events.reverse()
    while private:  # newest first: an older event at the same place is inserted before it
        private, at, event = private  # type: ignore[assignment]
        events.insert(at, event)  # type: ignore[arg-type]
    return tuple(events)
