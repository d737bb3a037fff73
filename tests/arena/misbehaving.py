"""Bots that break the rules of a tournament, each in its own way (loaded by the tests as bot files)."""

from __future__ import annotations

import contextlib
import os
import random
import sys
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
        end = time.perf_counter() + 30.0
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


class Boom(BaseException):
    """Not an Exception: ``except Exception`` does not catch it."""


class RaisesBase:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        raise Boom("base")


class Unspeakable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


class BadStr:
    """Raises an exception whose message cannot be had."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        raise Unspeakable


class Weird:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Sleepy:
    def __repr__(self) -> str:
        time.sleep(30)
        return "late"


class BadRepr:
    """Returns an object whose repr raises."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        return Weird()  # type: ignore[return-value]


class SlowRepr:
    """Returns an object whose repr takes 30 s."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        return Sleepy()  # type: ignore[return-value]


class Interrupts:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        raise KeyboardInterrupt


class Exits:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        os._exit(3)


class Forks:
    """Forks at each decision: both copies answer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        os.fork()
        return view.legal_actions[0]


class Prints:
    """Prints to stdout and stderr, escape sequences included, and plays a legal game."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        print("\x1b[2J my move:", view.legal_actions[0])
        print("\x1b]0;pwned\x07 thinking", file=sys.stderr)
        return view.legal_actions[0]


class Cheats:
    """Plays like a random bot but looks for the hidden cards where the view used to lead: the round's opening,
    and anything ``gc`` finds from the view. Names the card it finds with its Guard, or a random one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        import gc

        found: list[object] = []
        for name in ("_snapshot", "_seen"):
            with contextlib.suppress(AttributeError):
                found.append(object.__getattribute__(view, name))
        found += gc.get_referrers(view)
        states = [obj for obj in gc.get_objects() if type(obj).__name__ == "GameState"]
        if states:  # there is no game in the bot's process: its view came as a message
            raise AssertionError(f"found {len(states)} game states in the bot's process")
        return self.rng.choice(view.legal_actions)
