"""Premium Edition with 2 to 4 players (docs/rules.md §5.1, §5.3, §5.6; edge cases CS-1 .. CS-7 of §7.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, IllegalActionError, Play, SetupError, load_ruleset
from loveletter.engine import events as ev
from tests.engine.premium_scenario import (
    next_round_to_finale,
    pile_sum,
    premium_variant,
    quick_game,
    quick_round,
    to_finale,
)
from tests.support import deal, play

#: docs/rules.md §5.1: the 16 cards of the 2-4 player game with their premium values.
SMALL_DECK = {
    "Princess": (8, 1),
    "Countess": (7, 1),
    "King": (6, 1),
    "Prince": (5, 2),
    "Handmaid": (4, 2),
    "Baron": (3, 2),
    "Priest": (2, 2),
    "Guard": (1, 5),
}


# ------------------------------------------------------------------------------------------------------ CS-1


@pytest.mark.parametrize(("players", "goal", "deck_after_setup"), [(2, 7, 10), (3, 5, 12), (4, 4, 11)])
def test_CS_1_sixteen_cards_face_up_cards_with_two_and_goals(players: int, goal: int, deck_after_setup: int) -> None:
    rs = load_ruleset("premium")
    mode = rs.mode_for(players)
    assert {c: (rs.value(c), n) for c, n in mode.copies.items()} == SMALL_DECK
    assert mode.deck_size == 16
    assert mode.values == (8, 7, 6, 5, 4, 3, 2, 1)
    assert rs.tokens_to_win(players) == goal

    game = Game(rs, players, seed=11, first_player=0)
    started = game.log[0]
    assert isinstance(started, ev.RoundStarted)
    assert started.deck_size == deck_after_setup  # docs/rules.md §2.1 table
    face_up = 3 if players == 2 else 0
    assert len(started.face_up) == face_up
    for seat in range(players):
        view = game.view(seat)
        assert view.goal == goal
        assert view.face_up == started.face_up  # the face-up cards are public
        assert view.deck_size == deck_after_setup - 1  # seat 0 has drawn


def test_CS_1_face_up_cards_are_never_drawn_and_are_counted_as_seen() -> None:
    game = deal(
        "premium",
        2,
        hands=["Prince", "Guard"],
        draws=["Priest"],
        set_aside="Baron",
        face_up=["King", "Countess", "Handmaid"],
    )
    view = game.view(1)
    assert view.face_up == ("King", "Countess", "Handmaid")
    unseen = view.unseen()
    assert unseen["King"] == 0 and unseen["Countess"] == 0 and unseen["Handmaid"] == 1


# ------------------------------------------------------------------------------------------------------ CS-2


def test_CS_2_guard_names_a_number_from_2_to_8() -> None:
    game = deal("premium", 3, hands=["Guard", "Prince", "Priest"], draws=["Handmaid"])
    named = {a.named for a in game.legal_actions() if isinstance(a, Play) and a.card == "Guard"}
    assert named == {2, 3, 4, 5, 6, 7, 8}
    for illegal in ("Guard>1=1", "Guard>1=0", "Guard>1=9", "Guard>1=Prince", "Guard>0=5"):
        with pytest.raises(IllegalActionError):
            game.push(illegal)

    events = game.push("Guard>1=5")
    assert ev.Guessed(0, 1, 5, True) in events
    assert ev.KnockedOut(1, "guard", ("Prince",)) in events
    assert not game.view(2).seats[1].in_round


def test_CS_2_a_wrong_number_does_nothing() -> None:
    game = deal("premium", 3, hands=["Guard", "Prince", "Priest"], draws=["Handmaid"])
    events = game.push("Guard>1=4")
    assert ev.Guessed(0, 1, 4, False) in events
    assert all(not isinstance(e, ev.KnockedOut) for e in events)
    assert game.view(1).hand[0] == "Prince"


# ------------------------------------------------------------------------------------------------------ CS-3


def tied_small_round(players: int, lead: int, seed: int = 0) -> Game:
    """Seats 0 and 1 end a 2- or 3-player round holding a Prince each, seat 0's discard pile ``lead`` above seat 1's;
    seat 2 (if any) holds a Priest."""
    if players == 2:
        return to_finale(
            "premium",
            2,
            hands=["Prince", "Prince"],
            set_aside="Princess",
            face_up=["Countess", "King", "Guard"],
            balance=[(0, 1, lead)],
            seed=seed,
        )
    return to_finale(
        "premium",
        3,
        hands=["Prince", "Prince", "Priest"],
        set_aside="Princess",
        balance=[(0, 1, lead)],
        seed=seed,
    )


@pytest.mark.parametrize("players", [2, 3])
def test_CS_3_equal_hands_and_equal_discard_sums_all_win(players: int) -> None:
    game = tied_small_round(players, lead=0)
    assert game.round_over
    result = game.result
    assert result is not None and result.reason == "deck_out"
    assert pile_sum(game, 0) == pile_sum(game, 1)
    assert result.winners == (0, 1)
    assert result.tokens == ((0, "round"), (1, "round"))
    assert game.tokens[:2] == (1, 1)
    if players == 3:
        assert game.tokens[2] == 0  # lower hand: not among the tied
    shown = [e for e in game.log if isinstance(e, ev.HandsRevealed)]
    assert len(shown) == 1 and shown[0].audience is None  # every remaining hand is revealed to all
    assert dict(shown[0].hands)[0] == "Prince" and dict(shown[0].scores)[1] == 5


@pytest.mark.parametrize("players", [2, 3])
def test_CS_3_equal_hands_the_higher_discard_sum_wins(players: int) -> None:
    game = tied_small_round(players, lead=2)
    assert pile_sum(game, 0) == pile_sum(game, 1) + 2
    assert game.result is not None and game.result.winners == (0,)
    assert game.tokens[:2] == (1, 0)


# ------------------------------------------------------------------------------------------------------ CS-4


def test_CS_4_after_a_shared_round_the_next_first_player_is_drawn_among_the_winners() -> None:
    firsts = set()
    for seed in range(12):
        game = tied_small_round(3, lead=0, seed=seed)
        assert game.state.next_first == (0, 1)
        game.next_round()
        firsts.add(game.deals[-1].first_player)
    assert firsts == {0, 1}  # a random choice, and only among the tied winners


def test_CS_4_the_draw_is_reproducible_and_a_loser_cannot_start() -> None:
    first = tied_small_round(3, lead=0, seed=3)
    again = tied_small_round(3, lead=0, seed=3)
    first.next_round()
    again.next_round()
    assert first.deals[-1] == again.deals[-1]

    game = tied_small_round(3, lead=0, seed=3)
    with pytest.raises(SetupError):
        game.next_round(first_player=2)


# ------------------------------------------------------------------------------------------------------ CS-5


def reach_goal_together(ruleset: str) -> tuple[Game, list[ev.Event]]:
    """Three players: seats 0 and 1 win four quick rounds each, then share a round (same hand, same discard sum)
    and reach the goal of 5 together."""
    game = quick_game(ruleset, 3, [0, 1] * 4)
    assert game.tokens == (4, 4, 0)
    events = next_round_to_finale(
        game, hands=["Prince", "Prince", "Priest"], set_aside="Princess", first_player=1, balance=[(0, 1, 0)]
    )
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.tokens == (5, 5, 0)
    return game, events


def test_CS_5_reaching_the_goal_together_starts_a_tiebreak_round() -> None:
    game, events = reach_goal_together("premium")
    assert not game.over and game.round_over
    assert ev.TiebreakAnnounced((0, 1)) in events
    assert game.view(2).tiebreak == (0, 1)
    assert game.state.next_first == (0, 1)  # both won the last round: drawn at random between them

    deck, actions = quick_round(game.ruleset, 3, winner=1, first_player=1, seats=(0, 1))
    events = game.next_round(deck=deck, first_player=1)
    started = events[0]
    assert isinstance(started, ev.RoundStarted) and started.tiebreak and started.seats == (0, 1)
    view = game.view(2)
    assert [s.dealt_in for s in view.seats] == [True, True, False]
    assert view.seats[2].hand_size == 0 and not view.seats[2].in_round
    assert len(view.face_up) == 3  # two players take part: the usual 2-player setup
    assert started.deck_size == 10

    # Only the two tied players take turns; winning this round wins the game.
    for action in actions:
        assert game.decider in (0, 1)
        game.push(action)
    assert game.over and game.winners == (1,)


def test_CS_5_shared_game_tie_flag_makes_both_winners(tmp_path: Path) -> None:
    game, events = reach_goal_together(premium_variant(tmp_path, game_tie="shared"))
    assert game.over and game.winners == (0, 1)
    assert ev.GameEnded((0, 1)) in events
    assert not any(isinstance(e, ev.TiebreakAnnounced) for e in events)


# ------------------------------------------------------------------------------------------------------ CS-6


def test_CS_6_prince_on_the_princess_holder_knocks_her_out_without_a_new_card() -> None:
    game = deal("premium", 3, hands=["Prince", "Princess", "Guard"], draws=["Handmaid", "Baron"])
    events = game.push("Prince>1")
    assert ev.Discarded(1, "Princess", "Prince") in events
    assert ev.KnockedOut(1, "princess", ()) in events
    assert not any(isinstance(e, (ev.Drew, ev.DrewCard)) and e.seat == 1 for e in events)
    seat = game.view(0).seats[1]
    assert not seat.in_round and seat.hand_size == 0 and seat.discards == ("Princess",)
    assert game.decider == 2 and game.view(2).hand == ("Guard", "Baron")  # seat 2 draws the next card


def test_CS_6_prince_on_yourself_while_holding_the_princess_knocks_you_out() -> None:
    game = deal("premium", 3, hands=["Princess", "Guard", "Priest"], draws=["Prince"])
    events = game.push("Prince>0")
    assert ev.KnockedOut(0, "princess", ()) in events
    assert game.view(1).seats[0].discards == ("Prince", "Princess")
    assert game.decider == 1


# ------------------------------------------------------------------------------------------------------ CS-7


def everyone_else_protected(hand: str, draw: str) -> Game:
    """Three players; seats 1 and 2 play a Handmaid each, then seat 0 (holding ``hand``) draws ``draw``."""
    game = deal(
        "premium",
        3,
        hands=[hand, "Priest", "Baron"],
        draws=["Handmaid", "Handmaid", draw],
        first_player=1,
    )
    play(game, "Handmaid", "Handmaid")
    assert game.decider == 0
    assert [s.protected for s in game.view(0).seats] == [False, True, True]
    return game


@pytest.mark.parametrize(("hand", "draw"), [("Guard", "Priest"), ("Baron", "King")])
def test_CS_7_cards_that_choose_another_player_do_nothing_when_all_others_are_protected(hand: str, draw: str) -> None:
    game = everyone_else_protected(hand, draw)
    assert set(game.legal_actions()) == {Play(hand), Play(draw)}
    for target in (1, 2):
        with pytest.raises(IllegalActionError):
            game.push(Play(draw, (target,), 2 if draw == "Guard" else None))
    events = game.push(Play(draw))
    assert ev.NoEffect(0, draw) in events
    assert game.view(0).seats[0].discards == (draw,)
    assert game.state.hands[1][0] == "Priest"  # nobody's hand changed


def test_CS_7_a_guard_with_everyone_protected_names_nothing() -> None:
    game = everyone_else_protected("Baron", "Guard")
    assert Play("Guard") in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.push("Guard>1=2")
    events = game.push("Guard")
    played = next(e for e in events if isinstance(e, ev.Played))
    assert played.named is None and played.targets == ()
    assert ev.NoEffect(0, "Guard") in events


def test_CS_7_prince_must_choose_its_own_player_when_all_others_are_protected() -> None:
    game = everyone_else_protected("Guard", "Prince")
    assert {a for a in game.legal_actions() if isinstance(a, Play) and a.card == "Prince"} == {Play("Prince", (0,))}
    for target in (1, 2):
        with pytest.raises(IllegalActionError):
            game.push(f"Prince>{target}")
    events = game.push("Prince>0")
    assert ev.Discarded(0, "Guard", "Prince") in events
    assert game.view(0).seats[0].discards == ("Prince", "Guard")
    assert game.view(0).hand and game.view(0).seats[0].in_round
