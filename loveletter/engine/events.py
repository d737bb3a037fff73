"""Events: what happened, each with the audience that may see it.

Every change to a game produces events. An event is either *public* (every seat sees it, including seats
knocked out of the round) or *private* to the seats in :attr:`Event.audience`. A log for one seat is the
events that seat may see (:func:`visible_to`), so a log can be rendered for any seat without leaking.

Where an action has public and private parts, they are separate events: ``Drew`` says publicly that a seat drew,
``DrewCard`` tells only that seat which card.

Events are values: never change one. They are plain slotted dataclasses rather than frozen ones because the
engine builds several per turn and a frozen dataclass costs almost twice as much to build (measured with
``benchmarks/engine.py``); nothing in the project assigns to an event's fields. The events of every turn (a card
played, a turn starting with a draw) are the exception: frozen, since the engine builds one object per value and
logs it again and again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal

#: Why a player was knocked out of the round.
KnockOutCause = Literal["guard", "baron", "dowager_queen", "princess", "assassin"]
#: Why a player gained a token.
TokenReason = Literal["round", "spy", "jester", "bishop", "constable"]
#: How a round ended: one player left, the deck ran out, or a player won the game in the middle of it.
RoundEnd = Literal["last_standing", "deck_out", "interrupted"]


class Event:
    """Base class of all events."""

    __slots__ = ()
    #: True when every seat may see the event.
    public: ClassVar[bool] = True

    @property
    def audience(self) -> tuple[int, ...] | None:
        """The seats that may see this event, or ``None`` for everyone."""
        return None

    def visible_to(self, seat: int) -> bool:
        audience = self.audience
        return audience is None or seat in audience


class PrivateEvent(Event):
    """An event only its ``seat`` may see (and, for some, a second seat)."""

    __slots__ = ()
    public: ClassVar[bool] = False
    seat: int

    @property
    def audience(self) -> tuple[int, ...] | None:
        return (self.seat,)


def visible_to(events: Iterable[Event], seat: int) -> list[Event]:
    """The events of ``events`` that ``seat`` may see, in order."""
    return [e for e in events if e.visible_to(seat)]


# ----------------------------------------------------------------------------------------------- public events


@dataclass(slots=True)
class RoundStarted(Event):
    round: int
    first_player: int
    seats: tuple[int, ...]  # the seats taking part (all, or the tied players of a tie-break round)
    face_up: tuple[str, ...]  # face-up set-aside cards (two-player games)
    deck_size: int  # cards left to draw after the deal
    tiebreak: bool = False


@dataclass(frozen=True, slots=True)  # shared by the engine's logs: see the module's docstring
class TurnStarted(Event):
    seat: int


@dataclass(slots=True)
class ProtectionEnded(Event):
    seat: int


@dataclass(slots=True)
class Drew(Event):
    """``seat`` drew a card: from the deck, or the face-down set-aside card when the deck was empty."""

    seat: int
    from_set_aside: bool = False


@dataclass(frozen=True, slots=True)  # shared by the engine's logs: see the module's docstring
class Played(Event):
    """``seat`` played ``card`` choosing ``targets``, naming ``named``, and (Cardinal) looking at ``look``."""

    seat: int
    card: str
    targets: tuple[int, ...] = ()
    named: str | int | None = None
    look: int | None = None


@dataclass(slots=True)
class NoEffect(Event):
    """The card just played had no effect: nobody could be chosen (or, Chancellor, nothing to draw)."""

    seat: int
    card: str


@dataclass(slots=True)
class Guessed(Event):
    """A Guard or Bishop guess on ``target`` and whether it was right."""

    seat: int
    target: int
    named: str | int
    correct: bool


@dataclass(slots=True)
class Compared(Event):
    """A Baron or Dowager Queen comparison: ``loser`` is knocked out, ``None`` on a tie."""

    seat: int
    target: int
    card: str
    loser: int | None


@dataclass(slots=True)
class Protected(Event):
    seat: int


@dataclass(slots=True)
class Discarded(Event):
    """``seat`` discarded ``card`` from hand without its effect, because of ``cause`` (a card id)."""

    seat: int
    card: str
    cause: str


@dataclass(slots=True)
class KnockedOut(Event):
    """``seat`` is out of the round; ``cards`` are the hand cards it discarded face up."""

    seat: int
    cause: KnockOutCause
    cards: tuple[str, ...]


@dataclass(slots=True)
class Swapped(Event):
    """``a`` and ``b`` exchanged hands (King, Cardinal)."""

    a: int
    b: int


@dataclass(slots=True)
class ChancellorDrew(Event):
    seat: int
    count: int


@dataclass(slots=True)
class ReturnedToDeck(Event):
    """``seat`` put ``count`` cards under the deck."""

    seat: int
    count: int


@dataclass(slots=True)
class Marked(Event):
    """A public marker: ``sycophant`` (``target`` must be chosen by the next card) or ``jester``."""

    seat: int
    target: int
    marker: Literal["sycophant", "jester"]


@dataclass(slots=True)
class RedrawDecided(Event):
    """The Bishop's target chose to discard and redraw (``redraw``) or to keep their card."""

    seat: int
    redraw: bool


@dataclass(slots=True)
class AssassinStruck(Event):
    """``holder`` revealed the Assassin against the Guard of ``guard_player``."""

    holder: int
    guard_player: int


@dataclass(slots=True)
class CardRevealed(Event):
    """``seat``'s card is shown to everyone (a correct Bishop guess on a value only one card has)."""

    seat: int
    card: str


@dataclass(slots=True)
class HandsRevealed(Event):
    """At a deck-out every remaining player shows their hand; ``scores`` are the compared values."""

    hands: tuple[tuple[int, str], ...]
    scores: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class TokenAwarded(Event):
    seat: int
    reason: TokenReason
    total: int


@dataclass(slots=True)
class RoundEnded(Event):
    round: int
    reason: RoundEnd
    winners: tuple[int, ...]
    set_aside: str | None = None  # shown only when the ruleset's flag says so


@dataclass(slots=True)
class TiebreakAnnounced(Event):
    """Several players reached the goal together: they alone play a tie-break round."""

    seats: tuple[int, ...]


@dataclass(slots=True)
class GameEnded(Event):
    winners: tuple[int, ...]


# ---------------------------------------------------------------------------------------------- private events


@dataclass(slots=True)
class Dealt(PrivateEvent):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)  # shared by the engine's logs: see the module's docstring
class DrewCard(PrivateEvent):
    seat: int
    card: str


@dataclass(slots=True)
class SawHand(PrivateEvent):
    """``seat`` looked at ``target``'s hand (Priest, Baroness, Cardinal)."""

    seat: int
    target: int
    card: str


@dataclass(slots=True)
class ComparedHands(PrivateEvent):
    """The two cards of a Baron or Dowager Queen comparison, for its two players only."""

    seat: int
    target: int
    seat_card: str
    target_card: str

    @property
    def audience(self) -> tuple[int, ...] | None:
        return (self.seat, self.target)


@dataclass(slots=True)
class Received(PrivateEvent):
    """After a swap, ``seat`` now holds ``card``, which came from ``giver``."""

    seat: int
    card: str
    giver: int


@dataclass(slots=True)
class ChancellorCards(PrivateEvent):
    seat: int
    cards: tuple[str, ...]


@dataclass(slots=True)
class ReturnedCards(PrivateEvent):
    """The cards ``seat`` put under the deck, in order: the last one is the very bottom card."""

    seat: int
    cards: tuple[str, ...]
