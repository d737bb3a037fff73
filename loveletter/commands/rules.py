"""``loveletter rules``: the reference of a ruleset. For a multi-player ruleset: every card (value, copies, effect
in our words), the player range and tokens to win, and how a game goes (a turn, a round, the game). For the
solitaire: the same pages its ``?`` shows (how it plays, and each card as the player and as the retinue use it)."""

from __future__ import annotations

import argparse

from loveletter.i18n import t

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:  # the command's modules are imported when it runs, not when the parser is built
    from rich.console import Console


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.rules.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.rules.players"))


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from loveletter.commands.options import check_players
    from loveletter.engine import RulesetError, load_ruleset
    from loveletter.tui.reference import reference

    console = Console(highlight=False, emoji=False)
    try:
        ruleset = load_ruleset(args.ruleset)
    except RulesetError as error:
        if error.code != "solitaire_kind":
            raise
        return _solitaire(console, args)
    players = args.players
    if players is not None:
        check_players(players, ruleset.name, ruleset.min_players, ruleset.max_players)
    console.print(reference(ruleset, players))
    return 0


def _solitaire(console: Console, args: argparse.Namespace) -> int:
    """The solitaire's reference, as its ``?`` pages show it, all at once."""
    from rich.console import Group, RenderableType
    from rich.text import Text

    from loveletter.errors import UsageError
    from loveletter.solitaire import load_solitaire_ruleset
    from loveletter.tui.solitaire.reference import blocks

    if args.players is not None and args.players != 1:
        raise UsageError(t("play.rules.solitaire_players", players=args.players))
    ruleset = load_solitaire_ruleset(args.ruleset)
    parts: list[RenderableType] = [Text(t("solitaire.reference.title"), style="bold")]
    for block in blocks(ruleset):
        parts.extend([Text(""), block])
    console.print(Group(*parts))
    return 0
