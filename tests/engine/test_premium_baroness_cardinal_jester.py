"""Baroness, Cardinal and Jester, premium 5-8 players (docs/rules.md §5.3, §5.4, §5.6, §5.8; CL-36 .. CL-41)."""

from __future__ import annotations

from itertools import combinations

import pytest

from loveletter.engine import Game, IllegalActionError, Play, stacked_deck
from loveletter.engine import events as ev
from tests.engine.premium_scenario import few_left, quick_game, quick_round, tokens_given
from tests.support import deal, play

HANDS = ["Guard", "Prince", "Priest", "Baron", "Handmaid"]


def plays_of(game: Game, card: str) -> set[Play]:
    return {a for a in game.legal_actions() if isinstance(a, Play) and a.card == card}


def alone_with(card: str, *, seat_4_out: bool) -> Game:
    """Five players, seat 1 first: seat 1 plays the Princess, seats 2 and 3 a Handmaid each; seat 4 then loses a
    Baron against seat 0 (or just plays a Priest on seat 0); seat 0 (a King) draws ``card``."""
    game = deal(
        "premium",
        5,
        hands=["King", "Guard", "Priest", "Baroness", "Sycophant"],
        draws=["Princess", "Handmaid", "Handmaid", "Baron" if seat_4_out else "Priest", card],
        first_player=1,
    )
    play(game, "Princess", "Handmaid", "Handmaid", "Baron>0" if seat_4_out else "Priest>0")
    assert game.decider == 0
    return game


# ----------------------------------------------------------------------------------------------------- CL-36


def test_CL_36_the_baroness_looks_at_one_or_two_other_players() -> None:
    game = deal("premium", 5, hands=HANDS, draws=["Baroness"])
    groups = {a.targets for a in plays_of(game, "Baroness")}
    assert groups == {(p,) for p in range(1, 5)} | set(combinations(range(1, 5), 2))
    for illegal in ("Baroness>0", "Baroness>0,1", "Baroness>1,1", "Baroness>1,2,3"):
        with pytest.raises(IllegalActionError):
            game.push(illegal)

    events = game.push("Baroness>1,3")
    played = next(e for e in events if isinstance(e, ev.Played))
    assert played == ev.Played(0, "Baroness", (1, 3)) and played.audience is None  # who was looked at: public
    seen = [e for e in events if isinstance(e, ev.SawHand)]
    assert seen == [ev.SawHand(0, 1, "Prince"), ev.SawHand(0, 3, "Baron")]
    assert all(e.audience == (0,) for e in seen)  # the cards: the Baroness's player only
    assert game.view(0).seats[1].known == ("Prince",) and game.view(0).seats[3].known == ("Baron",)
    for seat in (1, 2, 3, 4):
        assert not any(isinstance(e, ev.SawHand) for e in game.log_for(seat))
        assert game.view(seat).seats[1].known == () or seat == 1


def test_CL_36_one_choosable_player_means_one_look() -> None:
    game = alone_with("Baroness", seat_4_out=False)
    assert plays_of(game, "Baroness") == {Play("Baroness", (4,))}
    events = game.push("Baroness>4")
    assert ev.SawHand(0, 4, "Sycophant") in events


def test_CL_36_nobody_choosable_means_no_effect() -> None:
    game = alone_with("Baroness", seat_4_out=True)
    assert plays_of(game, "Baroness") == {Play("Baroness")}
    events = game.push("Baroness")
    assert ev.NoEffect(0, "Baroness") in events
    assert not any(isinstance(e, ev.SawHand) for e in events)


# ----------------------------------------------------------------------------------------------------- CL-37


@pytest.mark.parametrize("look", [3, 1, None])
def test_CL_37_the_cardinal_swaps_two_others_and_may_look_at_one(look: int | None) -> None:
    game = deal("premium", 5, hands=HANDS, draws=["Cardinal"])
    events = game.push(Play("Cardinal", (1, 3), None, look))
    played = next(e for e in events if isinstance(e, ev.Played))
    assert played == ev.Played(0, "Cardinal", (1, 3), None, look) and played.audience is None  # whose hand: public
    assert ev.Swapped(1, 3) in events
    received = [e for e in events if isinstance(e, ev.Received)]
    assert received == [ev.Received(1, "Baron", 3), ev.Received(3, "Prince", 1)]
    assert [e.audience for e in received] == [(1,), (3,)]  # each learns the card they now hold
    seen = [e for e in events if isinstance(e, ev.SawHand)]
    if look is None:
        assert seen == []
        assert game.view(0).seats[1].known == () and game.view(0).seats[3].known == ()
    else:
        new = {1: "Baron", 3: "Prince"}[look]
        assert seen == [ev.SawHand(0, look, new)] and seen[0].audience == (0,)
        assert game.view(0).seats[look].known == (new,)
    # Each swapped player knows the card they gave away is now with the other; seat 2 knows nothing.
    assert game.view(1).hand[0] == "Baron" and game.view(1).seats[3].known == ("Prince",)
    assert game.view(3).hand == ("Prince",) and game.view(3).seats[1].known == ("Baron",)
    assert game.view(2).seats[1].known == () and game.view(2).seats[3].known == ()
    for seat in (2, 4):
        assert not any(isinstance(e, (ev.Received, ev.SawHand)) for e in game.log_for(seat))


def test_CL_37_the_cardinal_may_only_look_at_one_of_the_pair() -> None:
    game = deal("premium", 5, hands=HANDS, draws=["Cardinal"])
    with pytest.raises(IllegalActionError):
        game.push("Cardinal>1,3?2")
    with pytest.raises(IllegalActionError):
        game.push("Cardinal>1,1")


# ----------------------------------------------------------------------------------------------------- CL-38


def test_CL_38_a_cardinal_that_includes_its_player_works_like_a_king() -> None:
    game = deal("premium", 5, hands=HANDS, draws=["Cardinal"])
    events = game.push("Cardinal>0,2")
    assert ev.Swapped(0, 2) in events
    assert ev.Received(0, "Priest", 2) in events and ev.Received(2, "Guard", 0) in events
    assert game.view(0).hand == ("Priest",) and game.view(2).hand[0] == "Guard"
    assert game.view(0).seats[2].known == ("Guard",) and game.view(2).seats[0].known == ("Priest",)


@pytest.mark.parametrize("seat_4_out", [True, False])
def test_CL_38_the_cardinal_needs_two_choosable_players(seat_4_out: bool) -> None:
    game = alone_with("Cardinal", seat_4_out=seat_4_out)
    if seat_4_out:  # only seat 0 itself can be chosen: no effect
        assert plays_of(game, "Cardinal") == {Play("Cardinal")}
        events = game.push("Cardinal")
        assert ev.NoEffect(0, "Cardinal") in events
        assert game.view(0).hand == ("King",)
    else:  # seat 0 and seat 4: the only pair
        assert {a.targets for a in plays_of(game, "Cardinal")} == {(0, 4)}


def test_CL_38_swapping_the_princess_knocks_nobody_out() -> None:
    game = deal("premium", 5, hands=["Guard", "Princess", "Priest", "Baron", "Handmaid"], draws=["Cardinal"])
    events = game.push("Cardinal>1,3?3")
    assert not any(isinstance(e, ev.KnockedOut) for e in events)
    assert game.view(3).hand == ("Princess",)
    assert ev.SawHand(0, 3, "Princess") in events
    assert all(s.in_round for s in game.view(0).seats)


# ----------------------------------------------------------------------------------------------------- CL-39

#: Five players, seat 0 first: seat 0 marks seat 1 with the Jester, then Guards fly until seat 1 knocks seat 0 out
#: and is the last one standing.
JESTER_HANDS = ["Priest", "Countess", "Baron", "Handmaid", "King"]
JESTER_DRAWS = ["Jester", "Guard", "Guard", "Guard", "Guard"]
JESTER_TURNS = ("Jester>1", "Guard>2=3", "Guard>4=6", "Guard>3=4")


def test_CL_39_the_jester_marks_another_unprotected_player_still_in() -> None:
    game = alone_with("Jester", seat_4_out=False)
    assert plays_of(game, "Jester") == {Play("Jester", (4,))}
    game = alone_with("Jester", seat_4_out=True)
    assert plays_of(game, "Jester") == {Play("Jester")}
    events = game.push("Jester")
    assert ev.NoEffect(0, "Jester") in events and game.view(0).jester is None


def test_CL_39_the_jesters_player_gains_a_token_when_the_marked_player_wins_even_when_out() -> None:
    game = deal("premium", 5, hands=JESTER_HANDS, draws=JESTER_DRAWS)
    events = game.push("Jester>1")
    marked = next(e for e in events if isinstance(e, ev.Marked))
    assert marked == ev.Marked(0, 1, "jester") and marked.audience is None
    assert all(game.view(seat).jester == (0, 1) for seat in range(5))
    play(game, *JESTER_TURNS[1:])
    events = game.push("Guard>0=2")  # seat 1 knocks out the Jester's player
    assert game.result is not None and game.result.reason == "last_standing" and game.result.winners == (1,)
    assert sorted(tokens_given(events)) == [(0, "jester"), (1, "round")]
    assert game.tokens == (1, 1, 0, 0, 0)


def test_CL_39_the_jesters_player_gains_a_token_when_the_marked_player_wins_a_deck_out() -> None:
    # Seat 1 (a Priest) marks seat 0 (the Countess), who wins the comparison.
    game = few_left(["Countess", "Priest"], fillers={0: ["Count"], 1: ["Count", "Jester"]})
    assert game.result is not None and game.result.winners == (0,)
    assert game.result.tokens == ((0, "round"), (1, "jester"))
    assert game.tokens[:2] == (1, 1)


def test_CL_39_the_jesters_player_gains_a_token_when_the_marked_player_shares_the_win() -> None:
    # Seats 0 and 1 tie completely (7 + 1 Count each, equal discard sums); seat 2 marked one of them.
    game = few_left(
        ["Countess", "DowagerQueen", "Priest"],
        fillers={0: ["Count"], 1: ["Count"], 2: ["Jester"]},
        balance=[(0, 1, 0)],
    )
    result = game.result
    assert result is not None and result.winners == (0, 1)
    assert game.view(2).seats[2].discards.count("Jester") == 1
    assert sorted(result.tokens) == [(0, "round"), (1, "round"), (2, "jester")]


def test_CL_39_nothing_when_the_marked_player_loses_the_deck_out() -> None:
    game = few_left(["Countess", "Priest"], fillers={0: ["Count", "Jester"], 1: ["Count"]})
    assert game.result is not None and game.result.winners == (0,)
    assert game.result.tokens == ((0, "round"),)


def test_CL_39_nothing_when_the_marked_player_is_knocked_out() -> None:
    game = deal("premium", 5, hands=JESTER_HANDS, draws=[*JESTER_DRAWS, "Guard"])
    play(game, *JESTER_TURNS)
    game.push("Guard>0=3")  # seat 1 misses seat 0 (a Priest)
    events = game.push("Guard>1=7")  # seat 0 knocks out the marked seat 1
    assert game.result is not None and game.result.winners == (0,)
    assert tokens_given(events) == [(0, "round")]


# ----------------------------------------------------------------------------------------------------- CL-40


def test_CL_40_a_jesters_player_who_also_wins_gains_two_tokens() -> None:
    game = few_left(["Countess", "DowagerQueen"], fillers={0: ["Count"], 1: ["Count", "Jester"]}, balance=[(0, 1, 0)])
    result = game.result
    assert result is not None and result.winners == (0, 1)
    assert sorted(result.tokens) == [(0, "round"), (1, "jester"), (1, "round")]
    assert game.tokens[:2] == (1, 2)


# ----------------------------------------------------------------------------------------------------- CL-41


def test_CL_41_jester_and_round_tokens_reaching_the_goal_together_start_a_tiebreak_round() -> None:
    game = quick_game("premium", 5, [1, 1, 1, 0, 0, 0])
    assert game.tokens == (3, 3, 0, 0, 0)
    deck = stacked_deck(game.ruleset, 5, hands=JESTER_HANDS, draws=JESTER_DRAWS, first_player=0)
    game.next_round(deck=deck, first_player=0)
    play(game, *JESTER_TURNS)
    events = game.push("Guard>0=2")
    assert game.tokens == (4, 4, 0, 0, 0)
    assert not game.over and ev.TiebreakAnnounced((0, 1)) in events
    assert game.view(4).tiebreak == (0, 1)
    assert game.state.next_first == (1,)  # the round's winner plays first in the tie-break

    deck, actions = quick_round(game.ruleset, 5, winner=0, first_player=1, seats=(0, 1))
    game.next_round(deck=deck, first_player=1)
    for action in actions:
        game.push(action)
    assert game.over and game.winners == (0,)
