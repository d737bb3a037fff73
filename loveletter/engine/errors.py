"""Exceptions raised by the rules engine.

Every error the engine raises derives from :class:`EngineError`, so a front end can catch one type and print
its message: each message says what is wrong and, where it helps, how to fix it.
"""

from __future__ import annotations

from collections.abc import Mapping


class EngineError(Exception):
    """Base class of every error raised by the rules engine."""


class RulesetError(EngineError):
    """A ruleset file is missing, unreadable or invalid.

    ``str(error)`` is one line naming the file, the key and the problem, e.g.
    ``house.toml: modes[0].copies.Guard: must be a whole number from 1 to 99, got 0``. ``code`` names the kind of
    problem and ``params`` its details (strings), so a front end can word it in the player's language: the
    English wording of each code is ``loveletter.engine.ruleset.PROBLEMS``. An error raised without a code (by
    code outside the engine) has ``code == ""``.
    """

    def __init__(
        self, source: str, key: str, problem: str, *, code: str = "", params: Mapping[str, str] | None = None
    ) -> None:
        self.source = source
        self.key = key
        self.problem = problem
        self.code = code
        self.params: Mapping[str, str] = dict(params or {})
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {problem}")


class SetupError(EngineError, ValueError):
    """A game or round cannot be set up as asked (player count, stacked deck, first player)."""


class IllegalActionError(EngineError, ValueError):
    """An action was applied that is not legal for the seat and moment it was applied to."""


class NotationError(EngineError, ValueError):
    """A text does not parse as an action in the action notation."""
