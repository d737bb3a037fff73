"""Option types several commands share (argparse ``type=`` callables): each turns a bad value into argparse's own
one-line error."""

from __future__ import annotations

import argparse

from loveletter.i18n import t

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
