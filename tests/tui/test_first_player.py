"""The host chooses who starts (``first_player_mode = "choose"``): the question on the terminal, asked publicly."""

from __future__ import annotations

import io
import random
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.engine import Game
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.engine.scenario import ruleset_with


def tied_game(folder: Path) -> Game:
    """A house-rules game (the host chooses) stopped at the end of a tied round."""
    ruleset = ruleset_with(folder, "classic", first_player_mode="choose")
    for seed in range(200):
        game = Game(ruleset, 4, seed=seed, first_player=0)
        rng = random.Random(seed)
        while not game.round_over and not game.over:
            game.push(rng.choice(game.legal_actions()))
        if game.round_over and len(game.first_player_choices()) > 1:
            return game
    raise AssertionError("no tied first round in 200 games")


def test_after_a_tied_round_the_host_picks_among_the_tied_winners_on_the_public_table(tmp_path: Path) -> None:
    game = tied_game(tmp_path)
    choices = game.first_player_choices()
    names = ["Ana", "Bea", "Cal", "Dee"]
    console = Console(file=io.StringIO(), width=80, height=30, color_system=None)
    with create_pipe_input() as keys, Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        front.start(GameLoop(game, [Seat(n) for n in names], front))
        keys.send_text("2")
        assert front.first_player(choices) == choices[1]
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Round 1 is over" in drawn and "(you)" not in drawn and "secret" not in drawn  # public information


def test_nobody_is_asked_in_a_show_of_computer_players(tmp_path: Path) -> None:
    game = tied_game(tmp_path)
    console = Console(file=io.StringIO(), width=80, height=30, color_system=None)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, output=DummyOutput()))
        front.start(GameLoop(game, [Seat(f"B{i}", "random") for i in range(4)], front))
        assert front.first_player(game.first_player_choices()) is None
    assert console.file.getvalue() == ""  # type: ignore[attr-defined]
