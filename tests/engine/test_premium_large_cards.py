"""Premium Edition with 5 to 8 players: the 32-card deck, naming numbers, the Countess
(docs/rules.md §5.2; CL-1 .. CL-4)."""

from __future__ import annotations

import pytest

from loveletter.engine import Game, IllegalActionError, Play, SetupError, load_ruleset
from loveletter.engine import events as ev
from tests.support import deal

#: docs/rules.md §5.2: value and copies of every card of the 5-8 player deck.
LARGE_DECK = {
    "Bishop": (9, 1),
    "Princess": (8, 1),
    "Countess": (7, 1),
    "DowagerQueen": (7, 1),
    "King": (6, 1),
    "Constable": (6, 1),
    "Prince": (5, 2),
    "Count": (5, 2),
    "Handmaid": (4, 2),
    "Sycophant": (4, 2),
    "Baron": (3, 2),
    "Baroness": (3, 2),
    "Priest": (2, 2),
    "Cardinal": (2, 2),
    "Guard": (1, 8),
    "Jester": (0, 1),
    "Assassin": (0, 1),
}


# ------------------------------------------------------------------------------------------------------ CL-1


@pytest.mark.parametrize(("players", "deck_after_setup"), [(5, 26), (6, 25), (7, 24), (8, 23)])
def test_CL_1_thirty_two_cards_no_face_up_cards_goal_4(players: int, deck_after_setup: int) -> None:
    rs = load_ruleset("premium")
    mode = rs.mode_for(players)
    assert {c: (rs.value(c), n) for c, n in mode.copies.items()} == LARGE_DECK
    assert mode.deck_size == 32
    assert mode.face_up_set_aside == 0
    assert rs.tokens_to_win(players) == 4

    game = Game(rs, players, seed=3, first_player=0)
    started = game.log[0]
    assert isinstance(started, ev.RoundStarted)
    assert started.face_up == () and started.deck_size == deck_after_setup  # docs/rules.md §2.1 table
    view = game.view(1)
    assert view.face_up == () and view.goal == 4
    assert sum(s.hand_size for s in view.seats) == players + 1  # one card each, plus seat 0's draw


# ------------------------------------------------------------------------------------------------------ CL-2


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_CL_2_five_to_eight_players_use_the_large_deck(players: int) -> None:
    assert load_ruleset("premium").mode_for(players).deck_size == 32


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CL_2_fewer_players_use_the_small_deck(players: int) -> None:
    assert load_ruleset("premium").mode_for(players).deck_size == 16


@pytest.mark.parametrize("players", [1, 9])
def test_CL_2_other_player_counts_are_rejected(players: int) -> None:
    with pytest.raises(SetupError, match="2 to 8 players"):
        Game("premium", players, seed=1)


# ------------------------------------------------------------------------------------------------------ CL-3


def guard_on(card: str) -> Game:
    """Five players: seat 0 holds a Priest and draws a Guard; seat 1 holds ``card``."""
    return deal("premium", 5, hands=["Priest", card, "Baron", "Handmaid", "Count"], draws=["Guard"])


def test_CL_3_the_guard_names_0_and_2_to_9() -> None:
    game = guard_on("Prince")
    named = {a.named for a in game.legal_actions() if isinstance(a, Play) and a.card == "Guard"}
    assert named == {0, 2, 3, 4, 5, 6, 7, 8, 9}
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=1")
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=Prince")  # numbers, not names


@pytest.mark.parametrize(
    ("card", "number"),
    [
        ("Handmaid", 4),
        ("Sycophant", 4),
        ("Countess", 7),
        ("DowagerQueen", 7),
        ("Jester", 0),
        ("Bishop", 9),
        ("King", 6),
        ("Constable", 6),
        ("Prince", 5),
        ("Count", 5),
        ("Baroness", 3),
        ("Cardinal", 2),
        ("Princess", 8),
    ],
)
def test_CL_3_a_named_number_hits_every_card_of_that_value(card: str, number: int) -> None:
    game = guard_on(card)
    events = game.push(f"Guard>1={number}")
    assert ev.Guessed(0, 1, number, True) in events
    assert ev.KnockedOut(1, "guard", (card,)) in events
    assert not game.view(4).seats[1].in_round


@pytest.mark.parametrize(("card", "number"), [("Sycophant", 5), ("Jester", 2), ("Bishop", 8), ("Countess", 6)])
def test_CL_3_a_different_number_misses(card: str, number: int) -> None:
    game = guard_on(card)
    events = game.push(f"Guard>1={number}")
    assert ev.Guessed(0, 1, number, False) in events
    assert game.view(2).seats[1].in_round


# ------------------------------------------------------------------------------------------------------ CL-4


@pytest.mark.parametrize("other", ["Count", "Constable", "DowagerQueen", "Princess"])
def test_CL_4_the_countess_is_not_forced_by_a_count_or_the_constable(other: str) -> None:
    game = deal("premium", 5, hands=["Countess", "Guard", "Priest", "Baron", "Handmaid"], draws=[other])
    assert {a.card for a in game.legal_actions() if isinstance(a, Play)} == {"Countess", other}


@pytest.mark.parametrize("other", ["King", "Prince"])
@pytest.mark.parametrize("countess_first", [True, False])
def test_CL_4_the_countess_is_forced_by_the_king_or_a_prince(other: str, countess_first: bool) -> None:
    hand, draw = ("Countess", other) if countess_first else (other, "Countess")
    game = deal("premium", 5, hands=[hand, "Guard", "Priest", "Baron", "Handmaid"], draws=[draw])
    assert game.legal_actions() == (Play("Countess"),)
    with pytest.raises(IllegalActionError):
        game.push(f"{other}>1")
    events = game.push("Countess")
    played = next(e for e in events if isinstance(e, ev.Played))
    assert played == ev.Played(0, "Countess")  # nothing public tells a forced Countess from a free one
