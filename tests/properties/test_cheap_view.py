"""The cheap view against a fully built one, field by field, over thousands of random positions.

:meth:`GameState.view` builds a view lazily (a snapshot now, the fields when first read). Here every field of
such a view is compared with a view built the straightforward way (:func:`full_view`, every field computed at
once from the state, as the engine did before views were lazy), in every bundled ruleset and player count, at
every step of random games: each phase (a card to play, a Chancellor's keep, a Bishop target's choice, between
rounds, game over), tie-break rounds included. Some views are read only several steps later, after the game has
moved on: a view is a value, so they must still show the position they were taken in.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from loveletter.engine import Game, GameState, Phase, SeatView, View, load_ruleset
from loveletter.engine import events as ev
from tests.properties.test_invariants import CONFIGS, policy_rng, stacked_game_tie

#: Views compared per configuration (ruleset and player count), at least: every seat's, at every step of as many
#: random games as it takes (18 configurations: about 10,000 positions and seats in all).
VIEWS = 500
#: Games played at most per configuration to reach every phase.
MAX_GAMES = 50
#: Chance that a view is kept unread and compared only a few steps later.
DEFER_CHANCE = 0.3


def round_log(game: Game) -> list[ev.Event]:
    """The game's own log from the current round's deal on."""
    start = max(i for i, e in enumerate(game.log) if isinstance(e, ev.RoundStarted))
    return game.log[start:]


def full_view(s: GameState, seat: int, log: list[ev.Event]) -> View:
    """``seat``'s view of ``s`` with every field computed now from the state and the round's ``log``: the
    reference."""
    n = s.n
    participants = s.participants()
    seats = tuple(
        SeatView(
            seat=p,
            tokens=s.tokens[p],
            dealt_in=p in participants,
            in_round=s.alive[p],
            protected=s.protected[p],
            discards=tuple(s.discards[p]),
            hand_size=len(s.hands[p]),
            known=tuple(s.hands[p]) if p == seat else s.known.get(seat * n + p, ()),
        )
        for p in range(n)
    )
    top = len(s.deck) - 1
    return View(
        ruleset=s.ruleset,
        seat=seat,
        players=n,
        goal=s.goal,
        round=s.round,
        phase=s.phase,
        current=s.current,
        decider=s.decider,
        hand=tuple(s.hands[seat]),
        seats=seats,
        deck_size=len(s.deck),
        face_up=s.face_up,
        set_aside_taken_by=s.set_aside_taken_by,
        deck_known=tuple(sorted((top - index, card) for viewer, index, card in s.deck_marks if viewer == seat)),
        sycophant=s.sycophant,
        jester=s.jester,
        tiebreak=s.tiebreak,
        legal_actions=s.legal_actions(seat),
        plays=tuple(s.plays),
        result=s.result,
        winners=s.winners,
        known_by=tuple((p, s.known[p * n + seat]) for p in range(n) if p != seat and p * n + seat in s.known),
        history=tuple(e for e in log if e.visible_to(seat)),
    )


def differences(cheap: View, full: View) -> list[str]:
    """The fields that differ, by value or by type (``repr`` tells a tuple from a list)."""
    return [
        f"{f.name}: {getattr(cheap, f.name)!r} != {getattr(full, f.name)!r}"
        for f in fields(View)
        if repr(getattr(cheap, f.name)) != repr(getattr(full, f.name))
    ]


class Comparer:
    """Takes every seat's cheap view at each step, compares it with the reference now or a few steps later."""

    def __init__(self, label: str, rng: random.Random) -> None:
        self.label = label
        self.rng = rng
        self.deferred: list[tuple[int, View, View, str]] = []  # (steps left, cheap, reference, where)
        self.phases: set[Phase] = set()
        self.compared = 0
        self.tiebreak = False

    def step(self, game: Game, where: str) -> None:
        s = game.state
        self.phases.add(s.phase)
        self.tiebreak |= s.tiebreak is not None and s.phase in (Phase.PLAY, Phase.CHANCELLOR, Phase.BISHOP)
        for entry in self.deferred:
            entry_steps, cheap, full, taken = entry
            if entry_steps == 0:
                self.check(cheap, full, f"{taken}, read later at {where}")
        self.deferred = [(k - 1, c, f, w) for k, c, f, w in self.deferred if k > 0]
        log = round_log(game)
        for seat in range(s.n):
            cheap = s.view(seat)
            full = full_view(s, seat, log)
            if self.rng.random() < DEFER_CHANCE:
                self.deferred.append((self.rng.randrange(1, 4), cheap, full, f"{where}, seat {seat}"))
            else:
                self.check(cheap, full, f"{where}, seat {seat}")

    def check(self, cheap: View, full: View, where: str) -> None:
        self.compared += 1
        found = differences(cheap, full)
        assert not found, f"{self.label}, {where}: the cheap view differs: {found}"
        assert cheap == full and full == cheap, f"{self.label}, {where}: equal fields but not =="

    def finish(self) -> None:
        for _, cheap, full, taken in self.deferred:
            self.check(cheap, full, f"{taken}, read after the game")


def play(game: Game, comparer: Comparer, policy: random.Random) -> None:
    comparer.step(game, "the deal")
    while not game.over:
        if game.round_over:
            game.next_round()
            comparer.step(game, f"the deal of round {game.state.round}")
            continue
        legal = game.legal_actions()
        action = legal[policy.randrange(len(legal))]
        game.push(action)
        comparer.step(game, f"round {game.state.round} after {action}")
    comparer.finish()


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[f"{name}-{n}p" for name, n in CONFIGS])
def test_cheap_views_equal_fully_built_ones(name: str, players: int) -> None:
    ruleset = load_ruleset(name)
    expected = {Phase.PLAY, Phase.CHANCELLOR, Phase.ROUND_OVER, Phase.GAME_OVER}
    if "Chancellor" not in ruleset.mode_for(players).copies:
        expected.discard(Phase.CHANCELLOR)
    phases: set[Phase] = set()
    compared = 0
    seed = 0
    while compared < VIEWS or not expected <= phases:
        assert seed < MAX_GAMES, f"phases never reached in {MAX_GAMES} games: {expected - phases}"
        label = f"{name} {players}p seed {seed}"
        comparer = Comparer(label, random.Random(f"cheap/{label}"))
        play(Game(ruleset, players, seed=seed), comparer, policy_rng(name, players, seed))
        phases |= comparer.phases
        compared += comparer.compared
        seed += 1


def test_cheap_views_in_bishop_decisions_and_tiebreak_rounds() -> None:
    """Premium's large game has the Bishop's second decision; a stacked game tie leads to tie-break rounds."""
    ruleset = load_ruleset("premium")
    comparer = Comparer("premium 6p", random.Random(6))
    seed = 0
    while Phase.BISHOP not in comparer.phases:
        play(Game(ruleset, 6, seed=seed), comparer, policy_rng("premium", 6, seed))
        seed += 1
        assert seed < 200, "no Bishop decision in 200 games"
    for players in (3, 6):
        stacked = stacked_game_tie(players)
        comparer = Comparer(f"premium {players}p after a game tie", random.Random(players))
        play(stacked, comparer, policy_rng("premium-tie", players, 0))
        assert comparer.tiebreak, "no tie-break round was played"


def test_a_view_does_not_change_when_the_game_moves_on() -> None:
    game = Game("2019", 3, seed=5)
    view = game.view(game.state.current)
    reference = full_view(game.state, view.seat, round_log(game))
    policy = random.Random(1)
    while not game.round_over:
        game.push(policy.choice(game.legal_actions()))
    assert game.view(view.seat) != view
    assert differences(view, reference) == [] and view == reference


def test_a_view_carries_nothing_its_seat_may_not_know_even_unread() -> None:
    """What an unread view is filled from holds only what its seat may know: forgetting every other seat's knowledge
    (of hands and of the deck) but what they know of this seat's own hand (the seat knows who learned it, and its
    own cards: ``View.known_by``) leaves it unchanged. Compared at every step of random games where players look
    at hands and return cards under the deck."""
    checked = 0
    for name, players in (("2019", 4), ("premium", 6)):
        for seed in range(4):
            game = Game(name, players, seed=seed)
            policy = policy_rng(name, players, seed)
            while not game.over:
                if game.round_over:
                    game.next_round()
                    continue
                game.push(policy.choice(game.legal_actions()))
                s = game.state
                for seat in range(players):
                    alone = s.copy()
                    row = range(seat * players, seat * players + players)
                    alone.known = {
                        slot: cards for slot, cards in s.known.items() if slot in row or slot % players == seat
                    }
                    alone.deck_marks = tuple(mark for mark in s.deck_marks if mark[0] == seat)
                    seen = object.__getattribute__(s.view(seat), "_seen")
                    assert seen == object.__getattribute__(alone.view(seat), "_seen"), (name, seed, seat)
                    checked += bool(s.known or s.deck_marks)
    assert checked > 100, checked
