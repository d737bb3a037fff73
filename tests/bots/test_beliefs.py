"""Reading the round: what the other players probably hold, from the view's history of plays."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from loveletter.bots import make_bot
from loveletter.bots.beliefs import (
    CAREFUL,
    COMPUTERS,
    LOOSE,
    PEOPLE,
    SEARCHER,
    SEARCHER_HABITS,
    Habits,
    Memory,
    Model,
    read,
)
from loveletter.bots.hard_v2 import HardV2Bot
from loveletter.bots.tree import Tree
from loveletter.engine import Game, GameState, View, load_ruleset
from tests import support
from tests.bots.helpers import decisions, redeal
from tests.support import deal, play


def _shares(view: View) -> dict[str, float]:
    """Each card's share of the cards the viewer has not seen: the chances without any reading."""
    unseen = view.unseen()
    return {card: count / sum(unseen.values()) for card, count in unseen.items()}


def test_a_missed_guard_rules_the_named_card_out() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Handmaid", "Guard", "Prince"])
    play(game, "Guard>2=Princess")
    reading = read(game.view(1))  # seat 1's turn: seat 2 still holds the card the Guard missed
    assert reading.chances[2]["Princess"] == 0.0
    assert reading.likely[2]["Princess"] == 0.0


def test_a_king_or_a_prince_played_means_no_countess_beside_it() -> None:
    game = deal("2019", 2, hands=["Guard", "Prince"], draws=["Priest", "Baron", "Guard"], face_up=["Guard"] * 3)
    play(game, "Guard>1=Baron", "Prince>0")
    chances = read(game.view(0)).chances[1]
    assert chances["Countess"] == 0.0
    assert sum(chances.values()) == pytest.approx(1.0)


def test_a_played_countess_points_to_a_king_or_a_prince() -> None:
    game = deal("2019", 2, hands=["Guard", "Countess"], draws=["Priest", "King", "Guard"])
    play(game, "Guard>1=Baron", "Countess")
    view = game.view(0)
    chances = read(view).chances[1]
    share = _shares(view)
    assert chances["King"] > 2 * share["King"] and chances["Prince"] > 2 * share["Prince"]


def test_a_handmaid_shields_a_strong_card() -> None:
    face_up = ["Spy", "Spy", "Guard"]
    game = deal("2019", 2, hands=["Guard", "King"], draws=["Guard", "Handmaid", "Priest"], face_up=face_up)
    play(game, "Guard>1=Baron", "Handmaid")
    view = game.view(0)
    chances = read(view).chances[1]
    share = _shares(view)
    assert chances["Princess"] > share["Princess"] and chances["Guard"] < share["Guard"]


def test_the_winner_of_a_comparison_holds_a_higher_card() -> None:
    game = deal("2019", 3, hands=["Guard", "Baron", "Priest"], draws=["Handmaid", "Prince", "Guard"])
    play(game, "Guard>1=Princess")
    assert game.state.hands[1] == ["Baron", "Prince"]
    play(game, "Baron>2")  # seat 1 keeps its Prince and beats seat 2's Priest
    chances = read(game.view(0)).chances[1]
    values = game.ruleset.cards
    assert all(p == 0.0 for card, p in chances.items() if values[card].value <= values["Priest"].value)


def test_a_card_the_viewer_knows_is_certain() -> None:
    game = deal("2019", 2, hands=["Priest", "Baron"], draws=["Guard", "Guard", "Guard"])
    play(game, "Priest>1", "Guard>0=Princess")
    chances = read(game.view(0)).chances[1]
    assert chances["Baron"] == 1.0


def test_memory_keeps_a_card_seen_before_it_was_forgotten() -> None:
    """Seat 0 saw seat 1's Handmaid with its Priest; when seat 1 later plays a Handmaid, the view forgets it, but
    a player that remembers knows it was that Handmaid, so seat 1 kept the card it had just drawn, and reads the
    round differently."""
    game = deal(
        "2019", 3, hands=["Priest", "Handmaid", "Guard"], draws=["Guard", "Guard", "Baron", "Guard", "Priest", "Guard"]
    )
    memory = Memory()

    def turn(action: str) -> None:
        view = game.view(0)
        memory.remember(view)
        memory.note(view, game.parse(action))
        play(game, action)

    turn("Priest>1")
    play(game, "Guard>2=Princess", "Guard>0=Countess")
    turn("Guard>2=Princess")  # seat 1 still holds the Handmaid seat 0 saw
    play(game, "Handmaid", "Guard>0=King")
    view = game.view(0)
    memory.remember(view)
    assert view.seats[1].known == ()
    remembered, forgotten = read(view, memory).chances[1], read(view).chances[1]
    assert remembered != forgotten
    assert sum(remembered.values()) == pytest.approx(1.0)


def test_a_priest_on_us_exposes_our_card_until_we_play_it() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Countess", "Spy", "Handmaid", "Guard", "Prince"])
    memory = Memory()
    view = game.view(0)
    memory.remember(view)
    memory.note(view, game.parse("Guard>1=Princess"))
    play(game, "Guard>1=Princess", "Priest>0")
    view = game.view(0)
    memory.remember(view)
    assert read(view, memory).exposed == {1: ("Countess",)}
    memory.note(view, game.parse("Countess"))
    play(game, "Countess", "Guard>0=Princess")
    view = game.view(0)
    memory.remember(view)
    assert read(view, memory).exposed == {}


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 3), ("premium", 6)])
def test_chances_are_consistent_with_what_the_seat_sees(ruleset: str, players: int) -> None:
    for game, seat in decisions(ruleset, players, seed=players, count=40):
        view = game.view(seat)
        chances = read(view).chances
        unseen = view.unseen()
        assert set(chances) == {sv.seat for sv in view.seats if sv.seat != seat and sv.in_round}
        for q, row in chances.items():
            assert sum(row.values()) == pytest.approx(1.0)
            assert all(p >= 0.0 for p in row.values())
            known = view.seats[q].known
            for card, p in row.items():
                if unseen[card] == 0 and card not in known:
                    assert p == 0.0, f"{card} is placed elsewhere"
            if len(known) == view.seats[q].hand_size == 1:
                assert row[known[0]] == 1.0


@pytest.mark.slow
@pytest.mark.parametrize("model", [PEOPLE, COMPUTERS], ids=["people", "computers"])
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("classic", 4), ("premium", 5)])
def test_the_reading_depends_on_the_view_only(ruleset: str, players: int, model: Model) -> None:
    rng = random.Random(ruleset)
    for game, seat in decisions(ruleset, players, seed=3, count=30):
        other = redeal(game.state, seat, rng)
        assert read(game.view(seat), model=model) == read(other.view(seat), model=model)


def test_a_careful_player_is_recognised_over_a_game() -> None:
    """Against players that follow the heuristic (the easy level), the careful style explains their plays better
    than the loose one, and the reading leans on it more and more."""
    assert PEOPLE.styles == (CAREFUL, LOOSE)
    lead = 0.0
    for seed in range(3):
        game = Game("2019", 2, seed=seed)
        watcher, other = make_bot("easy", seed=seed), make_bot("easy", seed=seed + 10)
        memory = Memory()
        for view in support.decisions(game):
            if view.seat == 0:
                memory.remember(view)
                memory.learn(read(view, memory))
                action = watcher.choose(view)
                memory.note(view, action)
            else:
                action = other.choose(view)
            game.push(action)
        careful, loose = memory.styles(1)
        lead += careful - loose
    assert lead > 0.0


def test_a_searching_player_is_recognised_over_a_game() -> None:
    """Against a searching player (hard-v1), the searcher's habits explain its plays better than the careful
    style, and the reading of the computer players leans on them."""
    lead = 0.0
    chances = []
    for seed in range(2):
        game = Game("2019", 2, seed=seed)
        other = make_bot("hard-v1", seed=seed + 10, budget=500)
        memory = Memory()
        for view in support.decisions(game):
            if view.seat == 0:
                memory.remember(view)
                reading = read(view, memory, COMPUTERS)
                memory.learn(reading)
                memory.note(view, view.legal_actions[0])
                action = view.legal_actions[0]
                # The chances of the styles, and the habits the hard player's play-outs draw from them.
                assert sum(reading.kinds[1]) == pytest.approx(1.0)
                assert reading.habits(1) == [(SEARCHER_HABITS, reading.kinds[1][1])]
                chances.append(reading.kinds[1][1])
            else:
                action = other.choose(view)
            game.push(action)
        careful, searcher = memory.styles(1, COMPUTERS)
        lead += searcher - careful
    assert lead > 0.0
    assert chances[-1] > 0.5


def test_a_reading_of_people_has_no_habits_to_follow() -> None:
    for game, seat in decisions("2019", 3, seed=12, count=5):
        reading = read(game.view(seat))
        assert set(reading.kinds) == {q for q in range(3) if q != seat}
        assert all(reading.habits(q) == [] for q in reading.kinds)


def test_habits_read_both_ways() -> None:
    """Playing a rather than b is the same choice as not playing b rather than a, whatever the order of names."""
    habits = SEARCHER_HABITS
    for a, b in [("Guard", "Priest"), ("Spy", "Countess"), ("Prince", "Baron"), ("Guard", "Assassin")]:
        for difference, progress in [(0.0, 0.0), (0.12, 0.5), (-0.3, 1.0)]:
            there = habits.log_odds(a, b, difference, progress)
            assert there == pytest.approx(-habits.log_odds(b, a, -difference, progress))
    # A better score makes a card likelier, and a pair with no habits is read from the score alone.
    assert habits.log_odds("Guard", "Priest", 0.2, 0.5) > habits.log_odds("Guard", "Priest", 0.0, 0.5)
    assert habits.log_odds("Assassin", "Jester", 0.1, 0.0) == pytest.approx(0.1 * habits.score)


def test_the_searchers_habits_name_cards_of_the_edition_they_were_fitted_on() -> None:
    cards = set(load_ruleset("2019").cards)
    assert SEARCHER.habits is SEARCHER_HABITS
    assert set(SEARCHER_HABITS.cards) <= cards
    assert all(a < b and {a, b} <= cards for a, b in SEARCHER_HABITS.pairs)
    assert SEARCHER_HABITS.score > 0.0


def test_habits_load_from_the_file_the_fitting_script_writes(tmp_path: Path) -> None:
    path = tmp_path / "habits.json"
    biases = {"cards": {"Spy": [-1.5, 0.5]}, "pairs": {"Guard/Spy": [0.25, 0]}}
    path.write_text(json.dumps({"score": 4.0, "score_late": -1.0, "noise": 0.1, **biases}))
    habits = Habits.load(path)
    assert habits.pairs == {("Guard", "Spy"): (0.25, 0.0)}
    assert habits.noise == 0.1
    # Spy over Guard at the end of the deck, scores equal: the Spy's bias and change, less the pair's bias.
    assert habits.log_odds("Spy", "Guard", 0.0, 1.0) == pytest.approx(-1.5 + 0.5 - 0.25)
    assert habits.log_odds("Guard", "Spy", 0.1, 0.0) == pytest.approx(0.4 + 1.5 + 0.25)


def test_a_model_has_a_chance_for_each_style() -> None:
    with pytest.raises(ValueError, match="one prior chance"):
        Model((CAREFUL, LOOSE), (1.0,))
    with pytest.raises(ValueError, match="one prior chance"):
        Model((CAREFUL, SEARCHER), (1.0, 0.0))  # a style it could never believe in


@pytest.mark.parametrize(("players", "model"), [(2, COMPUTERS), (4, PEOPLE)], ids=["2p-computers", "4p-people"])
def test_hard_reads_searchers_at_two_players_and_people_beyond(players: int, model: Model) -> None:
    """At its first decision (nothing remembered yet) the hard-v2 player's reading is the model's reading of the view;
    the two models read the same views differently, so the check can tell them apart."""
    other = PEOPLE if model is COMPUTERS else COMPUTERS
    differs = 0
    for game, seat in decisions("2019", players, seed=11, count=25):
        view = game.view(seat)
        bot = HardV2Bot(random.Random(1), budget=50)
        bot.choose(view)
        if bot.reading is None:
            continue
        assert bot.reading == read(view, model=model)
        differs += bot.reading != read(view, model=other)
    assert differs > 0


@pytest.mark.parametrize(("model", "drawn"), [(COMPUTERS, True), (PEOPLE, False)], ids=["computers", "people"])
def test_hard_play_outs_let_a_possible_searcher_play_by_the_habits(
    model: Model, drawn: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a deal's play-outs the other seat plays by the searchers' habits with the chance the reading gives
    that it is one (at first, the prior's half), and by the heuristic otherwise; the searching seat never does."""
    seen: list[tuple[Habits | None, ...]] = []
    playout = Tree.playout

    def spy(tree: Tree, s: GameState, rng: random.Random, habits: Sequence[Habits | None] = ()) -> tuple[int, float]:
        seen.append(tuple(habits))
        return playout(tree, s, rng, habits)

    monkeypatch.setattr(Tree, "playout", spy)
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    view = game.view(0)
    bot = HardV2Bot(random.Random(2), budget=400)
    bot.decide(view, read(view, model=model))
    assert seen and all(habits[0] is None for habits in seen if habits)
    others = [habits[1] for habits in seen if habits]
    assert (SEARCHER_HABITS in others and None in others) is drawn
    assert all(h in (None, SEARCHER_HABITS) for h in others)
