"""A game picked up from its record marks new (``›``) only what came after a person's own last move: every entry
of the round was marked new, the person's own moves included (issue 48). The record keeps no trace of who looked
at what; a person saw everything up to the end of their own part of the turn."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.board import LOG_MARKS
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend

NEW = LOG_MARKS["new"]


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def game_at_anas_turn(seed: int, players: int) -> Game:
    """A round in which Ana (seat 0) has moved at least once, and each other player since, and Ana decides again."""
    rng = random.Random(seed)
    while True:
        game = Game("2019", players, seed=seed, first_player=0)
        moved: set[int] = set()
        while not game.round_over and not (game.decider == 0 and len(moved) == players):
            seat = game.decider
            assert seat is not None
            game.push(rng.choice(game.legal_actions()))
            moved.add(seat)
        if not game.round_over:
            return game
        seed += 1000


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3])
def test_a_resumed_game_marks_new_only_what_came_after_ones_own_move(keys: PipeInput, lang: str, players: int) -> None:
    set_language(lang)
    try:
        for seed in range(3):
            game = game_at_anas_turn(seed, players)
            names = ["Ana", *(f"Bot {i}" for i in range(1, players))]
            out = io.StringIO()
            console = Console(file=out, width=80, height=40, color_system=None)
            front = TerminalFrontend(
                Frames(console, Screen(io.StringIO()), input=keys, output=DummyOutput(), guards=TYPED_AHEAD)
            )
            seats = [Seat("Ana"), *(Seat(name, "random") for name in names[1:])]
            keys.send_text("\x03")  # Ctrl-C at Ana's question: her board is drawn
            with pytest.raises(KeyboardInterrupt):
                GameLoop(game, seats, front, resumed=True).run()
            log = out.getvalue()
            marked = [(line[0], line[3:]) for line in log.splitlines() if re.match(f"[{NEW}·][ *] ", line)]
            anas = [(mark, text) for mark, text in marked if text.startswith("Ana ")]
            others = [(mark, text) for mark, text in marked if text.startswith("Bot ")]
            assert anas and others, log
            assert not any(mark == NEW for mark, _ in anas), anas  # her own moves: seen
            assert others[-1][0] == NEW, others  # the last move since hers: new
    finally:
        set_language("en")
