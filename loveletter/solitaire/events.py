"""Events: what happened in a solitaire game, in enough detail to explain every card as it resolves.

Only the player ever sees the table, so every event is written for the player: it names a card only when the
player may see it (a card turned face up, a card in the hand, a card going to the discard pile). A face-down
card that moves or is drawn into the agent slot or the queue appears as ``None``. A log of these events can be
shown as it is.

Places are :data:`~loveletter.solitaire.actions.Target` values: a queue place (1 = Q1 .. 7 = Q7) or ``"hand"``
/ ``"agent"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from loveletter.engine import events as engine_events
from loveletter.solitaire.actions import Own, Target

#: Who acts: the player, or the princess's retinue (the queue).
Side = Literal["player", "retinue"]
#: How a game ended.
Outcome = Literal["win", "loss"]
#: Why a game ended: the one win, and every way to lose (docs/rules.md §6.6).
EndReason = Literal[
    "queue_empty",  # win: no retinue card and no princess left in the queue
    "guard_hit",  # a retinue Guard hit the hand, a face-up agent, or guessed the face-down agent
    "baron_lost",  # a Baron comparison (the retinue's or the player's own) went against the player
    "princess_discarded",  # a Prince made the player discard the princess they held
    "princess_played",  # the player played the princess (from the hand, or as the agent)
    "princess_retired",  # the princess was first in the queue at the start of the retinue's turn
    "draw_pile_empty",  # a card had to be drawn and the pile was empty (or no turn option was left)
]
#: Why a card had no effect.
NoEffectReason = Literal["protected", "no_target", "no_agent", "no_next_card"]
#: Why a card discarded by a Prince was not replaced.
NoReplacementReason = Literal["princess", "flag", "empty_pile"]


class Event(engine_events.Event):
    """Base class of the solitaire events: the engine's :class:`~loveletter.engine.events.Event`, every one of
    them public (the player is the only one at the table)."""

    __slots__ = ()


@dataclass(slots=True)
class Dealt(Event):
    """The game is set up: ``retinue`` face-down cards before the princess, the hand card, a face-down agent."""

    retinue: int
    princess: str
    hand: str
    draw_size: int


@dataclass(slots=True)
class TurnStarted(Event):
    side: Side
    turn: int  # counts both sides' turns, from 1


@dataclass(slots=True)
class ProtectionEnded(Event):
    side: Side


@dataclass(slots=True)
class Drew(Event):
    """The player drew ``card`` into the hand (turn option a)."""

    card: str
    draw_size: int  # cards left to draw


@dataclass(slots=True)
class AgentFlipped(Event):
    """The player turned the secret agent face up to play it (turn option b); ``was_face_up`` if it was known."""

    card: str
    was_face_up: bool


@dataclass(slots=True)
class Played(Event):
    """The player played ``card`` (from the hand, or the agent) with these choices."""

    card: str
    target: Target | None
    own: Own | None
    named: str | None
    from_agent: bool


@dataclass(slots=True)
class RetinuePlayed(Event):
    """The retinue played the card at queue place ``slot`` (now on the discard pile)."""

    slot: int
    card: str
    was_face_up: bool


@dataclass(slots=True)
class RetinueTargeted(Event):
    """A retinue ``card`` affects the player's ``own`` card: the player's choice, or ``automatic`` when the
    agent slot was empty."""

    card: str
    own: Own
    automatic: bool


@dataclass(slots=True)
class Guessed(Event):
    """A Guard on ``target``. ``side`` guessed; ``named`` is the name, or the card itself when the target was face
    up (``automatic``: no guess needed). For the retinue's guess on a face-down agent, ``unaccounted`` is how many
    copies of ``named`` nobody could see (the retinue names the highest card with at least one, §6.5)."""

    side: Side
    target: Target
    named: str
    correct: bool
    automatic: bool = False
    unaccounted: int = 0


@dataclass(slots=True)
class Revealed(Event):
    """The card at ``target`` was turned face up (it stays face up) because of ``cause`` (a card id)."""

    target: Target
    card: str
    cause: str


@dataclass(slots=True)
class Compared(Event):
    """A Baron comparison between the player's ``own`` card and the queue card at ``slot``; ``loser`` is the side
    whose card was lower (``None`` on a tie). Both cards are now face up."""

    side: Side  # who played the Baron
    own: Own
    own_card: str
    slot: int
    queue_card: str
    loser: Side | None


@dataclass(slots=True)
class Discarded(Event):
    """``card`` left ``target`` for the discard pile without its effect, because of ``cause`` (a card id)."""

    target: Target
    card: str
    cause: str


@dataclass(slots=True)
class Replaced(Event):
    """A replacement was drawn into ``target`` after a Prince: ``card`` when the player may see it (the hand),
    ``None`` when it lies face down (agent, queue)."""

    target: Target
    card: str | None
    draw_size: int


@dataclass(slots=True)
class NoReplacement(Event):
    """The card discarded from ``target`` by a Prince is not replaced."""

    target: Target
    reason: NoReplacementReason


@dataclass(slots=True)
class Swapped(Event):
    """A King exchanged the player's ``own`` card with the queue card at ``slot``. ``to_player`` and ``to_queue``
    are the cards that moved, each shown when it is face up where it now lies (a card in the hand always is)."""

    side: Side
    own: Own
    slot: int
    to_player: str | None
    to_queue: str | None


@dataclass(slots=True)
class Protected(Event):
    """A Handmaid protects ``side`` (the player's hand and agent, or every queue card) until its next turn."""

    side: Side


@dataclass(slots=True)
class NoEffect(Event):
    """``side``'s ``card`` could not be carried out and is simply discarded."""

    side: Side
    card: str
    reason: NoEffectReason


@dataclass(slots=True)
class GameEnded(Event):
    outcome: Outcome
    reason: EndReason
