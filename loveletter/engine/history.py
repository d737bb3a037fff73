"""The round's history as a state keeps it: how the round was dealt (:class:`Opening`), or, in a state sampled from
one seat's view, the events that seat saw (:class:`SeenHistory`).

With the round's decisions (:attr:`GameState.plays <loveletter.engine.state.GameState.plays>` and its Chancellor
keeps) an opening replays the round, every event included (:func:`~loveletter.engine.state.round_events`): games
that build no events (simulations, search) still give each view its history, paid only by those who read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from loveletter.engine.events import Event


class Opening:
    """What a round's deal started from: the deck order (top card first) and first player, and the game's state
    that the round's events depend on (tokens, tie-break). With the round's decisions it replays the round."""

    __slots__ = ("deck", "first_player", "last_winners", "tiebreak", "tiebreak_rounds", "tokens")

    def __init__(
        self,
        deck: Sequence[str],
        first_player: int,
        tokens: tuple[int, ...],
        tiebreak: tuple[int, ...] | None,
        tiebreak_rounds: int,
        last_winners: tuple[int, ...],
    ) -> None:
        self.deck = deck
        self.first_player = first_player
        self.tokens = tokens
        self.tiebreak = tiebreak
        self.tiebreak_rounds = tiebreak_rounds
        self.last_winners = last_winners


class SeenHistory:
    """The round's history as one seat saw it at one point (``plays`` decisions in): all a state sampled from that
    seat's view can tell, since the deal it replays from is unknown."""

    __slots__ = ("events", "plays", "seat")

    def __init__(self, seat: int, events: tuple[Event, ...], plays: int) -> None:
        self.seat = seat
        self.events = events
        self.plays = plays
