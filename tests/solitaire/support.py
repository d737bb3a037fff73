"""Helpers for the solitaire tests: stacked games, playing actions by notation, re-dealing hidden cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from loveletter.solitaire import SolitaireGame, SolitaireState, Threat, load_solitaire_ruleset, stacked_layout
from loveletter.solitaire import events as ev

E = TypeVar("E", bound=ev.Event)


def sol(queue: Sequence[str], hand: str, agent: str, draws: Sequence[str] = (), **flags: Any) -> SolitaireGame:
    """A game from a stacked layout: ``queue`` is Q1.. (the rest filled highest first), ``draws`` the top of the
    draw pile, the rest of the pile the remaining cards, highest first. ``flags`` change the ruleset's flags."""
    rs = load_solitaire_ruleset()
    if flags:
        rs = rs.with_flags(**flags)
    return SolitaireGame(rs, layout=stacked_layout(rs, queue=queue, hand=hand, agent=agent, draws=draws))


def play(game: SolitaireGame, *actions: str) -> list[ev.Event]:
    """Push each action (in notation) in turn; return all the events. The game must not be over before any."""
    events: list[ev.Event] = []
    for text in actions:
        assert not game.over, f"the game ended ({game.reason}) before {text!r}"
        events.extend(game.push(text))
    return events


def only(events: Sequence[ev.Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def one(events: Sequence[ev.Event], kind: type[E]) -> E:
    found = only(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def legal(game: SolitaireGame) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def redeal_hidden(state: SolitaireState, rng: random.Random) -> SolitaireState:
    """A copy of ``state`` whose hidden cards (face-down queue cards, a face-down agent, the draw pile) are
    shuffled among the hidden places: a state the player cannot tell from ``state``."""
    new = state.copy()
    places: list[tuple[str, int]] = [("queue", i) for i, c in enumerate(new.queue) if c is not None and not new.up[i]]
    if new.agent is not None and not new.agent_up:
        places.append(("agent", 0))
    places += [("draw", i) for i in range(len(new.draw))]
    cards = [
        new.queue[i] if where == "queue" else new.agent if where == "agent" else new.draw[i] for where, i in places
    ]
    rng.shuffle(cards)
    for (where, i), card in zip(places, cards, strict=True):
        assert card is not None
        if where == "queue":
            new.queue[i] = card
        elif where == "agent":
            new.agent = card
        else:
            new.draw[i] = card
    new._legal = None
    return new


def shown(game: SolitaireGame, slot: int) -> str | None:
    """The card the player sees at queue place ``slot`` (``None`` when face down); the place must be occupied."""
    place = game.view().slot(slot)
    assert place is not None, f"Q{slot} is empty"
    return place.card


def threat(game: SolitaireGame) -> Threat:
    """The pending "hand or agent?" question; there must be one."""
    pending = game.view().threat
    assert pending is not None, f"no question is pending (phase {game.phase})"
    return pending
