"""The card reference of a ruleset: value, copies, effect in our words, player range and tokens to win.

Used by ``loveletter rules`` (the whole ruleset, every mode) and by ``?`` during a game (the cards of the mode
in play, fitted to the screen: full texts if they fit, short ones if not, in pages if even those do not).

>>> from rich.console import Console
>>> from loveletter.engine import load_ruleset
>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as capture:
...     console.print(reference_table(load_ruleset("classic")))
>>> "Princess" in capture.get() and "5 Guard" not in capture.get()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from loveletter.engine import Mode, Ruleset
from loveletter.i18n import card_name, card_text, ruleset_title, t
from loveletter.tui.howto import howto
from loveletter.tui.style import card_short, fmt, value_style


def _modes(ruleset: Ruleset, players: int | None) -> tuple[Mode, ...]:
    return (ruleset.mode_for(players),) if players is not None else ruleset.modes


def _range(mode: Mode) -> str:
    lo, hi = mode.players
    return str(lo) if lo == hi else f"{lo}–{hi}"


def reference_table(
    ruleset: Ruleset, players: int | None = None, *, short: bool = False, cards: list[str] | None = None
) -> Table:
    """The card table: every card of the ruleset (or of the mode for ``players``), highest value first."""
    modes = _modes(ruleset, players)
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, show_edge=False)
    table.add_column(t("play.reference.value"), justify="right", style="bold", no_wrap=True)
    table.add_column(t("play.reference.card"), no_wrap=True)
    for mode in modes:
        heading = t("play.reference.copies")
        if len(modes) > 1:
            heading = t("play.reference.copies_for", players=_range(mode))
        table.add_column(heading, justify="right", no_wrap=True)
    table.add_column(t("play.reference.effect"), ratio=1)
    ids = [c for c in ruleset.cards if any(c in m.copies for m in modes)]
    for card in cards if cards is not None else ids:
        value = ruleset.cards[card].value
        effect = card_short(card, ruleset.name) if short else card_text(card, ruleset.name)
        counts = [str(m.copies.get(card, "–")) for m in modes]
        table.add_row(
            str(value),
            Text(card_name(card), style=f"bold {value_style(value)}"),
            *counts,
            Text(effect),
        )
    return table


def reference_summary(ruleset: Ruleset, players: int | None = None) -> Text:
    """Players and tokens to win, e.g. ``2–6 players · tokens to win: 2 players 6, 3 players 5, ...``."""
    if players is not None:
        return fmt("play.reference.summary_one", players=str(players), tokens=str(ruleset.tokens_to_win(players)))
    modes = _modes(ruleset, players)
    goals = []
    for mode in modes:
        for count, goal in sorted(mode.tokens_by_players.items()):
            goals.append(t("play.reference.goal", players=count, tokens=goal))
    seats = f"{ruleset.min_players}–{ruleset.max_players}"
    return fmt("play.reference.summary", players=seats, goals=", ".join(goals))


def reference_lines(ruleset: Ruleset, players: int) -> list[str]:
    """The cards of the mode for ``players`` one line each, as the table lists them, then players and tokens to win:
    the reference as screen-reader mode says it."""
    mode = ruleset.mode_for(players)
    lines = []
    for card in mode.card_ids:
        count = mode.copies[card]
        copies = t("play.reader.copy") if count == 1 else t("play.reader.copies", count=count)
        value, effect = ruleset.cards[card].value, card_text(card, ruleset.name)
        lines.append(t("play.reader.card_line", value=value, card=card_name(card), copies=copies, effect=effect))
    lines.append(reference_summary(ruleset, players).plain)
    return lines


def reference(ruleset: Ruleset, players: int | None = None) -> Group:
    """Title, card table, summary, and how a game goes: what ``loveletter rules`` prints."""
    title = Text(ruleset_title(ruleset), style="bold")
    summary = reference_summary(ruleset, players)
    return Group(title, reference_table(ruleset, players), summary, Text(""), howto(ruleset))


def reference_pages(console: Console, ruleset: Ruleset, players: int, height: int) -> list[Group]:
    """The reference of the mode in play cut to fit ``height`` lines: full texts if they fit, else short
    texts, in as many pages as needed."""
    summary = reference_summary(ruleset, players)
    options = console.options.update(height=None)

    def lines(renderable: Table | Text) -> int:
        return len(console.render_lines(renderable, options, pad=False))

    budget = height - lines(summary)
    for short in (False, True):
        table = reference_table(ruleset, players, short=short)
        if lines(table) <= budget:
            return [Group(table, summary)]
    # Page the short table: add cards while the page still fits.
    ids = [c for c in ruleset.cards if c in ruleset.mode_for(players).copies]
    pages: list[Group] = []
    page: list[str] = []
    for card in ids:
        if page and lines(reference_table(ruleset, players, short=True, cards=[*page, card])) > budget:
            pages.append(Group(reference_table(ruleset, players, short=True, cards=page), summary))
            page = []
        page.append(card)
    if page:
        pages.append(Group(reference_table(ruleset, players, short=True, cards=page), summary))
    return pages
