"""What counts as a seat's private news: the one rule the game loop (whose news a hand-off must show) and the
round's log (which lines to tell) share; and, in a game picked up from its record, where what a seat saw ends."""

from __future__ import annotations

from collections.abc import Sequence

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


#: The events a decision begins with: a card played, the cards a Chancellor keeps (the rest go under the deck), a
#: Bishop's target's choice to redraw or not.
DECISIONS = (ev.Played, ev.ReturnedToDeck, ev.RedrawDecided)


def seen_by_own_move(log: Sequence[ev.Event], seat: int, start: int) -> int:
    """Where what ``seat`` saw ends in ``log``, by its own moves since ``start``: just before the first decision by
    anyone after its own last one (its screen showed everything up to there as its part ended), else ``start``. A
    game picked up from its record knows no more of who looked at what, and marks new only what comes after: not
    the whole round, the seat's own moves included.

    >>> from loveletter.engine import Game
    >>> game = Game("classic", 2, seed=4, first_player=0)
    >>> for _ in range(2):
    ...     _ = game.push(game.legal_actions()[0])
    >>> seen = seen_by_own_move(game.log, 0, 0)  # up to seat 1's move
    >>> game.log[seen].seat, type(game.log[seen]).__name__
    (1, 'Played')
    >>> seen_by_own_move(game.log, 1, 0) == len(game.log)
    True
    """
    last = None
    for index in range(start, len(log)):
        event = log[index]
        if isinstance(event, DECISIONS) and event.seat == seat:
            last = index
    if last is None:
        return start
    return next((i for i in range(last + 1, len(log)) if isinstance(log[i], DECISIONS)), len(log))
