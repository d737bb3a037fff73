"""Re-deal what one seat cannot know: the leak test's tool, written apart from the engine's own bookkeeping.

A seat's view must not depend on any card it has no right to know (docs/rules.md §2.6). To test that, take a
state, keep everything the seat may know in place (public information, its own hand, the cards its view says
it knows in other hands and in the deck) and shuffle every other card among the places that hold such cards:
the unknown cards of other hands, the unknown positions of the deck and the face-down set-aside card. The
result is another full state the seat cannot tell apart from the real one, so its view must be equal.

Only :meth:`GameState.copy` is used from the engine: the hidden places are worked out here from the state's
fields (``hands``, ``deck``, ``set_aside``) and the seat's :class:`View`, never from engine helpers.

Caveat: the engine's notes of what *other* seats know (``state.known``, ``state.deck_marks``) are left as they
are, so in the re-dealt state they may name cards that moved. Only the given seat's view of the re-dealt state
is meaningful.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from loveletter.engine import GameState

#: How many shuffles to try before accepting one that moves no card (possible only with few distinct cards).
_TRIES = 8


@dataclass(frozen=True)
class Place:
    """Where a hidden card lies: ``("hand", seat, index)``, ``("deck", index from the bottom)`` or
    ``("set_aside",)``."""

    kind: str
    index: int = 0
    position: int = 0


def hidden_places(state: GameState, seat: int) -> list[Place]:
    """The places of every card ``seat`` cannot know, according to its view; the caller can read the cards."""
    view = state.view(seat)
    places: list[Place] = []
    for holder, hand in enumerate(state.hands):
        if holder == seat:
            continue
        known = Counter(view.seats[holder].known)
        for index, card in enumerate(hand):
            if known[card] > 0:  # a card the seat knows stays where it is
                known[card] -= 1
            else:
                places.append(Place("hand", holder, index))
    top = len(state.deck) - 1
    known_deck = {top - from_top for from_top, _ in view.deck_known}
    places.extend(Place("deck", index) for index in range(len(state.deck)) if index not in known_deck)
    if state.set_aside is not None:
        places.append(Place("set_aside"))
    return places


def card_at(state: GameState, place: Place) -> str:
    if place.kind == "hand":
        return state.hands[place.index][place.position]
    if place.kind == "deck":
        return state.deck[place.index]
    assert state.set_aside is not None
    return state.set_aside


def _put(state: GameState, place: Place, card: str) -> None:
    if place.kind == "hand":
        state.hands[place.index][place.position] = card
    elif place.kind == "deck":
        state.deck[place.index] = card
    else:
        state.set_aside = card


@dataclass(frozen=True)
class Redeal:
    """A re-dealt copy of a state; ``changed`` tells whether any hidden card actually moved."""

    state: GameState
    hidden: int  # how many cards were hidden from the seat
    changed: bool


def redeal(state: GameState, seat: int, rng: random.Random) -> Redeal:
    """A copy of ``state`` whose cards hidden from ``seat`` are shuffled among their places (see the module
    docstring). When the hidden cards are not all alike, the copy differs from ``state``."""
    places = hidden_places(state, seat)
    original = [card_at(state, p) for p in places]
    cards = original[:]
    if len(set(cards)) > 1:
        for _ in range(_TRIES):
            rng.shuffle(cards)
            if cards != original:
                break
        else:  # unlucky: move every card one place on, which changes something since they are not all alike
            cards = cards[1:] + cards[:1]
    new = state.copy()
    for place, card in zip(places, cards, strict=True):
        _put(new, place, card)
    # The copy keeps the cached legal actions of the original; they depend on the decider's hand, which may
    # have been re-dealt. Drop the cache so the copy computes its own.
    new._legal = None
    return Redeal(new, len(places), cards != original)
