"""The fixed action space: every action the engine offers is in it, at every ruleset and player count, and the
index <-> notation mapping goes both ways."""

from __future__ import annotations

import random

import pytest

from tests.rl.conftest import NO_RL

pytest.importorskip("numpy", reason=NO_RL)

from loveletter.engine import Game, load_ruleset
from loveletter.rl import ActionTable, action_to_notation, notation_to_action
from tests.bots.helpers import ALL_TABLES


@pytest.mark.parametrize(("ruleset", "players"), ALL_TABLES, ids=[f"{r}-{n}p" for r, n in ALL_TABLES])
def test_every_legal_action_of_random_games_is_in_the_space(ruleset: str, players: int) -> None:
    table = ActionTable(ruleset, players)
    assert len(set(table.actions)) == len(table), "an action listed twice"
    rng = random.Random(f"{ruleset}/{players}")
    seen: set[int] = set()
    for seed in range(6):
        game = Game(ruleset, players, seed=seed)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            legal = game.legal_actions()
            indices = table.legal_indices(legal)  # raises for an action the table does not list
            assert [table.actions[i] for i in indices] == list(legal)
            seen.update(indices)
            game.push(rng.choice(legal))
    assert len(seen) > len(table) // 20  # random play reached a good part of the space, Chancellor keeps aside


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("premium", 8), ("classic", 3)])
def test_the_notation_maps_both_ways(ruleset: str, players: int) -> None:
    table = ActionTable(ruleset, players)
    for index in range(len(table)):
        text = action_to_notation(index, ruleset, players)
        assert notation_to_action(text, ruleset, players) == index
        assert notation_to_action(text.lower(), ruleset, players) == index


def test_the_space_has_the_chancellors_keeps_and_the_bishops_answers() -> None:
    assert notation_to_action("keep Guard return Baron,Priest", "2019", 2) > notation_to_action("Spy", "2019", 2)
    assert notation_to_action("keep Princess return Guard", "2019", 2) >= 0
    space = ActionTable("premium", 6)
    assert {"redraw", "pass", "Cardinal>1,3?3", "Baroness>0,5", "Bishop>5=7", "Guard>2=0"} <= {
        str(a) for a in space.actions
    }
    assert not any(str(a).startswith("keep") for a in space.actions)  # no Chancellor in premium


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="not in the action space"):
        notation_to_action("Guard>5=Priest", "classic", 2)
    with pytest.raises(ValueError, match="unknown card 'Nobody'"):
        notation_to_action("Guard>1=Nobody", "classic", 2)
    with pytest.raises(ValueError, match=r"outside the action space 0\.\.29"):
        action_to_notation(30, "classic", 2)
    with pytest.raises(ValueError, match="seats 2 to 4 players, not 5"):
        ActionTable(load_ruleset("classic"), 5)
