"""Love Letter Solitaire: the one-player variant against the Princess's retinue (docs/rules.md §6), as a pure engine.

The public API, for the user interface and the computer players:

* :class:`SolitaireGame` — ``SolitaireGame(seed=…)`` or ``SolitaireGame(layout=…)``; ``legal_actions()``,
  ``push(action)`` (returns the events, the retinue's turn included), ``view()``, ``over``, ``outcome``,
  ``reason``, ``log``, ``actions``, ``layout``; :class:`SolitaireState` underneath, with a cheap ``copy()``.
* :class:`SolitaireView` — what the player may know: the queue left to right, hand, agent, discard pile, draw
  pile count, unseen cards, legal actions, the pending "hand or agent?" :class:`Threat`, the outcome.
* Actions :class:`Draw`, :class:`PlayAgent`, :class:`Play`, :class:`Choose` and :func:`parse_action`.
* Events in :mod:`loveletter.solitaire.events`; the ruleset loader :func:`load_solitaire_ruleset`; layouts
  (:func:`stacked_layout`) for tests; computer players in :mod:`loveletter.solitaire.bot`.

>>> game = SolitaireGame(seed=1)
>>> while not game.over:                # the first legal action each time
...     _ = game.push(game.legal_actions()[0])
>>> game.outcome in ("win", "loss")
True
"""

from loveletter.solitaire.actions import Action, Choose, Draw, Own, Play, PlayAgent, Target, parse_action
from loveletter.solitaire.events import EndReason, Outcome, Side
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.layout import shuffled_layout, stacked_layout
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.ruleset import (
    SolitaireFlags,
    SolitaireRuleset,
    load_solitaire_ruleset,
    parse_solitaire_ruleset,
)
from loveletter.solitaire.state import SolitaireState
from loveletter.solitaire.view import QueueCard, SolitaireView, Threat, guard_guess

__all__ = [
    "Action",
    "Choose",
    "Draw",
    "EndReason",
    "Outcome",
    "Own",
    "Phase",
    "Play",
    "PlayAgent",
    "QueueCard",
    "Side",
    "SolitaireFlags",
    "SolitaireGame",
    "SolitaireRuleset",
    "SolitaireState",
    "SolitaireView",
    "Target",
    "Threat",
    "guard_guess",
    "load_solitaire_ruleset",
    "parse_action",
    "parse_solitaire_ruleset",
    "shuffled_layout",
    "stacked_layout",
]
