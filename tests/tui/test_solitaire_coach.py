"""The solitaire coach on screen: the hint (h) in place of the board and back, fitted to its height; the review
offered at a game's end (loveletter/tui/solitaire/coach.py, review.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input.base import PipeInput
from rich.cells import cell_len
from rich.console import Console

from loveletter.coach.solitaire import hint_for, judge
from loveletter.i18n import set_language
from loveletter.solitaire import SolitaireGame
from loveletter.tui.coach import percent
from loveletter.tui.solitaire.coach import SolitaireHintView
from loveletter.tui.solitaire.coach import hint_lines as said_lines
from tests.tui.test_solitaire import RS, WIN, WIN_KEYS, app_for, keys

__all__ = ["keys"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def hint_lines(game: SolitaireGame, height: int, width: int = 80) -> list[str]:
    view = game.view()
    console = Console(width=width, height=24, color_system=None)
    with console.capture() as capture:
        console.print(SolitaireHintView(view, hint_for(view), height=height))
    return capture.get().splitlines()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hint_fits_the_lines_it_is_given_and_counts_the_moves_left_out(lang: str) -> None:
    set_language(lang)
    counted = 0
    for seed in range(3):
        game, rng = SolitaireGame(seed=seed), random.Random(seed)
        while not game.over:
            view = game.view()
            if len(view.legal_actions) > 1:
                for height in (6, 12, 16):
                    lines = hint_lines(game, height)
                    assert len(lines) <= height and all(cell_len(line) <= 80 for line in lines)
                    counted += any(line.startswith(("…",)) for line in lines)
                    assert any("%" in line for line in lines), "no move shown"
            game.push(rng.choice(view.legal_actions))
    assert counted


def test_the_hint_lists_the_judges_first_move_first_with_its_reason() -> None:
    game = SolitaireGame(seed=11)
    game.push("draw")
    view = game.view()
    lines = hint_lines(game, 20)
    best = judge(view).best
    assert lines[0].strip() == "The coach · your moves, best first"
    assert lines[1].startswith("Estimated")
    # The Baron with the Prince on any face-down card: equal values on five places, listed as one row.
    assert best.action in {game.parse(f"Baron>Q{q}/hand") for q in range(2, 7)}
    assert lines[2] == f"  {percent(best.chance):>4} Baron on Q2/Q3/Q4/Q5/Q6 face down with your hand (Prince)"
    # 13 unseen cards: 10 below the Prince, the King and the Countess above it.
    assert "beats 10, loses to 2 of 13 unseen cards" in lines[3]
    assert lines[4].startswith("≈") and "Baron on Q1 face down" in lines[4]


def test_the_lines_say_every_row_the_frame_draws_each_whole() -> None:
    """Screen-reader mode says the rows of the drawn hint from the same model: each move and its reason, none cut
    to a width, none left out for want of lines."""
    game = SolitaireGame(seed=11)
    game.push("draw")
    view = game.view()
    hint = hint_for(view)
    said = said_lines(view, hint)
    drawn = [line.strip() for line in hint_lines(game, 200, width=400)]
    assert said == [line for line in drawn if line]
    assert len(said) == 2 + 2 * len(SolitaireHintView(view, hint).rows()) + 1  # title, note, rows, what ≈ means


def test_h_shows_the_hint_in_place_of_the_board_and_h_again_the_board(tmp_path: Path, keys: PipeInput) -> None:
    app, out = app_for(tmp_path, keys)
    # h, then h again, then the winning keys and "no" to another game.
    keys.send_text("hh" + WIN_KEYS + "n")
    app.session(SolitaireGame(RS, layout=WIN))
    screen = out.getvalue()
    assert app.game is not None and app.game.won
    first = screen.index("The coach · your moves, best first")
    assert "% draw" in screen[first:] and "% play your face-down agent" in screen[first:]
    # The board is drawn again after the hint (h again), before the first move is chosen.
    assert screen.rfind("The Princess and her retinue", 0, first) >= 0
    assert screen.find("The Princess and her retinue", first) > first
    assert screen.count("The coach · your moves, best first") == 1


def test_the_end_screen_opens_the_review(tmp_path: Path, keys: PipeInput) -> None:
    app, out = app_for(tmp_path, keys)
    # Win, r (the review), q (leave it), then "no" to another game.
    keys.send_text(WIN_KEYS + "r" + "q" + "n")
    app.session(SolitaireGame(RS, layout=WIN))
    screen = out.getvalue()
    assert "r) Review this game with the coach" in app.asked[-1]
    assert "Decision 1 of" in screen and "Your move: draw" in screen
    assert sum(q.startswith("Play again?") for q in app.asked) == 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_reason_shows_whole_when_there_is_room(lang: str) -> None:
    """A move's reason was cut to one line ("14 unseen car…") with empty lines below (issue 48): the lines left
    over show the best moves and their reasons whole, wrapped between words; a line is cut only when the hint has
    no line to spare."""
    set_language(lang)
    cut = whole = 0
    for seed in range(4):
        game, rng = SolitaireGame(seed=seed), random.Random(seed)
        while not game.over:
            view = game.view()
            if len(view.legal_actions) > 1:
                for height in (8, 20):
                    lines = hint_lines(game, height)
                    assert len(lines) <= height and all(cell_len(line) <= 80 for line in lines)
                    clipped = [line for line in lines if line.rstrip().endswith("…") and not line.startswith("…")]
                    assert not clipped or len(lines) == height, lines  # cut only when there is no room
                    cut += bool(clipped)
                    whole += any(line.startswith("     ") and not line.strip().startswith("…") for line in lines[3:])
            game.push(rng.choice(view.legal_actions))
    assert whole and cut  # reasons wrapped onto lines of their own where there was room, cut where there was not
