"""The join code: a short secret the host reads out to the friends who may join this game.

Six characters from Crockford's base-32 alphabet (digits and capitals without I, L, O, U, so nothing is read as
something else): about a billion codes, so that with a few tries per connection and a few connections per second
(:mod:`loveletter.net.server`) guessing it during a game is hopeless. It is shown split in two (``7KQ-M4T``);
what a guest types is read leniently: case, spaces and dashes do not matter, and ``O``, ``I`` and ``L`` count as
``0``, ``1`` and ``1``.

>>> normalise(" 7kq m4t ")
'7KQM4T'
>>> normalise("OIL-234")
'011234'
>>> matches("7kq-m4t", "7KQM4T"), matches("7KQ-M4X", "7KQM4T")
(True, False)
>>> shown("7KQM4T")
'7KQ-M4T'
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from pathlib import Path

from loveletter.records import home

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6
#: Longer answers are not codes: refused before they are compared (an input size limit).
MAX_TYPED = 32
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh random code (from the operating system's secure source)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(typed: str) -> str:
    """What ``typed`` spells as a code: capitals, without spaces or dashes, look-alike letters read as digits."""
    return "".join(c for c in typed.upper() if c not in " -").translate(_READ_AS)


def matches(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code`` (compared in constant time)."""
    if len(typed) > MAX_TYPED:
        return False
    return hmac.compare_digest(normalise(typed).encode(), code.encode())


def code_like(typed: str) -> bool:
    """Whether ``typed`` could be meant as a code (its length, in the code's alphabet): a username such as
    ``play`` is not a guess, ``7KQ-M4X`` is.

    >>> code_like("7kq-m4x"), code_like("play"), code_like("")
    (True, False, False)
    """
    spelt = normalise(typed)
    return len(typed) <= MAX_TYPED and len(spelt) == LENGTH and all(c in ALPHABET for c in spelt)


def shown(code: str) -> str:
    """The code as the host reads it out: two groups of three."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


#: Where the codes of hosted games are kept (in the data folder), so that a game hosted again keeps its code: a
#: friend who dropped out still knows it. Private to the user, as the host key is (written atomically, 0600); only
#: the latest few are kept, and only while their game can be hosted again: a game over, or its file gone, and its
#: code is forgotten. The code is written nowhere else (the host's log redacts it: loveletter.net.log).
CODES_FILE = "join_codes.json"
KEPT = 20


def _codes_path() -> Path:
    return home() / CODES_FILE


def _codes() -> dict[str, str]:
    try:
        data = json.loads(_codes_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str) and len(v) == LENGTH}


def remember(game: Path, code: str) -> None:
    """Keep ``code`` as the join code of the game saved at ``game`` (quietly nothing if it cannot be written)."""
    codes = _codes()
    codes.pop(str(game), None)
    codes[str(game)] = code
    _write(codes)


def forget(game: Path) -> None:
    """The game saved at ``game`` cannot be hosted again (it is over): its code is kept no longer."""
    codes = _codes()
    if codes.pop(str(game), None) is not None:
        _write(codes)


def _write(codes: dict[str, str]) -> None:
    kept = {game: code for game, code in list(codes.items())[-KEPT:] if os.path.exists(game)}
    path = _codes_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        if hasattr(os, "fchmod"):
            os.fchmod(descriptor, 0o600)  # a file left by an older version may be open to all
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(kept, file)
    except OSError:
        return


def recall(game: Path) -> str | None:
    """The join code the game saved at ``game`` was last hosted with, if it is known."""
    code = _codes().get(str(game))
    return code if code is not None and all(c in ALPHABET for c in code) else None
