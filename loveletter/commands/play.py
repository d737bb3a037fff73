"""``loveletter play``: a game at this computer, passed between players (hot-seat), with computer players.

With no options: one person against one computer player, 2019 edition. ``--players N`` alone seats N people;
``--bots K`` makes the last K seats computer players (alone, one person against K: K + 1 seats). Names are asked at
the start unless ``--names`` gives them (every seat's, or just the people's). With no terminal, only an
all-computer game can run: it prints the public log and the result. A ruleset with ``first_player_mode = "choose"``
has the host pick who starts the first round (and who of the tied winners starts after a tie), once the names are
known; with nobody to ask (no terminal, or computer players only) the pick is drawn from ``--seed``. Every game is
saved after the deal and after every action (``loveletter.records``; ``loveletter resume`` continues it,
``loveletter replay`` steps through it).

Developer options, hidden from ``--help``:

``--deal-file PATH``
    Deal the first rounds from known decks, for tests and bug reports. The file is JSON: a list with one object
    per round, ``{"first_player": 0, "deck": ["Guard", "Priest", ...]}``, where ``deck`` is the whole deck of
    the ruleset for this player count, **top card first** (as ``loveletter.engine.stacked_deck`` builds it: the
    set-aside card, the face-up cards with two players, one card per seat from the first player on, then the
    draws) and ``first_player`` (optional) is the seat that starts; it must be one the rules allow (round one:
    anyone; later rounds: the previous round's winner). Rounds after the listed ones are shuffled with
    ``--seed``.
``--delay SECONDS``
    The older name of ``--pace SECONDS``: the pause after a computer player's move (default 1.2; 0: no pause, as
    in tests; with one person at the table, any key skips it).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    import random

    from loveletter.engine import Game
    from loveletter.table.autosave import Autosave
    from loveletter.table.seats import Seat, StackedDeal
    from loveletter.table.setup import NewGame
    from loveletter.tui.terminal import TerminalFrontend

LEVEL_CHOICES = ("random", "easy", "hard")


def configure(parser: argparse.ArgumentParser) -> None:

    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.help.players"))
    parser.add_argument("--bots", type=int, metavar="K", help=t("play.help.bots"))
    parser.add_argument("--level", choices=LEVEL_CHOICES, default=None, help=t("play.help.level"))
    parser.add_argument("--names", metavar=t("cli.metavar.names"), help=t("play.help.names"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    add_hints_option(parser)
    parser.add_argument("--deal-file", metavar="PATH", help=argparse.SUPPRESS)
    from loveletter.commands.options import add_pace_option, add_reader_option

    add_pace_option(parser)
    add_reader_option(parser)


def add_hints_option(parser: argparse.ArgumentParser) -> None:
    """``--no-hints``: nobody at the table may ask the coach for a hint (``play``, ``host``)."""
    parser.add_argument("--no-hints", dest="hints", action="store_false", help=t("coach.help.no_hints"))


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.bots import LEVELS, make_bot
    from loveletter.engine import load_ruleset
    from loveletter.errors import UsageError
    from loveletter.table.setup import NewGame, plan_seats, read_deals

    pace = args.pace  # bounded by its type (commands.options.delay_seconds)
    ruleset = load_ruleset(args.ruleset)
    if args.bots is not None and args.bots < 0:
        raise UsageError(t("play.error.negative_bots", bots=args.bots))
    bots = args.bots if args.bots is not None else (1 if args.players is None else 0)
    if args.players is None:
        # One person against the computer players: --bots K alone makes K + 1 seats.
        players = bots + 1 if args.bots is not None else 2
        if players > ruleset.max_players:
            raise UsageError(
                t("play.error.bots_seats", bots=bots, players=players, ruleset=ruleset.name, hi=ruleset.max_players)
            )
    else:
        players = args.players
        check_players(players, ruleset.name, ruleset.min_players, ruleset.max_players)
    level = args.level or ("easy" if "easy" in LEVELS else "random")
    names = args.names.split(",") if args.names is not None else None
    try:
        seats = plan_seats(players, bots, level, names)
        deals = read_deals(args.deal_file, ruleset, players) if args.deal_file else []
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if bots:
        try:
            make_bot(level, seed=0)
        except ValueError:
            raise UsageError(t("play.error.level", level=level, known=", ".join(LEVELS))) from None

    people = [i for i, s in enumerate(seats) if not s.computer]
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if people and not terminal:
        raise UsageError(t("play.error.no_terminal"))

    first = deals[0] if deals else None
    start = NewGame(ruleset, players, args.seed, first)
    import os

    from loveletter.tui.reader import wanted

    reader = wanted(args.screen_reader, os.environ)
    return play_game(
        start, seats, seed=args.seed, deals=deals[1:], delay=pace, terminal=terminal, hints=args.hints, reader=reader
    )


def check_players(players: int, ruleset: str, lo: int, hi: int) -> None:
    """Raise the command's one-line error when ``players`` is not a player count the ruleset seats."""
    from loveletter.errors import UsageError

    if players < lo:
        raise UsageError(t("play.error.too_few", players=players, ruleset=ruleset, lo=lo, hi=hi))
    if players > hi:
        raise UsageError(t("play.error.players", players=players, ruleset=ruleset, lo=lo, hi=hi))


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
) -> int:
    """Play ``game`` to its end (or until the players stop), saving it after every action: on the terminal, or
    as plain text when nobody plays (all computer players, no terminal). A :class:`NewGame` is started once the
    seats are named (and, if the host chooses who plays first, once they have). ``saver`` goes on saving a
    resumed game (which then starts with a hand-off screen); without it, a new record is started once the game
    has started. On the terminal, the players may play again once a game is over: the same seats and rules, the
    next seed (``seed + 1``, or a new random one), a new record. ``hints``: whether the people may ask the coach
    for a hint (kept for the games played again, and said in each record). ``reader``: screen-reader mode
    (:mod:`loveletter.tui.reader`).

    Ctrl-C, at a prompt or during a computer player's pause, ends here once the screen is restored: the game is
    saved, one line says how to resume it, and the exit status is 130 (as for any program stopped by SIGINT).
    """
    import signal
    import sys

    from loveletter.records.library import short_name
    from loveletter.table.autosave import Autosave
    from loveletter.table.seats import first_player_rng
    from loveletter.table.setup import NewGame

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
            return _play_plain(game, seats, seed, deals, start_saving(game, seats, seed), resumed, first_rng)
        _play_terminal(game, seats, seed, deals, delay, start_saving, resumed, hints, reader)
    except (KeyboardInterrupt, SystemExit) as exc:
        # SIGTERM (a closed window, `kill`) ends the game by SystemExit(143) (loveletter.tui.screen, or
        # terminated() in plain mode): it says how to continue the game as Ctrl-C does.
        if isinstance(exc, SystemExit) and exc.code != TERMINATED:
            raise
        if not played:
            print(t("records.interrupted_unsaved"), file=sys.stderr)
        else:
            for finished, record in played[:-1]:  # the games played before this one
                _tell(finished, record)
            current = played[-1][1]
            current.flush()
            if current.problem is None:
                print(t("records.interrupted", path=str(current.path), name=short_name(current.path)), file=sys.stderr)
            _report_problem(current)
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
        _tell(finished, record)
    return 0


#: The exit status of a program ended by SIGTERM (128 + 15).
TERMINATED = 143


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(TERMINATED)


def _tell(game: Game, saver: Autosave) -> None:
    """A game's result (or where it stopped) and where it is saved, on the normal screen."""
    from loveletter.records.library import short_name

    names = [seat.name for seat in saver.record.seats]
    standings = ", ".join(f"{n} {tokens}" for n, tokens in zip(names, game.tokens, strict=True))
    where = {"path": str(saver.path), "name": short_name(saver.path)}
    if game.over:
        print(t("play.summary.over", winners=", ".join(names[w] for w in game.winners), tokens=standings))
        if saver.problem is None:
            print(t("records.saved_over", **where))
    else:
        print(t("play.summary.stopped", round=game.state.round, tokens=standings))
        if saver.problem is None:
            print(t("records.saved_stopped", **where))
    _report_problem(saver)


def _report_problem(saver: Autosave) -> None:
    """If the last save failed: why, and exactly what can be resumed (the file keeps the last save that worked)."""
    import sys

    from loveletter.records.library import short_name

    if saver.problem is None:
        return
    saved = saver.saver.saved
    if saved is None:
        print(t("records.save_failed", problem=saver.problem), file=sys.stderr)
        return
    round_, moves = saved
    where = {"round": round_, "moves": moves, "path": str(saver.path), "name": short_name(saver.path)}
    print(t("records.save_failed_since", problem=saver.problem, **where), file=sys.stderr)


def _play_plain(
    game: Game,
    seats: Sequence[Seat],
    seed: int | None,
    deals: Sequence[StackedDeal],
    saver: Autosave,
    resumed: bool,
    first_rng: random.Random,
) -> int:
    import os
    import sys

    from loveletter.records.library import short_name
    from loveletter.table.loop import GameLoop
    from loveletter.tui.plain import PlainFrontend

    # Said at once (the output is the game's log; this goes on the side), and the game goes on trying.
    saver.saver.on_failure = lambda problem: print(t("records.saving_stopped", problem=problem), file=sys.stderr)
    try:
        front = PlainFrontend()
        table = GameLoop(
            game, seats, front, seed=seed, deals=deals, observers=[saver], resumed=resumed, first_rng=first_rng
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
    _report_problem(saver)
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
) -> None:
    """The games on the terminal's alternate screen (or as plain lines, ``reader``), another one each time the
    players ask at the end."""
    import sys

    from loveletter.table.loop import GameLoop
    from loveletter.table.seats import first_player_rng
    from loveletter.table.setup import NewGame
    from loveletter.tui.reader import PlainScreen, ReaderFrontend
    from loveletter.tui.screen import Screen, terminal_console
    from loveletter.tui.terminal import TerminalFrontend

    console = terminal_console()
    chosen = PlainScreen(sys.stdout) if reader else Screen(sys.stdout, title=t("play.window_title"), keys=sys.stdin)
    with chosen as screen:
        frontend: TerminalFrontend = (
            ReaderFrontend(screen) if reader else TerminalFrontend(console, screen, delay=max(delay, 0.0))
        )
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
