"""Players' names: one form for each (NFC), one comparison for all tables (local and hosted), and their width.

Two names that look the same on a screen must not sit at one table: the same letters in another case, an accent
composed or not (``é`` or ``e`` + U+0301), letters of another script that look like ours (Cyrillic ``а``, Greek
``Α``), or an invisible character added (U+3164, a zero-width space). :func:`name_key` folds all of these away, so
two names with the same key are the same name (:func:`same_name`). Widths are terminal cells
(:func:`cell_width`), not characters: an emoji with a skin tone, a flag or a letter with combining marks is one
or two cells whatever its number of code points.

>>> normalize_name("  Jose\u0301 "), same_name("Ana", "ANA"), same_name("Ana", "\u0410na")
('José', True, True)
>>> same_name("Ana", "Ana\u3164")
True
>>> same_name("Ana", "Ama"), cell_width("👍🏽"), cell_width("🇪🇸"), cell_width("e\u0301")
(False, 2, 2, 1)

Terminals do not all agree on those widths: many draw each code point on its own (the thumb, then the skin tone:
four cells). :func:`disputed_widths` finds such sequences, so that the screen can put the cursor back where the
next character belongs (:class:`loveletter.tui.screen.Anchored`) and the table's columns stay in line whatever
the terminal draws.
"""

from __future__ import annotations

import unicodedata
from functools import cache

__all__ = ["cell_width", "disputed_widths", "invisible", "name_key", "normalize_name", "same_name"]

#: Letters that show nothing although Unicode calls them letters (the Hangul fillers, the Braille blank).
_BLANK_LETTERS = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800})

#: Letters of other scripts drawn as a Latin letter (lower case; names are compared case-folded): the usual
#: look-alikes of Cyrillic and Greek.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "ë", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "і": "i", "ї": "ï", "ј": "j", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q",
        "ԝ": "w", "ӏ": "l", "ɡ": "g",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "ζ": "z", "μ": "m",
    }
)  # fmt: skip


def normalize_name(text: str) -> str:
    """A name as it is kept and shown: NFC (an accent composed with its letter), without spaces around it."""
    return unicodedata.normalize("NFC", text).strip()


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing: a format character (zero-width space or joiner, a direction mark), a
    blank letter such as U+3164, or a space."""
    return ord(char) in _BLANK_LETTERS or unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp", "Cc")


@cache
def name_key(text: str) -> str:
    """What two names that look the same share: compatibility forms folded (NFKC: ``ｆｕｌｌ`` is ``full``),
    case folded, invisible characters dropped, look-alike letters of other scripts read as Latin ones."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    visible = "".join(c for c in folded if not invisible(c))
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", visible).translate(_LOOK_ALIKES))


def same_name(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` look the same (:func:`name_key`)."""
    return name_key(a) == name_key(b)


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes (emoji sequences, flags, combining marks counted as drawn)."""
    from rich.cells import cell_len

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
    from rich.cells import split_graphemes
    from wcwidth import wcwidth

    found = []
    cells = 0
    for start, end, width in split_graphemes(text)[0]:
        cells += width
        if sum(max(wcwidth(c), 0) for c in text[start:end]) != width:
            found.append((end, cells))
    return found
