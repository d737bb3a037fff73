"""``View.known_by``: what other seats know of the viewer's hand. It mirrors what those seats' own views know,
and holds nothing the viewer does not hold (docs/rules.md §2.6: who learns about whom is public)."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import Game
from tests.support import deal, play


def test_a_priests_look_is_known_to_its_target_until_the_card_is_played() -> None:
    game = deal("classic", 3, hands=["Priest", "King", "Guard"], draws=["Handmaid", "Baron"])
    play(game, "Priest>1")
    assert game.view(1).known_by == ((0, ("King",)),)  # Bea knows Ana saw her King
    assert game.view(2).known_by == () and game.view(0).known_by == ()
    play(game, "King>0")  # Bea plays the King that was seen: that knowledge is gone, a trade's is new
    assert game.view(1).known_by == ((0, ("Handmaid",)),)  # Ana knows her Handmaid went to Bea
    assert game.view(0).known_by == ((1, ("Baron",)),)  # and Bea knows her Baron went to Ana


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 4), ("classic", 3), ("premium", 6)])
def test_known_by_mirrors_the_others_views_and_tells_nothing_new(ruleset: str, players: int) -> None:
    found = 0
    for seed in range(15):
        game = Game(ruleset, players, seed=seed)
        rng = random.Random(seed)
        while not game.round_over:
            for seat in range(players):
                view = game.view(seat)
                for other, cards in view.known_by:
                    found += 1
                    assert other != seat and game.view(other).seats[seat].known == cards
                    assert all(view.hand.count(c) >= cards.count(c) for c in cards)  # the viewer's own cards
                knowers = {other for other, _ in view.known_by}
                for other in range(players):
                    if other != seat and other not in knowers:
                        assert not game.view(other).seats[seat].known
            game.push(rng.choice(game.legal_actions()))
    assert found
