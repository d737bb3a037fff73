"""``loveletter games``: list the saved games (date, ruleset, players, state)."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from loveletter.i18n import t
    from loveletter.records import games_dir, list_records

    console = Console()
    records = list_records()
    if not records:
        console.print(t("records.none", folder=str(games_dir())))
        return 0
    table = Table(title=t("records.title", folder=str(games_dir())))
    for key in ("date", "ruleset", "players", "state"):
        table.add_column(t(f"records.col.{key}"))
    # The file name is what `resume FILE` and `replay FILE` need: folded onto more lines, never cut short.
    table.add_column(t("records.col.file"), overflow="fold")
    for r in records:
        if not r.readable:
            table.add_row("?", "?", "?", t("records.unreadable"), r.path.name)
            continue
        date = r.updated.replace("T", " ")[:16]
        if r.kind == "solitaire":
            # The record's seat name is language-neutral; the listing says it in words.
            state = t("records.solitaire_going")
            if r.finished:
                state = t("records.solitaire_won") if r.winners else t("records.solitaire_lost")
            table.add_row(date, t("records.solitaire"), t("records.solitaire_player"), state, r.path.name)
            continue
        if r.finished:
            state = t("records.finished", winners=", ".join(r.winners))
        else:
            state = t("records.in_progress", rounds=r.rounds)
        table.add_row(date, r.ruleset, ", ".join(r.names), state, r.path.name)
    console.print(table)
    console.print(t("records.hint"))
    return 0
