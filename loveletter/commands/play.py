"""``loveletter play``: a game at this computer, passed between players (hot-seat), with computer players.

With no options: one person against one computer player, 2019 edition. ``--players N`` alone seats N people;
``--bots K`` makes the last K seats computer players. Names are asked at the start unless ``--names`` gives them
(every seat's, or just the people's). With no terminal, only an all-computer game can run: it prints the
public log and the result.

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

from loveletter.i18n import t

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
    from loveletter.tui.hotseat import Hotseat
    from loveletter.tui.setup import default_name, plan_seats, read_deals

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

    if not terminal:
        from loveletter.tui.plain import PlainFrontend

        try:
            Hotseat(game, seats, PlainFrontend(), seed=args.seed, deals=deals[1:]).run()
            sys.stdout.flush()
        except BrokenPipeError:
            # The reader went away (``| head``): stop quietly, as command-line tools do.
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 141
        return 0

    from rich.console import Console

    from loveletter.tui.hotseat import Seat
    from loveletter.tui.screen import Screen
    from loveletter.tui.terminal import TerminalFrontend

    console = Console(highlight=False, emoji=False)
    with Screen(sys.stdout, title=t("play.window_title")) as screen:
        frontend = TerminalFrontend(console, screen, delay=max(args.delay, 0.0))
        if any(not s.name for s in seats):
            asked = frontend.ask_names(
                t("play.setup.title", title=ruleset.title, players=players),
                [s.name or None for s in seats],
                [default_name(people.index(i) + 1) if i in people else s.name for i, s in enumerate(seats)],
            )
            seats = [Seat(name, s.level) for name, s in zip(asked, seats, strict=True)]
        table = Hotseat(game, seats, frontend, seed=args.seed, deals=deals[1:])
        table.run()
    names_of = [s.name for s in seats]
    standings = ", ".join(f"{n} {tokens}" for n, tokens in zip(names_of, game.tokens, strict=True))
    if game.over:
        winners = ", ".join(names_of[w] for w in game.winners)
        print(t("play.summary.over", winners=winners, tokens=standings))
    else:
        print(t("play.summary.stopped", round=game.state.round, tokens=standings))
    return 0
