"""The solitaire table, fitted to the terminal: what the player may see, never a face-down card.

From top to bottom: a header (deal, turn, streak); the Princess and her queue left to right, face-down cards
drawn as card backs and face-up ones with their value and name, the next card to play and protected cards
marked in words; the hand drawn as cards, the secret agent (a card back while face down) and the draw pile; the
discard pile and the unseen cards; a banner (the end of the game) and as much of the log as fits. Built only
from a :class:`~loveletter.solitaire.SolitaireView`, so it cannot show what the player may not know.
:func:`board_lines` says the same board as labelled lines, for screen-reader mode.

>>> from rich.console import Console
>>> from loveletter.i18n import set_language
>>> from loveletter.solitaire import SolitaireGame
>>> from loveletter.tui.solitaire.narrate import narrate
>>> set_language("en")
>>> game = SolitaireGame(seed=5)
>>> console = Console(width=80, height=24, color_system=None)
>>> with console.capture() as capture:
...     console.print(Board(BoardModel(game.view(), deal=5, log=narrate(game.log, game.ruleset)), height=18))
>>> lines = capture.get().splitlines()
>>> len(lines) <= 18 and "deal 5" in lines[0] and "Q1" in lines[2]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from loveletter.i18n import card_name, t
from loveletter.solitaire.view import QueueCard, SolitaireView
from loveletter.tui.cards import CARD_WIDTH, CardFace
from loveletter.tui.solitaire.narrate import Line
from loveletter.tui.style import DIM, HEADER, NEW, card_label, card_value, fmt, value_style

__all__ = ["Board", "BoardModel", "board_lines"]

#: Width of a queue place: seven fit in 80 columns.
SLOT_WIDTH = 11
SLOTS = 7
#: The pattern on a card's back.
BACK = "░"


@dataclass
class BoardModel:
    """What the board shows. ``deal`` is the seed (``None``: a stacked deal); log lines from ``new_from`` on
    are marked as new."""

    view: SolitaireView
    deal: int | None = None
    log: Sequence[Line] = ()
    new_from: int | None = None
    streak: str = ""
    banner: RenderableType | None = None
    status: Text | None = None


class Board:
    """The board renderable: at most ``height`` lines (``None``: the console's height)."""

    def __init__(self, model: BoardModel, height: int | None = None) -> None:
        self.model = model
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = self.height if self.height is not None else options.height or console.size.height
        opts = options.update(width=width, height=None)
        top: list[list[Segment]] = []
        for part in self.parts(width):
            top.extend(console.render_lines(part, opts, pad=False))
        bottom: list[list[Segment]] = []
        if self.model.banner is not None:
            bottom = console.render_lines(self.model.banner, opts, pad=False)
        room = height - len(top) - len(bottom)
        if room < 0:
            top = []
            for part in self.parts(width, caption=False):
                top.extend(console.render_lines(part, opts, pad=False))
            room = height - len(top) - len(bottom)
        rule = True
        if self.model.banner is not None and self.model.log and self.model.view.over:
            # The game is over: its last words show whole before the card tracker and the log's rule do (a
            # lesson's words are a banner too, but they may point at the tracker: it stays while the game goes on).
            newest = len(self.log_line(console, opts, self.model.log[-1]))
            if newest > room - 1:
                top = []
                for part in self.parts(width, unseen=False):
                    top.extend(console.render_lines(part, opts, pad=False))
                room = height - len(top) - len(bottom)
            rule = newest <= room - 1
        if rule:
            log = self.log_lines(console, opts, room) if room > 1 else []
        else:
            log = self.log_lines(console, opts, room + 1)[1:] if room > 0 else []
        lines = (top + bottom + log)[: max(height, 0)] if room < 0 else top + log + bottom
        new_line = Segment.line()
        for i, line in enumerate(lines):
            yield from line
            if i < len(lines) - 1:
                yield new_line

    # ------------------------------------------------------------------------------------------- parts

    def parts(self, width: int, *, unseen: bool = True, caption: bool = True) -> list[RenderableType]:
        """The board above the log; ``caption``: the queue's line saying what it is (the first to go when a
        lesson's words need the room)."""
        return [self.header(width), self.queue(caption=caption), self.player(width), self.piles(unseen=unseen)]

    def header(self, width: int) -> Table:
        m = self.model
        if m.deal is not None:
            left = t("solitaire.table.header", deal=m.deal, turn=m.view.player_turn)
        else:
            left = t("solitaire.table.header_stacked", turn=m.view.player_turn)
        grid = Table.grid(expand=True, padding=(0, 0, 0, 1))
        grid.add_column(no_wrap=True, overflow="ellipsis")
        head = Text(f" {left} ", style=HEADER)
        streak = Text(m.streak, style=DIM)
        if cell_len(head.plain) + 1 + cell_len(m.streak) <= width:
            grid.add_column(justify="right", no_wrap=True)
            grid.add_row(head, streak)
        else:  # the streak on a line of its own rather than a word cut ("0/2 ganad…")
            grid.add_row(head)
            streak.justify = "right"
            grid.add_row(streak)
        return grid

    def queue(self, *, caption: bool = True) -> Table:
        view = self.model.view
        grid = Table.grid(padding=0)
        for _ in range(SLOTS):
            grid.add_column(width=SLOT_WIDTH)
        by_slot = {q.slot: q for q in view.queue}
        first = view.queue[0].slot if view.queue else None
        cells: list[RenderableType] = []
        for slot in range(1, SLOTS + 1):
            place = by_slot.get(slot)
            cells.append(self.slot(slot, place, next_up=slot == first))
        outer = Table.grid()
        outer.add_column()
        if caption:
            outer.add_row(Text(t("solitaire.table.queue"), style=DIM))
        grid.add_row(*cells)
        outer.add_row(grid)
        return outer

    def slot(self, slot: int, place: QueueCard | None, *, next_up: bool) -> RenderableType:
        rs = self.model.view.ruleset
        label = f"Q{slot}"
        if place is None:
            return Panel(Text(""), title=Text(label, style=DIM), box=box.SIMPLE, width=SLOT_WIDTH, height=4)
        marks = []
        if next_up:
            marks.append(t("solitaire.table.next"))
        if place.protected:
            marks.append(t("solitaire.table.safe"))
        mark = Text(" ".join(marks), style="bold" if next_up else "", overflow="ellipsis", no_wrap=True)
        if place.card is None:
            body = Text.assemble(Text(BACK * (SLOT_WIDTH - 2), style=DIM), "\n", mark)
            return Panel(body, title=label, box=box.ROUNDED, width=SLOT_WIDTH, height=4, padding=0)
        value = card_value(place.card, rs)
        name = Text(card_name(place.card), style=f"bold {value_style(value)}", overflow="ellipsis", no_wrap=True)
        body = Text.assemble(name, "\n", mark)
        body.no_wrap = True
        title = Text(f"{label} {value}", style="bold")
        return Panel(
            body, title=title, box=box.HEAVY, border_style=value_style(value), width=SLOT_WIDTH, height=4, padding=0
        )

    def player(self, width: int) -> Table:
        view = self.model.view
        rs = view.ruleset
        grid = Table.grid(padding=(0, 1, 0, 0))
        hand_width = CARD_WIDTH * 2 if len(view.hand) > 1 or view.playing else CARD_WIDTH
        grid.add_column(width=hand_width)
        grid.add_column(width=CARD_WIDTH)
        grid.add_column(ratio=1)
        hand = Table.grid()
        for _ in view.hand:
            hand.add_column(width=CARD_WIDTH)
        hand.add_row(*(CardFace(c, rs) for c in view.hand))
        grid.add_row(
            Text(t("solitaire.table.hand"), style="bold"), Text(t("solitaire.table.agent"), style="bold"), Text("")
        )
        grid.add_row(hand, self.agent(), self.info())
        return grid

    def agent(self) -> RenderableType:
        view = self.model.view
        rs = view.ruleset
        if view.playing is not None:
            return CardFace(view.playing, rs)
        if view.agent_state == "face_up" and view.agent is not None:
            return CardFace(view.agent, rs)
        if view.agent_state == "empty":
            return Panel(Text(t("solitaire.table.agent_none"), style=DIM), box=box.SIMPLE, width=CARD_WIDTH, height=4)
        body = Text.assemble(Text(BACK * (CARD_WIDTH - 4), style=DIM), "\n", t("solitaire.table.agent_down"))
        return Panel(body, box=box.ROUNDED, width=CARD_WIDTH, height=4, padding=(0, 1))

    def info(self) -> Text:
        view = self.model.view
        parts = [Text(t("solitaire.table.draw", count=view.draw_size), style="bold")]
        if view.player_protected:
            parts.append(Text(t("solitaire.table.you_protected")))
        return Text("\n").join(parts)

    def piles(self, *, unseen: bool = True) -> Text:
        """The discard pile, the card tracker (``unseen``), and the notices under them."""
        view = self.model.view
        rs = view.ruleset
        if view.discards:
            cards = Text(", ").join(card_label(c, rs) for c in view.discards)
            discards = fmt("solitaire.table.discards", cards=cards)
        else:
            discards = Text(t("solitaire.table.discards_none"))
        counts = view.unseen()
        shown = Text(" · ").join(Text.assemble(card_label(c, rs), f" {n}") for c, n in counts.items() if n > 0)
        lines = [discards]
        if shown and unseen:
            lines.append(fmt("solitaire.table.unseen", count=sum(counts.values()), cards=shown))
        if view.queue_protected:
            lines.append(Text(t("solitaire.table.queue_protected"), style="bold"))
        if self.model.status is not None:
            lines.append(self.model.status)
        return Text("\n").join(lines)

    # --------------------------------------------------------------------------------------------- log

    def log_line(
        self, console: Console, options: ConsoleOptions, line: Line, *, end: int | None = None
    ) -> list[list[Segment]]:
        """A log line with its mark (new since the last turn, or not), as rendered lines; ``end``: only its text
        up to there, then "…"."""
        m = self.model
        new = m.new_from is not None and line.index >= m.new_from
        mark = t("solitaire.table.new_mark") if new else t("solitaire.table.old_mark")
        body = line.text if end is None else Text.assemble(line.text[:end], " …")
        text = Text.assemble((mark + " ", NEW if new else DIM), body)
        if new:
            text.stylize(NEW, 0, len(mark))
        return console.render_lines(text, options, pad=False)

    def log_lines(self, console: Console, options: ConsoleOptions, room: int) -> list[list[Segment]]:
        """The newest log lines that fit in ``room`` lines, under a rule."""
        m = self.model
        rule = [Segment(("─ " + t("solitaire.table.log") + " ").ljust(options.max_width, "─"), console.get_style(DIM))]
        out: list[list[Segment]] = []
        budget = room - 1
        for line in reversed(m.log):
            rendered = self.log_line(console, options, line)
            if len(rendered) > budget:
                if not out and budget > 0:  # the newest line alone is too long: its first sentences say the most
                    out = self.first_sentences(console, options, line, budget)
                break
            out = rendered + out
            budget -= len(rendered)
        return [rule, *out]

    def first_sentences(self, console: Console, options: ConsoleOptions, line: Line, room: int) -> list[list[Segment]]:
        """As many whole sentences of ``line`` as fit in ``room`` lines, then "…" (never a sentence cut in the
        middle: a lesson's words or the whole log, a key away, tell the rest); none if not even one fits."""
        plain = line.text.plain
        ends = [i + 1 for i, char in enumerate(plain) if char in ".!?" and plain[i + 1 : i + 2] in (" ", "")]
        for end in reversed(ends):
            rendered = self.log_line(console, options, line, end=end)
            if len(rendered) <= room:
                return rendered
        return []


def board_lines(view: SolitaireView, deal: int | None, streak: str, status: Text | None = None) -> list[str]:
    """The board as labelled lines, in the order the screen shows it (screen-reader mode): the deal and turn, the
    streak, the queue place by place, the hand, the agent, the piles, the unseen cards, who is safe; ``status``
    (a save that failed) last."""
    rs = view.ruleset
    if deal is not None:
        lines = [t("solitaire.table.header", deal=deal, turn=view.player_turn) + "."]
    else:
        lines = [t("solitaire.table.header_stacked", turn=view.player_turn) + "."]
    lines.append(streak + ".")
    places = []
    first = view.queue[0].slot if view.queue else None
    for place in view.queue:
        slot = f"Q{place.slot}"
        if place.card is None:
            words = [t("solitaire.choice.slot_down", slot=slot)]
        else:
            words = [t("solitaire.reader.slot_up", slot=slot, card=card_name(place.card), value=rs.value(place.card))]
        if place.slot == first:
            words.append(t("solitaire.table.next"))
        if place.protected:
            words.append(t("solitaire.table.safe"))
        places.append(", ".join(words))
    lines.append(t("solitaire.reader.queue", places="; ".join(places)))
    lines.append(t("play.reader.hand", cards=", ".join(card_name(c) for c in view.hand)))
    if view.playing is not None:
        agent = card_name(view.playing)
    elif view.agent_state == "face_up" and view.agent is not None:
        agent = card_name(view.agent)
    elif view.agent_state == "empty":
        agent = t("solitaire.table.agent_none")
    else:
        agent = t("solitaire.table.agent_down")
    lines.append(t("solitaire.reader.agent", agent=agent))
    lines.append(t("solitaire.table.draw", count=view.draw_size) + ".")
    if view.discards:
        lines.append(t("solitaire.table.discards", cards=", ".join(card_name(c) for c in view.discards)) + ".")
    else:
        lines.append(t("solitaire.table.discards_none") + ".")
    unseen = {c: n for c, n in view.unseen().items() if n > 0}
    if unseen:
        cards = ", ".join(f"{card_name(c)} {n}" for c, n in unseen.items())
        lines.append(t("solitaire.table.unseen", count=sum(unseen.values()), cards=cards) + ".")
    if view.player_protected:
        lines.append(t("solitaire.table.you_protected"))
    if view.queue_protected:
        lines.append(t("solitaire.table.queue_protected"))
    if status is not None:
        lines.append(status.plain)
    return lines
