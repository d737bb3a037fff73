"""Bots that break the rules of a tournament, each in its own way (loaded by the tests as bot files)."""

from __future__ import annotations

import contextlib
import random
import time

from loveletter.engine import Action, View


class Raises:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        raise RuntimeError("out of ideas")


class Illegal:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        return 42  # type: ignore[return-value]


class Loops:
    """Never returns: only the time limit stops it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        while True:
            pass


class Stubborn:
    """Catches everything, the timer's interruption included, then answers late."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        end = time.perf_counter() + 1.0
        while time.perf_counter() < end:
            with contextlib.suppress(BaseException):  # the point of this bot
                time.sleep(0.01)
        return view.legal_actions[0]


class BadInit:
    def __init__(self, rng: random.Random) -> None:
        raise ValueError("no constructor today")

    def choose(self, view: View) -> Action:
        return view.legal_actions[0]


class NoChoose:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
