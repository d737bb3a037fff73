"""The search tree of the hard player's play-outs (bots/tree.py): its nodes are keyed by what their seat knows
only, its play-outs play legal moves to the end of the round, and the same random stream gives the same tree."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from loveletter.bots.beliefs import SEARCHER_HABITS, Habits
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import Scorer
from loveletter.bots.easy import choose as heuristic
from loveletter.bots.tree import WARM, Node, Tree, by_habits
from loveletter.bots.value import GameValue
from loveletter.engine import Action, GameState, Play
from loveletter.engine.determinize import Determinizer
from tests.bots.helpers import TABLES, decisions, redeal
from tests.support import deal


def _searched(game_state: GameState, seed: int) -> tuple[Tree, list[GameState]]:
    """A tree for the decider of ``game_state`` and a few determinized deals with its first legal move made."""
    seat = game_state.decider
    assert seat is not None
    view = game_state.view(seat)
    tree = Tree(seat, GameValue.for_state(game_state).of_state, len(view.plays))
    sampler = Determinizer(view)
    rng = random.Random(seed)
    deals = []
    for _ in range(12):
        s = sampler.sample(rng)
        s.apply(view.legal_actions[rng.randrange(len(view.legal_actions))], record=False)
        deals.append(s)
    return tree, deals


@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}p" for r, n in TABLES])
def test_a_node_key_is_what_its_seat_knows(ruleset: str, players: int) -> None:
    """Re-dealing every card a seat cannot see leaves its key unchanged (and any seat's, from its own view)."""
    rng = random.Random(f"key/{ruleset}/{players}")
    checked = 0
    for game, seat in decisions(ruleset, players, seed=3, count=25):
        state = game.state
        tree = Tree(seat, GameValue.for_state(state).of_state, max(0, len(state.plays) - 2))
        other = redeal(state, seat, rng)
        assert other.view(seat) == state.view(seat)
        assert tree._key(other, seat) == tree._key(state, seat)
        checked += 1
    assert checked >= 10


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), TABLES, ids=[f"{r}-{n}p" for r, n in TABLES])
def test_play_outs_finish_the_round_with_legal_moves_and_the_same_stream_gives_the_same_tree(
    ruleset: str, players: int
) -> None:
    for game, _ in decisions(ruleset, players, seed=4, count=3):
        state = game.state
        trees = []
        for _ in range(2):
            tree, deals = _searched(state, seed=9)
            rng = random.Random(11)
            results = []
            # The other seats play by the searchers' habits: still legal moves, and the same for the same stream.
            habits = [None if q == state.decider else SEARCHER_HABITS for q in range(players)]
            for s in deals:
                moves, value = tree.playout(s, rng, habits)  # apply() refuses an illegal move
                assert s.decider is None and moves >= 0
                assert 0.0 <= value <= 1.0
                results.append((moves, value))
            trees.append((results, {k: (n.choices, n.visits, n.totals) for k, n in tree.nodes.items()}))
        assert trees[0] == trees[1]


def test_a_node_plays_the_heuristics_favourite_first_then_tries_the_others_and_keeps_the_best() -> None:
    node = Node(["Guard", "Baron"])
    picks = []
    for _ in range(WARM):
        picks.append(node.select())
        node.visits[0] += 1
        node.totals[0] += 0.2
    assert picks == [0] * WARM
    assert node.select() == 1  # untried, once the node is warm
    for _ in range(40):
        i = node.select()
        node.visits[i] += 1
        node.totals[i] += 0.2 if i == 0 else 0.8
    assert node.visits[1] > node.visits[0]


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 5)])
def test_a_seat_is_given_nodes_only_up_to_its_own_depth(ruleset: str, players: int) -> None:
    """The searching seat gets two decisions per play-out in the tree and the others none (the hard player's
    tree): every node is the searching seat's, and no play-out passes more than two of them."""
    checked = 0
    for game, seat in decisions(ruleset, players, seed=6, count=6):
        state = game.state
        view = state.view(seat)
        depths = [2 if q == seat else 0 for q in range(players)]
        tree = Tree(seat, GameValue.for_state(state).of_state, len(view.plays), depths)
        sampler = Determinizer(view)
        rng = random.Random(13)
        for _ in range(30):
            s = sampler.sample(rng)
            s.apply(view.legal_actions[0], record=False)
            before = sum(sum(node.visits) for node in tree.nodes.values())
            tree.playout(s, rng)
            assert sum(sum(node.visits) for node in tree.nodes.values()) - before <= 2
        assert all(key[0] == seat for key in tree.nodes)  # type: ignore[index]
        checked += bool(tree.nodes)
    assert checked >= 2


def _leaning(card: str) -> Habits:
    """Habits that always play ``card`` when it is one of the two, whatever the scores."""
    return Habits(0.0, 0.0, {card: (60.0, 0.0)}, {}, noise=0.0)


@pytest.mark.parametrize("hands", [("Guard", "Priest"), ("Priest", "Handmaid"), ("Baron", "Prince")])
def test_a_seat_with_habits_plays_the_card_they_choose_the_heuristics_way(hands: tuple[str, str]) -> None:
    game = deal("2019", 2, hands=[hands[0], "King"], draws=[hands[1]])
    state = game.state
    p = Perspective.of_state(state, 0)
    legal = state.legal_actions()
    scorer = Scorer(p)
    for card in hands:
        ways = [a for a in legal if isinstance(a, Play) and a.card == card]
        top = max(scorer.score(a) for a in ways)
        for seed in range(5):
            action = by_habits(p, legal, random.Random(seed), _leaning(card))
            assert isinstance(action, Play) and action.card == card
            assert scorer.score(action) == pytest.approx(top)  # how to play it stays the heuristic's


def test_habits_leave_to_the_heuristic_what_is_not_a_choice_between_two_cards() -> None:
    game = deal("2019", 2, hands=["Guard", "King"], draws=["Guard"])  # two Guards: one card, several names
    state = game.state
    p = Perspective.of_state(state, 0)
    legal = state.legal_actions()
    for seed in range(5):
        assert by_habits(p, legal, random.Random(seed), _leaning("Priest")) == heuristic(p, legal, random.Random(seed))


def test_habits_with_no_leaning_draw_both_cards_by_the_score_difference() -> None:
    """Even habits (no biases, a weight on the score difference) play the better card more often, and the other
    one sometimes: the play-out's other seat is a player of that kind, not the heuristic."""
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Handmaid"])
    state = game.state
    p = Perspective.of_state(state, 0)
    legal = state.legal_actions()
    scorer = Scorer(p)
    better = max(legal, key=scorer.score)
    assert isinstance(better, Play)
    even = Habits(SEARCHER_HABITS.score, 0.0, {}, {}, noise=0.0)
    rng = random.Random(3)
    cards = [by_habits(p, legal, rng, even) for _ in range(400)]
    share = sum(isinstance(a, Play) and a.card == better.card for a in cards) / len(cards)
    assert 0.5 < share < 1.0


def test_habits_may_lean_on_the_card_the_other_player_played_last() -> None:
    """A bias after the other's latest card applies when that card is the latest one, and only then."""
    after = Habits(0.0, 0.0, {}, {}, noise=0.0, after={("Priest", "Handmaid"): 60.0})
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Handmaid"])
    state = game.state
    p = Perspective.of_state(state, 0)
    legal = state.legal_actions()
    for seed in range(5):
        chosen = by_habits(p, legal, random.Random(seed), after, last="Priest")
        assert isinstance(chosen, Play) and chosen.card == "Handmaid"
    assert after.log_odds("Guard", "Handmaid", 0.0, 0.5) == 0.0
    assert after.log_odds("Guard", "Handmaid", 0.0, 0.5, last="Priest") == -60.0
    assert after.log_odds("Guard", "Handmaid", 0.0, 0.5, last="King") == 0.0


def test_habits_with_a_bias_after_a_card_load_from_their_file(tmp_path: Path) -> None:
    path = tmp_path / "habits.json"
    model = {"score": 2.0, "score_late": 0.5, "noise": 0.04, "cards": {"Guard": [0.1, 0.2]}, "pairs": {}}
    path.write_text(json.dumps({**model, "after": {"Priest/Handmaid": 1.5}}))
    habits = Habits.load(path)
    assert habits.after == {("Priest", "Handmaid"): 1.5} and habits.cards == {"Guard": (0.1, 0.2)}
    path.write_text(json.dumps(model))
    assert Habits.load(path).after == {}


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 6)])
def test_with_full_insight_every_guard_of_a_play_out_names_its_targets_card(
    ruleset: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tree whose play-outs decide with insight 1 reads every hand exactly: each Guard played names the card its
    target holds (but for a Guard or an Assassin). With none, counting misses some."""
    guesses: list[bool] = []
    apply = GameState.apply

    def watched(s: GameState, action: Action, *, record: bool = True) -> list[Any]:
        guard = isinstance(action, Play) and action.targets and s.tables.effects[action.card].name == "guard"
        if guard and isinstance(action, Play) and action.named is not None:
            held = s.hands[action.targets[0]][0]
            # A Guard may not name a Guard, and aims at an Assassin only to lose: those are not guesses.
            if s.tables.effects[held].name not in ("guard", "assassin"):
                by_value = isinstance(action.named, int)
                guesses.append(action.named == (s.ruleset.cards[held].value if by_value else held))
        return apply(s, action, record=record)

    for insight in (1.0, 0.0):
        guesses.clear()
        for game, seat in decisions(ruleset, players, seed=60 + players, count=8):
            view = game.view(seat)
            tree = Tree(seat, GameValue.for_state(game.state).of_state, len(view.plays), 0, insight=insight)
            sampler = Determinizer(view)
            rng = random.Random(players)
            with monkeypatch.context() as m:
                m.setattr(GameState, "apply", watched)
                for _ in range(20):
                    tree.playout(sampler.sample(rng), random.Random(rng.getrandbits(32)))
        assert len(guesses) > 10
        assert all(guesses) is (insight == 1.0)
