"""Layouts: the order the 15 cards other than the princess are dealt in (docs/rules.md §6.1).

A layout lists the retinue Q1..Q6, the hand card, the secret agent, then the draw pile from the top. A shuffled
one comes from a game's own ``random.Random``; a stacked one, for tests, tutorials and bug reports, from just
the cards that matter.

>>> from loveletter.solitaire.ruleset import load_solitaire_ruleset
>>> rs = load_solitaire_ruleset()
>>> layout = stacked_layout(rs, queue=["Guard", "Baron"], hand="Prince", agent="Priest", draws=["Handmaid"])
>>> layout[:8]
['Guard', 'Baron', 'Countess', 'King', 'Prince', 'Handmaid', 'Prince', 'Priest']
>>> layout[8:]
['Handmaid', 'Baron', 'Priest', 'Guard', 'Guard', 'Guard', 'Guard']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from loveletter.engine.errors import SetupError
from loveletter.solitaire.ruleset import SolitaireRuleset

RETINUE = 6


def shuffled_layout(ruleset: SolitaireRuleset, rng: random.Random) -> list[str]:
    """The princess is taken out first, then the other cards (highest first) are shuffled with ``rng``."""
    cards = ruleset.deck()
    cards.remove(ruleset.princess)
    rng.shuffle(cards)
    return cards


def stacked_layout(
    ruleset: SolitaireRuleset,
    *,
    queue: Sequence[str] = (),
    hand: str | None = None,
    agent: str | None = None,
    draws: Sequence[str] = (),
) -> list[str]:
    """A layout with these retinue cards from Q1 on, this hand card and agent, and these draws from the top;
    every place not given gets the remaining cards, highest value first (queue, hand, agent, then the pile)."""
    if len(queue) > RETINUE:
        raise SetupError(f"the retinue has {RETINUE} places, not {len(queue)}")
    left = Counter(ruleset.deck())
    left[ruleset.princess] -= 1

    def take(card: str) -> str:
        if card not in ruleset.cards:
            raise SetupError(f"unknown card {card!r}; known: {', '.join(ruleset.cards)}")
        if left[card] <= 0:
            what = "the princess is never dealt" if card == ruleset.princess else f"not that many {card} cards"
            raise SetupError(f"the stacked layout asks for {card}: {what}")
        left[card] -= 1
        return card

    chosen_queue = [take(c) for c in queue]
    chosen_hand = take(hand) if hand is not None else None
    chosen_agent = take(agent) if agent is not None else None
    chosen_draws = [take(c) for c in draws]
    rest = [c for c in ruleset.cards for _ in range(left[c])]  # the cards not asked for, highest first
    order = chosen_queue + [rest.pop(0) for _ in range(RETINUE - len(chosen_queue))]
    order.append(chosen_hand if chosen_hand is not None else rest.pop(0))
    order.append(chosen_agent if chosen_agent is not None else rest.pop(0))
    return order + chosen_draws + rest
