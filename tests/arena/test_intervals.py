"""The tables' 95% intervals with duplicate deals take the deal as the unit (``loveletter.arena.intervals``): wider
than Wilson's over games when a deal's games end alike, about Wilson's when they are independent, narrower when
they cancel out; Wilson's over games without duplicate deals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from loveletter.arena.games import wilson
from loveletter.arena.intervals import ClusteredScore
from loveletter.arena.results import Outcome
from loveletter.arena.standings import Standings


def width(interval: tuple[float, float]) -> float:
    return interval[1] - interval[0]


def scores(deals: int, per_deal: int, draw: Callable[[int, int], float]) -> ClusteredScore:
    clustered = ClusteredScore()
    for deal in range(deals):
        for game in range(per_deal):
            clustered.add(draw(deal, game), deal)
    return clustered


def test_games_of_a_deal_that_always_end_alike_count_as_one() -> None:
    rng = random.Random(1)
    won = [rng.random() < 0.6 for _ in range(400)]
    clustered = scores(400, 2, lambda deal, game: float(won[deal]))
    n, wins = clustered.games, round(clustered.total)
    assert clustered.design_effect() == pytest.approx(2, abs=0.01)
    # the interval is Wilson's over the deals, and so about √2 wider than Wilson's over the games
    assert clustered.interval() == pytest.approx(wilson(sum(won), 400), abs=0.002)
    assert width(clustered.interval()) / width(wilson(wins, n)) == pytest.approx(2**0.5, abs=0.02)


def test_games_of_a_deal_that_are_independent_give_about_wilson() -> None:
    rng = random.Random(2)
    for per_deal in (2, 3):
        clustered = scores(2000, per_deal, lambda deal, game: float(rng.random() < 0.6))
        ratio = width(clustered.interval()) / width(wilson(round(clustered.total), clustered.games))
        assert 0.93 < ratio < 1.07, (per_deal, ratio)


def test_games_of_a_deal_that_cancel_out_narrow_the_interval_but_never_to_nothing() -> None:
    rng = random.Random(3)
    # the second game of a deal is, one time in four, the first one's opposite (the deal favoured a seat), else a
    # coin of its own: a correlation of -1/4 between them, a design effect of 3/4
    first = [rng.random() < 0.5 for _ in range(4000)]
    second = [not first[deal] if rng.random() < 0.25 else rng.random() < 0.5 for deal in range(4000)]
    half = scores(4000, 2, lambda deal, game: float(first[deal] if game == 0 else second[deal]))
    assert half.design_effect() == pytest.approx(0.75, abs=0.05)
    assert width(half.interval()) / width(wilson(round(half.total), half.games)) == pytest.approx(0.75**0.5, abs=0.03)
    # every deal split one-one: no spread to estimate the interval from; the bound keeps it from being 0 wide
    split = scores(10, 2, lambda deal, game: float(game == 0))
    assert split.design_effect() == 0.5
    assert split.interval() == pytest.approx(wilson(20, 40))  # the 20 games counted twice


def test_too_little_to_tell_is_wilson() -> None:
    one_deal = scores(1, 2, lambda deal, game: float(game == 0))
    assert one_deal.interval() == wilson(1, 2)
    all_won = scores(30, 2, lambda deal, game: 1.0)
    assert all_won.interval() == wilson(60, 60)
    assert ClusteredScore().interval() == (0.0, 1.0)


def duplicate_outcomes(deals: int, a_wins: Callable[[int, int], bool]) -> list[Outcome]:
    """Two players, each deal played twice with the seats swapped; ``a_wins(deal, rotation)``: player 0 wins."""
    outcomes = []
    for deal in range(deals):
        for rotation in range(2):
            seats = (0, 1) if rotation == 0 else (1, 0)
            a_seat = seats.index(0)
            winner = a_seat if a_wins(deal, rotation) else 1 - a_seat
            tokens = tuple(7 if s == winner else 2 for s in range(2))
            outcomes.append(
                Outcome(
                    index=2 * deal + rotation,
                    deal=deal,
                    lineup=0,
                    rotation=rotation,
                    seats=seats,
                    winners=(winner,),
                    tokens=tokens,
                    rounds=8,
                    turns=40,
                    decisions=(20, 20),
                    seconds=(0.1, 0.1),
                )
            )
    return outcomes


def standings(outcomes: list[Outcome], *, by_deal: bool) -> Standings:
    table = Standings(["a", "b"], by_deal=by_deal)
    for outcome in outcomes:
        table.add(outcome)
    return table


def test_the_tables_take_the_deal_as_the_unit_with_duplicate_deals() -> None:
    rng = random.Random(4)
    won = [rng.random() < 0.7 for _ in range(300)]
    alike = duplicate_outcomes(300, lambda deal, rotation: won[deal])
    by_deal, by_game = standings(alike, by_deal=True), standings(alike, by_deal=False)
    wins = by_game.totals[0].wins
    assert by_deal.interval == "deals" and by_game.interval == "wilson"
    h2h_deal, h2h_game = by_deal.head_to_head(0, 1), by_game.head_to_head(0, 1)
    assert h2h_deal is not None and h2h_game is not None and h2h_deal[0] == h2h_game[0] == wins / 600
    assert h2h_game[1:] == wilson(wins, 600)
    assert width(h2h_deal[1:]) / width(h2h_game[1:]) == pytest.approx(2**0.5, abs=0.03)
    assert by_deal.win_interval(0) == pytest.approx(wilson(sum(won), 300), abs=0.002)
    assert by_game.win_interval(0) == wilson(wins, 600)
    data = by_deal.to_json()
    assert data["intervals"] == "deals"
    assert data["head_to_head"]["a"]["b"]["ci95"] == [round(x, 4) for x in h2h_deal[1:]]
    assert data["players"][0]["ci95"] == [round(x, 4) for x in by_deal.win_interval(0)]

    coins = [[rng.random() < 0.7 for _ in range(2)] for _ in range(3000)]
    independent = standings(duplicate_outcomes(3000, lambda deal, rotation: coins[deal][rotation]), by_deal=True)
    found = independent.head_to_head(0, 1)
    assert found is not None
    wins = independent.totals[0].wins
    assert 0.93 < width(found[1:]) / width(wilson(wins, 6000)) < 1.07
