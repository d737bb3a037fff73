"""The expectimax of loveletter.solitaire.search against the engine, and the hard player built on it.

The search mirrors the rules on a compact state of what the player knows. Here every action's value is also
computed the slow, obvious way on the engine itself: every arrangement of the unseen cards over the hidden places
is a world (all equally likely), each world plays the action, the worlds are grouped by what the player then
sees, and so on to the end of the game. The two must agree exactly, on every action, under every flag.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from loveletter.solitaire import Phase, Play, SolitaireGame, SolitaireState, load_solitaire_ruleset
from loveletter.solitaire.actions import Action
from loveletter.solitaire.bot import HardBot, make_solitaire_bot
from loveletter.solitaire.compact import Cards
from loveletter.solitaire.estimate import WEIGHTS, estimate, features
from loveletter.solitaire.search import Search
from loveletter.solitaire.view import SolitaireView
from tests.solitaire.support import play, redeal_hidden
from tests.solitaire.test_cases import d13_before_the_king

FLAGS: list[dict[str, object]] = [
    {},
    {"sol_prince_queue": "remove"},
    {"sol_prince_queue": "replace_if_possible"},
    {"sol_baron_reveal_first": True},
]


def worlds(state: SolitaireState) -> list[SolitaireState]:
    """Every distinct arrangement of the unseen cards over the hidden places of ``state`` (equally likely)."""
    view = state.view()
    hidden = sorted(c for c, n in view.unseen().items() for _ in range(n))
    return [SolitaireState.from_view(view, p) for p in _arrangements(hidden)]


def _arrangements(cards: list[str]) -> Iterator[list[str]]:
    if not cards:
        yield []
        return
    for i, card in enumerate(cards):
        if i and card == cards[i - 1]:
            continue
        for rest in _arrangements(cards[:i] + cards[i + 1 :]):
            yield [card, *rest]


def brute_value(group: list[SolitaireState]) -> Fraction:
    """The chance to win with best play, for the player who knows only that the world is one of ``group``
    (which all look the same to them), by playing every action in every world on the engine."""
    first = group[0]
    if first.over:
        return Fraction(int(first.outcome == "win"))
    return max(brute_action(group, a) for a in first.legal_actions())


def brute_action(group: list[SolitaireState], action: Action) -> Fraction:
    after: dict[tuple[object, ...], list[SolitaireState]] = {}
    for world in group:
        state = world.copy()
        state.apply(action, record=False)
        after.setdefault(seen(state.view()), []).append(state)
    return sum((Fraction(len(g), len(group)) * brute_value(g) for g in after.values()), Fraction(0))


def seen(view: SolitaireView) -> tuple[object, ...]:
    """Everything the player sees (a view without its ruleset, which cannot be hashed)."""
    return tuple(getattr(view, f) for f in view.__slots__ if f not in ("ruleset", "turn"))


def small_states(flags: dict[str, object], seed: int, hidden: int) -> Iterator[SolitaireState]:
    """States of a game played by the easy player with some random moves, once at most ``hidden`` cards are
    hidden, until the game ends."""
    rng = random.Random(seed)
    rs = load_solitaire_ruleset().with_flags(**flags)
    game = SolitaireGame(rs, seed=seed)
    bot = make_solitaire_bot("easy", seed=seed)
    while not game.over:
        view = game.view()
        if view.hidden_places <= hidden:
            yield game.state
        game.push(bot.choose(view) if rng.random() < 0.75 else rng.choice(view.legal_actions))


@pytest.mark.slow
@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()) or "default")
def test_the_search_values_every_action_as_the_engine_does(flags: dict[str, object]) -> None:
    checked = phases = 0
    seen: set[Phase] = set()
    for seed in range(60):
        for state in small_states(flags, seed, hidden=4):
            group = worlds(state)
            verdict = Search(state.ruleset).values(state.view())
            assert verdict.exact
            for action in state.legal_actions():
                expected = brute_action(group, action)
                assert verdict.values[action] == pytest.approx(float(expected), abs=1e-9), (
                    f"seed {seed}, {action} in {state.view()}"
                )
            checked += 1
            seen.add(state.phase)
    phases = len(seen)
    assert checked > 80 and phases == 3  # turns, plays and "hand or agent?" answers all met


def test_an_unknown_first_turn_is_estimated_and_a_short_game_solved_exactly() -> None:
    game = SolitaireGame(seed=4)
    first = Search(game.ruleset).values(game.view())
    assert not first.exact and set(first.values) == set(game.legal_actions())
    assert all(0.0 <= v <= 1.0 for v in first.values.values())
    late = next(s for seed in range(20) for s in small_states({}, seed, hidden=5) if s.phase is Phase.TURN)
    assert Search(late.ruleset).values(late.view()).exact


def test_the_estimate_is_the_logistic_of_its_features() -> None:
    cards = Cards(SolitaireGame(seed=0).ruleset)
    rng = random.Random(3)
    for seed in range(30):
        game = SolitaireGame(seed=seed)
        while not game.over:
            view = game.view()
            if view.phase is Phase.TURN:
                q, hand, agent, u, qp = cards.state(view)
                state = (q, hand[0], agent, u, qp)
                z = sum(w * x for w, x in zip(WEIGHTS, features(cards, *state), strict=True))
                assert estimate(cards, *state) == pytest.approx(1 / (1 + 2.718281828459045**-z), abs=1e-9)
            game.push(rng.choice(game.legal_actions()))


# ------------------------------------------------------------------------------------------- the player


def test_hard_takes_the_only_winning_line() -> None:
    """Q6 is face down before the princess; both unseen cards are Guards (Q6 and the last card to draw). The
    hand holds the King and a Prince, the agent is a face-up Handmaid. Only one line wins: the King takes Q6's
    Guard for the Prince, the retinue's Prince then strikes the agent (the Handmaid), whose replacement is the
    last Guard, and that agent finishes the princess. Giving the agent instead, or playing the Prince, loses."""
    layout = ["Baron", "Priest", "Prince", "Priest", "Guard", "Guard", "Handmaid", "Countess", "Baron", "Guard"]
    layout += ["Guard", "Handmaid", "King", "Prince", "Guard"]
    game = SolitaireGame.replay(layout, ["draw", "Handmaid", "draw", "Guard>Q4=Prince", "draw",
                                         "Guard>Q3=Handmaid", "choose agent", "draw", "Baron>Q4/hand",
                                         "choose agent", "draw"])  # fmt: skip
    bot = make_solitaire_bot("hard", seed=1)
    assert isinstance(bot, HardBot)
    verdict = bot.values(game.view())
    assert verdict.exact
    assert {str(a): v for a, v in verdict.values.items()} == {
        "King>Q6/hand": 1.0,
        "King>Q6/agent": 0.0,
        "Prince>Q6": 0.0,
        "Prince>hand": 0.0,
        "Prince>agent": 0.0,
    }
    while not game.over:
        game.push(bot.choose(game.view()))
    assert game.won
    assert [str(a) for a in game.actions[11:]] == ["King>Q6/hand", "choose agent", "agent", "Guard>Q7"]


def test_hard_avoids_a_choice_that_loses_on_the_spot() -> None:
    """The retinue's King gave the player the princess; with her and a Prince in hand, playing her or the
    Prince on the hand loses at once, and hard does neither."""
    game = d13_before_the_king()
    play(game, "choose hand", "draw")
    view = game.view()
    assert view.hand == ("Princess", "Prince")
    bot = make_solitaire_bot("hard", seed=1)
    assert isinstance(bot, HardBot)
    values = bot.values(view).values
    assert values[Play("Princess")] == values[Play("Prince", "hand")] == 0.0
    assert view.sure_loss(bot.choose(view)) is None


@pytest.mark.slow
def test_hard_never_takes_a_sure_loss_when_it_has_another_choice() -> None:
    met = 0
    for seed in range(150):
        rng = random.Random(seed)
        game = SolitaireGame(seed=seed)
        easy = make_solitaire_bot("easy", seed=seed)
        while not game.over:
            view = game.view()
            losing = [a for a in view.legal_actions if view.sure_loss(a) is not None]
            if losing and len(losing) < len(view.legal_actions):
                assert view.sure_loss(make_solitaire_bot("hard", seed=seed).choose(view)) is None
                met += 1
            game.push(easy.choose(view) if rng.random() < 0.7 else rng.choice(view.legal_actions))
    assert met >= 2


def test_hard_is_deterministic_and_decides_from_the_view_only() -> None:
    rng = random.Random(2)
    game = SolitaireGame(seed=33)
    while not game.over:
        state = game.state
        first = make_solitaire_bot("hard", seed=4).choose(state.view())
        assert make_solitaire_bot("hard", seed=4).choose(redeal_hidden(state, rng).view()) == first
        game.push(first)


def test_the_hard_budget_bounds_the_exact_search() -> None:
    late = next(s for seed in range(20) for s in small_states({}, seed, hidden=9) if s.phase is Phase.TURN)
    assert not Search(late.ruleset, budget=1).values(late.view()).exact
    assert Search(late.ruleset, budget=10**7).values(late.view()).exact


@pytest.mark.slow
def test_the_estimate_fitting_script_smoke_run(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "solitaire_estimate.py"
    spec = importlib.util.spec_from_file_location("solitaire_estimate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "exact values" in out and "held-out RMSE" in out and out.count(", ") >= len(WEIGHTS) - 1
