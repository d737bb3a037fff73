"""Advice for one seat, from its view alone: what the other players probably hold, and what each move is worth.

This is the strong player's judgement offered to a coach: :func:`card_chances` is the ``hard`` level's reading
of the round (:mod:`loveletter.bots.beliefs`: every card played this round, how likely a sensible player was to
play it with each possible card, every Guard that missed, every comparison...), and :func:`move_chances` is its
search (:class:`~loveletter.bots.hard.HardBot`), which values every legal move by the seat's chance of winning
the round after it. Both read only the :class:`~loveletter.engine.View` they are given (never the state, never
another seat's hand), so re-dealing every card the seat cannot see changes neither answer. They remember nothing
between calls: unlike a ``hard`` player that watched the game, they assume nothing about how closely each
opponent follows the heuristic beyond what this round's plays show.

>>> import random
>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=29, first_player=0)
>>> _ = game.push("Guard>1=Princess")
>>> _ = game.push("Handmaid")
>>> view = game.view(0)
>>> odds = card_chances(view)[1]
>>> round(sum(odds.values()), 6), odds["Chancellor"]     # seat 0 holds the last Chancellor
(1.0, 0.0)
>>> moves = move_chances(view, random.Random(1))
>>> sorted(str(a) for a, _ in moves) == sorted(str(a) for a in view.legal_actions)
True
>>> all(0.0 <= chance <= 1.0 for _, chance in moves)
True
"""

from __future__ import annotations

import random

from loveletter.bots import beliefs
from loveletter.bots.hard import HardBot, round_won
from loveletter.engine import Action, View

#: Moves simulated for :func:`move_chances` by default, by number of players: about a tenth of a second on the
#: development machine, so that the answer comes well within half a second even on a busy one.
ADVICE_BUDGET = {2: 4_000, 3: 4_000, 4: 4_000, 5: 3_000, 6: 3_000, 7: 3_000, 8: 3_000}


def card_chances(view: View) -> dict[int, dict[str, float]]:
    """For each other seat still in the round: card id -> the chance that it holds that card now.

    Each seat's chances sum to one. A card the view places elsewhere (in the viewer's hand, on the table, in a
    hand it knows) gets zero; a card the viewer knows the seat holds gets one. For a seat holding two cards
    (the player whose turn it is, seen by another seat) the chances are the expected share of its hand."""
    return beliefs.read(view).chances


def move_chances(
    view: View, rng: random.Random, *, budget: int | None = None, seconds: float | None = None
) -> list[tuple[Action, float]]:
    """Every legal action of ``view`` (every Guard name, every Chancellor keep and order) with the strong
    player's estimate of the viewer's chance to win the round after it, best first (ties in the order of
    ``view.legal_actions``). A token that ends the game during the round counts as a win for its winner.

    ``budget`` is the number of moves simulated (by default :data:`ADVICE_BUDGET`); ``seconds`` optionally
    stops the search sooner (then the answer depends on the machine's speed). The same view and the same
    ``rng`` state give the same answer. With nothing to decide, the list is empty."""
    legal = view.legal_actions
    if not legal:
        return []
    reading = beliefs.read(view)
    budget = budget or ADVICE_BUDGET.get(view.players, 3_000)
    values = HardBot(rng).estimate(view, reading, round_won, budget=budget, seconds=seconds)
    order = {a: i for i, a in enumerate(legal)}
    return sorted(((a, values[a]) for a in legal), key=lambda pair: (-pair[1], order[pair[0]]))
