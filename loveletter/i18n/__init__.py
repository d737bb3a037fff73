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
from typing import Any

LANGUAGES = ("en", "es")
DEFAULT = "en"
_HERE = Path(__file__).resolve().parent
_state = {"lang": DEFAULT}  # the language of this process (one player interface per process)


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The flattened catalog of ``lang``: dotted key -> text, from every file of its folder."""
    flat: dict[str, str] = {}

    def walk(prefix: str, node: Mapping[str, Any]) -> None:
        for key, value in node.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(full, value)
            else:
                flat[full] = str(value)

    for path in sorted((_HERE / lang).glob("*.toml")):
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


def fold(text: str) -> str:
    """Lower case without accents, for matching what a player types: ``fold("Príncipe") == "principe"``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def match_card(typed: str, cards: Sequence[str]) -> str | None:
    """The card id among ``cards`` whose id or name (in the current language) matches ``typed``, ignoring case
    and accents; ``None`` if none does."""
    wanted = fold(typed.strip())
    for card in cards:
        if wanted in (fold(card), fold(card_name(card))):
            return card
    return None
