"""Message catalogs: every string a player sees comes from here, in English or Spanish.

A language's catalog is the TOML files in its folder (``en/*.toml``, ``es/*.toml``; one file per area of the
program, so that the areas can grow independently), mapping dotted keys to texts with ``{placeholders}``
(``str.format`` syntax). Both languages have the same files and keys. Use :func:`t` for a message and
:func:`card_name` / :func:`card_text` for cards. The language is chosen once per process with
:func:`set_language`; the default comes from :func:`detect_language` (``LOVELETTER_LANG``, then the locale
variables, then English). A thread or an asyncio task that draws somebody else's screen (a guest's, over ssh)
speaks that person's language within ``with speaking(lang):``.

>>> set_language("en")
>>> t("cli.error", message="boom")
'loveletter: error: boom'
>>> card_name("Guard")
'Guard'
"""

from __future__ import annotations

import contextlib
import errno as codes
import marshal
import os
import re
import sys
import unicodedata
from contextvars import ContextVar
from functools import cache

# The command line builds its --help from these catalogs, so this module is imported on every start: it imports
# only what the interpreter has already loaded (no tomllib, pathlib or typing at import time).
TYPE_CHECKING = False  # not typing's: the parser's words are on every start's path, and typing costs a tenth of it
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path
    from typing import Any, Protocol

LANGUAGES = ("en", "es")
DEFAULT = "en"
_HERE = os.path.dirname(os.path.abspath(__file__))
_state = {"lang": DEFAULT}  # the language of this process: of the screens of this computer
#: The language of the screens the current thread or task draws for someone elsewhere (``None``: the process's).
_speaking: ContextVar[str | None] = ContextVar("loveletter_language", default=None)
#: Bumped when the cache's layout changes.
_CACHE_LAYOUT = 1


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The flattened catalog of ``lang``: dotted key -> text, from every file of its folder.

    Parsing the TOML files costs more than the rest of a ``--help``, so the flattened catalog is kept in a
    cache beside the bytecode (``i18n/__pycache__/catalog-<lang>.<python>.marshal``), valid while every file of
    the folder has the name, size and modification time it had (as Python checks its ``.pyc`` files); it is
    rebuilt from the TOML files whenever one changes, and simply not written where the folder is read-only.
    """
    return load_catalog(os.path.join(_HERE, lang), cache_file(lang))


def cache_file(lang: str) -> str | None:
    """Where the cache of ``lang``'s catalog is kept (``None``: this interpreter keeps no bytecode caches)."""
    tag = sys.implementation.cache_tag
    return None if tag is None else os.path.join(_HERE, "__pycache__", f"catalog-{lang}.{tag}.marshal")


def load_catalog(folder: str, cached: str | None = None) -> dict[str, str]:
    """The catalog of the TOML files in ``folder``, through the cache file ``cached`` (see :func:`catalog`)."""
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".toml"))
        signature = tuple(
            (name, info.st_mtime_ns, info.st_size) for name in names for info in [os.stat(os.path.join(folder, name))]
        )
    except OSError:
        names, signature = [], ()
    if cached is not None:
        flat = _read_cache(cached, signature)
        if flat is not None:
            return flat
    flat = {}
    for name in names:
        flat.update(catalog_file(os.path.join(folder, name)))
    if cached is not None:
        _write_cache(cached, signature, flat)
    return flat


def _read_cache(path: str, signature: tuple[tuple[str, int, int], ...]) -> dict[str, str] | None:
    try:
        with open(path, "rb") as f:
            layout, stored, flat = marshal.load(f)
    except (OSError, EOFError, ValueError, TypeError):  # missing, unreadable or damaged: rebuilt
        return None
    if layout != _CACHE_LAYOUT or stored != signature or not isinstance(flat, dict):
        return None
    return flat


def _write_cache(path: str, signature: tuple[tuple[str, int, int], ...], flat: dict[str, str]) -> None:
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as f:
            marshal.dump((_CACHE_LAYOUT, signature, flat), f)
        os.replace(temporary, path)  # atomic: another process reads the old cache or the new one, never half
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def catalog_file(path: str | Path) -> dict[str, str]:
    """One catalog file, flattened: dotted key -> text."""
    # Read only when the catalogs' cache is stale: tomllib brings typing and datetime to every start.
    import tomllib  # noqa: PLC0415

    flat: dict[str, str] = {}

    def walk(prefix: str, node: Mapping[str, Any]) -> None:
        for key, value in node.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(full, value)
            else:
                flat[full] = str(value)

    with open(path, "rb") as f:
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
    return normalise_language(explicit) or named_language(env) or DEFAULT


def named_language(environ: Mapping[str, str]) -> str | None:
    """The language of ours that ``environ`` asks for: ``LOVELETTER_LANG``, else the first locale variable set
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them); ``None`` if it names none of ours
    (nothing set, or a locale such as ``C`` or ``fr_FR``): then the caller's default stands (English here, the
    host's language for a guest over ssh).

    >>> named_language({"LANG": "es_ES.UTF-8"}), named_language({"LANG": "C.UTF-8"}), named_language({})
    ('es', None, None)
    >>> named_language({"LOVELETTER_LANG": "en", "LANG": "es_ES.UTF-8"})
    'en'
    """
    lang = normalise_language(environ.get("LOVELETTER_LANG"))
    if lang:
        return lang
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return next((lang for part in value.split(":") if (lang := normalise_language(part))), None)
    return None


def set_language(lang: str) -> None:
    _state["lang"] = _known(lang)


def _known(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def language() -> str:
    return _speaking.get() or _state["lang"]


class speaking:
    """Messages in ``lang`` within ``with speaking(lang):``, for this thread or asyncio task only (``None``: the
    process's language), wherever they are worded; other threads and tasks go on in theirs.

    >>> set_language("en")
    >>> with speaking("es"):
    ...     t("play.summary.over", winners="Ana", tokens="Ana 6")
    'Fin de la partida: victoria de Ana. Fichas: Ana 6.'
    >>> language()
    'en'
    """

    def __init__(self, lang: str | None) -> None:
        self.lang = lang if lang is None else _known(lang)

    def __enter__(self) -> None:
        self._token = _speaking.set(self.lang)

    def __exit__(self, *exc: object) -> None:
        _speaking.reset(self._token)


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or language())


def t(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, formatted with ``values``; falls back to English. A command
    the message shows (```loveletter resume```, or on a line of its own) is written as the player runs this
    program (:func:`program`)."""
    text = catalog(language()).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key)
        if text is None:
            raise KeyError(f"no message {key!r} in the catalogs")
    if values:
        text = text.format(**values)
    if "loveletter " in text and program() != PROGRAM:
        text = re.sub(r"(`|^ +)loveletter ", rf"\g<1>{program()} ", text, flags=re.MULTILINE)
    return text


#: The program's name, as a message shows it in a command.
PROGRAM = "loveletter"


def program(environ: Mapping[str, str] | None = None) -> str:
    """How the player runs this program, for the commands messages show: ``uv run loveletter`` when it was started
    by ``uv run`` and no ``loveletter`` command is on the player's own path (uv puts the project's environment
    first on the path only for the program it runs), else ``loveletter``.

    >>> program({"PATH": "/usr/bin"})
    'loveletter'
    >>> program({"UV_RUN_RECURSION_DEPTH": "1", "PATH": ""})
    'uv run loveletter'
    """
    env = os.environ if environ is None else environ
    if not env.get("UV_RUN_RECURSION_DEPTH"):
        return PROGRAM
    return _program_under_uv(env.get("PATH", ""), os.path.join(sys.prefix, "bin"))


@cache
def _program_under_uv(path: str, environment_bin: str) -> str:
    entries = path.split(os.pathsep)
    if environment_bin in entries:
        entries.remove(environment_bin)  # the entry uv added (an activated environment's own entry stays)
    for entry in entries:
        if entry and os.access(os.path.join(entry, PROGRAM), os.X_OK):
            return PROGRAM
    return f"uv run {PROGRAM}"


def os_problem(errno: int | None, strerror: str | None = None) -> str:
    """What the system said went wrong with a file (an ``OSError``'s ``errno``), in the player's language: the
    common failures from the catalog (``system.error.*``), anything else in the system's own words.

    >>> set_language("es")
    >>> os_problem(13, "Permission denied"), os_problem(28, "No space left on device")
    ('permiso denegado', 'el disco está lleno')
    >>> os_problem(None, "Something odd")
    'Something odd'
    >>> set_language("en")
    """
    words = {
        codes.ENOENT: "not_found",
        codes.EACCES: "permission",
        codes.EPERM: "permission",
        codes.EISDIR: "folder",
        codes.ENOTDIR: "not_folder",
        codes.EEXIST: "exists",
        codes.ENOSPC: "disk_full",
        getattr(codes, "EDQUOT", codes.ENOSPC): "disk_full",
        codes.EROFS: "read_only",
        codes.ENAMETOOLONG: "name_too_long",
        codes.ELOOP: "link_loop",
    }
    key = words.get(errno) if errno is not None else None
    if key is not None:
        return t(f"system.error.{key}")
    return strerror or t("system.error.unknown", errno=errno if errno is not None else "?")


def printable(text: str) -> str:
    r"""``text`` safe to show on a terminal as it is: control characters (escape sequences, new lines), format
    characters (those that reorder a line, the zero-width ones, tags: every ``Cf`` but the zero-width joiner, which
    draws an emoji sequence as one), line and paragraph separators, lone surrogates and the blank letters are
    written as escapes, so a name in a shared record can neither repaint the screen, break the output nor hide
    a character. Names are shown through this.

    >>> printable("Ana"), printable("a\x1b[2Jb"), printable("x\ny"), printable("\ud800")
    ('Ana', 'a\\x1b[2Jb', 'x\\ny', '\\ud800')
    >>> printable("Ana\U000e0041"), printable("\u061cAna"), printable("👩\u200d👧")
    ('Ana\\U000e0041', '\\u061cAna', '👩\u200d👧')
    """
    if text.isprintable() and _HIDDEN.isdisjoint(map(ord, text)):
        return text
    return "".join(map(_escaped, text))


#: Characters that show nothing though Unicode calls them letters or symbols, so that two names would look the same
#: with or without them: the Hangul fillers and the Braille blank.
_HIDDEN = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800})
#: What is escaped besides the blank letters: control, format and surrogate code points and the two separators
#: that break a line (other spaces show as spaces).
_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


@cache
def _escaped(char: str) -> str:
    code = ord(char)
    if code == 0x200D or (code not in _HIDDEN and unicodedata.category(char) not in _ESCAPED):
        return char
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def ruleset_problem(code: str, params: Mapping[str, object]) -> str | None:
    """A ruleset problem the engine reports by ``code`` with its details ``params``, in the player's language;
    ``None`` for a code the catalog does not word (or details its message does not fit)."""
    key = f"ruleset.problem.{code}"
    if not code or not has(key, DEFAULT):
        return None
    if (
        code == "unreadable" and "error" in params
    ):  # the system's words for what went wrong, from the catalog where it has them
        errno = params.get("errno")
        number = int(errno) if isinstance(errno, str) and errno.isdigit() and int(errno) else None
        params = {**params, "error": os_problem(number, str(params.get("error", "")) or None)}
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


if TYPE_CHECKING:

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
