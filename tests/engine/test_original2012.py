"""docs/rules.md §7.2 O-*: the original 2012 edition as a data variant of the classic game."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, Ruleset, load_ruleset
from loveletter.engine.events import HandsRevealed, RoundStarted
from tests.engine.scenario import coast, of_type, ruleset_with, two_barons
from tests.support import deal, play

#: docs/rules.md §4.2: the values that differ from the classic game, and the tokens to win.
ORIGINAL_VALUES = {"Princess": 8, "Countess": 7, "King": 6}
GOAL = {2: 7, 3: 5, 4: 4}


def test_O_1_values_and_tokens() -> None:
    original, classic = load_ruleset("original2012"), load_ruleset("classic")
    for card_id, card in original.cards.items():
        assert card.value == ORIGINAL_VALUES.get(card_id, classic.value(card_id))
        assert card.effect == classic.cards[card_id].effect
    for players, goal in GOAL.items():
        assert original.tokens_to_win(players) == goal
        assert Game(original, players, seed=1).view(0).goal == goal
        assert dict(original.mode_for(players).copies) == dict(classic.mode_for(players).copies)


@pytest.mark.parametrize(("mine", "theirs"), [("King", "Prince"), ("Countess", "King"), ("Princess", "Countess")])
def test_O_1_the_baron_compares_the_original_values(mine: str, theirs: str) -> None:
    game = deal("original2012", 3, hands=[mine, theirs, "Priest"], draws=["Baron"])
    play(game, "Baron>1")
    assert not game.view(0).seats[1].in_round and game.view(0).seats[0].in_round


# Both seats keep a Baron: every deck-out below is tied on the hands (see ``two_barons``).
#: Seat 0 plays Countess, Handmaid and three Guards; seat 1 two Guards, two Priests and a Handmaid.
UNEQUAL_PILES = ["Countess", "Guard", "Handmaid", "Guard", "Guard", "Priest", "Guard", "Priest", "Guard", "Handmaid"]
#: Seat 0 plays Countess, three Guards and a Priest; seat 1 two Guards, two Handmaids and a Priest.
EQUAL_PILES = ["Countess", "Guard", "Guard", "Handmaid", "Guard", "Handmaid", "Guard", "Priest", "Priest", "Guard"]


def pile_sum(game: Game, seat: int) -> int:
    return sum(game.ruleset.value(c) for c in game.view(seat).seats[seat].discards)


def test_O_2_a_deck_out_tie_goes_to_the_higher_discard_sum() -> None:
    game = two_barons("original2012", UNEQUAL_PILES)
    events = coast(game)
    assert of_type(events, HandsRevealed)[0].scores == ((0, 3), (1, 3))
    assert pile_sum(game, 0) > pile_sum(game, 1)
    assert game.result is not None and game.result.winners == (0,)
    assert game.tokens == (1, 0)


def test_O_2_the_classic_game_shares_the_same_tie() -> None:
    game = two_barons("classic", UNEQUAL_PILES)
    coast(game)
    assert pile_sum(game, 0) != pile_sum(game, 1)
    assert game.result is not None and game.result.winners == (0, 1)


def _residual(rs: Ruleset, seed: int = 0) -> Game:
    game = two_barons(rs, EQUAL_PILES, seed=seed)
    coast(game)
    assert pile_sum(game, 0) == pile_sum(game, 1)
    return game


@pytest.mark.parametrize("explicit", [False, True])
def test_O_2_residual_tie_all_win(tmp_path: Path, explicit: bool) -> None:
    rs = ruleset_with(tmp_path, "original2012", residual_tie="all_win") if explicit else load_ruleset("original2012")
    assert rs.flags.residual_tie == "all_win"
    game = _residual(rs)
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.tokens == (1, 1)


def test_O_2_residual_tie_none(tmp_path: Path) -> None:
    rs = ruleset_with(tmp_path, "original2012", residual_tie="none")
    firsts = set()
    for seed in range(8):
        game = _residual(rs, seed=seed)
        assert game.result is not None and game.result.winners == ()
        assert game.result.tokens == () and game.tokens == (0, 0)
        # The next first player is drawn among the still-tied players.
        assert game.state.next_first == (0, 1)
        firsts.add(of_type(game.next_round(), RoundStarted)[0].first_player)
    assert firsts == {0, 1}


def test_O_3_discard_sums_count_cards_a_prince_made_you_discard() -> None:
    game = deal(
        "original2012",
        2,
        hands=["Baron", "Countess"],
        set_aside="Princess",
        face_up=["King", "Prince", "Handmaid"],
        draws=["Prince", "Baron", "Handmaid", "Priest", "Guard", "Priest", "Guard", "Guard", "Guard", "Guard"],
    )
    play(game, "Prince>1")  # seat 1 discards the Countess and draws a Baron
    coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    assert game.result.scores == ((0, 3), (1, 3))
    piles = {seat: game.view(0).seats[seat].discards for seat in (0, 1)}
    assert piles[1][0] == "Countess"
    # Without the discarded Countess seat 1 would lose the tie break; with it, seat 1 wins.
    assert pile_sum(game, 1) - game.ruleset.value("Countess") < pile_sum(game, 0) < pile_sum(game, 1)
    assert game.result.winners == (1,)
