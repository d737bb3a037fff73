"""The table as one seat sees it (or a spectator), fitted to the terminal's height.

From top to bottom: a header (edition, round, deck, whose turn); every seat (name, favor tokens, in or out,
protection and premium markers, discard pile in order); the face-up cards and the card tracker (how many of each
card the viewer has not seen); the viewer's hand drawn as cards beside what they know; private news since
their last turn; a banner (a round's result); and as much of the round's log as fits.

:func:`spectator_view` strips a view down to public information for screens nobody in particular is looking
at (computer players' moves between hand-offs, round results, an all-computer show). A :class:`TableView`
shows only what its view holds: build it from the viewer's own view, and nothing private of another seat can
appear.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from loveletter.engine import Phase, View
from loveletter.i18n import ruleset_title
from loveletter.tui.cards import CARD_WIDTH, CardFace
from loveletter.tui.log import Entry
from loveletter.tui.style import (
    DIM,
    HEADER,
    NEW,
    PRIVATE,
    card_label,
    cards_text,
    counts_text,
    fmt,
    name_text,
    tokens_text,
)

#: Narrowest "what you know" panel worth putting beside the cards.
KNOWLEDGE_MIN = 26
#: From this width on, the log gets a column of its own beside the table.
WIDE = 120
LOG_MIN = 44

Line = list[Segment]


def spectator_view(view: View) -> View:
    """``view`` without anything private: no hand, no known cards, no deck knowledge, no legal actions."""
    seats = tuple(dataclasses.replace(sv, known=()) for sv in view.seats)
    return dataclasses.replace(view, hand=(), seats=seats, deck_known=(), legal_actions=())


@dataclass
class TableModel:
    """What the table shows: ``view`` is the viewer's own view (``viewer`` its seat), or a spectator view with
    ``viewer=None``. ``log`` entries whose index is at least ``new_from`` are marked as new."""

    view: View
    names: Sequence[str]
    viewer: int | None
    log: Sequence[Entry] = ()
    new_from: int | None = None
    computers: frozenset[int] = frozenset()
    banner: RenderableType | None = None
    #: Replaces the usual "whose turn" at the right of the header.
    status: Text | None = None
    extra: list[RenderableType] = field(default_factory=list)


class TableView:
    """The table renderable: at most ``height`` lines (``None``: the console's height)."""

    def __init__(self, model: TableModel, height: int | None = None) -> None:
        self.model = model
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = self.height if self.height is not None else options.height or console.height
        if width >= WIDE:
            lines = self._wide(console, options, width, height)
        else:
            lines = self._narrow(console, options, width, height)
        for line in lines[: max(height, 0)]:
            yield from line
            yield Segment.line()

    def _sections(self, console: Console, options: ConsoleOptions, width: int, news: list[Entry]) -> list[Line]:
        m = self.model
        opts = options.update(width=width, height=None)
        sections: list[RenderableType] = [seats_table(m), table_info(m)]
        if m.viewer is not None and m.view.hand:
            sections.append(hand_section(m, width))
        if news:
            sections.append(news_panel(m, news))
        if m.banner is not None:
            sections.append(m.banner)
        sections.extend(m.extra)
        lines: list[Line] = []
        for section in sections:
            lines.extend(console.render_lines(section, opts, pad=True))
        return lines

    def _log(self, console: Console, width: int, room: int, *, top: bool = False) -> tuple[list[Line], list[Entry]]:
        """The log (a rule, then the newest entries, the newest last) in ``room`` lines, at the bottom or
        (``top``) at the top, and the private news it leaves out (new private results that did not fit: they
        are shown in a panel instead)."""
        m = self.model
        tail, shown = log_lines(console, m, width, room - 1)
        missing = [e for e in m.log if _is_news(m, e) and e.index not in shown]
        rule = Rule(fmt("play.table.log"), style=DIM, align="left")
        blank: list[Line] = [[Segment(" " * width)]] * (room - 1 - len(tail))
        lines = console.render_lines(rule, console.options.update(width=width, height=None), pad=True) + tail
        return (lines + blank if top else blank + lines), missing

    def _narrow(self, console: Console, options: ConsoleOptions, width: int, height: int) -> list[Line]:
        top = console.render_lines(header(self.model), options.update(width=width, height=None), pad=True)
        news: list[Entry] = []
        for _ in range(2):  # a second pass when private news did not fit in the log
            lines = top + self._sections(console, options, width, news)
            room = height - len(lines)
            if room < 2 or not self.model.log:
                return lines
            log, missing = self._log(console, width, room)
            if not missing or news:
                return lines + log
            news = missing
        return lines

    def _wide(self, console: Console, options: ConsoleOptions, width: int, height: int) -> list[Line]:
        """Two columns: the table on the left, the whole height of the log on the right."""
        log_width = max(LOG_MIN, width * 3 // 8)
        left_width = width - log_width - 1
        top = console.render_lines(header(self.model), options.update(width=width, height=None), pad=True)
        room = height - len(top)
        log: list[Line] = []
        missing: list[Entry] = []
        if self.model.log and room >= 2:
            log, missing = self._log(console, log_width, room, top=True)
        left = self._sections(console, options, left_width, missing)
        rows = max(len(left), len(log))
        blank_left: Line = [Segment(" " * left_width)]
        merged = []
        for i in range(rows):
            row = list(left[i] if i < len(left) else blank_left)
            row.append(Segment(" "))
            row.extend(log[i] if i < len(log) else [])
            merged.append(row)
        return top + merged


def _is_news(m: TableModel, entry: Entry) -> bool:
    return entry.private and m.new_from is not None and entry.index >= m.new_from


def header(m: TableModel) -> Table:
    view = m.view
    left = fmt(
        "play.table.header",
        title=ruleset_title(view.ruleset),
        round=str(view.round),
        deck=str(view.deck_size),
        goal=str(view.goal),
    )
    if m.status is not None:
        right = m.status
    elif view.phase is Phase.BISHOP and view.decider is not None:
        right = fmt("play.table.deciding", player=name_text(m.names[view.decider]))
    elif view.phase in (Phase.PLAY, Phase.CHANCELLOR):
        right = fmt("play.table.turn", player=name_text(m.names[view.current]))
    elif view.phase is Phase.GAME_OVER:
        right = fmt("play.table.game_over")
    else:
        right = fmt("play.table.round_over")
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_row(Text.assemble(" ", left), Text.assemble(right, " "), style=HEADER)
    return grid


def status_tags(m: TableModel, seat: int) -> Text:
    """In or out of the round, protection, premium markers, computer player: in words."""
    view = m.view
    sv = view.seats[seat]
    tags: list[Text] = []
    if not sv.dealt_in:
        tags.append(fmt("play.status.sits_out"))
    elif not sv.in_round:
        tags.append(Text(fmt("play.status.out").plain, style="bold"))
    else:
        tags.append(fmt("play.status.in"))
    if sv.protected:
        tags.append(Text(fmt("play.status.protected").plain, style="bold cyan"))
    if view.sycophant == seat:
        tags.append(Text(fmt("play.status.sycophant").plain, style="bold yellow"))
    if view.jester is not None and view.jester[1] == seat:
        tags.append(fmt("play.status.jester", player=m.names[view.jester[0]]))
    if view.set_aside_taken_by == seat:
        tags.append(fmt("play.status.set_aside"))
    if seat in m.computers:
        tags.append(Text(fmt("play.status.computer").plain, style=DIM))
    return Text(", ").join(tags)


def seats_table(m: TableModel) -> Table:
    view = m.view
    table = Table(box=None, pad_edge=False, padding=(0, 1), expand=True, header_style=DIM, show_edge=False)
    table.add_column("", no_wrap=True, width=1)
    table.add_column(fmt("play.table.player"), no_wrap=True, max_width=18, overflow="ellipsis")
    table.add_column(fmt("play.table.tokens", goal=str(view.goal)), no_wrap=True)
    table.add_column(fmt("play.table.status"), max_width=30)
    table.add_column(fmt("play.table.discards"), ratio=1)
    deciding = view.decider if view.decider is not None else None
    for sv in view.seats:
        seat = sv.seat
        marker = Text("▶", style="bold") if seat == deciding else Text(" ")
        name = name_text(m.names[seat], viewer=seat == m.viewer)
        if seat == m.viewer:
            name = Text.assemble(name, " ", fmt("play.table.you"))
        out = not (sv.dealt_in and sv.in_round)
        if out:
            name.stylize(DIM)
        discards = cards_text(sv.discards, view.ruleset, sep=" ") if sv.discards else Text("–", style=DIM)
        table.add_row(marker, name, tokens_text(sv.tokens, view.goal), status_tags(m, seat), discards)
    return table


def table_info(m: TableModel) -> Text:
    """The face-up set-aside cards and the card tracker."""
    view = m.view
    lines: list[Text] = []
    if view.face_up:
        lines.append(
            Text.assemble((fmt("play.table.face_up").plain, "bold"), " ", cards_text(view.face_up, view.ruleset))
        )
    key = "play.table.unseen" if m.viewer is not None else "play.table.unseen_public"
    lines.append(Text.assemble((fmt(key).plain, "bold"), " ", counts_text(view.unseen(), view.ruleset)))
    return Text("\n").join(lines)


def knowledge(m: TableModel) -> list[Text]:
    """What the viewer knows of other hands and of the deck, in words."""
    view = m.view
    known: list[Text] = []
    for sv in view.seats:
        if sv.seat == m.viewer or not sv.known:
            continue
        cards = cards_text(sv.known, view.ruleset)
        known.append(fmt("play.know.holds", player=name_text(m.names[sv.seat]), cards=cards))
    for position, card in view.deck_known:
        known.append(
            fmt(
                "play.know.deck",
                card=card_label(card, view.ruleset),
                position=str(position + 1),
                size=str(view.deck_size),
            )
        )
    return known


def hand_section(m: TableModel, width: int) -> RenderableType:
    view = m.view
    faces = [CardFace(card, view.ruleset) for card in view.hand]
    known = knowledge(m) or [Text(fmt("play.know.nothing").plain, style=DIM)]
    body = Text("\n").join(known)
    title = fmt("play.know.title")
    room = width - len(faces) * (CARD_WIDTH + 1)
    grid = Table.grid(padding=(0, 1), expand=room >= KNOWLEDGE_MIN)
    for _ in faces:
        grid.add_column(width=CARD_WIDTH)
    if room >= KNOWLEDGE_MIN:
        grid.add_column(ratio=1)
        panel = Panel(body, title=title, title_align="left", box=box.ROUNDED, border_style=DIM, padding=(0, 1))
        grid.add_row(*faces, panel)
        return grid
    grid.add_row(*faces)
    return Group(grid, Text.assemble((title.plain, "bold"), ": ", Text("; ").join(known)))


def news_panel(m: TableModel, news: Sequence[Entry]) -> Panel:
    body = Text("\n").join(e.text for e in news)
    viewer = m.names[m.viewer] if m.viewer is not None else ""
    return Panel(
        body,
        title=fmt("play.table.news", player=viewer),
        title_align="left",
        box=box.ROUNDED,
        border_style=PRIVATE,
        padding=(0, 1),
    )


def log_lines(console: Console, m: TableModel, width: int, room: int) -> tuple[list[Line], set[int]]:
    """The newest log entries that fit in ``room`` lines (new ones marked ``›`` and in bold), and the indexes
    of the entries shown."""
    opts = console.options.update(width=width, height=None)
    picked: list[Line] = []
    shown: set[int] = set()
    for entry in reversed(m.log):
        new = m.new_from is not None and entry.index >= m.new_from
        text = entry.text.copy()
        if new:
            text.stylize(NEW)
        row = Table.grid()
        row.add_column(width=2, no_wrap=True)
        row.add_column(ratio=1)
        row.add_row(Text("› " if new else "· ", style="bold" if new else DIM), text)
        rendered = console.render_lines(row, opts, pad=True)
        if len(rendered) > room - len(picked):
            if not picked and room > 0:  # show the newest entry's last lines rather than nothing
                picked = rendered[-room:]
            break
        picked = rendered + picked
        shown.add(entry.index)
    return picked, shown
