"""Text as it looks on a screen, by Unicode's own rules: which characters show nothing, and when two texts look
the same. Players' names are compared by these rules (:mod:`loveletter.records.names`), and so are the titles a
ruleset gives its cards.

Two texts look the same when their *skeletons* are equal (UTS #39, Unicode Security Mechanisms, section 4:
decompose, drop every Default_Ignorable_Code_Point, map each character to its prototype in ``confusables.txt``,
decompose again): the Cyrillic ``а`` and the Latin ``a``, the Armenian ``օ`` and ``o``, the dotless ``ı`` and
``i``, the Cherokee ``Ᏼ`` and ``B``, ``rn`` and ``m``. :func:`look_alike` compares them the way a table does,
ignoring case and every character that shows nothing.

The data is Unicode's own, with its version: ``unicode/confusables.txt`` (UTS #39 version 17.0.0, its comments
removed) and the Default_Ignorable_Code_Point ranges of ``DerivedCoreProperties.txt`` (Unicode 15.0.0) below;
``unicode/LICENSE.txt`` says their terms. No library: the Python packages about confusables either do not
compute UTS #39 skeletons (confusable-homoglyphs checks for mixed scripts) or are no longer kept up
(confusables, last released in 2021), and ICU's spoof checker (PyICU) needs ICU built in; the game's core uses
the standard library only. To move to a newer Unicode, replace the data file and these ranges.

>>> look_alike("Hօsty", "Hosty"), look_alike("Bıll", "Bill"), look_alike("ɑnn", "Ann"), look_alike("Ᏼob", "bob")
(True, True, True, True)
>>> look_alike("Ann\\u034f", "Ann"), look_alike("Ann\\ufe0f", "ANN"), look_alike("Ann\\u17b4", "Ann")
(True, True, True)
>>> look_alike("Ana", "Anna"), look_alike("Ama", "Arna"), skeleton("раураl")
(False, True, 'paypal')
"""

from __future__ import annotations

import bisect
import unicodedata
from functools import cache
from pathlib import Path

__all__ = ["folded", "hidden", "ignorable", "invisible", "keys", "look_alike", "skeleton"]

#: Default_Ignorable_Code_Point, from DerivedCoreProperties.txt of Unicode 15.0.0: first and last code point of
#: each range. What a renderer draws as nothing when it does not know it (a joiner, a variation selector, a tag).
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180D),
    (0x180E, 0x180E), (0x180F, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x2064), (0x2065, 0x2065),
    (0x2066, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0000), (0xE0001, 0xE0001), (0xE0002, 0xE001F),
    (0xE0020, 0xE007F), (0xE0080, 0xE00FF), (0xE0100, 0xE01EF), (0xE01F0, 0xE0FFF),
)  # fmt: skip
_STARTS = tuple(first for first, _ in _IGNORABLE)
#: Characters that show nothing although Unicode does not call them ignorable: the Braille blank (a letter drawn
#: as an empty cell).
_BLANK = frozenset({0x2800})
#: Variation selectors: they say how the character before them is drawn (``❤️``: the heart as an emoji).
_SELECTORS = frozenset({*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)})
_DATA = Path(__file__).with_name("unicode") / "confusables.txt"


def ignorable(char: str) -> bool:
    """Whether ``char`` is a Default_Ignorable_Code_Point."""
    code = ord(char)
    at = bisect.bisect_right(_STARTS, code) - 1
    return at >= 0 and code <= _IGNORABLE[at][1]


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing of its own where a name is compared: ignorable, a format or control
    character, a separator or space, a blank letter."""
    return ignorable(char) or ord(char) in _BLANK or unicodedata.category(char) in ("Cf", "Cc", "Zs", "Zl", "Zp")


def hidden(text: str) -> str | None:
    """The first character of ``text`` that shows nothing and is not a plain space (a name or a title may hold
    spaces; other spaces are hidden), or ``None``. A variation selector right after a visible character is not
    hidden: it says how that character is drawn."""
    previous = " "
    for char in text:
        shows = char == " " or not invisible(char)
        selects = ord(char) in _SELECTORS and not invisible(previous)
        if not shows and not selects:
            return char
        previous = char
    return None


@cache
def _prototypes() -> dict[str, str]:
    """confusables.txt: each character and the prototype it looks like."""
    table: dict[str, str] = {}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, target, _ = line.split(";")
            table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: equal skeletons, texts that look the same (case matters: see
    :func:`keys`)."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(prototypes.get(char, char) for char in decomposed if not ignorable(char))
    return unicodedata.normalize("NFD", mapped)


def _fold(text: str) -> str:
    """Compatibility forms and case folded, invisible characters dropped."""
    return "".join(c for c in unicodedata.normalize("NFKC", text).casefold() if not invisible(c))


def folded(text: str) -> str:
    """The skeleton of ``text`` folded (compatibility forms and case, invisible characters dropped): empty when
    nothing in it shows."""
    return skeleton(_fold(text))


@cache
def keys(text: str) -> frozenset[str]:
    """What ``text`` looks like, whatever its case and whatever shows nothing in it: :func:`folded`, and the
    folded skeleton, for a letter that looks like a capital of another script (the Cherokee ``Ᏼ`` folds to
    itself, and looks like ``B``)."""
    return frozenset({folded(text), skeleton(_fold(skeleton(text)))})


def look_alike(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` look the same, case and invisible characters aside (:func:`keys`)."""
    return not keys(a).isdisjoint(keys(b))
