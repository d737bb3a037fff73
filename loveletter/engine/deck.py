"""Stacked decks: build a deal order from just the cards that matter, for tests, tutorials and bug reports.

>>> from loveletter.engine import Game, load_ruleset
>>> rs = load_ruleset("classic")
>>> deck = stacked_deck(rs, 3, hands=["Guard", "Priest", "Princess"], draws=["Baron"], set_aside="King")
>>> deck[:5]
['King', 'Guard', 'Priest', 'Princess', 'Baron']
>>> game = Game(rs, 3, deck=deck, first_player=0)
>>> game.view(0).hand
('Guard', 'Baron')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from loveletter.engine.errors import SetupError
from loveletter.engine.ruleset import Ruleset


def stacked_deck(
    ruleset: Ruleset,
    players: int,
    *,
    hands: Sequence[str],
    first_player: int = 0,
    draws: Sequence[str] = (),
    set_aside: str | None = None,
    face_up: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
) -> list[str]:
    """A full deck order (top card first) that deals ``hands[i]`` to ``seats[i]`` (default: every seat in
    order), then draws ``draws`` in order. The set-aside card, the face-up cards (two players) and the rest
    of the deck are the given ones, or the remaining cards, highest value first."""
    mode = ruleset.mode_for(players)
    seats = list(range(players)) if seats is None else list(seats)
    if len(hands) != len(seats):
        raise SetupError(f"give one hand card per seat dealt in ({len(seats)}), not {len(hands)}")
    left = Counter(mode.deck())

    def take(card: str) -> str:
        if left[card] <= 0:
            raise SetupError(f"the stacked deck asks for more {card} cards than the {ruleset.name} deck has")
        left[card] -= 1
        return card

    chosen_aside = take(set_aside) if set_aside is not None else None
    face_up_count = mode.face_up_set_aside if len(seats) == 2 else 0
    if face_up is not None and len(face_up) != face_up_count:
        raise SetupError(f"this deal has {face_up_count} face-up set-aside cards, not {len(face_up)}")
    chosen_face_up = [take(c) for c in face_up] if face_up is not None else None
    by_seat = {seat: take(card) for seat, card in zip(seats, hands, strict=True)}
    chosen_draws = [take(c) for c in draws]
    rest = list(left.elements())  # the unchosen cards, highest value first (the mode's order)

    order: list[str] = [chosen_aside if chosen_aside is not None else rest.pop(0)]
    order += chosen_face_up if chosen_face_up is not None else [rest.pop(0) for _ in range(face_up_count)]
    start = seats.index(first_player)
    order += [by_seat[s] for s in seats[start:] + seats[:start]]
    order += chosen_draws
    order += rest
    return order
