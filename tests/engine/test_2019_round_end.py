"""docs/rules.md §7.1 A-E*: round end, the Spy bonus, tokens and game end (2019; classic where it applies)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from loveletter.engine import Game, SetupError, load_ruleset, stacked_deck
from loveletter.engine.events import GameEnded, HandsRevealed, RoundEnded, RoundStarted, TokenAwarded
from tests.engine.scenario import coast, of_type, ruleset_with, stacked_game, sweep, swept_game, two_baron_tie
from tests.support import deal, play

#: docs/rules.md §3.2: favor tokens needed to win, by player count.
GOAL_2019 = {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}

#: Five players keep Princess/King/Prince/Prince/Baron (in some order) to the deck-out; the other Baron is set
#: aside. The seat drawing first gets the first and the sixth card: both Spies.
FIVE_QUIET_DRAWS = [
    *["Spy", "Guard", "Guard", "Guard", "Guard", "Spy", "Guard", "Guard"],
    *["Priest", "Priest", "Handmaid", "Handmaid", "Countess", "Chancellor", "Chancellor"],
]


def round_tokens(game: Game) -> list[tuple[int, str]]:
    assert game.result is not None
    return sorted(game.result.tokens)


@pytest.mark.parametrize("ruleset", ["2019", "classic", "original2012"])
def test_A_E1_deck_out_the_highest_card_wins(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    game = deal(ruleset, 2, hands=["King", "Princess"], set_aside="Baron", face_up=["Prince", "Prince", "Baron"])
    events = coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    shown = of_type(events, HandsRevealed)[0]
    assert shown.hands == ((0, "King"), (1, "Princess"))
    assert shown.scores == ((0, rs.value("King")), (1, rs.value("Princess")))
    assert game.result.winners == (1,)
    assert (1, "round") in game.result.tokens and (0, "round") not in game.result.tokens
    # Every seat sees both hands now.
    assert game.view(0).seats[1].known == ("Princess",) and game.view(1).seats[0].known == ("King",)


@pytest.mark.parametrize("ruleset", ["2019", "classic"])
def test_A_E1_deck_out_tie_every_tied_player_wins_a_token(ruleset: str) -> None:
    game = two_baron_tie(ruleset)
    coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    assert game.result.winners == (0, 1)
    assert [t for t in round_tokens(game) if t[1] == "round"] == [(0, "round"), (1, "round")]
    assert all(t >= 1 for t in game.tokens)


def test_A_E2_one_in_round_spy_player_gains_a_token_without_winning() -> None:
    game = deal(
        "2019",
        2,
        hands=["King", "Princess"],
        face_up=["Prince", "Prince", "Baron"],
        set_aside="Spy",
        draws=["Spy", "Handmaid", "Baron"],  # seat 0 draws the Baron while seat 1 is protected
    )
    coast(game)
    assert game.result is not None and game.result.reason == "deck_out" and game.result.winners == (1,)
    assert round_tokens(game) == [(0, "spy"), (1, "round")]
    assert game.tokens == (1, 1)


def test_A_E3_both_spies_played_by_one_player_give_one_token() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Spy", "Guard", "Spy", "Guard", "Guard"])
    play(game, "Spy", "Guard>0=Princess", "Spy", "Guard>0=Princess")
    assert game.view(1).seats[0].discards == ("Spy", "Spy")
    play(game, "Guard>1=Priest")
    assert round_tokens(game) == [(0, "round"), (0, "spy")]
    assert game.tokens == (2, 0)


def test_A_E4_two_in_round_spy_players_get_no_bonus() -> None:
    game = deal(
        "2019",
        2,
        hands=["King", "Princess"],
        face_up=["Prince", "Prince", "Baron"],
        set_aside="Countess",
        draws=["Spy", "Handmaid", "Baron", "Spy"],
    )
    coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    assert "Spy" in game.view(0).seats[0].discards and "Spy" in game.view(0).seats[1].discards
    assert round_tokens(game) == [(1, "round")]


@pytest.mark.parametrize(("blocking", "bonus"), [("in_round_only", True), ("any_player", False)])
def test_A_E5_a_knocked_out_spy_player_blocks_only_under_the_any_player_flag(
    tmp_path: Path, blocking: str, bonus: bool
) -> None:
    rs = ruleset_with(tmp_path, "2019", spy_blocking=blocking)
    game = stacked_game(
        rs, 3, hands=["Countess", "Baron", "Priest"], draws=["Spy", "Spy", "Guard", "Guard", "Guard", "Guard"]
    )
    play(game, "Spy", "Spy", "Guard>1=Princess", "Guard>1=Baron")  # seat 1, a Spy player, is out
    play(game, "Guard>0=Princess", "Guard>2=Priest")
    assert game.result is not None and game.result.winners == (0,)
    assert round_tokens(game) == ([(0, "round"), (0, "spy")] if bonus else [(0, "round")])


def test_A_E6_a_spy_still_in_hand_scores_zero_and_does_not_count_or_block() -> None:
    game = deal(
        "2019",
        2,
        hands=["Guard", "Spy"],
        set_aside="Princess",
        face_up=["Prince", "Prince", "Baron"],
        draws=["Spy", "Handmaid", "King", "Handmaid", "Baron"],  # seat 0's King and Baron meet a protected seat 1
    )
    events = coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    assert of_type(events, HandsRevealed)[0].scores == ((0, 1), (1, 0))
    assert game.result.winners == (0,)
    assert round_tokens(game) == [(0, "round"), (0, "spy")]


def test_A_E7_last_standing_winner_who_is_the_only_spy_player_gains_two() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Spy", "Guard", "Guard"])
    play(game, "Spy", "Guard>0=Princess", "Guard>1=Priest")
    assert game.result is not None and game.result.reason == "last_standing"
    assert round_tokens(game) == [(0, "round"), (0, "spy")]
    assert game.tokens == (2, 0)


def test_A_E8_the_spy_token_alone_can_win_the_game() -> None:
    players = 5
    game = swept_game("2019", players, winner=0, spy=True)
    assert game.tokens == (2, 0, 0, 0, 0)
    deck = stacked_deck(
        game.ruleset,
        players,
        hands=["Baron", "Princess", "King", "Prince", "Prince"],
        set_aside="Baron",
        draws=FIVE_QUIET_DRAWS,
        first_player=0,
    )
    game.next_round(deck=deck, first_player=0)
    events = coast(game)
    assert game.result is not None and game.result.winners == (1,)
    assert round_tokens(game) == [(0, "spy"), (1, "round")]
    assert game.over and game.winners == (0,)
    assert game.tokens[0] == GOAL_2019[players] and game.tokens[1] < GOAL_2019[players]
    assert of_type(events, GameEnded) == [GameEnded((0,))]


def test_A_E9_the_sole_round_winner_starts_the_next_round() -> None:
    game = deal("2019", 2, hands=["Baron", "Priest"], draws=["Guard"], first_player=1)
    play(game, "Guard>0=Baron")
    assert game.result is not None and game.result.winners == (1,)
    with pytest.raises(SetupError):
        game.next_round(first_player=0)
    events = game.next_round()
    assert of_type(events, RoundStarted)[0].first_player == 1
    assert game.decider == 1


def test_A_E9_a_spy_token_does_not_make_a_round_winner() -> None:
    game = deal(
        "2019",
        2,
        hands=["King", "Princess"],
        face_up=["Prince", "Prince", "Baron"],
        set_aside="Spy",
        draws=["Spy", "Handmaid", "Baron"],
    )
    coast(game)
    assert round_tokens(game) == [(0, "spy"), (1, "round")]
    with pytest.raises(SetupError):
        game.next_round(first_player=0)
    events = game.next_round()
    assert of_type(events, RoundStarted)[0].first_player == 1


@pytest.mark.parametrize("ruleset", ["2019", "classic"])
def test_A_E9_after_a_tied_round_the_first_player_is_drawn_among_the_winners(ruleset: str) -> None:
    firsts = []
    for seed in range(8):
        game = two_baron_tie(ruleset, seed=seed)
        coast(game)
        assert game.result is not None and game.result.winners == (0, 1)
        first = of_type(game.next_round(), RoundStarted)[0].first_player
        # Reproducible: the same seed and the same moves give the same first player.
        again = two_baron_tie(ruleset, seed=seed)
        coast(again)
        assert of_type(again.next_round(), RoundStarted)[0].first_player == first
        firsts.append(first)
    assert set(firsts) == {0, 1}


@pytest.mark.parametrize("players", sorted(GOAL_2019))
def test_A_E10_tokens_to_win_by_player_count(players: int) -> None:
    game = Game("2019", players, seed=players)
    assert game.view(0).goal == GOAL_2019[players] == game.ruleset.tokens_to_win(players)


@pytest.mark.parametrize("ruleset", ["2019", "classic"])
def test_A_E10_tokens_are_only_given_and_the_game_only_ends_at_a_round_end(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    rng = random.Random(3)
    for players in range(rs.min_players, rs.max_players + 1):
        game = Game(rs, players, seed=players)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            events = game.push(rng.choice(game.legal_actions()))
            ended = of_type(events, RoundEnded)
            tokens = of_type(events, TokenAwarded)
            if not ended:
                assert not tokens and not of_type(events, GameEnded)
                continue
            assert ended[0].reason != "interrupted"
            assert all(events.index(t) < events.index(ended[0]) for t in tokens)
        goal = rs.tokens_to_win(players)
        assert game.winners == tuple(p for p in range(players) if game.tokens[p] >= goal)


def _two_at_two() -> Game:
    game = swept_game("2019", 5, winner=0, spy=True)
    sweep(game, winner=1, spy=True)
    assert game.tokens == (2, 2, 0, 0, 0)
    return game


def test_A_E11_two_players_reaching_the_goal_together_both_win() -> None:
    game = _two_at_two()
    deck = stacked_deck(
        game.ruleset,
        5,
        hands=["Princess", "Baron", "King", "Prince", "Prince"],
        set_aside="Baron",
        draws=FIVE_QUIET_DRAWS,  # seat 1 plays first: both Spies are its
        first_player=1,
    )
    game.next_round(deck=deck, first_player=1)
    coast(game)
    assert game.result is not None and game.result.winners == (0,)
    assert round_tokens(game) == [(0, "round"), (1, "spy")]
    assert game.over and game.winners == (0, 1)


def test_A_E12_tokens_beyond_the_goal_do_not_matter() -> None:
    game = _two_at_two()
    deck = stacked_deck(
        game.ruleset,
        5,
        hands=["Prince", "Prince", "Baron", "Baron", "King"],
        set_aside="Princess",
        draws=[
            *["Guard", "Guard", "Guard", "Spy", "Guard", "Guard", "Guard", "Spy"],
            *["Priest", "Priest", "Handmaid", "Handmaid", "Countess", "Chancellor", "Chancellor"],
        ],
        first_player=1,
    )
    game.next_round(deck=deck, first_player=1)
    play(game, "Guard>4=King")  # then seat 0 draws the 4th and 8th cards: both Spies
    coast(game)
    assert game.result is not None and game.result.winners == (0, 1)
    assert round_tokens(game) == [(0, "round"), (0, "spy"), (1, "round")]
    assert game.tokens[:2] == (4, 3)
    assert game.over and game.winners == (0, 1)


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("classic", 2), ("classic", 3)])
def test_A_E13_every_card_is_back_in_the_deck_for_each_round(ruleset: str, players: int) -> None:
    rs = load_ruleset(ruleset)
    full = Counter(rs.mode_for(players).deck())
    game = Game(rs, players, seed=13)
    rng = random.Random(13)
    rounds = 0
    while not game.over and rounds < 4:
        if game.round_over:
            game.next_round()
        s = game.state
        everywhere = Counter(s.deck) + Counter(s.face_up) + Counter([s.set_aside] if s.set_aside else [])
        for seat in range(players):
            everywhere += Counter(s.hands[seat]) + Counter(s.discards[seat])
        assert everywhere == full
        assert s.discards == [[] for _ in range(players)]
        while game.decider is not None:
            game.push(rng.choice(game.legal_actions()))
        rounds += 1
    assert all(Counter(d.deck) == full for d in game.deals)
    assert len(game.deals) >= 2
