"""The words of small moments: what the prompt says after a decision outside one's turn, and errors that fit."""

from __future__ import annotations

import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.support import deal, play

FIVE = ["Guard", "Guard", "Guard"]


def prompt_after(decisions: list[str], seat: int) -> str:
    """What the prompt at the end of ``seat``'s part says, after ``decisions`` in a premium five-player round
    where Ana's Bishop hits Bea (who then decides whether to redraw, on Ana's turn)."""
    game = deal("premium", 5, hands=["Bishop", "Priest", *FIVE], draws=["Guard", "Guard"])
    play(game, "Bishop>1=2")
    since = len(game.log)
    play(game, *decisions)
    drawn = io.StringIO()
    output = Vt100_Output(drawn, lambda: Size(rows=24, columns=80), term="xterm")
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=output, guards=TYPED_AHEAD))
        front.start(GameLoop(game, [Seat(n) for n in ("Ana", "Bea", "Cal", "Dee", "Eve")], front))
        keys.send_text("\r")
        front.turn_done(seat, since)
    return drawn.getvalue()


def test_after_a_bishops_decision_outside_ones_turn_the_decision_is_done_not_the_turn() -> None:
    said = prompt_after(["pass"], 1)
    assert "Your decision is made. Press Enter to hide your cards." in said and "Your turn is over" not in said


def test_a_name_too_long_is_refused_in_a_line_that_fits_the_screen() -> None:
    from loveletter.table.setup import MAX_NAME, check_name

    problem = check_name("Bartholomew-the-Great-of-the-Northern-Marches-and-Beyond", [])
    assert problem is not None and "too long" in problem and str(MAX_NAME) in problem
    assert len(problem) <= 60 and "Bartholomew-the" in problem
