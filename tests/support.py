"""Helpers shared by the tests: stacked deals, playing actions by notation, random play-outs."""

from __future__ import annotations

import random
from collections.abc import Sequence

from loveletter.engine import Game, load_ruleset, stacked_deck
from loveletter.engine.events import Event


def deal(
    ruleset: str,
    players: int,
    *,
    hands: Sequence[str],
    draws: Sequence[str] = (),
    set_aside: str | None = None,
    face_up: Sequence[str] | None = None,
    first_player: int = 0,
    seed: int = 0,
) -> Game:
    """A game whose first round is stacked: ``hands[i]`` dealt to seat ``i``, then ``draws`` from the top of the
    deck in order (the first player's first draw is ``draws[0]``)."""
    rs = load_ruleset(ruleset)
    deck = stacked_deck(
        rs, players, hands=hands, draws=draws, set_aside=set_aside, face_up=face_up, first_player=first_player
    )
    return Game(rs, players, seed=seed, deck=deck, first_player=first_player)


def play(game: Game, *actions: str) -> list[Event]:
    """Push each action (in notation) in turn; return all the events."""
    events: list[Event] = []
    for text in actions:
        events.extend(game.push(text))
    return events


def random_playout(game: Game, rng: random.Random, *, max_actions: int = 100_000, stop_after: int | None = None) -> int:
    """Play random legal actions (dealing each next round) until the game is over, or until ``stop_after``
    actions; return the number of actions."""
    count = 0
    while not game.over and (stop_after is None or count < stop_after):
        if game.round_over:
            game.next_round()
            continue
        game.push(rng.choice(game.legal_actions()))
        count += 1
        assert count < max_actions, "the game did not end"
    return count
