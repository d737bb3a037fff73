"""``hard-v2`` is a fixed yardstick: it makes the very decisions the ``hard`` level made when it was kept.

``data/hard_v2_games.json`` holds whole games played at commit 41fff39 by that ``hard`` level (at its default
budget at two players, at small ones elsewhere) against ``easy``, ``hard-v1`` and itself, in three rulesets: the
seeds and levels, and every action of every round. The same seeds must give the same games, move for move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from loveletter.arena.games import make_specs, play_game

GAMES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "hard_v2_games.json").read_text())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['ruleset']}-{len(g['levels'])}p-{g['seed']}")
def test_hard_v2_plays_the_games_the_hard_level_played_when_it_was_kept(game: dict[str, Any]) -> None:
    (spec,) = make_specs(game["ruleset"], game["levels"], games=1, seed=game["seed"])
    result = play_game(spec)
    assert [[str(a) for a in actions] for actions in result.actions] == game["actions"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['ruleset']}-{len(g['levels'])}p-{g['seed']}")
def test_hard_with_its_settings_off_plays_as_hard_v2(game: dict[str, Any]) -> None:
    """No setting of ``hard``'s design beat ``hard-v2`` (issue 49), so by default it plays the very same games."""
    levels = [level.replace("hard-v2", "hard") for level in game["levels"]]
    (spec,) = make_specs(game["ruleset"], levels, games=1, seed=game["seed"])
    result = play_game(spec)
    assert [[str(a) for a in actions] for actions in result.actions] == game["actions"]
