"""A game played at this terminal, or as plain text when nobody plays (computer players only, no terminal), saved
after every action: what ``loveletter play`` and ``loveletter resume`` run once their options are checked.

Ctrl-C and SIGTERM end it the same way: the game is saved, one line says how to continue it, and the exit status
says which signal it was (130, 143). A save that fails is said at once and tried again at every move; at the end,
what can still be resumed is said exactly (:func:`report_problem`, shared with hosted games).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from loveletter.errors import BotError
from loveletter.i18n import t
from loveletter.records.library import short_name
from loveletter.table.autosave import Autosave
from loveletter.table.loop import GameLoop
from loveletter.table.seats import MakeBot, built_in, first_player_rng
from loveletter.table.setup import NewGame
from loveletter.tui.lines import Lines, LineScreen
from loveletter.tui.screen import Screen, echo, terminal_console
from loveletter.tui.spectator import SpectatorFrontend
from loveletter.tui.surface import Frames, Surface
from loveletter.tui.terminal import TerminalFrontend

if TYPE_CHECKING:
    import random

    from loveletter.engine import Game
    from loveletter.table.seats import Seat, StackedDeal


def play_game(
    game: Game | NewGame,
    seats: Sequence[Seat],
    *,
    seed: int | None,
    delay: float,
    terminal: bool,
    deals: Sequence[StackedDeal] = (),
    saver: Autosave | None = None,
    hints: bool = True,
    reader: bool = False,
    make: MakeBot = built_in,
) -> int:
    """Play ``game`` to its end (or until the players stop), saving it after every action: on the terminal, or
    as plain text when nobody plays (all computer players, no terminal). A :class:`NewGame` is started once the
    seats are named (and, if the host chooses who plays first, once they have). ``saver`` goes on saving a
    resumed game (which then starts with a hand-off screen); without it, a new record is started once the game
    has started. On the terminal, the players may play again once a game is over: the same seats and rules, the
    next seed (``seed + 1``, or a new random one), a new record. ``hints``: whether the people may ask the coach
    for a hint (kept for the games played again, and said in each record). ``reader``: screen-reader mode
    (:mod:`loveletter.tui.lines`). ``make``: the computer players (a user's bots, in processes of their own).

    Ctrl-C, at a prompt or during a computer player's pause, ends here once the screen is restored: the game is
    saved, one line says how to resume it, and the exit status is 130 (as for any program stopped by SIGINT).
    A user's bot that misbehaves (:class:`~loveletter.errors.BotError`) stops the game the same way, saved, with
    its line first, and the exit status 1.
    """
    try:  # plain mode too (the table's screen sets its own, to the same effect)
        previous = signal.signal(signal.SIGTERM, _terminated)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    resumed = saver is not None
    given = [saver] if saver is not None else []
    #: Each game played, with the record it is saved in; the last one is being played.
    played: list[tuple[Game, Autosave]] = []

    def start_saving(started: Game, named: Sequence[Seat], game_seed: int | None) -> Autosave:
        current = given.pop() if given else Autosave.begin(started, named, game_seed, hints=hints)
        played.append((started, current))
        return current

    try:
        if not terminal:
            # Who starts when the host may choose but nobody is asked: from the seed, apart from the engine's.
            first_rng = first_player_rng(seed)
            if isinstance(game, NewGame):
                game = game.start(first_rng)
            return _play_plain(game, seats, seed, deals, start_saving(game, seats, seed), resumed, first_rng, make)
        _play_terminal(game, seats, seed, deals, delay, start_saving, resumed, hints, reader, make)
    except BotError as exc:
        echo(str(exc), sys.stderr)
        if played:
            _stopped(played, "play.bot.saved")
        return 1
    except (KeyboardInterrupt, SystemExit) as exc:
        # SIGTERM (a closed window, `kill`) ends the game by SystemExit(143) (loveletter.tui.screen, or
        # terminated() in plain mode): it says how to continue the game as Ctrl-C does.
        if isinstance(exc, SystemExit) and exc.code != TERMINATED:
            raise
        if not played:
            echo(t("records.interrupted_unsaved"), sys.stderr)
        else:
            _stopped(played, "records.interrupted")
        return 130 if isinstance(exc, KeyboardInterrupt) else TERMINATED
    finally:
        # A save cut short by a signal (SIGTERM ends the game by SystemExit) is finished before leaving.
        if played:
            played[-1][1].flush()
        for _, autosave in played:
            autosave.release()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    for finished, record in played:
        tell(finished, record)
    return 0


def _stopped(played: Sequence[tuple[Game, Autosave]], key: str) -> None:
    """The games played before the one that stopped told, its save finished, and the line (``key``) that says how
    to continue it, with what can be resumed if the last save failed."""
    for finished, record in played[:-1]:
        tell(finished, record)
    current = played[-1][1]
    current.flush()
    if current.problem is None:
        echo(t(key, path=str(current.path), name=short_name(current.path)), sys.stderr)
    report_problem(current)


#: The exit status of a program ended by SIGTERM (128 + 15).
TERMINATED = 143


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(TERMINATED)


def tell(game: Game, saver: Autosave) -> None:
    """A game's result (or where it stopped) and where it is saved, on the normal screen."""
    names = [seat.name for seat in saver.record.seats]
    standings = ", ".join(f"{n} {tokens}" for n, tokens in zip(names, game.tokens, strict=True))
    where = {"path": str(saver.path), "name": short_name(saver.path)}
    if game.over:
        echo(t("play.summary.over", winners=", ".join(names[w] for w in game.winners), tokens=standings))
        if saver.problem is None:
            echo(t("records.saved_over", **where))
    else:
        echo(t("play.summary.stopped", round=game.state.round, tokens=standings))
        if saver.problem is None:
            echo(t("records.saved_stopped", **where))
    report_problem(saver)


def report_problem(saver: Autosave) -> None:
    """If the last save failed: why, and exactly what can be resumed (the file keeps the last save that worked)."""
    if saver.problem is None:
        return
    saved = saver.saver.saved
    if saved is None:
        echo(t("records.save_failed", problem=saver.problem), sys.stderr)
        return
    round_, moves = saved
    where = {"round": round_, "moves": moves, "path": str(saver.path), "name": short_name(saver.path)}
    echo(t("records.save_failed_since", problem=saver.problem, **where), sys.stderr)


def _play_plain(
    game: Game,
    seats: Sequence[Seat],
    seed: int | None,
    deals: Sequence[StackedDeal],
    saver: Autosave,
    resumed: bool,
    first_rng: random.Random,
    make: MakeBot,
) -> int:
    # Said at once (the output is the game's log; this goes on the side), and the game goes on trying.
    saver.saver.on_failure = lambda problem: print(t("records.saving_stopped", problem=problem), file=sys.stderr)
    try:
        front = SpectatorFrontend()
        table = GameLoop(
            game,
            seats,
            front,
            make=make,
            seed=seed,
            deals=deals,
            observers=[saver],
            resumed=resumed,
            first_rng=first_rng,
        )
        table.run()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    # The public log is the output; where the record went is said on the side.
    if saver.problem is None:
        key = "records.saved_over" if game.over else "records.saved_stopped"
        print(t(key, path=str(saver.path), name=short_name(saver.path)), file=sys.stderr)
    report_problem(saver)
    return 0 if saver.problem is None else 1


def _play_terminal(
    game: Game | NewGame,
    seats: Sequence[Seat],
    seed: int | None,
    deals: Sequence[StackedDeal],
    delay: float,
    start_saving: Callable[[Game, Sequence[Seat], int | None], Autosave],
    resumed: bool,
    hints: bool,
    reader: bool = False,
    make: MakeBot = built_in,
) -> None:
    """The games on the terminal's alternate screen (or as plain lines, ``reader``), another one each time the
    players ask at the end."""
    chosen = LineScreen(sys.stdout) if reader else Screen(sys.stdout, title=t("play.window_title"), keys=sys.stdin)
    with chosen as screen:
        surface: Surface = Lines(screen) if reader else Frames(terminal_console(), screen)
        frontend = TerminalFrontend(surface, delay=0.0 if reader else max(delay, 0.0))
        seats = frontend.name_seats(game.ruleset, seats)
        while True:
            first_rng = first_player_rng(seed)
            if isinstance(game, NewGame):
                first: int | None = None
                if game.chooses_first() and any(not s.computer for s in seats):
                    title = frontend.setup_title(game.ruleset, game.players)
                    first = frontend.ask_first_player([s.name for s in seats], range(game.players), title=title)
                game = game.start(first_rng, first)
            saver = start_saving(game, seats, seed)
            table = GameLoop(
                game,
                seats,
                frontend,
                make=make,
                seed=seed,
                deals=deals,
                observers=[saver],
                resumed=resumed,
                first_rng=first_rng,
                hints=hints,
            )
            # While saving fails, every table screen says so (and why), until a save works again.
            frontend.notice = saver.notice
            table.run()
            if not table.again:
                return
            # The same seats and rules, the next seed (a given seed keeps the games reproducible), a new record.
            seed = None if seed is None else seed + 1
            game = NewGame(game.ruleset, game.players, seed)
            deals, resumed = (), False
