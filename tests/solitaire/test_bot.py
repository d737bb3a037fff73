"""Solitaire computer players: legal, deterministic, deciding from the view, and ordered by strength."""

from __future__ import annotations

import random

import pytest

from loveletter.solitaire import Choose, SolitaireGame, SolitaireState
from loveletter.solitaire.bot import SOLITAIRE_LEVELS, make_solitaire_bot
from loveletter.solitaire.simulate import play_deal, simulate, summarize
from tests.solitaire.support import play, redeal_hidden
from tests.solitaire.test_cases import d9_before_the_baron, seed_example


@pytest.mark.slow
@pytest.mark.parametrize("level", SOLITAIRE_LEVELS)
def test_every_level_plays_legal_actions_to_the_end(level: str) -> None:
    for seed in range(4):
        game = SolitaireGame(seed=seed)
        bot = make_solitaire_bot(level, seed=seed)
        while not game.over:
            view = game.view()
            action = bot.choose(view)
            assert action in view.legal_actions
            game.push(action)


@pytest.mark.parametrize("level", SOLITAIRE_LEVELS)
def test_a_level_decides_from_the_view_only(level: str) -> None:
    """Two states the player cannot tell apart get the same decision from equally seeded players."""
    rng = random.Random(9)
    game = SolitaireGame(seed=21)
    while not game.over:
        state = game.state
        other = redeal_hidden(state, rng)
        first = make_solitaire_bot(level, seed=5).choose(state.view())
        assert make_solitaire_bot(level, seed=5).choose(other.view()) == first
        game.push(first)


def test_the_levels_answer_a_guard_with_the_face_down_agent() -> None:
    for level in ("easy", "hard"):
        game = seed_example(agent="Baron")
        assert make_solitaire_bot(level, seed=1).choose(game.view()) == Choose("agent")


def test_the_levels_finish_a_lone_princess() -> None:
    for level in ("easy", "hard"):
        game = d9_before_the_baron()
        play(game, "Handmaid", "draw")
        bot = make_solitaire_bot(level, seed=1)
        game.push(bot.choose(game.view()))
        assert game.won


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown solitaire level 'expert'; known: random, easy, hard"):
        make_solitaire_bot("expert")


def test_play_deal_is_deterministic_and_replays() -> None:
    result = play_deal(seed=7, level="hard", bot_seed=3)
    assert play_deal(seed=7, level="hard", bot_seed=3) == result
    assert result["ruleset"] == "solitaire" and result["result"] in ("win", "loss")
    assert result["won"] == (result["reason"] == "queue_empty")
    game = SolitaireGame(seed=7)
    assert list(game.layout) == result["layout"]
    for text in result["decisions"]:
        game.push(text)
    assert game.over and game.reason == result["reason"] and game.state.turn == result["turns"]
    assert SolitaireState(game.ruleset, result["layout"]).view() == SolitaireGame(seed=7).view()


@pytest.mark.slow
def test_stronger_levels_win_more_on_the_same_deals() -> None:
    deals = 24  # fixed seeds: a deterministic check of the ordering measured over 10,000 deals
    rates = {level: simulate(deals, level, seed=100)["wins"] for level in SOLITAIRE_LEVELS}
    assert rates["random"] < rates["easy"] < rates["hard"]


def test_summarize_counts_wins_and_reasons() -> None:
    results = [play_deal(seed, "random", seed) for seed in range(6)]
    summary = summarize(results)
    assert summary["games"] == 6 and summary["wins"] == sum(r["won"] for r in results)
    assert sum(summary["reasons"].values()) == 6 and summary["mean_turns"] > 1
