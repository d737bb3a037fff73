"""The table: what a seat sees of it, in 80x24 and larger, with and without colour."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import set_language
from loveletter.tui.log import narrate
from loveletter.tui.table import TableModel, TableView, spectator_view
from tests.support import deal, play

NAMES = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def render(game: Game, seat: int | None, width: int = 80, height: int = 21, colour: bool = False) -> str:
    view = game.view(seat) if seat is not None else spectator_view(game.view(0))
    goal = game.ruleset.tokens_to_win(game.players)
    model = TableModel(view, NAMES, seat, narrate(game.log, seat, NAMES, game.ruleset, goal=goal), new_from=0)
    console = Console(width=width, height=height + 3, color_system="truecolor" if colour else None)
    with console.capture() as capture:
        console.print(TableView(model, height=height), end="")
    return capture.get()


def test_the_players_own_view() -> None:
    game = deal("2019", 3, hands=["Priest", "King", "Guard"], draws=["Baron"])
    play(game, "Priest>1")
    game_view = render(Game("2019", 2, seed=1), 0)
    assert "Face up, out of play:" in game_view  # two players: the face-up cards
    ana = render(game, 0)
    assert "Bea holds King" in ana  # what Ana knows
    assert "3 Baron" in ana and "Compare hands" in ana  # her hand, drawn as a card with its effect
    assert "(secret: Bea holds King.)" in ana
    assert "Unseen by you: Princess 1 · Countess 1 · King 0" in ana  # the tracker counts what Ana knows
    assert "▶" in ana.splitlines()[3] and "Bea" in ana.splitlines()[3]  # Bea is to move


def test_another_seat_sees_none_of_it() -> None:
    game = deal("2019", 3, hands=["Priest", "King", "Guard"], draws=["Baron"])
    play(game, "Priest>1")
    cal = render(game, 2)
    assert "holds King" not in cal and "Compare hands" not in cal and "secret" not in cal
    assert "1 Guard" in cal  # Cal's own hand
    spectator = render(game, None)
    assert "You know" not in spectator and "1 Guard" not in spectator and "secret" not in spectator
    assert "Not yet seen:" in spectator


def test_markers_are_words_not_colours() -> None:
    game = deal("classic", 3, hands=["Handmaid", "Guard", "Priest"], draws=["Guard", "Baron", "Priest"])
    play(game, "Handmaid", "Guard>2=Priest")
    text = render(game, 0)
    assert "protected" in text and "OUT" in text and "in" in text
    plain = render(game, 0)
    assert "\x1b[" not in plain  # without colour, the same words
    assert "\x1b[" in render(game, 0, colour=True)


@pytest.mark.parametrize(
    ("ruleset", "players"), [("2019", 2), ("2019", 6), ("classic", 4), ("premium", 4), ("premium", 8)]
)
def test_it_fits_the_height_it_is_given(ruleset: str, players: int) -> None:
    rng = random.Random(players)
    game = Game(ruleset, players, seed=players)
    for _ in range(12):
        if game.round_over or game.over:
            break
        game.push(rng.choice(game.legal_actions()))
    for width, height in ((80, 21), (120, 40)):
        lines = render(game, game.decider, width=width, height=height).splitlines()
        assert len(lines) <= height
        assert all(len(line) <= width for line in lines)


def test_the_log_sits_at_the_bottom_newest_last() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron", "Handmaid"])
    play(game, "Guard>1=King")
    lines = render(game, 1, height=21).rstrip("\n").split("\n")
    assert "Round log" in lines[-3]
    assert lines[-1].startswith("› Ana plays Guard on Bea, naming King. A miss.")


def test_private_news_that_the_log_cannot_hold_gets_a_panel_of_its_own() -> None:
    game = deal(
        "classic", 4, hands=["King", "Priest", "Guard", "Handmaid"], draws=["Baron", "Guard", "Priest", "Handmaid"]
    )
    play(game, "King>1", "Guard>2=Prince", "Priest>3", "Handmaid")
    goal = game.ruleset.tokens_to_win(4)
    log = narrate(game.log, 1, NAMES, game.ruleset, goal=goal)
    model = TableModel(game.view(1), NAMES, 1, log, new_from=0)
    console = Console(width=80, height=30, color_system=None)
    with console.capture() as capture:
        console.print(TableView(model, height=17), end="")
    text = capture.get()
    assert "Only for Bea: since your last turn" in text
    assert "(secret: you get Baron from" in text
    with console.capture() as capture:
        console.print(TableView(model, height=30), end="")
    roomy = capture.get()
    assert "Only for Bea" not in roomy and "(secret: you get Baron from" in roomy  # the log holds it
