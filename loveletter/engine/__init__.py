"""The pure Love Letter rules engine: no I/O, no printing, no global randomness.

The public API:

* :class:`Game` — a game in progress: ``decider``, ``legal_actions()``, ``push(action)``, ``view(seat)``,
  ``next_round()``; :class:`GameState` underneath, with a cheap ``copy()`` for search.
* :func:`load_ruleset` / :class:`Ruleset` — editions as data (``rulesets/*.toml``).
* Actions :class:`Play`, :class:`Keep`, :class:`Redraw` and :func:`parse_action` — the action notation.
* :class:`View` — what one seat may know; events in :mod:`loveletter.engine.events`.
"""

from loveletter.engine.actions import Action, Keep, Play, Redraw, parse_action
from loveletter.engine.deck import stacked_deck
from loveletter.engine.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    RulesetError,
    SetupError,
)
from loveletter.engine.game import Deal, Game
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult
from loveletter.engine.ruleset import CardType, Flags, Mode, Ruleset, bundled_names, load_ruleset, parse_ruleset
from loveletter.engine.state import GameState
from loveletter.engine.view import SPECTATOR, SeatView, View

__all__ = [
    "SPECTATOR",
    "Action",
    "CardType",
    "Deal",
    "EngineError",
    "Flags",
    "Game",
    "GameState",
    "IllegalActionError",
    "Keep",
    "Mode",
    "NotationError",
    "Phase",
    "Play",
    "Redraw",
    "RoundResult",
    "Ruleset",
    "RulesetError",
    "SeatView",
    "SetupError",
    "View",
    "bundled_names",
    "load_ruleset",
    "parse_action",
    "parse_ruleset",
    "stacked_deck",
]
