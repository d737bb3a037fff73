"""The referee: plays one game of a tournament and says what it gave. It owns the board, the clock and the result.

Built-in levels play in its process. Every other player is a process of its own (:mod:`loveletter.arena.process`),
started once per worker and kept for its next games: at each of its decisions it is sent its seat's view in the
bot protocol (:mod:`loveletter.arena.protocol`), and its answer, one action in notation, is read by the engine's
notation reader and pushed to the game, which checks it against the legal ones. Nothing the bot sends is used but
that text.

A bot loses the game at once (the others share the win), the reason kept with the game, when it gives the game up
with an error (``exception``), answers with an action that is not legal (``illegal``), takes longer than the time
per move, wall clock (``time``: its process is killed), ends or closes its output (``exit``), writes a line that
is not a protocol message (``output``) or writes when not asked (``turn``), or cannot be started (``start``).
After any of these its process is stopped, with anything it started, and a fresh one is started for its next
game. Every bot at the table is told how the game ended.
"""

from __future__ import annotations

import atexit
import os
import random
import re
import shutil
import tempfile
import time
from typing import Any

from loveletter.arena.games import derive_seed, game_ruleset
from loveletter.arena.process import BotFailure, BotProcess
from loveletter.arena.protocol import Decisions, end_message, game_message, shown
from loveletter.arena.results import Outcome
from loveletter.arena.runner import one_line
from loveletter.arena.tournament import TableGame
from loveletter.arena.userbots import START_TIME, Entrant
from loveletter.bots import Bot, reads_history
from loveletter.engine import Game, IllegalActionError, NotationError, View, parse_action

#: Why a bot lost a game without playing it out.
FORFEITS = ("exception", "illegal", "time", "exit", "output", "turn", "start")


class Forfeit(Exception):
    """A seat that lost the game by how its bot behaved."""

    def __init__(self, seat: int, reason: str, detail: str) -> None:
        self.seat, self.reason, self.detail = seat, reason, detail
        super().__init__(reason)


class Remote:
    """A seat played by a bot in its own process, for one game."""

    def __init__(self, process: BotProcess, move_time: float) -> None:
        self.process = process
        self.move_time = move_time
        self.decisions = Decisions()

    def tell(self, message: bytes) -> None:
        """Send the bot a message it does not answer (a game begins, or ends), once it has been quiet since its
        last answer. Raises :class:`BotFailure`."""
        self.process.quiet()
        self.process.send(message, _after(self.move_time))

    def choose(self, view: View, cards: tuple[str, ...]) -> tuple[Any, str]:
        """The bot's action (the engine's own, read from its notation) and the text it came from. Raises
        :class:`BotFailure` (the bot misbehaved) or :class:`Gave` (it answered an error, or what is no action)."""
        process = self.process
        process.quiet()
        process.asked += 1
        message = self.decisions.message(view, process.asked)
        deadline = time.monotonic() + self.move_time
        process.send(message, deadline)
        answer, line = process.message(deadline)
        if answer.get("id") != process.asked:  # an answer to another question, or none
            raise BotFailure("turn", shown(line))
        kind, text = answer["type"], answer.get("action")
        if kind == "error":
            raise Gave("exception", shown(str(answer.get("message", "")), 160))
        if kind != "action" or not isinstance(text, str):
            raise BotFailure("output", shown(line))
        try:
            return parse_action(text, cards), text
        except NotationError:
            raise Gave("illegal", shown(text)) from None


class Gave(Exception):
    """A bot that answered, but with an error or with what is not an action: it loses, its process is fine."""

    def __init__(self, reason: str, detail: str) -> None:
        self.reason, self.detail = reason, detail


def play(spec: TableGame) -> Outcome:
    """Play one game of a tournament, each bot seeing only its seat's view; a misbehaving bot loses it."""
    ruleset = game_ruleset(spec.ruleset, spec.ruleset_text)
    n = len(spec.seats)
    host = random.Random(derive_seed(spec.seed, "host")) if ruleset.flags.first_player_mode == "choose" else None
    decisions = [0] * n
    seconds = [0.0] * n
    seats: list[Bot | Remote | None] = [None] * n
    forfeit: Forfeit | None = None
    for s, player in enumerate(spec.players):
        if player.in_process:
            seats[s] = player.make(spec.bot_seeds[s])
            continue
        try:
            seats[s] = Remote(_process(player, spec), spec.move_time)
        except BotFailure as failure:
            forfeit = forfeit or Forfeit(s, "start", failure.detail)
    # Events are built when someone reads the round's history: a bot process is sent it at every decision.
    record = any(isinstance(bot, Remote) or reads_history(bot) for bot in seats)
    game = Game(ruleset, n, seed=spec.seed, first_player=host.randrange(n) if host else None, record=record)
    for s, bot in enumerate(seats):
        if isinstance(bot, Remote) and forfeit is None:
            try:
                bot.tell(game_message(spec.index, ruleset, s, n, spec.bot_seeds[s]))
            except BotFailure as failure:
                forfeit = _lost(bot, s, failure)
    cards = tuple(ruleset.cards)
    state = game.state
    clock = time.perf_counter
    while forfeit is None:
        seat = state.decider
        if seat is None:
            if game.over:
                break
            game.next_round(first_player=host.choice(game.first_player_choices()) if host else None)
            continue
        view = state.view(seat)
        bot = seats[seat]
        start = clock()
        try:
            if isinstance(bot, Remote):
                action, text = bot.choose(view, cards)
            else:
                assert bot is not None
                action = bot.choose(view)
                text = str(action)
        except BotFailure as failure:
            assert isinstance(bot, Remote)
            forfeit = _lost(bot, seat, failure)
        except Gave as gave:
            forfeit = Forfeit(seat, gave.reason, gave.detail)
        except Exception as exc:  # a built-in level's bug: it loses this game, the tournament goes on
            forfeit = Forfeit(seat, "exception", one_line(exc))
        elapsed = clock() - start
        decisions[seat] += 1
        seconds[seat] += elapsed
        if forfeit is not None:
            if forfeit.reason == "time":
                forfeit.detail = f"{elapsed:.3f} s"
            break
        if elapsed > spec.move_time:  # a built-in level, timed after the fact
            forfeit = Forfeit(seat, "time", f"{elapsed:.3f} s")
            break
        try:
            game.push(action)
        except IllegalActionError:
            forfeit = Forfeit(seat, "illegal", shown(text))
    lost = None if forfeit is None else {"seat": forfeit.seat, "reason": forfeit.reason, "detail": forfeit.detail}
    winners = game.winners if forfeit is None else tuple(s for s in range(n) if s != forfeit.seat)
    end = end_message(winners, game.tokens, lost)
    for bot in seats:
        if isinstance(bot, Remote) and bot.process.process is not None:
            try:
                bot.tell(end)
            except BotFailure:
                drop(bot.process)
    return Outcome(
        index=spec.index,
        deal=spec.deal,
        lineup=spec.lineup,
        rotation=spec.rotation,
        seats=spec.seats,
        winners=winners,
        tokens=game.tokens,
        rounds=len(game.deals),
        turns=sum(len(actions) for actions in game.actions),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        forfeit=lost,
    )


def _after(seconds: float) -> float:
    return time.monotonic() + seconds


def _lost(bot: Remote, seat: int, failure: BotFailure) -> Forfeit:
    """The seat's bot lost by ``failure``: its process is stopped (a fresh one plays its next game)."""
    drop(bot.process)
    return Forfeit(seat, failure.reason, failure.detail)


# --------------------------------------------------------------------------------------------- the processes

#: The bots' processes this process has started, by player: each plays its next games until it misbehaves.
_RUNNING: dict[tuple[Any, ...], BotProcess] = {}
_WORKDIR: list[str] = []


def _process(player: Entrant, spec: TableGame) -> BotProcess:
    return bot_process(player, memory=spec.bot_memory, logs=spec.bot_logs, move_time=spec.move_time)


def bot_process(player: Entrant, *, memory: int, logs: str, move_time: float, slot: int = 0) -> BotProcess:
    """The process of ``player`` in this process (at ``slot``, where one player holds several seats of a table,
    each its own process): the one already running, or a new one, started and greeted, its stderr appended to
    the file named after the player in the folder ``logs`` (empty: one in the system's temporary folder). Raises
    :class:`BotFailure` (``start``)."""
    key = (player, player.path, player.cwd, memory, logs, slot)
    process = _RUNNING.get(key)
    if process is not None and process.alive:
        return process
    if process is not None:
        process.kill()
    if not _WORKDIR:
        _WORKDIR.append(tempfile.mkdtemp(prefix="loveletter-bots-"))
        atexit.register(close_all)
    argv, env, cwd = player.launch(_WORKDIR[0])
    process = BotProcess(argv, log=log_file(player, logs, slot), memory=memory * 2**20, env=env, cwd=cwd)
    _RUNNING[key] = process
    try:
        process.start(max(START_TIME, move_time))
    except BotFailure:
        del _RUNNING[key]
        raise
    return process


def log_file(player: Entrant, logs: str, slot: int = 0) -> str:
    """Where the stderr of ``player``'s process goes: a file named after it (and its slot, past the first) in the
    folder ``logs``, or in one of the system's temporary folder."""
    folder = logs or os.path.join(tempfile.gettempdir(), f"loveletter-bot-logs-{os.getuid()}")
    return os.path.join(folder, f"{_safe(player.name)}{f'-{slot + 1}' if slot else ''}.log")


def drop(process: BotProcess) -> None:
    """Stop a bot's process (one that misbehaved): the next game of its player starts a fresh one."""
    for key, running in list(_RUNNING.items()):
        if running is process:
            del _RUNNING[key]
    process.kill()


def close_all() -> None:
    """Say goodbye to every bot process started here, stop them, and remove the files their runners read: what
    a process that played games calls after its last (:meth:`loveletter.arena.backends.Backend.stream`'s
    ``finish``), and at its exit."""
    while _RUNNING:
        _, process = _RUNNING.popitem()
        process.close(grace=0.5)
    while _WORKDIR:
        shutil.rmtree(_WORKDIR.pop(), ignore_errors=True)


def _safe(name: str) -> str:
    """A player's name as a file name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "bot"


def bot_logs(results: str) -> str:
    """The folder of the bots' logs of the tournament whose results go to ``results``: beside it."""
    stem = results[: -len(".jsonl")] if results.endswith(".jsonl") else results
    return stem + ".logs"
