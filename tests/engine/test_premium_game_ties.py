"""Premium token timing, immediate wins and game ties (docs/rules.md §5.6; CL-42, CL-43 and the award batches).

Award batches (docs/rules.md §5.6): a correct Bishop guess; a knock-out that leaves two or more players (the Constable);
a knock-out that ends the round (Constable + last player standing + Jester); a deck-out (winners + Jester). After
each batch, one player at the goal wins at once; several play a tie-break round (or share the win, or the one
with most tokens wins, as the flags say).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, IllegalActionError, Phase, SetupError, stacked_deck
from loveletter.engine import events as ev
from tests.engine.premium_scenario import (
    few_left,
    pile_sum,
    premium_variant,
    quick_game,
    quick_round,
    tokens_given,
)
from tests.support import play

# ----------------------------------------------------------------------------------- knock-out ending the round

#: Five players, seat 2 first. Seat 2 marks seat 0 with the Jester; seat 1 plays the Constable; seat 0 knocks out
#: seat 2 and finally seat 1, and is the last one standing: seat 1's Constable token, seat 0's round token and
#: seat 2's Jester token form one batch.
BATCH_HANDS = ["Countess", "Baron", "Priest", "King", "Handmaid"]
BATCH_DRAWS = ["Jester", "Guard", "Guard", "Constable", "Guard", "Guard", "Priest", "Guard"]
BATCH_TURNS = ("Jester>0", "Guard>4=4", "Guard>3=6", "Constable", "Guard>1=9", "Guard>2=2", "Priest>0")


def batch_round(ruleset: str, round_winner_tokens: int, seed: int = 0) -> tuple[Game, list[ev.Event]]:
    """Seats 1 and 2 start the round with 3 tokens each, seat 0 with ``round_winner_tokens``; return the game
    after the round's last knock-out and that action's events."""
    game = quick_game(ruleset, 5, [0] * round_winner_tokens + [1, 1, 1, 2, 2, 2], seed=seed)
    assert game.tokens == (round_winner_tokens, 3, 3, 0, 0)
    deck = stacked_deck(game.ruleset, 5, hands=BATCH_HANDS, draws=BATCH_DRAWS, first_player=2)
    game.next_round(deck=deck, first_player=2)
    play(game, *BATCH_TURNS)
    return game, game.push("Guard>1=3")


def test_CL_42_the_knock_out_that_ends_a_round_gives_constable_round_and_jester_tokens_in_one_batch() -> None:
    game, events = batch_round("premium", round_winner_tokens=0)
    assert sorted(tokens_given(events)) == [(0, "round"), (1, "constable"), (2, "jester")]
    assert game.result is not None and sorted(game.result.tokens) == [(0, "round"), (1, "constable"), (2, "jester")]
    assert game.tokens == (1, 4, 4, 0, 0)
    # One batch, one check: seats 1 and 2 tie; seat 0, the round's winner, is not in it.
    assert not game.over and ev.TiebreakAnnounced((1, 2)) in events
    assert game.view(0).tiebreak == (1, 2)


def test_CL_42_a_tiebreak_without_the_last_rounds_winner_starts_with_a_random_tied_player() -> None:
    firsts = set()
    for seed in range(8):
        game, _ = batch_round("premium", round_winner_tokens=0, seed=seed)
        assert game.state.next_first == (1, 2)
        game.next_round()
        firsts.add(game.deals[-1].first_player)
    assert firsts == {1, 2}
    game, _ = batch_round("premium", round_winner_tokens=0)
    with pytest.raises(SetupError):
        game.next_round(first_player=0)  # the round's winner sits this one out


def test_CL_42_three_players_tied_play_a_three_player_tiebreak_round_started_by_the_rounds_winner() -> None:
    game, events = batch_round("premium", round_winner_tokens=3)
    assert game.tokens == (4, 4, 4, 0, 0)
    assert ev.TiebreakAnnounced((0, 1, 2)) in events
    assert game.state.next_first == (0,)
    deck, actions = quick_round(game.ruleset, 5, winner=2, first_player=0, seats=(0, 1, 2))
    started = game.next_round(deck=deck, first_player=0)[0]
    assert isinstance(started, ev.RoundStarted) and started.seats == (0, 1, 2) and started.tiebreak
    assert started.face_up == () and started.deck_size == 32 - 1 - 3
    assert [s.dealt_in for s in game.view(4).seats] == [True, True, True, False, False]
    for action in actions:
        assert game.decider in (0, 1, 2)
        game.push(action)
    assert game.over and game.winners == (2,)


@pytest.mark.parametrize("game_tie", ["tiebreak_round", "shared"])
def test_CL_42_flag_game_tie_in_the_large_game(tmp_path: Path, game_tie: str) -> None:
    game, events = batch_round(premium_variant(tmp_path, game_tie=game_tie), round_winner_tokens=0)
    if game_tie == "shared":
        assert game.over and game.winners == (1, 2)
        assert ev.GameEnded((1, 2)) in events
    else:
        assert not game.over and game.view(0).tiebreak == (1, 2)


@pytest.mark.parametrize("most_tokens_wins", [False, True])
def test_CL_42_flag_most_tokens_wins_needs_different_totals(tmp_path: Path, most_tokens_wins: bool) -> None:
    # Seats 1 and 2 reach 4 with 4 each: equal totals are a tie under both values of the flag.
    ruleset = premium_variant(tmp_path, flags={"game_tie_most_tokens_wins": most_tokens_wins})
    game, _ = batch_round(ruleset, round_winner_tokens=0)
    assert not game.over and game.view(0).tiebreak == (1, 2)


@pytest.mark.parametrize("most_tokens_wins", [False, True])
def test_CL_42_flag_most_tokens_wins_with_different_totals(tmp_path: Path, most_tokens_wins: bool) -> None:
    # Goal 1. A full tie between seats 0 and 1; seat 1's Jester marked seat 0: seat 1 gains 2 tokens, seat 0 one.
    ruleset = premium_variant(tmp_path, goal_large=1, flags={"game_tie_most_tokens_wins": most_tokens_wins})
    game = few_left(
        ["Countess", "DowagerQueen"],
        fillers={0: ["Count"], 1: ["Count", "Jester"]},
        balance=[(0, 1, 0)],
        ruleset=ruleset,
    )
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.tokens[:2] == (1, 2)
    if most_tokens_wins:
        assert game.over and game.winners == (1,)
    else:
        assert not game.over and game.view(0).tiebreak == (0, 1)


# ----------------------------------------------------------------------------------- knock-out leaving two or more


def constable_then_deck_out(ruleset: str = "premium") -> tuple[Game, list[ev.Event]]:
    """Eight players, three left (Countess, Priest, Baron + the Constable in its pile); seat 0 draws the last card,
    a Guard, and knocks seat 2 out: two players are left and the deck is empty."""
    game = few_left(
        ["Countess", "Priest", "Baron"],
        fillers={0: ["Count"], 1: ["Count"], 2: ["Constable"]},
        finale_draws=["Guard"],
        ruleset=ruleset,
    )
    assert game.decider == 0 and game.view(0).deck_size == 0
    return game, game.push("Guard>2=3")


def test_CL_42_a_constable_token_is_settled_before_the_deck_out_comparison() -> None:
    game, events = constable_then_deck_out()
    kinds = [type(e) for e in events]
    assert kinds.index(ev.KnockedOut) < kinds.index(ev.TokenAwarded) < kinds.index(ev.HandsRevealed)
    assert tokens_given(events) == [(2, "constable"), (0, "round")]
    assert game.result is not None and game.result.tokens == ((0, "round"),)  # the round's own batch


def test_CL_43_a_constable_token_that_wins_the_game_skips_the_deck_out_comparison(tmp_path: Path) -> None:
    game, events = constable_then_deck_out(premium_variant(tmp_path, goal_large=1))
    assert game.over and game.winners == (2,)  # a knocked-out player wins the game
    assert game.result is not None and game.result.reason == "interrupted"
    assert not any(isinstance(e, ev.HandsRevealed) for e in events)
    assert tokens_given(events) == [(2, "constable")]


# ------------------------------------------------------------------------------------------------ CL-43


@pytest.mark.parametrize("how", ["bishop", "constable"])
def test_CL_43_a_mid_round_win_ends_the_game_without_finishing_the_round(how: str) -> None:
    game = quick_game("premium", 5, [0, 0, 0])
    if how == "bishop":
        deck = stacked_deck(game.ruleset, 5, hands=["Guard", "Prince", "Priest", "Baron", "Handmaid"], draws=["Bishop"])
        game.next_round(deck=deck, first_player=0)
        events = game.push("Bishop>1=5")
    else:
        deck = stacked_deck(
            game.ruleset,
            5,
            hands=["Princess", "Guard", "Priest", "Baron", "Handmaid"],
            draws=["Constable", "Priest", "Baroness", "Count", "Countess", "Guard"],
        )
        game.next_round(deck=deck, first_player=0)
        play(game, "Constable", "Priest>2", "Baroness>3", "Count", "Countess")
        events = game.push("Princess")
    assert game.over and game.winners == (0,) and game.phase is Phase.GAME_OVER
    assert game.result is not None and game.result.reason == "interrupted" and game.result.winners == ()
    assert events[-2:] == [ev.RoundEnded(game.state.round, "interrupted", ()), ev.GameEnded((0,))]
    view = game.view(1)
    assert view.deck_size > 0 and view.winners == (0,) and view.decider is None
    assert sum(s.in_round for s in view.seats) >= 4  # the round was not played out
    assert not any(isinstance(e, ev.HandsRevealed) for e in events)
    with pytest.raises(IllegalActionError):
        game.push(game.view(1).hand[0])
    with pytest.raises(SetupError):
        game.next_round()


# ------------------------------------------------------------------------------------------- tie-break rounds


def susan_and_bob_tied() -> Game:
    """docs/rules.md's Bob and Susan example (CL-23): Susan (seat 0) and Bob (seat 1) tie at 4 after Susan knocks Bob
    out with a Constable in his pile; Susan won that round."""
    game = quick_game("premium", 5, [0, 0, 0, 1, 1, 1])
    deck = stacked_deck(
        game.ruleset,
        5,
        hands=["Countess", "Baron", "Priest", "King", "Handmaid"],
        draws=["Constable", "Guard", "Guard", "Guard", "Priest", "Guard"],
        first_player=1,
    )
    game.next_round(deck=deck, first_player=1)
    play(game, "Constable", "Guard>3=6", "Guard>2=2", "Guard>4=4", "Priest>0", "Guard>1=3")
    assert game.tokens == (4, 4, 0, 0, 0) and game.view(2).tiebreak == (0, 1)
    return game


def test_CL_42_a_tiebreak_round_deals_only_the_tied_players_from_the_full_deck() -> None:
    game = susan_and_bob_tied()
    deck, actions = quick_round(game.ruleset, 5, winner=0, first_player=0, seats=(0, 1))
    events = game.next_round(deck=deck, first_player=0)
    started = events[0]
    assert isinstance(started, ev.RoundStarted)
    assert started.tiebreak and started.seats == (0, 1) and started.first_player == 0
    assert started.face_up == ()  # never face-up cards at 5-8 players, even with two dealt in
    assert started.deck_size == 32 - 1 - 2
    dealt = [e for e in events if isinstance(e, ev.Dealt)]
    assert [e.seat for e in dealt] == [0, 1]
    for seat in range(5):
        view = game.view(seat)
        assert view.tiebreak == (0, 1)
        assert [s.dealt_in for s in view.seats] == [True, True, False, False, False]
        assert [s.hand_size for s in view.seats][2:] == [0, 0, 0]
    for action in actions:
        game.push(action)
    assert game.over and game.winners == (0,)


def test_CL_42_no_token_ends_the_game_during_a_tiebreak_round() -> None:
    game = susan_and_bob_tied()
    deck = stacked_deck(
        game.ruleset, 5, hands=["Guard", "Prince"], draws=["Bishop", "Count"], first_player=0, seats=(0, 1)
    )
    game.next_round(deck=deck, first_player=0)
    events = game.push("Bishop>1=5")  # right: a token, Susan now has 5 of 4
    assert tokens_given(events) == [(0, "bishop")] and game.tokens[0] == 5
    assert not game.over and game.phase is Phase.BISHOP and game.decider == 1  # the target still decides
    game.push("pass")
    assert not game.over and game.decider == 1


#: A whole tie-break round of two players from the 32-card deck that ends in a full tie: Susan (seat 0) and Bob
#: (seat 1) start with a Baron and a Baroness and trade equal cards (King, Cardinals, Dowager Queen, Baron), then
#: each Princes themself: Susan ends with a Count (5), Bob with a Sycophant and a Count in his pile (4 + 1); both
#: discard piles add up to 45. The Princess is the set-aside card. (draw, action) per turn; a Prince's extra draw
#: follows its turn's draw.
NESTED_TIE = [
    ("King", "King>1"),
    ("Cardinal", "Cardinal>0,1"),
    ("Cardinal", "Cardinal>0,1"),
    ("Baroness", "Baroness>0"),
    ("DowagerQueen", "DowagerQueen>1"),  # 3 against 3: nothing
    ("Handmaid", "Handmaid"),
    ("Baron", "Baron"),  # Bob is protected: no effect
    ("Prince", "Prince>1"),  # Bob discards his Baron...
    ("Sycophant", None),  # ...and draws a Sycophant
    ("Prince", "Prince>0"),  # Susan discards her Baroness...
    ("Count", None),  # ...and draws a Count
    ("Sycophant", "Sycophant>0"),
    ("Handmaid", "Handmaid"),
    ("Bishop", "Bishop"),  # Susan is protected: no effect
    ("Countess", "Countess"),
    ("Count", "Count"),
    ("Priest", "Priest>1"),
    ("Priest", "Priest>0"),
    ("Guard", "Guard>1=9"),
    ("Constable", "Constable"),
    ("Guard", "Guard>1=9"),
    ("Jester", "Jester>0"),
    ("Guard", "Guard>1=9"),
    ("Assassin", "Assassin"),
    ("Guard", "Guard>1=9"),
    ("Guard", "Guard>0=9"),
    ("Guard", "Guard>1=9"),
    ("Guard", "Guard>0=9"),
    ("Guard", "Guard>1=9"),
]


def test_CL_42_a_tiebreak_round_that_ends_in_a_tie_is_played_again() -> None:
    game = susan_and_bob_tied()
    deck = stacked_deck(
        game.ruleset,
        5,
        hands=["Baron", "Baroness"],
        draws=[draw for draw, _ in NESTED_TIE],
        set_aside="Princess",
        first_player=0,
        seats=(0, 1),
    )
    game.next_round(deck=deck, first_player=0)
    events: list[ev.Event] = []
    for _, action in NESTED_TIE:
        if action is not None:
            events += game.push(action)
    result = game.result
    assert result is not None and result.reason == "deck_out"
    assert dict(result.hands) == {0: "Count", 1: "Sycophant"} and dict(result.scores) == {0: 5, 1: 5}
    assert pile_sum(game, 0) == pile_sum(game, 1) == 45
    assert result.winners == (0, 1)
    # Tokens are still recorded (Bob's Jester marked Susan), but only the round decides: no winner yet.
    assert sorted(result.tokens) == [(0, "round"), (1, "jester"), (1, "round")]
    assert game.tokens[:2] == (5, 6)
    assert not game.over and ev.TiebreakAnnounced((0, 1)) in events
    assert game.view(3).tiebreak == (0, 1) and game.state.next_first == (0, 1)

    deck, actions = quick_round(game.ruleset, 5, winner=0, first_player=1, seats=(0, 1))
    started = game.next_round(deck=deck, first_player=1)[0]
    assert isinstance(started, ev.RoundStarted) and started.tiebreak and started.seats == (0, 1)
    for action in actions:
        game.push(action)
    assert game.over and game.winners == (0,)  # fewer tokens than Bob, but she won the round
