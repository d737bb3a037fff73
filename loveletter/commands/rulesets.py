"""``loveletter rulesets``: list the bundled rulesets with their player ranges."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from types import SimpleNamespace

    from rich.console import Console
    from rich.table import Table

    from loveletter.engine.ruleset import bundled_names, load_ruleset, read_toml
    from loveletter.i18n import ruleset_title, t

    table = Table(title=t("rulesets.title"))
    table.add_column(t("rulesets.name"), style="bold")
    table.add_column(t("rulesets.edition"))
    table.add_column(t("rulesets.players"), justify="right")
    table.add_column(t("rulesets.cards"), justify="right")
    for name in bundled_names():
        data = read_toml(name)[0]
        if data.get("kind") == "solitaire":
            # Read as bare data: the solitaire's file is not a multi-player ruleset.
            title = ruleset_title(SimpleNamespace(name=name, title=str(data.get("title", name))))
            table.add_row(name, title, t("rulesets.solitaire"), "16")
            continue
        rs = load_ruleset(name)
        sizes = "/".join(str(m.deck_size) for m in rs.modes)
        table.add_row(name, ruleset_title(rs), f"{rs.min_players}-{rs.max_players}", sizes)
    console = Console()
    console.print(table)
    console.print(t("rulesets.hint"))
    return 0
