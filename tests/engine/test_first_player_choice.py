"""docs/rules.md §3.4, §3.8, §5.6 and §8 ``first_player_mode``: with ``choose`` the host picks who plays first, among
the seats the rules allow (:meth:`Game.first_player_choices`); with ``random`` (the default) the game draws one."""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.engine import Game, SetupError, stacked_deck
from loveletter.engine import events as ev
from tests.engine.premium_scenario import premium_variant, quick_game, to_finale
from tests.engine.scenario import ruleset_with
from tests.engine.test_premium_game_ties import batch_round


def premium_choose(tmp_path: Path) -> str:
    return premium_variant(tmp_path, flags={"first_player_mode": "choose"}, name="premium-choose.toml")


def test_the_house_ruleset_asks_for_the_first_player_of_the_first_round(tmp_path: Path) -> None:
    rs = ruleset_with(tmp_path, "classic", first_player_mode="choose")
    assert rs.flags.first_player_mode == "choose"
    with pytest.raises(SetupError, match=r"lets the host choose.*pass first_player"):
        Game(rs, 3, seed=1)
    deck = stacked_deck(rs, 3, hands=["Guard", "Priest", "Baron"])
    with pytest.raises(SetupError, match="first_player"):
        Game(rs, 3, deck=deck)  # a stacked deck does not choose either
    with pytest.raises(SetupError):
        Game(rs, 3, seed=1, first_player=3)  # no such seat
    for seat in range(3):
        game = Game(rs, 3, seed=1, first_player=seat)
        assert game.deals[0].first_player == seat and game.decider == seat
    # The random default draws one itself, as before.
    assert Game("classic", 3, seed=1).decider in range(3)


def test_a_tied_round_lets_the_host_choose_among_the_winners_only(tmp_path: Path) -> None:
    game = to_finale(
        premium_choose(tmp_path), 3, hands=["Prince", "Prince", "Priest"], set_aside="Princess", balance=[(0, 1, 0)]
    )
    assert game.result is not None and game.result.winners == (0, 1)
    assert game.first_player_choices() == (0, 1)
    with pytest.raises(SetupError, match=r"choose who plays round 2 first.*seats 0, 1"):
        game.next_round()
    with pytest.raises(SetupError, match=r"seat 2 cannot start round 2"):
        game.next_round(first_player=2)  # seat 2 lost the round
    assert game.round_over and len(game.deals) == 1  # nothing was dealt
    started = game.next_round(first_player=1)[0]
    assert isinstance(started, ev.RoundStarted) and started.first_player == 1 and game.decider == 1


def test_a_stacked_deck_still_deals_without_a_choice(tmp_path: Path) -> None:
    """Tests stack later rounds without naming the first player: it is drawn among the choices, as before."""
    game = to_finale(
        premium_choose(tmp_path), 3, hands=["Prince", "Prince", "Priest"], set_aside="Princess", balance=[(0, 1, 0)]
    )
    game.next_round(deck=list(game.deals[0].deck))
    assert game.deals[-1].first_player in (0, 1)


def test_a_sole_winner_starts_without_being_asked(tmp_path: Path) -> None:
    game = quick_game(premium_choose(tmp_path), 3, [1])
    assert game.first_player_choices() == (1,)
    with pytest.raises(SetupError, match="seat 0 cannot start round 2; the rules allow seat\\(s\\) 1"):
        game.next_round(first_player=0)
    game.next_round()
    assert game.deals[-1].first_player == 1 and game.decider == 1


def test_a_tiebreak_round_without_the_last_winner_lets_the_host_choose_among_its_players(tmp_path: Path) -> None:
    # Seats 1 and 2 reach the goal together; seat 0 won the round but sits the tie-break out.
    game, _ = batch_round(premium_choose(tmp_path), round_winner_tokens=0)
    assert game.view(0).tiebreak == (1, 2)
    assert game.first_player_choices() == (1, 2)
    with pytest.raises(SetupError, match="lets the host choose"):
        game.next_round()
    with pytest.raises(SetupError):
        game.next_round(first_player=0)
    started = game.next_round(first_player=2)[0]
    assert isinstance(started, ev.RoundStarted) and started.tiebreak and started.seats == (1, 2)
    assert started.first_player == 2


def test_a_tiebreak_round_with_the_last_winner_starts_with_them(tmp_path: Path) -> None:
    game, _ = batch_round(premium_choose(tmp_path), round_winner_tokens=3)
    assert game.view(0).tiebreak == (0, 1, 2)
    assert game.first_player_choices() == (0,)  # the round's winner takes part: no choice to make
    with pytest.raises(SetupError):
        game.next_round(first_player=1)
    started = game.next_round()[0]
    assert isinstance(started, ev.RoundStarted) and started.tiebreak and started.first_player == 0


def test_in_random_mode_the_choices_are_what_the_draw_picks_from() -> None:
    for seed in range(6):
        game, _ = batch_round("premium", round_winner_tokens=0, seed=seed)
        assert game.first_player_choices() == (1, 2)
        game.next_round()
        assert game.deals[-1].first_player in (1, 2)


def test_the_choices_exist_only_between_rounds(tmp_path: Path) -> None:
    game = Game("2019", 2, seed=1, first_player=0)
    with pytest.raises(SetupError, match="round is not over"):
        game.first_player_choices()
    game = quick_game(premium_variant(tmp_path, goal_small=1), 3, [2])
    assert game.over
    with pytest.raises(SetupError, match="game is over"):
        game.first_player_choices()
