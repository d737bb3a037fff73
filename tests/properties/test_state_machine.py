"""A hypothesis state machine over a game: hypothesis chooses the ruleset, the player count, the seed and every
decision, and checks the invariants of ``test_invariants.py`` after each step, in full (every seat's view and
knowledge, the leak test). It also takes copies of the state (``GameState.copy``) along the way and checks that
each copy, given the same actions and deals, evolves exactly like the game (same views, same events), and that
an illegal action is refused without changing anything.

Size: the hypothesis profile ``LOVELETTER_HYPOTHESIS_PROFILE`` (``loveletter-dev`` by default,
``loveletter-ci`` when the ``CI`` environment variable is set: the same size, derandomized so that every CI run
checks the same examples; ``loveletter-nightly`` for a long run).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from loveletter.engine import Action, Game, GameState, IllegalActionError, SetupError
from tests.properties.test_invariants import CONFIGS, GameChecker

# A step runs every check in full, so examples are slower than hypothesis expects of a unit test.
settings.register_profile(
    "loveletter-dev",
    max_examples=60,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("loveletter-ci", settings.get_profile("loveletter-dev"), derandomize=True, database=None)
settings.register_profile(
    "loveletter-nightly", settings.get_profile("loveletter-dev"), max_examples=2000, stateful_step_count=200
)
PROFILE = os.environ.get("LOVELETTER_HYPOTHESIS_PROFILE", "loveletter-ci" if os.environ.get("CI") else "loveletter-dev")
#: Copies followed at once (each costs a step of the engine per action).
MAX_COPIES = 2


class GameMachine(RuleBasedStateMachine):
    """One game at a time (another starts when it ends), plus up to :data:`MAX_COPIES` copies of its state."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game
        self.checker: GameChecker
        self.copies: list[GameState] = []
        self.seen: dict[Action, None] = {}  # every legal action met so far, in order

    def start_game(self, config: tuple[str, int], seed: int) -> None:
        name, players = config
        self.game = Game(name, players, seed=seed)
        self.checker = GameChecker(
            self.game, label=f"{name} {players}p seed={seed}", rng=random.Random(seed), redeal_chance=0.3
        )
        self.copies = []

    @initialize(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
    def start(self, config: tuple[str, int], seed: int) -> None:
        self.start_game(config, seed)

    @precondition(lambda self: self.game.decider is not None)
    @rule(indices=st.lists(st.integers(0, 1_000), min_size=1, max_size=6))
    def play(self, indices: list[int]) -> None:
        """Play a few actions, each chosen by its index in the legal actions (stopping at the round's end)."""
        for index in indices:
            legal = self.game.legal_actions()
            if not legal:
                break
            self.seen.update(dict.fromkeys(legal))
            action = legal[index % len(legal)]
            events = self.game.push(action)
            self.checker.after(events, action)
            for copy in self.copies:
                assert copy.apply(action) == events, f"a copy's events differ after {action}"

    @precondition(lambda self: self.game.decider is None)
    @rule(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
    def deal(self, config: tuple[str, int], seed: int) -> None:
        """Deal the next round; once the game is over, start another one (``config`` and ``seed`` are for it)."""
        if self.game.over:
            event("games finished")
            self.start_game(config, seed)
            return
        event(f"round {self.game.state.round + 1} dealt")
        if self.seen:  # between rounds nobody may act
            with pytest.raises(IllegalActionError):
                self.game.push(next(iter(self.seen)))
        events = self.game.next_round()
        self.checker.after(events, None)
        deal = self.game.deals[-1]
        for copy in self.copies:
            assert copy.start_round(deal.deck, deal.first_player) == events, "a copy's deal differs"

    @rule()
    def copy_state(self) -> None:
        if len(self.copies) == MAX_COPIES:
            self.copies.pop(0)
        self.copies.append(self.game.state.copy())

    @rule(seat=st.integers(0, 7))
    def leak_test(self, seat: int) -> None:
        self.checker.check_redeal(seat % self.game.players)

    @precondition(lambda self: self.game.decider is not None)
    @rule(index=st.integers(0, 10_000))
    def illegal_action_is_refused(self, index: int) -> None:
        game = self.game
        legal = set(game.legal_actions())
        candidates = [a for a in self.seen if a not in legal]
        if not candidates:
            return
        action = candidates[index % len(candidates)]
        before = [game.view(s) for s in range(game.players)]
        sizes = len(game.log), len(game.actions[-1])
        with pytest.raises(IllegalActionError):
            game.push(action)
        with pytest.raises(SetupError):  # nor can a round be dealt while one is being played
            game.next_round()
        assert [game.view(s) for s in range(game.players)] == before, f"refusing {action} changed a view"
        assert (len(game.log), len(game.actions[-1])) == sizes, f"refusing {action} changed the history"

    @invariant()
    def copies_match_the_game(self) -> None:
        for copy in self.copies:
            for seat in range(self.game.players):
                assert copy.view(seat) == self.game.view(seat), f"a copy's view of seat {seat} differs"


GameMachine.TestCase.settings = settings.get_profile(PROFILE)
TestGameMachine = GameMachine.TestCase
