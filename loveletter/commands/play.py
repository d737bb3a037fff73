"""``loveletter play``: a game at this computer, passed between players (hot-seat), with computer players.

With no options: one person against one computer player, 2019 edition. ``--players N`` alone seats N people;
``--bots K`` makes the last K seats computer players. Names are asked at the start unless ``--names`` gives them
(every seat's, or just the people's). With no terminal, only an all-computer game can run: it prints the
public log and the result. Every game is saved after the deal and after every action (``loveletter.records``;
``loveletter resume`` continues it, ``loveletter replay`` steps through it).

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
    The pause after a computer player's move (default 1.2; any key skips it; 0: no pause, as in tests).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from loveletter.i18n import t

if TYPE_CHECKING:
    from loveletter.engine import Game
    from loveletter.tui.autosave import Autosave
    from loveletter.tui.hotseat import Seat, StackedDeal

LEVEL_CHOICES = ("random", "easy", "hard")
DEFAULT_DELAY = 1.2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="2019", metavar="NAME|FILE", help=t("play.help.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.help.players"))
    parser.add_argument("--bots", type=int, metavar="K", help=t("play.help.bots"))
    parser.add_argument("--level", choices=LEVEL_CHOICES, default=None, help=t("play.help.level"))
    parser.add_argument("--names", metavar="A,B,...", help=t("play.help.names"))
    parser.add_argument("--seed", type=int, metavar="S", help=t("play.help.seed"))
    parser.add_argument("--deal-file", metavar="PATH", help=argparse.SUPPRESS)
    parser.add_argument("--delay", type=float, default=DEFAULT_DELAY, metavar="SECONDS", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    import sys

    from loveletter.bots import LEVELS, make_bot
    from loveletter.cli import UsageError
    from loveletter.engine import Game, load_ruleset
    from loveletter.tui.setup import plan_seats, read_deals

    ruleset = load_ruleset(args.ruleset)
    bots = args.bots if args.bots is not None else (1 if args.players is None else 0)
    players = args.players if args.players is not None else max(2, bots + 1 if args.bots is not None else 2)
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise UsageError(
            t(
                "play.error.players",
                players=players,
                ruleset=ruleset.name,
                lo=ruleset.min_players,
                hi=ruleset.max_players,
            )
        )
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
    game = Game(
        ruleset,
        players,
        seed=args.seed,
        deck=list(first.deck) if first else None,
        first_player=first.first_player if first else None,
    )
    return play_game(game, seats, seed=args.seed, deals=deals[1:], delay=args.delay, terminal=terminal)


def play_game(
    game: Game,
    seats: Sequence[Seat],
    *,
    seed: int | None,
    delay: float,
    terminal: bool,
    deals: Sequence[StackedDeal] = (),
    saver: Autosave | None = None,
) -> int:
    """Play ``game`` to its end (or until the players stop), saving it after every action: on the terminal, or
    as plain text when nobody plays (all computer players, no terminal). ``saver`` goes on saving a resumed game
    (which then starts with a hand-off screen); without it, a new record is started once the names are known.

    Ctrl-C, at a prompt or during a computer player's pause, ends here once the screen is restored: the game is
    saved, one line says how to resume it, and the exit status is 130 (as for any program stopped by SIGINT).
    """
    import sys

    from loveletter.tui.autosave import Autosave

    resumed = saver is not None
    state: dict[str, Autosave | None] = {"saver": saver}

    def start_saving(named: Sequence[Seat]) -> Autosave:
        current = state["saver"]
        if current is None:
            current = state["saver"] = Autosave.begin(game, named, seed)
        return current

    try:
        if not terminal:
            return _play_plain(game, seats, seed, deals, start_saving(seats), resumed)
        seats = _play_terminal(game, seats, seed, deals, delay, start_saving, resumed)
    except KeyboardInterrupt:
        current = state["saver"]
        if current is None:
            print(t("records.interrupted_unsaved"), file=sys.stderr)
        else:
            current.flush()
            print(t("records.interrupted", path=str(current.path)), file=sys.stderr)
            _report_problem(current)
        return 130
    finally:
        # A save cut short by a signal (SIGTERM ends the game by SystemExit) is finished before leaving.
        if state["saver"] is not None:
            state["saver"].flush()
    current = state["saver"]
    assert current is not None
    names_of = [s.name for s in seats]
    standings = ", ".join(f"{n} {tokens}" for n, tokens in zip(names_of, game.tokens, strict=True))
    if game.over:
        winners = ", ".join(names_of[w] for w in game.winners)
        print(t("play.summary.over", winners=winners, tokens=standings))
        if current.problem is None:
            print(t("records.saved_over", path=str(current.path)))
    else:
        print(t("play.summary.stopped", round=game.state.round, tokens=standings))
        if current.problem is None:
            print(t("records.saved_stopped", path=str(current.path)))
    _report_problem(current)
    return 0


def _report_problem(saver: Autosave) -> None:
    import sys

    if saver.problem is not None:
        print(t("records.save_failed", problem=saver.problem), file=sys.stderr)


def _play_plain(
    game: Game, seats: Sequence[Seat], seed: int | None, deals: Sequence[StackedDeal], saver: Autosave, resumed: bool
) -> int:
    import os
    import sys

    from loveletter.tui.hotseat import Hotseat
    from loveletter.tui.plain import PlainFrontend

    try:
        table = Hotseat(game, seats, PlainFrontend(), seed=seed, deals=deals, observers=[saver], resumed=resumed)
        table.run()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    # The public log is the output; where the record went is said on the side.
    if saver.problem is None:
        print(t("records.saved_over" if game.over else "records.saved_stopped", path=str(saver.path)), file=sys.stderr)
    _report_problem(saver)
    return 0


def _play_terminal(
    game: Game,
    seats: Sequence[Seat],
    seed: int | None,
    deals: Sequence[StackedDeal],
    delay: float,
    start_saving: Callable[[Sequence[Seat]], Autosave],
    resumed: bool,
) -> list[Seat]:
    """The game on the terminal's alternate screen; the seats as finally named."""
    import sys

    from rich.console import Console

    from loveletter.tui.hotseat import Hotseat
    from loveletter.tui.hotseat import Seat as TableSeat
    from loveletter.tui.screen import Screen
    from loveletter.tui.setup import default_name
    from loveletter.tui.terminal import TerminalFrontend

    seats = list(seats)
    people = [i for i, s in enumerate(seats) if not s.computer]
    console = Console(highlight=False, emoji=False)
    with Screen(sys.stdout, title=t("play.window_title")) as screen:
        frontend = TerminalFrontend(console, screen, delay=max(delay, 0.0))
        if any(not s.name for s in seats):
            asked = frontend.ask_names(
                t("play.setup.title", title=game.ruleset.title, players=game.players),
                [s.name or None for s in seats],
                [default_name(people.index(i) + 1) if i in people else s.name for i, s in enumerate(seats)],
            )
            seats = [TableSeat(name, s.level) for name, s in zip(asked, seats, strict=True)]
        saver = start_saving(seats)
        table = Hotseat(game, seats, frontend, seed=seed, deals=deals, observers=[saver], resumed=resumed)
        table.run()
    return seats
