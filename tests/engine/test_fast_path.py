"""The event-free paths play the same games: ``Game(record=False)``, ``start_round(record=False)`` and
``apply(record=False)`` change nothing but the events, and so the views' history, which only a game that builds
events keeps (docs/rules.md is silent: this is the engine's own contract)."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import Game, GameState, IllegalActionError, SetupError, View, load_ruleset, stacked_deck


def seen(view: View) -> dict[str, object]:
    """Every field of ``view`` but its history."""
    return {name: getattr(view, name) for name in View.__dataclass_fields__ if name != "history"}


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 4), ("classic", 2), ("premium", 3), ("premium", 7)])
def test_a_game_without_events_is_the_same_game(ruleset: str, players: int) -> None:
    loud = Game(ruleset, players, seed=11)
    quiet = Game(ruleset, players, seed=11, record=False)
    policy = random.Random(11)
    while not loud.over:
        if loud.round_over:
            assert loud.next_round() and quiet.next_round() == []
        else:
            action = policy.choice(loud.legal_actions())
            assert loud.push(action) and quiet.push(action) == []
        assert [seen(loud.view(p)) for p in range(players)] == [seen(quiet.view(p)) for p in range(players)]
    assert quiet.over and quiet.log == [] and quiet.log_for(0) == []
    assert (quiet.deals, quiet.actions) == (loud.deals, loud.actions)
    assert (quiet.tokens, quiet.winners) == (loud.tokens, loud.winners)


def test_a_stacked_round_can_be_dealt_without_events() -> None:
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 2, hands=["Guard", "Priest"], draws=["Baron"], set_aside="Spy")
    loud, quiet = GameState(rs, 2), GameState(rs, 2)
    assert loud.start_round(deck, 0) and quiet.start_round(deck, 0, record=False) == []
    assert quiet.hands == loud.hands == [["Guard", "Baron"], ["Priest"]]
    assert seen(quiet.view(0)) == seen(loud.view(0)) and seen(quiet.view(1)) == seen(loud.view(1))
    with pytest.raises(SetupError, match="not this ruleset's deck"):
        GameState(rs, 2).start_round(deck[1:], 0, record=False)


def test_the_legal_actions_check_is_the_same_on_both_paths() -> None:
    game = Game("2019", 3, seed=4)
    state = game.state
    stranger = game.parse("redraw")  # only a Bishop's target decides that
    assert stranger not in state.legal_actions()
    for record in (True, False):
        with pytest.raises(IllegalActionError, match="is not legal for seat"):
            state.copy().apply(stranger, record=record)
    copy = state.copy()
    action = state.legal_actions()[0]
    assert copy.apply(action, record=False) == [] and state.apply(action)
    assert seen(copy.view(0)) == seen(state.view(0))


def test_an_action_tried_between_rounds_leaves_the_next_deal_its_legal_actions() -> None:
    """Refusing an action between rounds must not keep "nothing is legal" for the next round."""
    game = Game("2019", 2, seed=3)
    played = game.legal_actions()[0]
    while not game.round_over:
        game.push(game.legal_actions()[0])
    for act in (game.push, game.state.apply):
        with pytest.raises(IllegalActionError, match="nobody can act now"):
            act(played)
    game.next_round()
    assert game.legal_actions() == game.state.copy().legal_actions() != ()
    game.push(game.legal_actions()[0])
