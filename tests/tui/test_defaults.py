"""Defaults that do not hurt: where a question's selection starts, so that Enter alone never costs a player."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.engine import Play
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.support import deal


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


@pytest.mark.parametrize("players", [2, 4])
def test_the_princes_target_list_starts_on_another_player(keys: PipeInput, players: int) -> None:
    hands = ["Prince", "Guard", "Priest", "Baron"][:players]
    game = deal("classic", players, hands=hands, draws=["Handmaid"])
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        front.start(GameLoop(game, [Seat(f"P{i}") for i in range(players)], front))
        keys.send_text("1" + "\r")  # the Prince, then Enter on the target list as it starts
        action = front.decide(0)
    assert isinstance(action, Play) and action.card == "Prince"
    assert action.targets == (1,)  # the next player, never oneself
