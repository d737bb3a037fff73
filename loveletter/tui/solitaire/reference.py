"""The ``?`` pages of a solitaire game: how the variant plays, then every card as the player and as the retinue
use it, in our own words, cut into pages that fit the screen.

>>> from rich.console import Console
>>> from loveletter.i18n import set_language
>>> from loveletter.solitaire import load_solitaire_ruleset
>>> set_language("en")
>>> console = Console(width=80, color_system=None)
>>> pages = reference_pages(console, load_solitaire_ruleset(), 21)
>>> len(pages) >= 2
True
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from loveletter.i18n import card_text, t
from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.tui.style import card_text_of

PARAGRAPHS = ("goal", "turn", "targets", "threats", "lose")


def blocks(ruleset: SolitaireRuleset) -> list[RenderableType]:
    """The reference as blocks that are never split across pages."""
    out: list[RenderableType] = [Text(t(f"solitaire.reference.{key}")) for key in PARAGRAPHS]
    for card in ruleset.cards:
        copies = ruleset.copies.get(card, 0)
        head = Text.assemble(card_text_of(card, ruleset), (f"  ×{copies}", "dim"))
        you = Text.assemble((t("solitaire.reference.you") + ": ", "bold"), card_text(card, ruleset.name))
        retinue = Text.assemble((t("solitaire.reference.retinue") + ": ", "bold"), t(f"solitaire.retinue.{card}"))
        out.append(Group(head, Padding(Group(you, retinue), (0, 0, 0, 2))))
    return out


def reference_pages(console: Console, ruleset: SolitaireRuleset, height: int) -> list[Group]:
    """The blocks packed into pages of at most ``height`` lines (a block taller than a page gets one alone)."""
    options = console.options.update(height=None)
    pages: list[list[RenderableType]] = [[]]
    used = 0
    for block in blocks(ruleset):
        size = len(console.render_lines(block, options, pad=False)) + 1  # a blank line after each block
        if pages[-1] and used + size > height:
            pages.append([])
            used = 0
        pages[-1].extend([block, Text("")])
        used += size
    return [Group(*page) for page in pages]
