"""Errors a user can act on, outside the engine: the command line prints them as one line and exits with 2."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix: a bad argument, an unreadable save file. ``str(error)`` is one line."""


class UsageError(UserError):
    """A bad command-line argument or combination of arguments."""


class BotError(UserError):
    """A user's bot that misbehaved at a table (``play --level FILE.py:CLASS``, ``simulate --seats``): an illegal
    answer, an error, no answer in time, its program ended. The game stops (a hot-seat game saved, to be resumed
    once the bot is fixed); ``str(error)`` names the bot, what it did and where its log is."""
