"""The look of the table in one place: styles, card colours, and catalog messages as rich ``Text``.

Colour only ever decorates: every fact shown in colour is also said in words or symbols, so the table reads the
same with ``NO_COLOR`` set (rich then drops colours and keeps bold, dim, italic and reverse).

:func:`fmt` formats a catalog message into a ``Text`` whose placeholders keep their own styles, so a sentence
can stay one translatable string while names and cards stand out in it. Values are never parsed as markup:
player names are the players' own and may contain ``[brackets]``.

>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> fmt("play.log.protected", player=name_text("Ana")).plain
'Ana is protected.'
>>> from loveletter.engine import load_ruleset
>>> card_text_of("Princess", load_ruleset("premium")).plain
'8 Princess'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from string import Formatter
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from loveletter.engine import CardType
from loveletter.i18n import DEFAULT, card_name, has, printable, t


class CardSet(Protocol):
    """What drawing a card needs of a ruleset: its name (for ruleset-specific card texts) and its card types.
    Both :class:`~loveletter.engine.Ruleset` and the solitaire ruleset are card sets."""

    @property
    def name(self) -> str: ...

    @property
    def cards(self) -> Mapping[str, CardType]: ...


#: Colour of a card by value, low to high (values above the list take the last colour).
VALUE_COLOURS = (
    "grey70",
    "bright_white",
    "green",
    "cyan",
    "bright_blue",
    "yellow",
    "dark_orange",
    "bright_red",
    "magenta",
    "bright_magenta",
)

#: Joins what must stay on one line: a card's name and its count, the words of a name.
NBSP = "\u00a0"
NAME = "bold"
VIEWER = "bold underline"
PRIVATE = "italic magenta"
DIM = "dim"
OUT = "dim"
HEADER = "reverse bold"
NEW = "bold"
KEY = "bold reverse"
WARN = "bold yellow"


def value_style(value: int) -> str:
    return VALUE_COLOURS[min(max(value, 0), len(VALUE_COLOURS) - 1)]


def fmt(key: str, /, **values: str | int | Text) -> Text:
    """The catalog message ``key`` as a ``Text``, its placeholders filled with ``values`` (``Text`` values keep
    their styles; other values are plain). Unknown placeholders raise ``KeyError`` like :func:`t` would."""
    out = Text()
    for literal, field in _parsed(t(key)):
        if literal:
            out.append(literal)
        if field is not None:
            value = values[field]
            out.append(value if isinstance(value, Text) else Text(str(value)))
    return out


@functools.lru_cache(maxsize=1024)
def _parsed(message: str) -> tuple[tuple[str, str | None], ...]:
    """A message's literal text and placeholders, in order (parsed once: the log formats thousands a game)."""
    return tuple((literal, field) for literal, field, _spec, _conv in Formatter().parse(message))


def name_text(name: str, *, viewer: bool = False) -> Text:
    """A player's name as the table shows it: plain text (never read as markup), its control characters shown
    as escapes (:func:`~loveletter.i18n.printable`), so that a name from a shared record cannot paint the screen."""
    return Text(printable(name), style=VIEWER if viewer else NAME)


def card_value(card: str, ruleset: CardSet) -> int:
    return ruleset.cards[card].value if card in ruleset.cards else 0


def card_label(card: str, ruleset: CardSet, *, keep: bool = False) -> Text:
    """A card's name in its colour, e.g. ``Guard`` (``keep``: its words joined by non-breaking spaces)."""
    name = keep_together(card_name(card)) if keep else card_name(card)
    return Text(name, style=f"bold {value_style(card_value(card, ruleset))}")


def card_text_of(card: str, ruleset: CardSet) -> Text:
    """A card's value and name, e.g. ``1 Guard``."""
    value = card_value(card, ruleset)
    return Text.assemble((f"{value} ", "bold"), card_label(card, ruleset))


def cards_text(cards: list[str] | tuple[str, ...], ruleset: CardSet, sep: str = ", ", *, keep: bool = False) -> Text:
    return Text(sep).join(card_label(c, ruleset, keep=keep) for c in cards)


def card_short(card: str, ruleset: str | None = None) -> str:
    """A card's effect in a few words (``card.<Id>.short.<ruleset>``, else ``card.<Id>.short``)."""
    for key in (f"card.{card}.short.{ruleset}", f"card.{card}.short"):
        if has(key) or has(key, DEFAULT):
            return t(key)
    return ""


def join_names(names: list[Text]) -> Text:
    """``Ana``, ``Ana and Bea``, ``Ana, Bea and Cal`` in the current language."""
    if not names:
        return Text()
    if len(names) == 1:
        return names[0]
    head = Text(", ").join(names[:-1])
    return fmt("play.and", first=head, last=names[-1])


def named_text(named: str | int, ruleset: CardSet) -> Text:
    """What a Guard or Bishop named: a card, or a number."""
    if isinstance(named, int):
        return Text(str(named), style="bold")
    return card_label(named, ruleset)


def tokens_text(tokens: int, goal: int) -> Text:
    """Favor tokens as filled and empty dots (``●●○○○○``), or ``3/12`` for a long game."""
    if goal > 10:
        return Text(f"{tokens}/{goal}", style="bold")
    filled = min(tokens, goal)
    extra = f"+{tokens - goal}" if tokens > goal else ""
    return Text.assemble(("●" * filled, "bold yellow"), ("○" * (goal - filled), DIM), (extra, "bold"))


def counts_text(counts: Mapping[str, int], ruleset: CardSet) -> Text:
    """``Guard 4 · Priest 1 · ...`` with the exhausted card types dimmed. A name and its count are joined by
    non-breaking spaces (so are the words of a name), so :func:`wrap_words` never parts them."""
    parts = []
    for card, left in counts.items():
        style = DIM if left == 0 else ""
        label = card_label(card, ruleset, keep=True) if left else Text(keep_together(card_name(card)), style=DIM)
        part = Text.assemble(label, f"{NBSP}{left}")
        part.stylize(style)
        parts.append(part)
    return Text(f"{NBSP}· ").join(parts)


def keep_together(text: str) -> str:
    """``text`` with its spaces made non-breaking."""
    return text.replace(" ", NBSP)


class Words:
    """``text`` drawn in lines broken only at plain spaces (:func:`wrap_words`) at the width it is given: for a
    table's cell, where rich would break at the non-breaking spaces too (``Princess`` / ``6%``). ``one_line``: its
    first line only, ending in ``…`` where more was left out (never inside a part its spaces keep together)."""

    def __init__(self, text: Text, *, one_line: bool = False) -> None:
        self.text = text
        self.one_line = one_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = self.text.plain.split(" ")
        least = cell_len("…") if self.one_line else max((cell_len(w) for w in words), default=0)
        return Measurement(least, cell_len(self.text.plain)).with_maximum(options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = wrap_words(self.text, width)
        if self.one_line and len(lines) > 1:
            lines = [Text.assemble(*wrap_words(self.text, max(width - 2, 1))[:1], " …")]
        shown = Text("\n").join(lines)
        shown.no_wrap, shown.overflow = True, "crop"  # broken already: rich must not break it again
        yield shown


def wrap_words(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken only at plain spaces (rich's own wrapping also
    breaks at non-breaking spaces); a word wider than the line is cut into pieces."""
    width = max(width, 1)
    plain = text.plain
    spans: list[tuple[int, int]] = []
    start: int | None = None
    end = 0
    for word in re.finditer(r"[^ ]+", plain):
        if start is None:
            start = word.start()
        elif cell_len(plain[start : word.end()]) > width:
            spans.append((start, end))
            start = word.start()
        end = word.end()
        while cell_len(plain[start:end]) > width:  # a single word too wide for a line
            cut = start + 1
            while cut < end and cell_len(plain[start : cut + 1]) <= width:
                cut += 1
            spans.append((start, cut))
            start = cut
    if start is not None:
        spans.append((start, end))
    return [text[a:b] for a, b in spans] or [Text()]
