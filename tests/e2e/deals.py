"""Stacked deals written to a ``--deal-file`` for the end-to-end tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from loveletter.engine import load_ruleset, stacked_deck


def deal(
    ruleset: str, players: int, *, hands: Sequence[str], draws: Sequence[str] = (), first_player: int = 0
) -> dict[str, object]:
    """One round: ``hands[i]`` dealt to seat ``i``, then ``draws`` from the top of the deck."""
    rs = load_ruleset(ruleset)
    deck = stacked_deck(rs, players, hands=hands, draws=draws, first_player=first_player)
    return {"first_player": first_player, "deck": deck}


#: 2019, two players: Ana (seat 0) holds a Guard and draws a Baron; the computer player holds a Priest, so a Guard
#: naming it wins the round. Ana plays first.
GUARD_ROUND = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
#: The same, but Ana holds the Princess and draws a Guard: playing the Princess asks for a confirmation first.
PRINCESS_ROUND = deal("2019", 2, hands=["Princess", "Priest"], draws=["Guard"])


def write_deals(path: Path, rounds: Sequence[dict[str, object]]) -> str:
    path.write_text(json.dumps(list(rounds)), encoding="utf-8")
    return str(path)
