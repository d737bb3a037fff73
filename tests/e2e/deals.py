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


def write_deals(path: Path, rounds: Sequence[dict[str, object]]) -> str:
    path.write_text(json.dumps(list(rounds)), encoding="utf-8")
    return str(path)
