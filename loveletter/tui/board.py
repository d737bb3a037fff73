"""The table drawn as one seat sees it (or a spectator), fitted to the terminal's height: the board of a game.

From top to bottom: a header (edition, round, deck, whose turn); a row per seat, that player's panel (name,
favor tokens, in or out, protection, whether they know the viewer's hand, premium markers, the card of theirs
the viewer knows, discard pile in order, the last card played last); the last plays, who did what to whom (on a
crowded table, folded into the rows: each row ends with its player's last play); the face-up cards and the card
tracker (how many of each card the viewer has not seen); the viewer's hand drawn as cards beside what they know;
private news since their last turn; a banner (a round's result); and as much of the round's log as fits.

Screens nobody in particular is looking at (computer players' moves between hand-offs, round results, an
all-computer show) draw the engine's spectator view (``game.view(None)``). A :class:`Board` shows only what
its view holds: build it from the viewer's own view, and nothing private of another seat can appear.
:func:`board_lines` says the same table in labelled lines, for screen-reader mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from loveletter.engine import Phase, View
from loveletter.engine.actions import Play, Redraw
from loveletter.engine.moments import Moment, public_moments
from loveletter.i18n import card_name, ruleset_title, t
from loveletter.tui.cards import CARD_WIDTH, TEXT_LINES, CardFace, full_lines
from loveletter.tui.log import Entry
from loveletter.tui.style import (
    DIM,
    HEADER,
    NBSP,
    NEW,
    PRIVATE,
    WARN,
    CardSet,
    card_label,
    card_short,
    card_text_of,
    cards_text,
    counts_text,
    fmt,
    join_names,
    keep_together,
    name_text,
    named_text,
    tokens_text,
    wrap_words,
)

#: Narrowest "what you know" panel worth putting beside the cards.
KNOWLEDGE_MIN = 26
#: From this width on, the log gets a column of its own beside the table.
WIDE = 120
LOG_MIN = 44
#: Log lines kept free before the cards grow to show their whole text (narrow layout).
LOG_WANTED = 8
#: Log lines (its rule included) the hand's cards may not take from the log's new lines on a crowded table.
LOG_LEAST = 4
#: The widest a large card face grows.
LARGE_CARD_MAX = 34

#: Status marks, in the order they are shown and explained: symbols, never colour alone, so that a seat takes
#: one line; the legend under the seats says what the marks on the table mean.
MARKS = {
    "sits_out": "∅",
    "out": "✗",
    "protected": "◆",
    "sycophant": "◎",
    "jester": "$",
    "set_aside": "↑",
    "knows_you": "◉",
    "computer": "⌘",
}
#: The log's marks: new since the viewer's last turn, and seen by the viewer only.
LOG_MARKS = {"new": "›", "private": "*"}
MARK_STYLES = {
    "out": "bold",
    "protected": "bold cyan",
    "sycophant": "bold yellow",
    "knows_you": "bold magenta",
    "computer": DIM,
}
#: The most plays the "last plays" strip shows (fewer when the screen is short).
PLAYS_MAX = 3
#: The fewest cells worth a player's last play at the end of their row (a crowded table's "last plays").
FOLD_LEAST = 6

Line = list[Segment]

#: The key that shows the round's whole log (from a decision or a result to acknowledge).
LOG_KEY = "l"


@dataclass
class BoardModel:
    """What the table shows: ``view`` is the viewer's own view (``viewer`` its seat), or a spectator view with
    ``viewer=None``. ``log`` entries whose index is at least ``new_from`` are marked as new."""

    view: View
    names: Sequence[str]
    viewer: int | None
    log: Sequence[Entry[Text]] = ()
    new_from: int | None = None
    computers: frozenset[int] = frozenset()
    banner: RenderableType | None = None
    #: Replaces the usual "whose turn" at the right of the header.
    status: Text | None = None
    extra: list[RenderableType] = field(default_factory=list)
    #: The key that shows the whole log on this screen (``None``: it takes no key, as a computer's move).
    log_key: str | None = LOG_KEY
    #: A lasting line under the header, on every screen while it holds (saving fails, say).
    notice: str | None = None


class Board:
    """The table renderable: at most ``height`` lines (``None``: the console's height).

    Room is shared out by importance: the header, every seat with its whole discard pile and the viewer's hand
    always get theirs; then the log's new lines (what happened since the viewer last looked: a knock-out must
    not go unseen); then the legend of the marks, private news, the banner, the card tracker and any extra
    sections, each if it fits whole; then as many of the last plays as fit (else each row ends with its player's
    last play); the log gets what is left. Spare room grows the cards to their whole text.
    The whole log of the round is a key away (``l``) when even the new lines do not fit.
    """

    def __init__(self, model: BoardModel, height: int | None = None) -> None:
        self.model = model
        self.height = height
        #: The optional sections the last layout placed (see :meth:`_body`).
        self._placed: set[str] = set()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = self.height if self.height is not None else options.height or console.height
        wide = width >= WIDE
        lines = self._wide(console, width, height) if wide else self._narrow(console, width, height)
        for line in lines[: max(height, 0)]:
            yield from line
            yield Segment.line()

    def _body(
        self,
        console: Console,
        width: int,
        room: int,
        news: list[Entry[Text]],
        log_wanted: int,
        keep: int = 0,
        *,
        rule: bool = False,
        plays_max: int = PLAYS_MAX,
    ) -> list[Line]:
        """Everything but the header and the log, in ``room`` lines if it can (see the class), leaving ``keep``
        lines for the log's new lines before any optional section. The hand is drawn as cards, or as a line of
        words when the cards would push the card tracker (or the log's new lines) off a crowded table."""
        m = self.model
        opts = console.options.update(width=width, height=None)

        def render(renderable: RenderableType | None) -> list[Line]:
            return console.render_lines(renderable, opts, pad=True) if renderable is not None else []

        seats = render(Group(*seat_lines(m, width)))
        moments = public_moments(m.view) if m.view.plays else []
        strips: dict[int, list[Line]] = {}  # the strip of the last N plays, rendered
        marks = render(legend(m, width))  # never left out: a mark on a row must always be explained
        has_hand = m.viewer is not None and bool(m.view.hand)
        faces = render(hand_section(m, width)) if has_hand else []
        hand, left = faces, 0
        optional: dict[str, list[Line]] = {}
        # The card tracker first (the docs promise it on every screen), then private news, then a result's banner
        # (before the room kept for the log's new lines: a knock-out shows on its row anyway, and the rest of the
        # log is a key away), then the rest.
        candidates: list[tuple[str, RenderableType | None]] = [
            ("rule", None),
            ("info", Group(*table_info(m, width))),
            ("news", news_panel(m, news) if news else None),
            ("banner", m.banner),  # a round's or the game's result: the screen is there to show it
            ("keep", None),
        ]
        candidates += [(f"extra{i}", r) for i, r in enumerate(m.extra)]  # a replay's hands, say
        candidates.append(("plays", None))  # who did what to whom: as many as fit, else folded into the rows
        wanted = {name for name, r in candidates if r is not None}
        # The hand as cards; on a crowded table in words (and the tracker without the cards all seen); then, if
        # the news still has no room, the hand's cards without their effects.
        for compact in (0, 1, 2) if has_hand else (0,):
            if compact == 2 and not (news or keep):
                break
            if compact:
                hand = render(hand_words(m, width, bare=compact == 2))
                tracker = Group(*table_info(m, width, short=True))
                candidates = [(n, tracker if n == "info" else r) for n, r in candidates]
            left = room - len(seats) - len(marks) - len(hand)
            optional = {}
            for name, renderable in candidates:
                if name == "rule":  # the log's title line, which says how many entries are not shown
                    left -= 1 if rule else 0
                    continue
                if name == "keep":  # the log's new lines (their title line counted above)
                    left -= max(keep - 1, 0) if rule else keep
                    continue
                if name == "plays":
                    for count in range(min(plays_max, len(moments)), 0, -1):
                        if count not in strips:  # one line a play, unless a name is very long: rendered once
                            strips[count] = render(plays_strip(m, moments[-count:], width))
                        lines = strips[count]
                        if len(lines) <= left:
                            optional[name] = lines
                            left -= len(lines)
                            break
                    continue
                lines = render(renderable)
                if lines and len(lines) <= left:
                    optional[name] = lines
                    left -= len(lines)
            if wanted <= set(optional) and left + keep >= min(keep, LOG_LEAST):
                break  # every section fits with the hand as cards, and the log keeps a few lines
        if hand is faces and faces:
            large = render(hand_section(m, width, large=True))
            if len(large) > len(hand) and len(large) - len(hand) <= left - max(log_wanted - keep, 0):
                hand = large
        self._placed = set(optional)
        if moments and "plays" not in optional:  # no room for the strip: each row ends with its player's last play
            seats = render(Group(*seat_lines(m, width, last_plays(m, moments))))
        order = ["plays", "info", "hand", "news", "banner", *(f"extra{i}" for i in range(len(m.extra)))]
        out = list(seats) + marks
        for name in order:
            out.extend(hand if name == "hand" else optional.get(name, []))
        return out

    def _log(
        self,
        console: Console,
        width: int,
        room: int,
        *,
        top: bool = False,
        apart: Sequence[Entry[Text]] = (),
        only: Sequence[Entry[Text]] = (),
    ) -> tuple[list[Line], list[Entry[Text]]]:
        """The log (a rule, then the newest entries whole, the newest last) in ``room`` lines, at the bottom or
        (``top``) at the top, and the private news it leaves out (new private results that did not fit: they
        are shown in a panel instead). Entries shown ``apart`` (in that panel) are left out of it; ``only``:
        these entries alone (private news that has no room for a panel)."""
        m = self.model
        entries = list(only) if only else [e for e in m.log if e not in apart]
        tail, shown = log_lines(console, m, width, room - 1, entries=entries)
        missing = [e for e in entries if _is_news(m, e) and e.index not in shown]
        rule = Rule(log_title(m, len(m.log) - len(apart) - len(shown)), style=DIM, align="left")
        blank: list[Line] = [[Segment(" " * width)]] * (room - 1 - len(tail))
        lines = console.render_lines(rule, console.options.update(width=width, height=None), pad=True) + tail
        return (lines + blank if top else blank + lines), missing

    def _narrow(self, console: Console, width: int, height: int) -> list[Line]:
        m = self.model
        top = console.render_lines(header(m, width), console.options.update(width=width, height=None), pad=True)
        news: list[Entry[Text]] = []
        wanted = min(LOG_WANTED, len(m.log) * 2 + 1) if m.log else 0
        new = [e for e in m.log if m.new_from is not None and e.index >= m.new_from]
        private = [e for e in new if e.private]
        for _ in range(2):  # a second pass when private news did not fit in the log
            rest = [e for e in new if e not in news]  # the news, if it needs a panel, is kept apart
            keep = len(log_lines(console, m, width, height, entries=rest)[0]) + 1 if rest else 0
            lines = top + self._body(console, width, height - len(top), news, wanted, keep, rule=bool(m.log))
            room = height - len(lines)
            if not m.log or (room < 1 and (news or not private)):
                return lines
            log: list[Line] = []
            missing: list[Entry[Text]] = private
            if room < 1:
                pass  # not even the log's title: the news goes in a panel
            elif news and "news" not in self._placed:  # no room for the panel: the news alone, in the log
                log, missing = self._log(console, width, room, only=news)
            else:
                log, missing = self._log(console, width, room, apart=news)
            if not missing or news:
                return lines + log
            news = private  # the whole of it in a panel of its own, not only what the log left out
        return lines

    def _wide(self, console: Console, width: int, height: int) -> list[Line]:
        """Two columns: the table on the left, the whole height of the log on the right."""
        log_width = max(LOG_MIN, width * 3 // 8)
        left_width = width - log_width - 1
        opts = console.options.update(width=width, height=None)
        top = console.render_lines(header(self.model, width), opts, pad=True)
        room = height - len(top)
        log: list[Line] = []
        missing: list[Entry[Text]] = []
        if self.model.log and room >= 2:
            log, missing = self._log(console, log_width, room, top=True)
        news = [e for e in self.model.log if _is_news(self.model, e)] if missing else []
        # The log has a column of its own: the strip may hold a whole turn of the table.
        plays_max = max(PLAYS_MAX, self.model.view.players)
        left = self._body(console, left_width, room, news, 0, plays_max=plays_max)
        rows = max(len(left), len(log))
        blank_left: Line = [Segment(" " * left_width)]
        merged = []
        for i in range(rows):
            row = list(left[i] if i < len(left) else blank_left)
            row.append(Segment(" "))
            row.extend(log[i] if i < len(log) else [])
            merged.append(row)
        return top + merged


def _ellipsis(line: Line, width: int) -> Line:
    """``line`` (``width`` cells) ending in "…", to say that the entry goes on (in the whole log)."""
    cut = Segment.adjust_line_length(line, max(width - 1, 0))
    text = "".join(s.text for s in cut).rstrip()
    kept = Segment.adjust_line_length(cut, cell_len(text))
    return Segment.adjust_line_length([*kept, Segment("…")], width)


def log_title(m: BoardModel, hidden: int) -> Text:
    """The log's title, and how many of its entries (the oldest) are left out and how to see them."""
    title = fmt("play.table.log")
    if hidden <= 0:
        return title
    key = "play.table.log_more" if m.log_key else "play.table.log_more_nokey"
    return Text.assemble(title, " · ", fmt(key, count=str(hidden), key=m.log_key or ""))


def _is_news(m: BoardModel, entry: Entry[Text]) -> bool:
    return entry.private and m.new_from is not None and entry.index >= m.new_from


def header(m: BoardModel, width: int | None = None) -> Table | Group:
    """The edition, the round, the deck, and whose turn (or ``m.status``) at the right. When both do not fit in
    ``width``, the edition's title goes first (the round and the deck matter more), then the words are cut. While
    saving fails, a line under it says so (``m.notice``)."""
    view = m.view
    values = {"round": str(view.round), "deck": str(view.deck_size), "goal": str(view.goal)}
    left = fmt("play.table.header", title=ruleset_title(view.ruleset), **values)
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
    if width is not None and cell_len(left.plain) + cell_len(right.plain) + 3 > width:
        left = fmt("play.table.header_short", **values)
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_row(Text.assemble(" ", left), Text.assemble(right, " "), style=HEADER)
    if m.notice:
        return Group(grid, Text(f" {m.notice}", style=WARN))
    return grid


def seat_marks(m: BoardModel, seat: int) -> list[str]:
    """The status marks of ``seat`` (keys of :data:`MARKS`): out of the round, protection, premium markers,
    computer player. A seat in the round has no mark for it."""
    view = m.view
    sv = view.seats[seat]
    marks: list[str] = []
    if not sv.dealt_in:
        marks.append("sits_out")
    elif not sv.in_round:
        marks.append("out")
    if sv.protected:
        marks.append("protected")
    if view.sycophant == seat:
        marks.append("sycophant")
    if view.jester is not None and view.jester[1] == seat:
        marks.append("jester")
    if view.set_aside_taken_by == seat:
        marks.append("set_aside")
    if sv.dealt_in and sv.in_round and any(q == seat for q, _ in view.known_by):
        marks.append("knows_you")  # what they know is in the viewer's "You know" (the view's own knowledge)
    if seat in m.computers:
        marks.append("computer")
    return marks


def _mark(key: str) -> Text:
    return Text(MARKS[key], style=MARK_STYLES.get(key, "bold"))


def legend(m: BoardModel, width: int) -> Group | None:
    """What the marks on the table mean (``Status: ✗ OUT · ◆ protected``), or ``None`` without marks."""
    shown = {key for sv in m.view.seats for key in seat_marks(m, sv.seat)}
    logged = log_marks(m)
    if not shown and not logged:
        return None
    entries = []
    for key in logged:
        words = fmt(f"play.status.log_{key}")
        entries.append(Text.assemble((LOG_MARKS[key], "bold"), NBSP, Text(words.plain, style=DIM)))
    for key in MARKS:
        if key not in shown:
            continue
        if key == "jester":
            assert m.view.jester is not None
            words = fmt("play.status.jester", player=name_text(m.names[m.view.jester[0]]))
        else:
            words = fmt(f"play.status.{key}")
        entries.append(Text.assemble(_mark(key), NBSP, Text(words.plain, style=DIM)))
    label = Text(fmt("play.table.status").plain + ":", style=DIM)
    text = Text.assemble(label, " ", Text(" · ").join(entries))
    return Group(*wrap_words(text, width))


def seat_lines(m: BoardModel, width: int, last: dict[int, Text] | None = None) -> list[Text]:
    """A line per seat, that player's panel (whose turn, marks, name, favor tokens, the cards of their hand the
    viewer knows, discard pile), under a line of column titles. A pile too long for its column gets whole lines of
    its own under its seat. ``last``: a seat's last play, put at the end of its row where it fits (a crowded
    table's "last plays")."""
    view = m.view
    names: list[Text] = []
    for sv in view.seats:
        name = name_text(m.names[sv.seat], viewer=sv.seat == m.viewer)
        if sv.seat == m.viewer:
            name = Text.assemble(name, " ", fmt("play.table.you"))
        if not (sv.dealt_in and sv.in_round):
            name.stylize(DIM)
        names.append(name)
    marks = [seat_marks(m, sv.seat) for sv in view.seats]
    tokens = [tokens_text(sv.tokens, view.goal) for sv in view.seats]
    # Only what the view itself knows of another hand: a spectator's view knows none.
    known = [
        cards_text(sv.known, view.ruleset, keep=True) if sv.seat != m.viewer and sv.in_round else Text()
        for sv in view.seats
    ]
    piles = [_pile(sv.discards, view.ruleset) for sv in view.seats]
    titles = [fmt("play.table.player"), fmt("play.table.tokens", goal=str(view.goal))]
    columns = [names, tokens]
    if any(k.plain for k in known):
        titles.append(fmt("play.table.known"))
        columns.append(known)
    titles.append(fmt("play.table.discards"))
    mark_width = max(len(x) for x in marks)
    widths = [max(cell_len(t.plain) for t in [title, *column]) for title, column in zip(titles, columns, strict=False)]
    widest = max(cell_len(p.plain) for p in piles)
    gap = 2
    if 2 + mark_width + sum(widths) + len(widths) * gap + widest > width:
        gap = 1  # a column less between the columns rather than a pile on its own line
    lead = 2 + mark_width  # whose turn, the marks, a space
    room = width - lead - sum(widths) - len(widths) * gap

    def cell(text: Text, size: int) -> Text:
        text = text.copy()
        text.truncate(size, overflow="ellipsis", pad=True)
        return text

    head = Text.assemble(" " * lead, style=DIM)
    for title, size in zip(titles, widths, strict=False):
        head.append_text(cell(title, size))
        head.append(" " * gap)
    head.append_text(cell(titles[-1], max(room, 0)))
    head.stylize(DIM)
    head.rstrip()
    lines = [head]
    for i, sv in enumerate(view.seats):
        turn = Text("▶", style="bold") if sv.seat == view.decider else Text(" ")
        seat_marks_text = Text.assemble(*(_mark(k) for k in marks[i]))
        pile = piles[i] if sv.discards else Text("–", style=DIM)
        fits = cell_len(pile.plain) <= room
        row = Text.assemble(turn, cell(seat_marks_text, mark_width), " ")
        for column, size in zip(columns, widths, strict=False):
            row.append_text(cell(column[i], size))
            row.append(" " * gap)
        row.append_text(pile if fits else Text("↓", style=DIM))
        row.rstrip()
        play = (last or {}).get(sv.seat)
        spare = width - cell_len(row.plain) - 1
        play = _fold(play, spare - 1) if fits and play is not None and spare >= FOLD_LEAST else None
        if play is not None:
            row.append_text(Text.assemble("  ", play))
        lines.append(row)
        if not fits:
            lines.extend(Text.assemble(" " * lead, part) for part in wrap_words(pile, width - lead))
    for line in lines:
        line.no_wrap = True
        line.overflow = "crop"
    return lines


def _fold(play: Text, room: int) -> Text | None:
    """A last play in ``room`` cells at the end of its row: whole, else cut where a part of it ends (``→ Bea ·
    miss`` as ``→ Bea…``), never inside a name (``─Dowager Qu…`` read as one more card of the pile); ``None`` if
    not even its first part fits (the log tells it)."""
    plain = play.plain
    if cell_len(plain) <= room:
        return play
    ends = [i for i in range(len(plain)) if plain.startswith((" · ", ", "), i)]
    for end in reversed(ends):
        if cell_len(plain[:end]) + 1 <= room:
            return Text.assemble(play[:end], "…")
    return None


def _pile(discards: Sequence[str], ruleset: CardSet) -> Text:
    """A discard pile, oldest first, its last card (the last played, or the hand a knock-out showed) underlined."""
    cards = [card_label(c, ruleset, keep=True) for c in discards]
    if cards:
        cards[-1].stylize("underline")
    return Text(" ").join(cards)


def play_parts(m: BoardModel, moment: Moment) -> tuple[Text, Text, Text]:
    """A public decision in three parts, ``Bea``, ``─Guard(Priest)→`` and ``Dan ✗``: who, what they played (and
    named), then on whom and what came of it, read from the engine's public account of it
    (:func:`public_moments`). A Bishop's target's choice is all in the first part."""
    ruleset = m.view.ruleset

    def who(seat: int) -> Text:
        return name_text(m.names[seat], viewer=seat == m.viewer)

    action = moment.action
    if isinstance(action, Redraw):
        key = "play.plays.redraw" if action.redraw else "play.plays.keep"
        return fmt(key, player=who(moment.seat)), Text(), Text()
    assert isinstance(action, Play)
    card = Text.assemble("─", card_label(action.card, ruleset))
    if action.named is not None:
        card.append_text(Text.assemble("(", named_text(action.named, ruleset), ")"))
    card.append("→" if action.targets else "")
    outcome: list[Text] = []
    tail = Text(", ").join(who(q) for q in action.targets)
    out = list(moment.knocked_out)
    if out and list(action.targets) == out:
        tail.append_text(Text.assemble(" ", _mark("out")))  # the target is out: ``→ Dan ✗``
        out = []
    if moment.missed:
        outcome.append(Text(fmt("play.plays.miss").plain, style=DIM))
    if moment.bishop_hit:
        outcome.append(fmt("play.plays.hit"))
    if moment.tied is not None:
        outcome.append(fmt("play.plays.tie"))
    if moment.swapped is not None:
        outcome.append(fmt("play.plays.swap"))
    for q, shown in moment.shown:
        if q in moment.redrew and q not in moment.knocked_out:
            outcome.append(fmt("play.plays.discards", player=who(q), card=card_label(shown, ruleset)))
    outcome.extend(Text.assemble(who(q), " ", _mark("out")) for q in out)
    if outcome:  # ``→ Bea · miss``; a card on nobody: ``─Princess · Bea ✗``
        tail = Text(" · ").join([tail, *outcome] if tail.plain else outcome)
    return who(moment.seat), card, tail


def _between(moment: Moment) -> str:
    """What comes between a card and its outcome: a space after the arrow to a target, else a dot."""
    return " " if isinstance(moment.action, Play) and moment.action.targets else " · "


def last_plays(m: BoardModel, moments: Sequence[Moment]) -> dict[int, Text]:
    """Each seat's last play of the round that says something its pile does not, as the end of its row says
    it: ``─Baron→ Bea · Ana ✗``, or ``(5)→ Dan ✗`` when the card is the pile's last (the name is the row's)."""
    last: dict[int, Text] = {}
    for moment in moments:
        who, card, tail = play_parts(m, moment)
        action = moment.action
        if not card.plain:  # a Bishop's target's choice
            last[moment.seat] = who
        elif tail.plain:
            if isinstance(action, Play) and m.view.seats[moment.seat].discards[-1:] == (action.card,):
                card = card[1 + cell_len(card_label(action.card, m.view.ruleset).plain) :]  # ``(5)→``
            last[moment.seat] = Text.assemble(card, _between(moment), tail) if card.plain else tail
        else:
            last.pop(moment.seat, None)  # a card on nobody: the pile's last card says it all
    return last


def play_text(m: BoardModel, moment: Moment) -> Text:
    """A public decision in one line: ``Bea ─Guard(Priest)→ Dan ✗``, ``Cal ─Handmaid``."""
    who, card, tail = play_parts(m, moment)
    if not card.plain:
        return who
    return Text.assemble(who, " ", card, _between(moment) if tail.plain else "", tail)


def plays_strip(m: BoardModel, moments: Sequence[Moment], width: int) -> Group:
    """The last plays, one a line, the newest last: ``Last plays: Bea ─Guard(Priest)→ Dan ✗``."""
    label = Text(fmt("play.table.plays").plain, style="bold")
    indent = cell_len(label.plain) + 1
    lines: list[Text] = []
    for i, moment in enumerate(moments):
        line = Text.assemble(label if i == 0 else " " * (indent - 1), " ", play_text(m, moment))
        line.truncate(width, overflow="ellipsis")
        line.no_wrap = True
        lines.append(line)
    return Group(*lines)


def table_info(m: BoardModel, width: int, *, short: bool = False) -> list[Text]:
    """The face-up set-aside cards and the card tracker, wrapped to ``width`` between cards. A ``short`` tracker
    (a crowded table) names only the cards still unseen, so it keeps its place beside private news."""
    view = m.view
    lines: list[Text] = []
    if view.face_up:
        label = Text(fmt("play.table.face_up").plain, style="bold")
        face_up = Text.assemble(label, " ", cards_text(view.face_up, view.ruleset, sep=", ", keep=True))
        lines.extend(wrap_words(face_up, width))
    if view.result is not None and view.result.set_aside is not None:  # shown at the round's end by this ruleset
        label = Text(fmt("play.table.set_aside").plain, style="bold")
        lines.extend(wrap_words(Text.assemble(label, " ", card_label(view.result.set_aside, view.ruleset)), width))
    key = "play.table.unseen" if m.viewer is not None else "play.table.unseen_public"
    label = Text(fmt(key).plain, style="bold")
    counts = view.unseen()
    tracker = counts_text({c: n for c, n in counts.items() if n} if short else counts, view.ruleset)
    if short and not all(counts.values()):
        tracker.append(Text.assemble(f"{NBSP}· ", (keep_together(t("play.table.unseen_rest")), DIM)))
    lines.extend(wrap_words(Text.assemble(label, " ", tracker), width))
    return lines


def knowledge(m: BoardModel) -> list[Text]:
    """What the viewer knows of other hands and of the deck, and what the others still in the round know of
    the viewer's hand ("Bea knows your Princess"), in words."""
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
    # What the others still in the round know of the viewer's hand, one line for each set of cards known.
    knowers: dict[tuple[str, ...], list[Text]] = {}
    for seat, theirs in view.known_by:
        if view.seats[seat].in_round and view.seats[seat].dealt_in:
            knowers.setdefault(theirs, []).append(name_text(m.names[seat]))
    for theirs, names in knowers.items():
        key = "play.know.known_by_many" if len(names) > 1 else "play.know.known_by_one"
        known.append(fmt(key, players=join_names(names), cards=cards_text(theirs, view.ruleset)))
    return known


def board_lines(view: View, names: Sequence[str]) -> list[str]:
    """The table as the seat of ``view`` sees it, in labelled lines (screen-reader mode): the hand, the tokens,
    who is out and who is protected, what the seat knows, the deck."""
    lines = [t("play.reader.hand", cards=", ".join(card_name(c) for c in view.hand))]
    tokens = ", ".join(
        t("play.reader.tokens_of", player=names[sv.seat], tokens=sv.tokens, goal=view.goal) for sv in view.seats
    )
    lines.append(t("play.reader.tokens", tokens=tokens))
    out = [names[sv.seat] for sv in view.seats if sv.dealt_in and not sv.in_round]
    safe = [names[sv.seat] for sv in view.seats if sv.protected]
    if out:
        lines.append(t("play.reader.out", players=", ".join(out)))
    if safe:
        lines.append(t("play.reader.protected", players=", ".join(safe)))
    known = knowledge(BoardModel(view, names, view.seat))
    if known:
        lines.append(t("play.reader.know", what="; ".join(k.plain for k in known)))
    lines.append(t("play.reader.deck", deck=view.deck_size))
    return lines


def hand_section(m: BoardModel, width: int, *, large: bool = False) -> RenderableType:
    """The viewer's cards side by side, and what they know beside them (or under them when there is no room).
    ``large`` faces are wider and show each card's whole text."""
    view = m.view
    count = len(view.hand)
    face_width = CARD_WIDTH
    lines = TEXT_LINES
    if large:
        face_width = max(CARD_WIDTH, min(LARGE_CARD_MAX, (width - KNOWLEDGE_MIN - count) // max(count, 1)))
        lines = max(full_lines(card, view.ruleset, face_width) for card in view.hand)
    faces = [CardFace(card, view.ruleset, width=face_width, full=large, lines=lines) for card in view.hand]
    known = knowledge(m) or [Text(fmt("play.know.nothing").plain, style=DIM)]
    body = Text("\n").join(known)
    title = fmt("play.know.title")
    room = width - len(faces) * (face_width + 1)
    grid = Table.grid(padding=(0, 1), expand=room >= KNOWLEDGE_MIN)
    for _ in faces:
        grid.add_column(width=face_width)
    if room >= KNOWLEDGE_MIN:
        grid.add_column(ratio=1)
        panel = Panel(body, title=title, title_align="left", box=box.ROUNDED, border_style=DIM, padding=(0, 1))
        grid.add_row(*faces, panel)
        return grid
    grid.add_row(*faces)
    return Group(grid, Text.assemble((title.plain, "bold"), ": ", Text("; ").join(known)))


def hand_words(m: BoardModel, width: int, *, bare: bool = False) -> Group:
    """The viewer's hand in words for a crowded table (``Your hand: 3 Baron, compare hands...``), and what
    they know under it: the same as :func:`hand_section`, in fewer lines; ``bare``: the cards without what they
    do (``?`` says it), when even that leaves the news no room."""
    view = m.view
    cards = [
        Text.assemble(card_text_of(card, view.ruleset), Text(f" ({card_short(card, view.ruleset.name)})", style=DIM))
        if card_short(card, view.ruleset.name) and not bare
        else card_text_of(card, view.ruleset)
        for card in view.hand
    ]
    label = Text(fmt("play.table.hand").plain, style="bold")
    lines = wrap_words(Text.assemble(label, " ", Text(" · ").join(cards)), width)
    known = knowledge(m) or [Text(fmt("play.know.nothing").plain, style=DIM)]
    title = Text(fmt("play.know.title").plain + ":", style="bold")
    lines += wrap_words(Text.assemble(title, " ", Text("; ").join(known)), width)
    return Group(*lines)


def news_panel(m: BoardModel, news: Sequence[Entry[Text]]) -> Panel:
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


def log_mark(new: bool, private: bool) -> Text:
    """An entry's mark: new since the viewer's last turn (``›``, else ``·``), and only the viewer saw it
    (``*``): two things, two marks, both explained in the legend."""
    return Text.assemble(
        (LOG_MARKS["new"] if new else "·", "bold" if new else DIM),
        (LOG_MARKS["private"] if private else " ", PRIVATE if private else ""),
        " ",
    )


def log_marks(m: BoardModel) -> list[str]:
    """The log's marks to explain (keys of :data:`LOG_MARKS`): new entries, entries only the viewer saw."""
    marks = []
    if m.new_from is not None and any(e.index >= m.new_from for e in m.log):
        marks.append("new")
    if any(e.private for e in m.log):
        marks.append("private")
    return marks


def log_lines(
    console: Console, m: BoardModel, width: int, room: int, entries: Sequence[Entry[Text]] | None = None
) -> tuple[list[Line], set[int]]:
    """The newest log entries (of ``entries``, by default the whole log) that fit in ``room`` lines (new ones
    marked ``›`` and in bold), and the indexes of the entries shown."""
    opts = console.options.update(width=width, height=None)
    picked: list[Line] = []
    shown: set[int] = set()
    for entry in reversed(m.log if entries is None else entries):
        new = m.new_from is not None and entry.index >= m.new_from
        text = entry.text.copy()
        if new:
            text.stylize(NEW)
        row = Table.grid()
        row.add_column(width=3, no_wrap=True)
        row.add_column(ratio=1)
        row.add_row(log_mark(new, entry.private), text)
        rendered = console.render_lines(row, opts, pad=True)
        if len(rendered) > room - len(picked):
            if not picked and room > 0:  # the newest entry's beginning, cut where the room ends, never its tail
                picked = rendered[:room]
                picked[-1] = _ellipsis(picked[-1], width)
            break
        picked = rendered + picked
        shown.add(entry.index)
    return picked, shown
