"""How a round ended."""

from __future__ import annotations

from dataclasses import dataclass

from loveletter.engine.events import RoundEnd, TokenReason


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: why it ended, who won, the hands shown at a deck-out with their compared values, the
    tokens given at its end, and the set-aside card if the ruleset shows it."""

    round: int
    reason: RoundEnd
    winners: tuple[int, ...]
    hands: tuple[tuple[int, str], ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    tokens: tuple[tuple[int, TokenReason], ...] = ()
    set_aside: str | None = None
