"""Players' names: one form for each (NFC), one comparison for all tables (local and hosted), and their width.

Two names that look the same on a screen must not sit at one table. They are compared by Unicode's own rules
(:mod:`loveletter.engine.lookalike`: UTS #39 skeletons, every Default_Ignorable_Code_Point invisible): the same
letters in another case, an accent composed or not (``é`` or ``e`` + U+0301), letters of another script that look
like ours (Cyrillic ``а``, Armenian ``օ``, Latin alpha ``ɑ``, the dotless ``ı``, Cherokee ``Ᏼ``), or something
invisible added (a combining grapheme joiner, a variation selector, U+17B4, U+3164, a zero-width space). Widths are
terminal cells (:func:`cell_width`), not characters: an emoji with a skin tone, a flag or a letter with combining
marks is one or two cells whatever its number of code points.

>>> normalize_name("  Jose\u0301 "), same_name("Ana", "ANA"), same_name("Ana", "\u0410na")
('José', True, True)
>>> same_name("Ana", "Ana\u3164"), same_name("Ann", "Ann\u034f"), same_name("Bob", "\u13f4ob")
(True, True, True)
>>> same_name("Ana", "Ama"), cell_width("👍🏽"), cell_width("🇪🇸"), cell_width("e\u0301")
(False, 2, 2, 1)

Terminals do not all agree on those widths: many draw each code point on its own (the thumb, then the skin tone:
four cells). :func:`disputed_widths` finds such sequences, so that the screen can put the cursor back where the
next character belongs (:class:`loveletter.tui.screen.Anchored`) and the table's columns stay in line whatever
the terminal draws.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len, split_graphemes
from wcwidth import wcwidth

from loveletter.engine.lookalike import folded, hidden, invisible, look_alike

__all__ = ["cell_width", "disputed_widths", "hidden", "invisible", "name_key", "normalize_name", "same_name"]


def normalize_name(text: str) -> str:
    """A name as it is kept and shown: NFC (an accent composed with its letter), without spaces around it."""
    return unicodedata.normalize("NFC", text).strip()


def name_key(text: str) -> str:
    """What a name looks like, case and invisible characters aside (a UTS #39 skeleton): empty when nothing in it
    shows. Compare names with :func:`same_name`, which also knows letters that look like another script's
    capitals."""
    return folded(text)


def same_name(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` look the same (:func:`~loveletter.engine.lookalike.look_alike`)."""
    return look_alike(a, b)


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes (emoji sequences, flags, combining marks counted as drawn)."""
    return cell_len(text)


#: Below this code point no character is drawn as an emoji, nor takes part in a sequence drawn as one: every such
#: sequence holds a character from here on (an emoji, a skin tone, a regional indicator, the emoji variation
#: selector U+FE0F), so text below it is never disputed.
_FIRST_DISPUTED = "\u2600"


def disputed_widths(text: str) -> list[tuple[int, int]]:
    """Where ``text`` has a character sequence whose width terminals may disagree on: :func:`cell_width` counts
    it otherwise than its code points' own widths added up, as a terminal that draws each on its own does (a
    skin tone, a flag, an emoji variation selector). For each, the index just after it and the cells of ``text``
    up to there.

    >>> disputed_widths("Ana"), disputed_widths("Zoe\u0308"), disputed_widths("Ana👍🏽 y 🇪🇸Bea")
    ([], [], [(5, 5), (9, 9), (10, 10)])
    """
    if text.isascii() or max(text) < _FIRST_DISPUTED:  # the table's box lines, marks and tokens: no emoji
        return []
    found = []
    cells = 0
    for start, end, width in split_graphemes(text)[0]:
        cells += width
        if sum(max(wcwidth(c), 0) for c in text[start:end]) != width:
            found.append((end, cells))
    return found
