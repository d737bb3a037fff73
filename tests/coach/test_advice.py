"""The coach's service: card chances and move chances from one seat's view only."""

from __future__ import annotations

import itertools
import random

import pytest

from loveletter.coach.advice import card_chances, move_chances
from loveletter.engine import Game, Keep, Play
from tests.bots.helpers import decisions, positions, positions_by_kind, redeal
from tests.support import deal, play

#: A small budget keeps these quick; the budget does not change what the answers may depend on.
BUDGET = 300


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("classic", 3), ("premium", 6)])
def test_card_chances_sum_to_one_and_respect_what_the_seat_sees(ruleset: str, players: int) -> None:
    for game in positions(ruleset, players, seed=7, count=30):
        for seat in range(players):
            view = game.view(seat)
            chances = card_chances(view)
            assert set(chances) == {sv.seat for sv in view.seats if sv.seat != seat and sv.in_round}
            unseen = view.unseen()
            for q, row in chances.items():
                assert set(row) == set(view.mode.card_ids)
                assert sum(row.values()) == pytest.approx(1.0)
                known = view.seats[q].known
                for card, chance in row.items():
                    assert chance >= 0.0
                    if unseen[card] == 0 and card not in known:
                        assert chance == 0.0, f"seat {seat} can place every {card} elsewhere"
                if len(known) == 1 and view.seats[q].hand_size == 1:
                    assert row[known[0]] == 1.0


def test_a_card_seen_with_a_priest_is_certain() -> None:
    game = deal("2019", 2, hands=["Priest", "Baron"], draws=["Guard", "Guard", "Guard"])
    play(game, "Priest>1", "Guard>0=Princess")
    assert card_chances(game.view(0))[1]["Baron"] == 1.0


def test_move_chances_cover_every_legal_action_best_first() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Chancellor", "Guard", "Baron", "Handmaid"])
    play(game, "Guard>1=Princess", "Guard>0=King")
    view = game.view(0)  # Priest and Chancellor: plays of both cards
    moves = move_chances(view, budget=BUDGET)
    assert sorted(map(str, (a for a, _ in moves))) == sorted(map(str, view.legal_actions))
    chances = [c for _, c in moves]
    assert chances[0] >= max(chances) - 0.2 and max(chances) in chances  # tier by tier: the best tier first
    assert all(0.0 <= c <= 1.0 for c in chances)


def test_move_chances_list_every_guard_name_and_every_keep_order() -> None:
    game = deal("2019", 2, hands=["Chancellor", "Guard"], draws=["Guard", "Baron", "Priest", "Handmaid"])
    play(game, "Chancellor")  # seat 0 now keeps one of Guard, Guard, Baron and returns the others in an order
    view = game.view(0)
    keeps = move_chances(view, budget=BUDGET)
    assert {a for a, _ in keeps} == set(view.legal_actions)
    assert all(isinstance(a, Keep) for a, _ in keeps) and len(keeps) == len(view.legal_actions)
    game = deal("2019", 2, hands=["Guard", "Handmaid"], draws=["Guard", "Guard"])
    view = game.view(0)
    names = [a for a, _ in move_chances(view, budget=BUDGET)]
    guards = [a for a in view.legal_actions if isinstance(a, Play) and a.card == "Guard"]
    assert len(guards) == 9 and set(guards) <= set(names)


def test_a_move_that_loses_at_once_is_valued_last() -> None:
    game = deal("2019", 2, hands=["Princess", "Guard"], draws=["Handmaid"], set_aside="Spy")
    view = game.view(0)
    moves = move_chances(view, budget=BUDGET)
    worst, chance = moves[-1]
    assert worst == Play("Princess") and chance == 0.0


def test_nothing_to_decide_gives_no_moves() -> None:
    game = Game("2019", 2, seed=4)
    seat = game.decider
    assert seat is not None
    assert move_chances(game.view(1 - seat)) == []


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 3), ("premium", 6)])
def test_advice_depends_on_the_view_only(ruleset: str, players: int) -> None:
    """Re-dealing every card the seat cannot see changes neither answer (the judge seeds itself from the view)."""
    rng = random.Random(f"advice/{ruleset}/{players}")
    found = positions_by_kind(ruleset, players, seed=players, count=1)
    changed = checked = 0
    for states in found.values():
        for state in states:
            seat = state.decider
            assert seat is not None
            other = redeal(state, seat, rng)
            view, twin = state.view(seat), other.view(seat)
            assert twin == view
            assert card_chances(view) == card_chances(twin)
            assert move_chances(view, budget=BUDGET) == move_chances(twin, budget=BUDGET)
            checked += 1
            changed += state.hands != other.hands or state.deck != other.deck
    assert changed >= checked // 2


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 3), ("premium", 4)])
def test_a_guard_s_names_on_one_target_rank_by_their_chance_to_hit(ruleset: str, players: int) -> None:
    """Every wrong name leaves the same position: the likelier a name is to hit, the more it is worth (the
    search alone would rank unlikely names by the luck of the few deals where they hit)."""
    checked = 0
    for game, seat in decisions(ruleset, players, seed=11, count=40):
        view = game.view(seat)
        guards = [a for a in view.legal_actions if isinstance(a, Play) and a.named is not None]
        if not guards:
            continue
        values = dict(move_chances(view, budget=BUDGET))
        odds = card_chances(view)
        cards = view.ruleset.cards
        by_number = view.mode.guard_naming == "number"
        for target in {a.targets[0] for a in guards}:
            names = [a for a in guards if a.targets[0] == target]
            row = odds[target]
            hit = {a: sum(p for c, p in row.items() if (cards[c].value if by_number else c) == a.named) for a in names}
            ranked = sorted(names, key=hit.__getitem__, reverse=True)
            worth = [values[a] for a in ranked]
            assert all(x >= y - 1e-9 for x, y in itertools.pairwise(worth)), view
            checked += 1
    assert checked >= 5
