"""What counts as a seat's private news: the one rule the game loop (whose news a hand-off must show) and the
round's log (which lines to tell) share."""

from __future__ import annotations

from loveletter.engine import events as ev


def shown_by_hand(event: ev.Event, previous: ev.Event | None) -> bool:
    """Whether ``event`` is a card the seat's own hand already shows: its deal, or the draw that starts its turn
    (a :class:`~loveletter.engine.events.DrewCard` right after its own ``TurnStarted``). Any other draw (a
    Prince's, a Chancellor's) is news."""
    if isinstance(event, ev.Dealt):
        return True
    return isinstance(event, ev.DrewCard) and isinstance(previous, ev.TurnStarted) and previous.seat == event.seat


def is_private_news(event: ev.Event, previous: ev.Event | None, seat: int) -> bool:
    """Whether ``event`` is private news for ``seat``: seen by it and not by everyone, and not a card its hand
    already shows (:func:`shown_by_hand`)."""
    return not event.public and event.visible_to(seat) and not shown_by_hand(event, previous)
