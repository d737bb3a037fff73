"""``loveletter games``: list the saved games (number, date, ruleset, players, state, name), the game played
last first.

The number (it counts the games in the order they started, so it never changes) and the name are what
``resume`` and ``replay`` take; a name is never broken across lines. Dates are
shown in local time. A terminal narrower than :data:`TABLE_WIDTH`, or than the table with every word whole, gets
each game as a line with its number and name and the rest on indented lines below it, instead of a table whose
columns would be cut.
Everything a record holds is shown as plain text: names may hold anything (rich markup, terminal control codes),
and none of it reaches the terminal as anything but text. No hand is ever shown.
"""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # not typing's: the parser is built on every start, and typing costs a tenth of it
if TYPE_CHECKING:
    from loveletter.records import RecordSummary

#: A name longer than this is cut short in the list (the record keeps it whole).
NAME_SHOWN = 24
#: The narrowest terminal that gets the table (below it, one game after another).
TABLE_WIDTH = 72


def configure(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    from rich import box
    from rich.console import Console
    from rich.measure import Measurement
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    from loveletter.i18n import printable, t
    from loveletter.records import games_dir, list_records
    from loveletter.records.library import record_name

    folder = printable(str(games_dir()))
    records = list_records()  # a folder that cannot be read is one line, exit status 2
    if not records:
        print(t("records.none", folder=folder))
        return 0
    records.sort(key=_last_played, reverse=True)
    console = Console(highlight=False)
    names = [printable(record_name(r.path)) for r in records]
    details = [_cells(r) if r.readable else ("?", "?", "?", t("records.unreadable")) for r in records]
    # Light rules: the columns keep their width for the text (the day, then the time, the name whole).
    table = Table(
        title=Text(t("records.title", folder=folder)), box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True
    )
    table.add_column(t("records.col.number"), justify="right", no_wrap=True)
    # Only the state wraps: rich narrows a table by cutting its widest wrapping columns, words and all, and a
    # date cut to "2026-11-…" or a ruleset to "origin…" says nothing.
    table.add_column(t("records.col.date"), no_wrap=True)
    table.add_column(t("records.col.ruleset"), no_wrap=True)
    # The players on two lines at most, broken between names: wrapped by rich into a narrow column they came out
    # as "Bot" / "1," row after row (the list then ran off a 24-row screen); where they do not fit, the games
    # come one after another instead.
    playing = [_two_lines(cells[2].split(", ")) for cells in details]
    table.add_column(t("records.col.players"), no_wrap=True, min_width=max(len(line) for p in playing for line in p))
    table.add_column(t("records.col.state"))
    # The name is what `resume NAME` and `replay NAME` take: on one line, never folded.
    table.add_column(t("records.col.file"), no_wrap=True, min_width=max(len(n) for n in names))
    for r, name, cells, who in zip(records, names, details, playing, strict=True):
        date, ruleset, _, state = cells
        row = (Text(date.replace(" ", "\n", 1)), Text(ruleset), Text("\n".join(who)), Text(state), Text(name))
        table.add_row(str(r.number), *row)
    # A table that could not show every word whole gives way to one game after another.
    widest = console.options.update_width(10**4)
    if console.width < TABLE_WIDTH or Measurement.get(console, widest, table).minimum > console.width:
        console.print(Text(t("records.title", folder=folder)))
        for r, name, cells in zip(records, names, details, strict=True):
            console.print(Text(f"{r.number:>3}  {name}", style="bold"), no_wrap=True, overflow="ignore", crop=False)
            date, ruleset, players, state = cells
            for line in (f"{date} · {ruleset}", players, state):
                console.print(Padding(Text(line), (0, 0, 0, 5), expand=False))
        print(t("records.hint"))
        return 0
    console.print(table)
    print(t("records.hint"))
    return 0


def _two_lines(names: list[str]) -> list[str]:
    """``names`` as one line, or as two broken between names, the longer of them as short as it can be.

    >>> _two_lines(["Ana", "Bot 1", "Bot 2"])
    ['Ana, Bot 1,', 'Bot 2']
    """
    if len(names) < 2:
        return [", ".join(names)]
    splits = [[", ".join(names[:k]) + ",", ", ".join(names[k:])] for k in range(1, len(names))]
    return min(splits, key=lambda lines: max(len(line) for line in lines))


def _cells(r: RecordSummary) -> tuple[str, str, str, str]:
    """Date, ruleset, players and state of a readable record, as plain text."""
    from loveletter.i18n import printable, t

    if r.kind == "solitaire":
        # The record's seat name is language-neutral; the listing says it in words.
        state = t("records.solitaire_going")
        if r.finished:
            state = t("records.solitaire_won") if r.winners else t("records.solitaire_lost")
        return local_time(r.updated), t("records.solitaire"), t("records.solitaire_player"), state
    if r.finished:
        state = t("records.finished", winners=", ".join(_name(w) for w in r.winners))
    else:
        state = t("records.in_progress", rounds=r.rounds)
    return local_time(r.updated), printable(_clip(r.ruleset)), ", ".join(_name(n) for n in r.names), state


def _last_played(r: RecordSummary) -> tuple[bool, float, int]:
    """A key that sorts records by when they were last played (then by number), unreadable ones and those
    without a date first (the list shows them last)."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(r.updated)
        when = (moment if moment.tzinfo is not None else moment.astimezone()).timestamp()
    except (ValueError, OverflowError, OSError):
        return False, 0.0, r.number
    return r.readable, when, r.number


def _name(name: str) -> str:
    from loveletter.i18n import printable

    return printable(_clip(name))


def _clip(text: str) -> str:
    return text if len(text) <= NAME_SHOWN else text[: NAME_SHOWN - 1] + "…"


def local_time(stamp: str) -> str:
    """A record's time stamp (ISO 8601, with its offset) in the local time zone, to the minute; one without an
    offset as it is written.

    >>> local_time("2026-11-23T18:05"), local_time("not a date")
    ('2026-11-23 18:05', 'not a date')
    """
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(stamp)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
    except (ValueError, OverflowError, OSError):  # not a date, or one the local calendar cannot hold
        return stamp[:16]
    return moment.strftime("%Y-%m-%d %H:%M")
