"""Errors a user can act on, outside the engine: the command line prints them as one line and exits with 2."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix: a bad argument, an unreadable save file. ``str(error)`` is one line."""


class UsageError(UserError):
    """A bad command-line argument or combination of arguments."""
