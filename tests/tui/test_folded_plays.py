"""A crowded table folds each player's last play into the end of their row: whole, or cut where a part of it ends
(``→ Bea…``), never inside a card's name: the 8-player round-over table once showed ``Guard Dowager Queen King
─Dowager Qu…``, a play that read as one more card of the pile (issue 48, item 7)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from loveletter.engine import Game
from loveletter.engine.moments import public_moments
from loveletter.i18n import card_name, set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.board import last_plays, seat_lines
from loveletter.tui.screen import Screen
from loveletter.tui.style import NBSP
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend

NAMES = ["Ana"] + [f"Bot {i}" for i in range(1, 8)]


def test_a_folded_play_is_whole_or_cut_between_its_parts() -> None:
    set_language("en")
    folded = cut = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = Game("premium", 8, seed=seed)
        front = TerminalFrontend(Frames(Console(file=io.StringIO()), Screen(io.StringIO())))
        front.start(GameLoop(game, [Seat(n) for n in NAMES], front))
        while not game.round_over:
            game.push(rng.choice(game.legal_actions()))
        model = front.model(0, new_from=0)
        plays = last_plays(model, public_moments(model.view))
        rows = seat_lines(model, 80, plays)[1:]
        for sv, row in zip(model.view.seats, rows, strict=False):
            play = plays.get(sv.seat)
            pile = " ".join(card_name(c) for c in sv.discards)
            plain = row.plain.replace(NBSP, " ")
            if play is None or not pile or pile not in plain:
                continue
            tail = plain[plain.index(pile) + len(pile) :].strip()
            whole = play.plain.replace(NBSP, " ")
            if not tail:
                continue
            folded += 1
            if tail != whole:
                cut += 1
                assert tail.endswith("…") and whole.startswith(tail[:-1]), (tail, whole)
                assert whole[len(tail) - 1 :].startswith((" · ", ", ")), (tail, whole)
    assert folded and cut  # the random rounds reach both cases
