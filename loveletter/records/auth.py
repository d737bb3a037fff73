"""Records the program can vouch for: each one it writes carries a MAC (HMAC-SHA256) made with a key of the user's.

The key is 32 random bytes in ``record.key`` in the user's data folder, readable by its owner only, made on first
use. HMAC from the standard library (``hmac`` + ``hashlib``) rather than the ``cryptography`` package: a MAC is
all a record needs (no public key: the program checks only what it wrote itself), and it adds no dependency.

The MAC covers the record's whole content, read as data (``mac`` left out; written canonically: keys sorted,
ASCII, no spaces), so a changed seat, a swapped name, an edited move or a flipped bit of the random state all
show. A record of format 4 or later without a MAC, or with one that does not match, was edited (or written with
another account's key): it is refused. Records of formats 1 to 3 were written before there were MACs: they are
read as they always were (unauthenticated).

What this does not protect against: anyone who can read the key (the same account: whoever shares a login, or
an administrator) can sign an edited record; and anyone can make an edited record look like one of the old
formats.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping
from typing import Any

from loveletter.records.store import FILE_MODE, home, make_folder

#: The first format whose records carry a MAC.
FIRST_SIGNED = 4
KEY_NAME = "record.key"


def key() -> bytes:
    """The user's record key, made on first use (owner-only). An :class:`OSError` if it can be neither read nor
    made."""
    path = home() / KEY_NAME
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) == 64:
            return bytes.fromhex(text)
    except FileNotFoundError:
        pass
    except ValueError:  # not hex: a damaged key makes every record unreadable; say so as an OS problem would
        raise OSError(f"{path}: not a record key") from None
    make_folder(path.parent)
    made = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:  # another program made it meanwhile: use theirs
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(made.hex() + "\n")
        f.flush()
        with contextlib.suppress(OSError):
            os.fsync(f.fileno())
    return made


def canonical(data: Mapping[str, Any]) -> bytes:
    """What the MAC covers: ``data`` without ``mac``, as canonical JSON."""
    body = {k: v for k, v in data.items() if k != "mac"}
    return json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def sign(data: Mapping[str, Any]) -> str:
    return hmac.new(key(), canonical(data), hashlib.sha256).hexdigest()


def verified(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` (a record's parsed top-level object) carries the MAC this user's key gives it."""
    mac = data.get("mac")
    if not isinstance(mac, str):
        return False
    try:
        expected = sign(data)
    except (OSError, ValueError):
        return False
    return hmac.compare_digest(mac, expected)
