"""``loveletter rules``: the card reference of a ruleset (value, copies, effect in our words, player range,
tokens to win), as a rich table."""

from __future__ import annotations

import argparse

from loveletter.i18n import t


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="2019", metavar=t("cli.metavar.ruleset"), help=t("play.rules.ruleset"))
    parser.add_argument("--players", type=int, metavar="N", help=t("play.rules.players"))


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from loveletter.commands.play import check_players
    from loveletter.engine import load_ruleset
    from loveletter.tui.reference import reference

    ruleset = load_ruleset(args.ruleset)
    players = args.players
    if players is not None:
        check_players(players, ruleset.name, ruleset.min_players, ruleset.max_players)
    Console(highlight=False, emoji=False).print(reference(ruleset, players))
    return 0
