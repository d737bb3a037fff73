"""Finding English in a screen drawn in Spanish, from the catalogs themselves.

Two nets, both built from every English catalog text whose Spanish text differs:

* phrases: the literal parts of the English text between its placeholders (``"{player} plays {card}."`` gives
  ``plays``), at least :data:`MIN_LETTERS` letters long, found as whole words;
* words: the English words of at least :data:`MIN_WORD` letters that no Spanish text uses (wrapped or
  column-split phrases still leave their words behind).

Notation (``--flags``, ``{placeholders}``, ``%(argparse)s`` fields, ``backquoted`` commands), file paths on a
screen (where the checkout or the temporary folder lives is not the program's wording: CI's is ``/check/...``) and
the few words both languages share (proper nouns, ruleset and level names) are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from string import Formatter

from loveletter.i18n import catalog

MIN_LETTERS = 4
MIN_WORD = 5
#: Words an English text may share with a Spanish screen: names and notation, not translatable words.
SHARED = frozenset(
    {"loveletter", "Love", "Letter", "Premium", "stdin", "stdout", "stderr", "cmd"}
    # the commands, typed as they are in any language
    | {"play", "learn", "solitaire", "rules", "rulesets", "simulate", "resume", "replay", "review", "games"}
)
#: Flags, commands, argparse fields, file names, upper-case metavars (``NAME|FILE``), identifiers (``first_player``)
#: and quoted JSON keys (``"deck"``).
_NOTATION = re.compile(
    r"--[\w-]+|`[^`]*`|%\(\w+\)[sdr]|%[sdr]|[\w/.-]+\.(?:toml|json|key)\b|\b[A-Z][A-Z_]+\b|\w*_\w*|\"\w+\""
)
#: A path as a screen shows one: a run of non-blanks holding a slash (``cmd:/usr/bin/python``, ``~/x.json``).
_PATH = re.compile(r"\S*/\S*")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


def _literals(text: str) -> list[str]:
    try:
        return [literal for literal, _, _, _ in Formatter().parse(text)]
    except ValueError:  # a text with a lone brace: take it whole
        return [text]


def _clean(fragment: str) -> str:
    return " ".join(_NOTATION.sub(" ", fragment).split())


@cache
def english_phrases() -> tuple[str, ...]:
    english, spanish = catalog("en"), catalog("es")
    phrases: set[str] = set()
    for key, text in english.items():
        if spanish.get(key) == text:
            continue
        for literal in _literals(text):
            phrase = _clean(literal).strip(" .,:;!?()[]·…'\"-–")
            words = _WORD.findall(phrase)
            if sum(len(w) for w in words if w not in SHARED) >= MIN_LETTERS and any(w not in SHARED for w in words):
                phrases.add(phrase)
    return tuple(sorted(phrases, key=len, reverse=True))


def _words(texts: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for text in texts:
        for literal in _literals(text):
            out.update(w.casefold() for w in _WORD.findall(_clean(literal)))
    return out


@cache
def english_words() -> frozenset[str]:
    english, spanish = catalog("en"), catalog("es")
    translated = [text for key, text in english.items() if spanish.get(key) != text]
    spanish_words = _words(spanish.values())
    shared = {w.casefold() for w in SHARED}
    return frozenset(w for w in _words(translated) if len(w) >= MIN_WORD and w not in spanish_words | shared)


@cache
def _phrase_pattern() -> re.Pattern[str]:
    # Not inside a flag either: "players" is English, "--players" is notation.
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(p) for p in english_phrases()) + r")(?![\w-])")


def leaks(screen: str) -> list[str]:
    """The English phrases and words found in ``screen`` (empty: none)."""
    # A word cut short to fit a column ("Prince…" for "Princesa") is not a word of either language.
    flat = _clean(_PATH.sub(" ", re.sub(r"\S*…", " ", screen)))
    found = sorted(set(_phrase_pattern().findall(flat)))
    lowered = {w.casefold() for w in _WORD.findall(flat)}
    found += sorted(w for w in english_words() if w in lowered)
    return found


@cache
def spanish_in_ascii() -> frozenset[str]:
    """The Spanish catalog's words without their accents, as screen-reader mode writes them ("Barón": baron)."""
    from loveletter.tui.lines import ascii_text

    return frozenset(_words(ascii_text(text) for text in catalog("es").values()))


def ascii_leaks(screen: str) -> list[str]:
    """:func:`leaks` of an ASCII-only screen (screen-reader mode): a Spanish word without its accents that
    happens to be an English word ("baron") is Spanish there."""
    return [w for w in leaks(screen) if w.casefold() not in spanish_in_ascii()]
