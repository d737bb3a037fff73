"""Message catalogs: every string a player sees comes from here, in English or Spanish.

A language's catalog is the TOML files in its folder (``en/*.toml``, ``es/*.toml``; one file per area of the
program, so that the areas can grow independently), mapping dotted keys to texts with ``{placeholders}``
(``str.format`` syntax). Both languages have the same files and keys. Use :func:`t` for a message and
:func:`card_name` / :func:`card_text` for cards. The language is chosen once per process with
:func:`set_language`; the default comes from :func:`detect_language` (``LOVELETTER_LANG``, then the locale
variables, then English).

>>> set_language("en")
>>> t("cli.error", message="boom")
'loveletter: error: boom'
>>> card_name("Guard")
'Guard'
"""

from __future__ import annotations

import os
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

LANGUAGES = ("en", "es")
DEFAULT = "en"
_HERE = Path(__file__).resolve().parent
_state = {"lang": DEFAULT}  # the language of this process (one player interface per process)


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The flattened catalog of ``lang``: dotted key -> text, from every file of its folder."""
    flat: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.toml")):
        flat.update(catalog_file(path))
    return flat


def catalog_file(path: Path) -> dict[str, str]:
    """One catalog file, flattened: dotted key -> text."""
    flat: dict[str, str] = {}

    def walk(prefix: str, node: Mapping[str, Any]) -> None:
        for key, value in node.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(full, value)
            else:
                flat[full] = str(value)

    with path.open("rb") as f:
        walk("", tomllib.load(f))
    return flat


def normalise_language(value: str | None) -> str | None:
    """``"es_ES.UTF-8"`` -> ``"es"``; ``None`` when the value names no language we have."""
    if not value:
        return None
    code = value.split(":")[0].split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def detect_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang``, then ``LOVELETTER_LANG``, then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then English.

    >>> detect_language(None, {"LANG": "es_ES.UTF-8"})
    'es'
    >>> detect_language("en", {"LOVELETTER_LANG": "es"})
    'en'
    """
    env = os.environ if environ is None else environ
    for value in (explicit, env.get("LOVELETTER_LANG")):
        lang = normalise_language(value)
        if lang:
            return lang
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            # The first locale variable that is set decides, as gettext does; "C"/"POSIX" mean English.
            for part in value.split(":"):
                lang = normalise_language(part)
                if lang:
                    return lang
            return DEFAULT
    return DEFAULT


def set_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    _state["lang"] = lang


def language() -> str:
    return _state["lang"]


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _state["lang"])


def t(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, formatted with ``values``; falls back to English."""
    text = catalog(_state["lang"]).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key)
        if text is None:
            raise KeyError(f"no message {key!r} in the catalogs")
    return text.format(**values) if values else text


def ruleset_problem(code: str, params: Mapping[str, object]) -> str | None:
    """A ruleset problem the engine reports by ``code`` with its details ``params``, in the player's language;
    ``None`` for a code the catalog does not word (or details its message does not fit)."""
    key = f"ruleset.problem.{code}"
    if not code or not has(key, DEFAULT):
        return None
    try:
        return t(key, **params)
    except (KeyError, IndexError):
        return None


def card_name(card: str) -> str:
    """A card's printed name (``card.<Id>.name``); the id itself for a house-rule card the catalog lacks."""
    key = f"card.{card}.name"
    return t(key) if has(key) or has(key, DEFAULT) else card


def card_text(card: str, ruleset: str | None = None) -> str:
    """A card's effect in our own words: ``card.<Id>.text.<ruleset>`` if the ruleset words it differently,
    else ``card.<Id>.text``; empty for a card the catalog lacks."""
    for key in (f"card.{card}.text.{ruleset}", f"card.{card}.text"):
        if has(key) or has(key, DEFAULT):
            return t(key)
    return ""


class _Titled(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...


def ruleset_title(ruleset: _Titled) -> str:
    """A ruleset's title in the current language: ``ruleset.title.<name>`` for a bundled ruleset, else the title
    its own file gives (a house-rule file names itself). Anything with ``name``, ``title`` and optionally
    ``bundled`` will do.

    >>> from types import SimpleNamespace
    >>> set_language("es")
    >>> ruleset_title(SimpleNamespace(name="2019", title="Love Letter (2019 edition)", bundled=True))
    'Love Letter (edición 2019)'
    >>> ruleset_title(SimpleNamespace(name="2019", title="Our house rules", bundled=False))
    'Our house rules'
    >>> set_language("en")
    """
    key = f"ruleset.title.{ruleset.name}"
    if getattr(ruleset, "bundled", True) and (has(key) or has(key, DEFAULT)):
        return t(key)
    return ruleset.title


def fold(text: str) -> str:
    """Lower case without accents, for matching what a player types: ``fold("Príncipe") == "principe"``.

    >>> fold("PRÍNCIPE"), fold("Bufón"), fold("Espía")
    ('principe', 'bufon', 'espia')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _key(text: str) -> str:
    # Spaces, hyphens and underscores do not matter either: "reina viuda", "ReinaViuda", "dowager-queen".
    return "".join(c for c in fold(text) if c not in " -_\t")


def match_card(typed: str, cards: Sequence[str], *, prefix: bool = False) -> str | None:
    """The card id among ``cards`` whose id or name (in the current language) matches ``typed``, ignoring case,
    accents and spaces; ``None`` if none does. The English name and the id always match too, so notation and
    habits carry over between languages. With ``prefix``, the first of ``cards`` whose id or name begins with
    ``typed`` (what a player has typed so far).

    >>> set_language("es")
    >>> match_card("principe", ["Guard", "Prince"]), match_card("GUARDIA", ["Guard"])
    ('Prince', 'Guard')
    >>> match_card("reina viuda", ["DowagerQueen"])
    'DowagerQueen'
    >>> match_card("Prince", ["Prince"]), match_card("condesa", ["King"])
    ('Prince', None)
    >>> match_card("prin", ["Princess", "Prince"], prefix=True)
    'Princess'
    >>> set_language("en")
    """
    wanted = _key(typed.strip())
    if not wanted:
        return None
    for card in cards:
        for name in (card, card_name(card), catalog(DEFAULT).get(f"card.{card}.name", card)):
            key = _key(name)
            if key == wanted or (prefix and key.startswith(wanted)):
                return card
    return None
