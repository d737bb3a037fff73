"""At 8 players and 80x24 the card tracker stays on the seat's screen when private news since its last turn (a
Cardinal's or a King's trade with it) needs room too (issue 48, item 2): the docs promise the tracker on every
screen, crowded ones included."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import set_language, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui import prompts
from loveletter.tui.board import Board
from loveletter.tui.choices import plan_for
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend, decision_keys

NAMES = ["Ana"] + [f"Bot {i}" for i in range(1, 8)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tracker_stays_beside_private_news_at_8_players(lang: str) -> None:
    set_language(lang)
    tracker = t("play.table.unseen")
    screens = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game("premium", 8, seed=seed)
        console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
        front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
        front.start(GameLoop(game, [Seat(n) for n in NAMES], front))
        since = 0  # where Ana's news begins: the log as her last decision left it
        while not game.round_over:
            if game.decider == 0:
                view = game.view(0)
                plan = plan_for(view)
                step = plan.step()
                assert step is not None
                title = front.question(step, plan, view)
                reserve = prompts.choice_height(title, front.choices(step, view), 80, decision_keys(back=False))
                model = front.model(0, new_from=since)
                if any(e.private and e.index >= since for e in model.log):
                    with console.capture() as capture:
                        console.print(Board(model, height=24 - reserve), end="")
                    drawn = capture.get()
                    assert tracker in drawn, drawn
                    screens += 1
                game.push(rng.choice(game.legal_actions()))
                since = len(game.log)
            else:
                game.push(rng.choice(game.legal_actions()))
    assert screens >= 5
