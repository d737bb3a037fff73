"""docs/rules.md §7.2 B-*: the classic 16-card game of the 2019 rulebook.

B-6 ("every §7.1 case not about the Chancellor or the Spy passes unchanged") is covered by the A-* test files,
whose cases are parametrized over ``classic`` (and ``original2012``) wherever the cards exist.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loveletter.engine import Game, IllegalActionError, NotationError, Play, SetupError, load_ruleset
from loveletter.engine.events import RoundStarted, TokenAwarded
from tests.engine.scenario import coast, of_type, plays_of, sweep, two_baron_deck, two_baron_tie
from tests.support import deal

#: docs/rules.md §4.1: the classic deck, value and copies.
CLASSIC = {
    "Princess": (9, 1),
    "Countess": (8, 1),
    "King": (7, 1),
    "Prince": (5, 2),
    "Handmaid": (4, 2),
    "Baron": (3, 2),
    "Priest": (2, 2),
    "Guard": (1, 5),
}
GOAL = {2: 6, 3: 5, 4: 4}


@pytest.mark.parametrize("players", sorted(GOAL))
def test_B_1_sixteen_cards_no_chancellor_no_spy_five_guards(players: int) -> None:
    rs = load_ruleset("classic")
    mode = rs.mode_for(players)
    assert {c: (rs.value(c), n) for c, n in mode.copies.items()} == CLASSIC
    assert mode.deck_size == 16
    assert "Chancellor" not in rs.cards and "Spy" not in rs.cards
    # docs/rules.md §4.1: the 2019 deck minus one Guard, both Chancellors and both Spies.
    removed = Counter({"Guard": 1, "Chancellor": 2, "Spy": 2})
    assert Counter(mode.deck()) == Counter(load_ruleset("2019").mode_for(players).deck()) - removed
    game = Game(rs, players, seed=players)
    s = game.state
    dealt = Counter(s.deck) + Counter(s.face_up) + Counter([s.set_aside] if s.set_aside else [])
    for seat in range(players):
        dealt += Counter(s.hands[seat])
    assert dealt == Counter(mode.deck())


@pytest.mark.parametrize("players", [1, 5, 6])
def test_B_2_player_counts_outside_2_to_4_are_rejected(players: int) -> None:
    with pytest.raises(SetupError, match=f"not {players}"):
        Game("classic", players, seed=1)


def test_B_3_the_guard_names_only_cards_of_this_deck() -> None:
    game = deal("classic", 3, hands=["Priest", "Baron", "Handmaid"], draws=["Guard"])
    names = {a.named for a in plays_of(game.legal_actions(), "Guard")}
    assert names == {"Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"}
    for absent in ("Chancellor", "Spy"):
        with pytest.raises(NotationError, match=f"unknown card '{absent}'"):
            game.push(f"Guard>1={absent}")
        with pytest.raises(IllegalActionError):
            game.push(Play("Guard", (1,), absent))
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=Guard")


@pytest.mark.parametrize("players", sorted(GOAL))
def test_B_4_tokens_to_win(players: int) -> None:
    assert Game("classic", players, seed=1).view(0).goal == GOAL[players]


def test_B_4_a_tied_deck_out_is_shared_and_the_next_first_player_is_drawn_among_the_tied() -> None:
    firsts = set()
    for seed in range(8):
        game = two_baron_tie("classic", seed=seed)
        coast(game)
        assert game.result is not None and game.result.winners == (0, 1)
        assert game.tokens == (1, 1)
        firsts.add(of_type(game.next_round(), RoundStarted)[0].first_player)
    assert firsts == {0, 1}


def test_B_4_two_players_reaching_the_goal_together_share_the_win() -> None:
    game = two_baron_tie("classic")
    coast(game)
    goal = GOAL[2]
    for _ in range(goal - 2):
        for winner in (0, 1):
            sweep(game, winner=winner)
    assert game.tokens == (goal - 1, goal - 1) and not game.over
    first = game.state.next_first[0]
    game.next_round(deck=two_baron_deck(game.ruleset, first_player=first), first_player=first)
    coast(game)
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.over and game.winners == (0, 1)


def test_B_5_no_spy_bonus_ever() -> None:
    rs = load_ruleset("classic")
    rng = random.Random(5)
    for players in range(rs.min_players, rs.max_players + 1):
        game = Game(rs, players, seed=players)
        assert "spy" not in game.state.features
        while not game.over:
            if game.round_over:
                game.next_round()
            else:
                game.push(rng.choice(game.legal_actions()))
        assert {e.reason for e in of_type(game.log, TokenAwarded)} == {"round"}


def test_B_6_classic_cards_are_the_2019_cards() -> None:
    classic, edition = load_ruleset("classic"), load_ruleset("2019")
    for card_id, card in classic.cards.items():
        assert edition.cards[card_id] == card
    assert classic.countess_forced_by == edition.countess_forced_by
    assert classic.tie_breaks == edition.tie_breaks == ()
    assert classic.mode_for(2).face_up_set_aside == edition.mode_for(2).face_up_set_aside
    assert all(classic.tokens_to_win(n) == edition.tokens_to_win(n) for n in GOAL)
