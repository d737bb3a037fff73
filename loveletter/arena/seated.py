"""A user's bot or agent seated in the game's own loops (``loveletter play --level FILE.py:CLASS``, ``loveletter
simulate --seats agent.py:Agent,easy``), still in a process of its own.

:class:`SeatedPlayer` is a player of :func:`~loveletter.arena.userbots.parse_player` (a bot file's class, or a
program) with its time per move; its :meth:`~SeatedPlayer.bot` is a :class:`~loveletter.bots.Bot` for one game,
whose ``choose(view)`` asks the bot's process through the bot protocol, as the referee does
(:class:`~loveletter.arena.referee.Remote`: the seat's view out, one action in notation back, read by the engine's
notation reader), and returns the action only if it is one of the view's legal actions. The process is started
once (per seat, in each process that plays) and kept for the next games; :func:`close_all` stops them.

A tournament makes a misbehaving bot lose its game; a game with people, or a simulation, has no such result, so
here the game stops: :class:`~loveletter.errors.BotError`, one line naming the bot, what it did and where its log
is (a hot-seat game is saved by then, and can be resumed once the bot is fixed).
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from loveletter.arena.games import GameResult, GameSpec, built_in_bot, play_bots
from loveletter.arena.process import BotFailure, BotProcess
from loveletter.arena.protocol import end_message, game_message
from loveletter.arena.referee import Gave, Remote, bot_process, close_all, drop, log_file
from loveletter.arena.userbots import DEFAULT_MEMORY, Entrant, PlayerError, from_identity, parse_player
from loveletter.engine import Action, View
from loveletter.errors import BotError
from loveletter.i18n import t

__all__ = ["DEFAULT_MOVE_TIME", "ProcessBot", "SeatedPlayer", "close_all", "play_seated"]

#: How long a seated bot may take for one decision, wall clock (``--move-time``), as in tournaments.
DEFAULT_MOVE_TIME = 10.0


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A user's player at a table: ``entrant`` as typed (``text``), given ``move_time`` seconds a decision, its
    process limited to ``memory`` MiB, its stderr appended to a file in the folder ``logs`` (empty: the system's
    temporary folder)."""

    entrant: Entrant
    text: str
    move_time: float = DEFAULT_MOVE_TIME
    memory: int = DEFAULT_MEMORY
    logs: str = ""

    @classmethod
    def parse(cls, text: str, *, move_time: float = DEFAULT_MOVE_TIME, logs: str = "") -> SeatedPlayer:
        """The player ``text`` names (as ``tournament --player`` takes it: ``FILE.py:CLASS``, ``cmd:PROGRAM
        ARGS``, an executable's path), started once to check it, its file's path made absolute and the folder it
        runs in fixed to this one (a resumed game starts it from there). Raises :class:`PlayerError`; a
        built-in level is no player of this kind (``unknown``)."""
        entrant = parse_player(text)
        if entrant.in_process:
            raise PlayerError("unknown", text)
        path = os.path.abspath(entrant.path) if entrant.path is not None else None
        entrant = replace(entrant, path=path, cwd=entrant.cwd or os.getcwd())
        return cls(entrant, text.strip(), move_time, logs=logs)

    def data(self) -> dict[str, Any]:
        """What a game's record keeps of this player, to start it again (:meth:`from_data`)."""
        return {**self.entrant.identity(), "move_time": self.move_time}

    @classmethod
    def from_data(
        cls, data: Mapping[str, Any], text: str, *, move_time: float | None = None, logs: str = ""
    ) -> SeatedPlayer:
        """The player a record's seat keeps (:meth:`data`), found again where it was and started once to check
        it (its file as it is now: a bot fixed since plays on); ``move_time`` if given, else the record's. Raises
        :class:`PlayerError`."""
        entrant = from_identity(dict(data))
        if entrant.in_process:
            raise PlayerError("where", text)
        kept = data.get("move_time")
        if move_time is None:
            fine = isinstance(kept, int | float) and not isinstance(kept, bool) and 0 < kept < float("inf")
            move_time = float(kept) if fine else DEFAULT_MOVE_TIME  # type: ignore[arg-type]
        return cls(entrant, text, move_time, logs=logs)

    def bot(self, seed: int | None, *, slot: int = 0, game: int = 0) -> ProcessBot:
        """The player for game number ``game`` in its ``slot`` (0, 1... where the same player holds several seats,
        each its own process), its random source seeded by ``seed`` (``None``: a random one). Raises
        :class:`BotError` if it does not start."""
        try:
            process = bot_process(self.entrant, memory=self.memory, logs=self.logs, move_time=self.move_time, slot=slot)
        except BotFailure as failure:
            log = log_file(self.entrant, self.logs, slot)
            raise BotError(stopped(self.text, "start", failure.detail, log, self.move_time)) from None
        if seed is None:
            seed = random.SystemRandom().randrange(2**64)
        return ProcessBot(self, process, seed, game)


class ProcessBot:
    """One game's player whose decisions its process makes (:meth:`SeatedPlayer.bot`)."""

    #: What the view's history costs is paid anyway: the bot is sent it at every decision.
    reads_history = True

    def __init__(self, player: SeatedPlayer, process: BotProcess, seed: int, game: int) -> None:
        self.player = player
        self.level = player.text
        self.remote = Remote(process, player.move_time)
        self.seed = seed
        self.game = game
        self._begun = False

    def choose(self, view: View) -> Action:
        """The bot's action for ``view``, one of its legal actions. Raises :class:`BotError`."""
        remote = self.remote
        try:
            if not self._begun:
                remote.tell(game_message(self.game, view.ruleset, view.seat, view.players, self.seed))
                self._begun = True
            action, text = remote.choose(view, tuple(view.ruleset.cards))
        except BotFailure as failure:
            drop(remote.process)
            raise self._error(failure.reason, failure.detail) from None
        except Gave as gave:
            raise self._error(gave.reason, gave.detail) from None
        if action not in view.legal_actions:
            raise self._error("illegal", text)
        return action  # type: ignore[no-any-return]

    def game_over(self, winners: tuple[int, ...], tokens: tuple[int, ...]) -> None:
        """Tell the bot how the game ended (one that does not take it is stopped: a fresh one plays the next)."""
        process = self.remote.process
        if not self._begun or process.process is None:
            return
        try:
            self.remote.tell(end_message(winners, tokens, None))
        except BotFailure:
            drop(process)

    def _error(self, reason: str, detail: str) -> BotError:
        player = self.player
        return BotError(stopped(player.text, reason, detail, self.remote.process.log, player.move_time))


def stopped(bot: str, reason: str, detail: str, log: str, move_time: float) -> str:
    """The line that says which bot stopped the game, what it did (a reason of the referee's forfeits) and where
    its log is."""
    key = f"play.bot.{reason}" if reason != "exit" or detail else "play.bot.exit_quiet"
    what = t(key, detail=detail, seconds=f"{move_time:g}")
    return t("play.bot.stopped", bot=bot, what=what, log=log)


def play_seated(players: Mapping[str, SeatedPlayer], spec: GameSpec) -> GameResult:
    """One game of ``simulate`` where the user's ``players`` sit beside built-in levels (by the text of the
    spec's levels): :func:`~loveletter.arena.games.play_bots` with their bots, each entry of the run's seats in a
    process of its own (kept for its next games in this process)."""
    entries = [""] * spec.players  # the run's seats, in the order given
    for text, entry in zip(spec.levels, spec.slots, strict=True):
        entries[entry] = text
    bots = [
        players[text].bot(seed, slot=entries[:entry].count(text), game=spec.index)
        if text in players
        else built_in_bot(text, seed)
        for text, seed, entry in zip(spec.levels, spec.bot_seeds, spec.slots, strict=True)
    ]
    return play_bots(spec, bots)
