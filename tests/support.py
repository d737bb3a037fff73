"""Helpers shared by the tests: stacked deals, playing actions by notation, random play-outs."""

from __future__ import annotations

import os
import random
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.output import DummyOutput, Output

from loveletter.engine import Game, View, load_ruleset, stacked_deck
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


def decisions(game: Game) -> Iterator[View]:
    """The view of the seat that decides, at each decision until the game is over (each next round dealt): the
    caller pushes its action before asking for the next one."""
    while not game.over:
        if game.round_over:
            game.next_round()
            continue
        seat = game.decider
        assert seat is not None
        yield game.view(seat)


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


@contextmanager
def interrupted_once_drawn(unstick: Callable[[], None]) -> Iterator[Output]:
    """An output for a prompt_toolkit application: once the application has drawn itself on it, this process gets
    SIGINT, as from a Ctrl-C at a terminal or ``kill -INT``. If the application still runs 30 s later, ``unstick``
    is called (it should end the application), so that a test of the interrupt fails instead of hanging."""
    drawn, done = threading.Event(), threading.Event()

    class Screen(DummyOutput):
        def flush(self) -> None:
            app = get_app_or_none()
            if app is not None and app.is_running:  # not before: the signal would interrupt setting it up
                drawn.set()

    def interrupt() -> None:
        if drawn.wait(30):
            os.kill(os.getpid(), signal.SIGINT)
        if not done.wait(30):
            unstick()

    sender = threading.Thread(target=interrupt)
    sender.start()
    try:
        yield Screen()
    finally:
        done.set()
        sender.join()
