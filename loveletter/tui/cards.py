"""A card drawn as a small framed face: value and name in the frame, the effect in a few words inside.

>>> from rich.console import Console
>>> from loveletter.engine import load_ruleset
>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> console = Console(width=40, color_system=None)
>>> with console.capture() as capture:
...     console.print(CardFace("Guard", load_ruleset("2019")))
>>> print(capture.get())
╭─ 1 Guard ──────────╮
│ Guess another's    │
│ card: out if right │
╰────────────────────╯
<BLANKLINE>
"""

from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.text import Text

from loveletter.i18n import card_text
from loveletter.tui.style import CardSet, card_short, card_text_of, card_value, value_style

#: Width of a card face, frame included; two or three fit side by side in 80 columns.
CARD_WIDTH = 22
#: Lines of effect text inside a card.
TEXT_LINES = 2


def full_text(card: str, ruleset: CardSet) -> str:
    """The card's whole effect text (what a large face shows), or its few words when the catalog has no more."""
    return card_text(card, ruleset.name) or card_short(card, ruleset.name)


def full_lines(card: str, ruleset: CardSet, width: int) -> int:
    """How many lines of text a large face ``width`` wide needs for ``card``."""
    console = Console(width=max(width - 4, 1), color_system=None)
    return len(console.render_lines(Text(full_text(card, ruleset)), pad=False))


class CardFace:
    """One card, as its holder sees it: its effect in a few words, or (``full``) in ``lines`` lines of its whole
    text, for a table with room to spare."""

    def __init__(
        self, card: str, ruleset: CardSet, *, width: int = CARD_WIDTH, full: bool = False, lines: int = TEXT_LINES
    ) -> None:
        self.card = card
        self.ruleset = ruleset
        self.width = width
        self.full = full
        self.lines = lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        colour = value_style(card_value(self.card, self.ruleset))
        words = full_text(self.card, self.ruleset) if self.full else card_short(self.card, self.ruleset.name)
        body = Text(words, overflow="fold")
        yield Panel(
            body,
            title=card_text_of(self.card, self.ruleset),
            title_align="left",
            box=box.ROUNDED,
            border_style=colour,
            width=self.width,
            height=self.lines + 2,
            padding=(0, 1),
        )
