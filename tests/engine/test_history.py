"""A view carries the round's history as the engine emitted it, filtered for its seat; a spectator's view carries
only what is public. Checked against the game's own log in random games of every table; a game that builds no
events keeps no history, and its views say so when asked."""

from __future__ import annotations

import dataclasses
import random

import pytest

from loveletter.engine import SPECTATOR, Game, View
from loveletter.engine import events as ev
from loveletter.engine.errors import EngineError
from tests.bots.helpers import ALL_TABLES

TABLES = [pytest.param(r, n, id=f"{r}-{n}p") for r, n in ALL_TABLES]


def _round_log(game: Game) -> list[ev.Event]:
    """The game's log from the current round's deal on."""
    start = max(i for i, e in enumerate(game.log) if isinstance(e, ev.RoundStarted))
    return game.log[start:]


def _stripped(view: View) -> View:
    """What the terminal used to show spectators: seat 0's view with everything private taken out."""
    shown = dict(view.result.hands) if view.result is not None else {}
    seats = tuple(dataclasses.replace(sv, known=(shown[sv.seat],) if sv.seat in shown else ()) for sv in view.seats)
    return dataclasses.replace(view, hand=(), seats=seats, deck_known=(), legal_actions=(), known_by=())


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_views_history_is_the_log_its_seat_may_see(ruleset: str, players: int) -> None:
    rng = random.Random(f"history/{ruleset}/{players}")
    steps = 0
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        while not game.over:
            if game.round_over:
                game.next_round()
            else:
                action = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
                game.push(action)
            log = _round_log(game)
            seat = rng.randrange(players)
            history = game.view(seat).history
            assert list(history) == [e for e in log if e.visible_to(seat)]
            assert list(game.view(None).history) == [e for e in log if e.audience is None]
            steps += 1
    assert steps > 50


def test_a_game_that_builds_no_events_keeps_no_history() -> None:
    """Without events (``record=False``: simulations of players that do not read it) there is no history to
    show, and reading it says why rather than showing none; the views still compare, and the round played on
    without events loses the history it had."""
    quiet = Game("2019", 3, seed=1, record=False)
    quiet.push(quiet.legal_actions()[0])
    for view in (quiet.view(quiet.decider), quiet.view(None)):
        with pytest.raises(EngineError, match="record=False"):
            _ = view.history
    assert quiet.view(0) == quiet.view(0) and quiet.view(None) == quiet.view(None)
    game = Game("2019", 3, seed=1)
    game.push(game.legal_actions()[0])
    assert len(game.view(0).history) > 3
    game.state.apply(game.legal_actions()[0], record=False)
    with pytest.raises(EngineError, match="record=False"):
        _ = game.view(0).history


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_the_spectators_view_is_public_only(ruleset: str, players: int) -> None:
    rng = random.Random(f"spectator/{ruleset}/{players}")
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        while not game.over:
            if game.round_over:
                game.next_round()
            else:
                game.push(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
            spectator = game.view(None)
            assert spectator.is_spectator and spectator.seat == SPECTATOR
            assert spectator.hand == () and spectator.legal_actions == () and spectator.known_by == ()
            assert spectator.deck_known == () and not spectator.to_move
            assert all(e.public for e in spectator.history)
            # The same public table as every seat sees, and as the terminal's stripped view showed.
            assert dataclasses.replace(spectator, seat=0, history=()) == dataclasses.replace(
                _stripped(game.view(0)), history=()
            )


def test_a_views_history_stays_as_it_was_when_the_game_moves_on() -> None:
    game = Game("2019", players=3, seed=4, first_player=0)
    view = game.view(0)
    before = view.history
    game.push(game.legal_actions()[0])
    assert view.history == before and len(game.view(0).history) > len(before)


def test_a_private_event_reaches_only_its_audience() -> None:
    """A Priest's look is in the history of the seat that looked, and in no one else's."""
    from loveletter.engine import load_ruleset, stacked_deck

    deck = stacked_deck(
        load_ruleset("2019"), 3, hands=["Priest", "Guard", "Baron"], draws=["Handmaid"], set_aside="Spy"
    )
    game = Game("2019", players=3, deck=deck, first_player=0)
    game.push("Priest>1")
    looks = [[e for e in game.view(seat).history if isinstance(e, ev.SawHand)] for seat in range(3)]
    assert [len(seen) for seen in looks] == [1, 0, 0] and looks[0][0].card == "Guard"
    assert not any(isinstance(e, ev.SawHand) for e in game.view(None).history)
