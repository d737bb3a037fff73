"""The player's decisions in solitaire, as small immutable values with a text notation.

Queue cards are named by their place: ``Q1`` (leftmost, played first) to ``Q6``, and ``Q7`` the place the
princess starts in. Places keep their label as the cards around them leave, so ``Q3`` means the same card
throughout a log (until that card leaves or is swapped). The player's own cards are ``hand`` and ``agent``.

=========================  ====================================================================================
``draw``                   start the turn by drawing, then play one of the two hand cards (docs/rules.md §6.2 a)
``agent``                  start the turn by turning the secret agent face up to play it instead (§6.2 b)
``Guard>Q3=Priest``        a Guard on the face-down card at Q3, naming the Priest
``Guard>Q3``               a Guard on a face-up card (no name: it is discarded at once)
``Priest>Q2``              a card on one target: a queue place, ``hand`` or ``agent`` (``Prince>hand``)
``Baron>Q2/agent``         a Baron on Q2 compared with the agent; ``King>Q5/hand`` gives the hand card for Q5
``Handmaid``               a card that chooses nothing, or that finds no target (it then has no effect)
``choose hand``            the answer to "hand or agent?" when a retinue card targets the player (or, with the
                           reveal-first flag, which own card the player's Baron compares)
=========================  ====================================================================================

>>> a = parse_action("guard>q3=priest", ["Guard", "Priest"])
>>> a
Play(card='Guard', target=3, own=None, named='Priest')
>>> str(a)
'Guard>Q3=Priest'
>>> str(parse_action("King>Q5/hand")), str(parse_action("Choose Agent")), str(parse_action("DRAW"))
('King>Q5/hand', 'choose agent', 'draw')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from loveletter.engine.actions import card_reader
from loveletter.engine.errors import NotationError

#: One of the player's own cards.
Own = Literal["hand", "agent"]
#: What a card can choose: a queue place (1..7) or one of the player's own cards.
Target = int | Own


def format_target(target: Target) -> str:
    """``3`` -> ``'Q3'``; ``'hand'`` -> ``'hand'``."""
    return f"Q{target}" if isinstance(target, int) else target


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn option (a): draw the top card of the draw pile, then play a hand card."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class PlayAgent:
    """Turn option (b): turn the secret agent face up to play it (its play is the next decision)."""

    def __str__(self) -> str:
        return "agent"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (from the hand after a draw, or the flipped agent) on ``target``; ``own`` is the player's
    card a Baron compares or a King gives; ``named`` is a Guard's guess on a face-down card."""

    card: str
    target: Target | None = None
    own: Own | None = None
    named: str | None = None

    def __str__(self) -> str:
        text = self.card
        if self.target is not None:
            text += ">" + format_target(self.target)
        if self.own is not None:
            text += f"/{self.own}"
        if self.named is not None:
            text += f"={self.named}"
        return text


@dataclass(frozen=True, slots=True)
class Choose:
    """The answer to "hand or agent?": which of the player's own cards a card affects."""

    own: Own

    def __str__(self) -> str:
        return f"choose {self.own}"


Action = Draw | PlayAgent | Play | Choose

_DRAW = Draw()
_AGENT = PlayAgent()
_PLAY = re.compile(
    r"^(?P<card>[A-Za-z]+)(?:>(?:[Qq](?P<slot>[1-9])|(?P<mine>hand|agent)))?(?:/(?P<own>hand|agent))?"
    r"(?:=(?P<named>[A-Za-z]+))?$",
    re.IGNORECASE,
)
_CHOOSE = re.compile(r"^choose\s+(?P<own>hand|agent)$", re.IGNORECASE)


def parse_action(text: str, card_ids: Iterable[str] | None = None) -> Action:
    """Parse the notation (see the module docstring). With ``card_ids``, card names are matched without regard
    to case and must be one of them; without, they are taken as written.

    >>> parse_action("Prince>hand")
    Play(card='Prince', target='hand', own=None, named=None)
    >>> parse_action("Guard>Q2=Nobody", ["Guard", "Priest"])
    Traceback (most recent call last):
    ...
    loveletter.engine.errors.NotationError: 'Guard>Q2=Nobody': unknown card 'Nobody' (known: Guard, Priest)
    """
    stripped = text.strip()
    low = stripped.lower()
    if low == "draw":
        return _DRAW
    if low == "agent":
        return _AGENT
    choose = _CHOOSE.match(stripped)
    if choose:
        return Choose("hand" if choose["own"].lower() == "hand" else "agent")
    play = _PLAY.match(stripped)
    if not play or low in ("hand", "choose"):
        raise NotationError(
            f"{text!r} is not a solitaire action; examples: draw, agent, Guard>Q3=Priest, Baron>Q2/agent, "
            "Prince>hand, Handmaid, choose agent"
        )
    card = card_reader(text, card_ids)
    target: Target | None = None
    if play["slot"] is not None:
        target = int(play["slot"])
    elif play["mine"] is not None:
        target = "hand" if play["mine"].lower() == "hand" else "agent"
    own: Own | None = None
    if play["own"] is not None:
        own = "hand" if play["own"].lower() == "hand" else "agent"
    named = card(play["named"]) if play["named"] is not None else None
    return Play(card(play["card"]), target, own, named)
