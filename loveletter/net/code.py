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
import secrets

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


def shown(code: str) -> str:
    """The code as the host reads it out: two groups of three."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"
