"""Determinization: states sampled from a view show exactly that view, conserve the cards, and play on."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from loveletter.engine import Game, GameState, Phase, load_ruleset, stacked_deck
from loveletter.engine.determinize import Determinizer, determinize
from tests.bots.helpers import TABLES, decisions, redeal


def all_cards(s: GameState) -> Counter[str]:
    cards = list(s.deck) + list(s.face_up) + [c for h in s.hands for c in h] + [c for d in s.discards for c in d]
    if s.set_aside is not None:
        cards.append(s.set_aside)
    return Counter(cards)


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_samples_show_the_same_view_and_conserve_cards(ruleset: str, players: int) -> None:
    rng = random.Random(5)
    phases = set()
    for game, seat in decisions(ruleset, players, seed=players, count=60):
        view = game.view(seat)
        sampler = Determinizer(view)
        for _ in range(3):
            s = sampler.sample(rng)
            assert s.view(seat) == view
            assert all_cards(s) == Counter(s.tables.deck)
        phases.add(view.phase)
    assert Phase.PLAY in phases


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_samples_play_on_to_the_end_of_the_game(ruleset: str, players: int) -> None:
    rng = random.Random(6)
    for game, seat in decisions(ruleset, players, seed=10 + players, count=15):
        s = determinize(game.view(seat), rng)
        while not s.over:
            if s.decider is None:
                deck = list(s.tables.deck)
                rng.shuffle(deck)
                s.start_round(deck, rng.choice(s.next_first))
            else:
                s.apply(rng.choice(s.legal_actions()), record=False)
        assert s.winners


def test_a_chancellors_cards_stay_where_they_were_put() -> None:
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 2, hands=["Chancellor", "Guard"], draws=["Priest", "Baron", "Prince"])
    game = Game(rs, 2, deck=deck, first_player=0)
    game.push("Chancellor")
    game.push("keep Baron return Priest,Prince")
    view = game.view(0)
    assert view.deck_known == ((view.deck_size - 2, "Priest"), (view.deck_size - 1, "Prince"))
    rng = random.Random(1)
    for _ in range(20):
        s = Determinizer(view).sample(rng)
        assert s.deck[1] == "Priest" and s.deck[0] == "Prince"  # deck[0] is the bottom
        assert s.view(0) == view


def test_what_the_seat_learned_stays_and_the_rest_varies() -> None:
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 3, hands=["Priest", "Countess", "Guard"], draws=["Handmaid"])
    game = Game(rs, 3, deck=deck, first_player=0)
    game.push("Priest>1")
    view = game.view(0)
    rng = random.Random(2)
    seen = set()
    for _ in range(40):
        s = Determinizer(view).sample(rng)
        assert s.hands[1][0] == "Countess"  # seen with the Priest (seat 1 has drawn since)
        seen.add(s.hands[2][0])
    assert len(seen) > 3  # seat 2's card is not known to seat 0: it is dealt at random


def test_the_independent_redeal_agrees_with_the_view() -> None:
    rng = random.Random(4)
    for game, seat in decisions("premium", 6, seed=3, count=30):
        assert redeal(game.state, seat, rng).view(seat) == game.view(seat)


def test_an_inconsistent_view_is_refused() -> None:
    game = Game("2019", 2, seed=1)
    view = game.view(game.decider or 0)
    bad = dataclasses.replace(view, deck_size=view.deck_size + 1)
    with pytest.raises(ValueError, match="inconsistent"):
        Determinizer(bad)


def test_every_deal_is_each_distinct_deal_once_and_each_shows_the_view() -> None:
    rng = random.Random(3)
    enumerated = 0
    for game, seat in decisions("2019", 2, seed=7, count=200):
        view = game.view(seat)
        sampler = Determinizer(view)
        if sampler.count() > 400:
            continue
        deals = list(sampler.every())
        assert len(deals) == sampler.count()
        keys = {(tuple(map(tuple, s.hands)), tuple(s.deck), s.set_aside) for s in deals}
        assert len(keys) == len(deals)  # distinct
        for s in deals:
            assert s.view(seat) == view
            assert all_cards(s) == Counter(s.tables.deck)
        # A sampled deal is one of them.
        s = sampler.sample(rng)
        assert (tuple(map(tuple, s.hands)), tuple(s.deck), s.set_aside) in keys
        enumerated += 1
    assert enumerated >= 10
