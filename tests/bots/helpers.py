"""Helpers for the computer-player tests: positions from random games, and re-dealing what a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator

from loveletter.engine import Game, GameState

#: (ruleset, players) pairs that cover every deck: 2019 with and without face-up cards, classic, both premium
#: modes (the 5-8 player one has every premium card), and original2012.
TABLES = [
    ("2019", 2),
    ("2019", 4),
    ("classic", 3),
    ("premium", 2),
    ("premium", 5),
    ("premium", 8),
    ("original2012", 2),
]


def positions(ruleset: str, players: int, seed: int, count: int) -> Iterator[Game]:
    """``count`` decision points of random games (the same game object, advanced between yields)."""
    rng = random.Random(seed)
    found = 0
    game_seed = seed * 1000
    while found < count:
        game = Game(ruleset, players, seed=game_seed)
        game_seed += 1
        while not game.over and found < count:
            if game.round_over:
                game.next_round()
                continue
            if rng.random() < 0.3:
                found += 1
                yield game
                if game.over or game.round_over:
                    continue
            game.push(rng.choice(game.legal_actions()))


def redeal(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``state`` where every card ``seat`` cannot see is dealt again at random: the other seats'
    unknown hand cards, the deck except the cards ``seat`` put under it, and the face-down set-aside card. What
    the others knew of hidden cards is dropped (``seat`` cannot see it either), so the copy is a consistent
    deal that ``seat`` cannot tell from the original.

    Written independently of :mod:`loveletter.engine.determinize`, to check it."""
    s = state.copy()
    n = s.n
    places: list[tuple[str, int, int]] = []  # (where, which, index)
    for p in range(n):
        if p == seat:
            continue
        known = list(s.known.get(seat * n + p, ()))
        for i, card in enumerate(s.hands[p]):
            if card in known:
                known.remove(card)
            else:
                places.append(("hand", p, i))
    mine = {index for viewer, index, _ in s.deck_marks if viewer == seat}
    places.extend(("deck", 0, i) for i in range(len(s.deck)) if i not in mine)
    if s.set_aside is not None:
        places.append(("set_aside", 0, 0))

    def get(place: tuple[str, int, int]) -> str:
        where, which, index = place
        if where == "hand":
            return s.hands[which][index]
        if where == "deck":
            return s.deck[index]
        assert s.set_aside is not None
        return s.set_aside

    cards = [get(place) for place in places]
    rng.shuffle(cards)
    for (where, which, index), card in zip(places, cards, strict=True):
        if where == "hand":
            s.hands[which][index] = card
        elif where == "deck":
            s.deck[index] = card
        else:
            s.set_aside = card
    s.known = {slot: cards for slot, cards in s.known.items() if slot // n == seat}
    s.deck_marks = tuple(mark for mark in s.deck_marks if mark[0] == seat)
    return s


def hidden_cards(state: GameState, seat: int) -> list[str]:
    """Everything ``seat`` cannot see, in a fixed order: to tell whether a re-deal changed anything."""
    n = state.n
    out: list[str] = []
    for p in range(n):
        if p != seat:
            out.extend(state.hands[p])
    out.extend(state.deck)
    out.append(state.set_aside or "")
    return out
