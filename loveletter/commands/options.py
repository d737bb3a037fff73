"""Option types several commands share (argparse ``type=`` callables): each turns a bad value into argparse's own
one-line error."""

from __future__ import annotations

import argparse

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start
if TYPE_CHECKING:
    from typing import Any

#: The levels of computer player a table seats (``play``, ``host``: ``--level``), as the help shows them.
LEVEL_CHOICES = ("random", "easy", "hard")
#: What ``--level`` also takes without showing it: the fixed yardsticks of the benchmarks, to play against.
REFERENCE_LEVEL_CHOICES = ("hard-v1", "hard-v2")
#: ``--level``'s metavar: the levels players are offered.
LEVEL_METAVAR = "{" + ",".join(LEVEL_CHOICES) + "}"
#: How long a computer player's move stays on the screen by default, in seconds.
DEFAULT_DELAY = 1.2
#: The longest pause after a computer player's move that ``--delay`` takes, in seconds.
MAX_DELAY = 60.0


def delay_seconds(text: str) -> float:
    """``--delay``'s value: a number of seconds from 0 to :data:`MAX_DELAY` (never ``inf`` or ``nan``, which
    would freeze the game), else argparse's one-line error."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_DELAY:  # false for nan too
        raise argparse.ArgumentTypeError(t("play.error.delay", value=text[:20], limit=int(MAX_DELAY)))
    return value


def add_reader_option(parser: argparse.ArgumentParser) -> None:
    """``--screen-reader``: plain lines in reading order, for a screen reader (also ``LOVELETTER_SCREEN_READER=1``)."""
    parser.add_argument("--screen-reader", action="store_true", help=t("play.help.screen_reader"))


def add_pace_option(parser: argparse.ArgumentParser) -> None:
    """``--pace SECONDS``: how long a computer player's move stays on the screen (0: no pause); ``--delay`` is
    its older, hidden name."""
    # Bounded (0 to 60 s): inf or nan would freeze the game.
    parser.add_argument(
        "--pace", type=delay_seconds, default=DEFAULT_DELAY, metavar="SECONDS", help=t("play.help.pace")
    )
    parser.add_argument("--delay", dest="pace", type=delay_seconds, metavar="SECONDS", help=argparse.SUPPRESS)


def add_hints_option(parser: argparse.ArgumentParser) -> None:
    """``--no-hints``: nobody at the table may ask the coach for a hint (``play``, ``host``)."""
    parser.add_argument("--no-hints", dest="hints", action="store_false", help=t("coach.help.no_hints"))


def player_problem(exc: Any, option: str) -> str:
    """A player of ``option`` that cannot play (a :class:`~loveletter.arena.userbots.PlayerError`), in one line."""
    from loveletter.bots import LEVELS

    text, detail = exc.text, exc.detail
    text = text if len(text) <= 60 else "…" + text[-59:]  # a path's end names the file
    detail = detail if len(detail) <= 160 else detail[:159] + "…"
    return t(
        f"tournament.error.player_{exc.problem}", option=option, player=text, detail=detail, known=", ".join(LEVELS)
    )


def add_move_time_option(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    """``--move-time SECONDS``: the longest a user's bot at the table may take for one decision (``play``,
    ``resume``, ``simulate``)."""
    parser.add_argument(
        "--move-time", type=move_seconds, metavar="SECONDS", help=help if help is not None else t("play.help.move_time")
    )


def move_seconds(text: str) -> float:
    """``--move-time``'s value: a number of seconds more than 0 (never ``inf`` or ``nan``), else argparse's
    one-line error."""
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:  # false for nan too
        raise argparse.ArgumentTypeError(t("play.error.move_time", value=text[:20]))
    return value


def check_players(players: int, ruleset: str, lo: int, hi: int) -> None:
    """Raise the command's one-line error when ``players`` is not a player count the ruleset seats."""
    from loveletter.errors import UsageError

    if players < lo:
        raise UsageError(t("play.error.too_few", players=players, ruleset=ruleset, lo=lo, hi=hi))
    if players > hi:
        raise UsageError(t("play.error.players", players=players, ruleset=ruleset, lo=lo, hi=hi))
