"""The spectator's front end: an all-computer game with no terminal, told as a spectator's log in plain text.

Only public events are written (what anyone watching the table would know), one line each, round by round, then
the result. Nothing waits and nothing is styled, so the output can be piped, compared and tested.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from loveletter.engine import Action
from loveletter.i18n import ruleset_title, t
from loveletter.table.loop import GameLoop
from loveletter.tui.log import round_words


class SpectatorFrontend:
    """Writes the public log of each round to ``stream`` when the round ends, then the game's result."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self._table: GameLoop | None = None

    @property
    def table(self) -> GameLoop:
        assert self._table is not None, "start() first"
        return self._table

    def write(self, line: str = "") -> None:
        self.stream.write(line + "\n")

    def start(self, table: GameLoop) -> None:
        self._table = table
        game = table.game
        self.write(t("play.plain.title", title=ruleset_title(game.ruleset), players=", ".join(table.names)))

    def hand_off(self, seat: int) -> None:
        raise RuntimeError("the spectator's front end has no people to pass the computer to")

    def decide(self, seat: int) -> Action:
        raise RuntimeError("the spectator's front end cannot ask a person to decide")

    def turn_done(self, seat: int, since: int) -> None:
        pass

    def computer_thinking(self, seat: int) -> None:
        pass  # the output is the game's log: a move that takes a while is only late

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        pass

    def private_news(self, seat: int, since: int) -> None:
        raise RuntimeError("the spectator's front end has no people to show private news to")

    def first_player(self, choices: Sequence[int]) -> int | None:
        return None  # nobody to ask: the game loop draws one

    def _round(self) -> None:
        self.write()
        for entry in round_words(self.table, None):
            self.write(entry.text)

    def round_over(self) -> bool:
        self._round()
        return True

    def game_over(self) -> bool:
        self._round()
        table = self.table
        game = table.game
        self.write()
        standings = ", ".join(f"{name} {tokens}" for name, tokens in zip(table.names, game.tokens, strict=True))
        winners = [table.names[w] for w in game.winners]
        self.write(t("play.plain.result", winners=", ".join(winners), tokens=standings))
        self.stream.flush()
        return False  # nobody to ask for another game
