"""Bots for ``play --level FILE.py:CLASS`` and ``simulate --seats``: one that plays well, and ones that play well
for their first ``AFTER`` decisions and then misbehave, each in its own way (loaded by the tests as bot files)."""

from __future__ import annotations

import os
import random
import sys
import time

from loveletter.engine import Action, View, parse_action


class Good:
    """Chooses at random among its legal actions, saying on stderr (its log) what it was asked."""

    #: Decisions played well before misbehaving (a test may rewrite it in its copy of this file: the bot fixed).
    AFTER = 3

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.decisions = 0

    def choose(self, view: View) -> Action:
        self.decisions += 1
        print(f"decision {self.decisions}, round {view.round}", file=sys.stderr, flush=True)
        if self.decisions > self.AFTER and type(self) is not Good:
            return self.misbehave(view)
        return self.rng.choice(view.legal_actions)

    def misbehave(self, view: View) -> Action:
        raise NotImplementedError


class Crashes(Good):
    def misbehave(self, view: View) -> Action:
        raise ZeroDivisionError("out of luck")


class Illegal(Good):
    """Plays a card it does not hold."""

    def misbehave(self, view: View) -> Action:
        cards = tuple(view.ruleset.cards)
        return parse_action(next(c for c in cards if c not in view.hand), cards)


class Slow(Good):
    """Never answers: only the time per move stops it."""

    def misbehave(self, view: View) -> Action:
        time.sleep(3600)
        return view.legal_actions[0]


class Waits(Good):
    """Thinks until the file that the environment variable ``TABLE_BOTS_GO`` names exists (a test makes it once the
    screen says the bot is thinking), then plays well: a bot that takes as long as the test needs, no longer."""

    AFTER = 0

    def misbehave(self, view: View) -> Action:
        go = os.environ["TABLE_BOTS_GO"]
        while not os.path.exists(go):
            time.sleep(0.01)
        return self.rng.choice(view.legal_actions)


class Exits(Good):
    def misbehave(self, view: View) -> Action:
        os._exit(3)


class First(Crashes):
    """Crashes at its first decision."""

    AFTER = 0


class NoChoose:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
