"""Records the program can vouch for: each one it writes carries a MAC (HMAC-SHA256) made with a key of the user's.

The key is 32 random bytes in ``record.key`` in the user's data folder, readable by its owner only, made on first
use and written whole or not at all (a temporary file, flushed, then linked under its name: no crash or full disk
leaves an empty or partial key). A key file that is not exactly 64 hexadecimal digits is refused in one line
(:class:`RecordKeyError`) rather than used: a record is never signed with an empty or short key, which anyone
could forge with. HMAC from the standard library (``hmac`` + ``hashlib``) rather than the ``cryptography``
package: a MAC is all a record needs (no public key: the program checks only what it wrote itself), and it adds
no dependency.

The MAC covers the record's whole content, read as data (``mac`` left out; written canonically: keys sorted,
ASCII, no spaces), so a changed seat, a swapped name, an edited move or a flipped bit of the random state all
show. A record of format 4 or later without a MAC, or with one that does not match, was edited or written with
another account's key; records of formats 1 to 3 were written before there were MACs. Neither opens a game still
going on (its hands could have been changed: :func:`~loveletter.records.fileformat.vouch`), unless the player
vouches for an old one once (``resume --trust-unsigned``); a finished game hides nothing, and is shown from
anywhere, said to be unverified.

What this does not protect against: anyone who can read the key (the same account: whoever shares a login, or
an administrator) can sign an edited record, and anyone can put back an older copy of a record.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from loveletter.errors import UserError
from loveletter.i18n import os_problem, t
from loveletter.records.store import FILE_MODE, fsync_folder, home, make_folder

#: The first format whose records carry a MAC.
FIRST_SIGNED = 4
KEY_NAME = "record.key"
#: The key's length in bytes (written as twice as many hexadecimal digits).
KEY_BYTES = 32
#: Keys read or made in this process, by file, with the file's identity then (a save signs each move: the file is
#: read again only if it changed).
_keys: dict[Path, tuple[tuple[int, int, int], bytes]] = {}


class RecordKeyError(UserError):
    """The record key cannot be used: damaged, empty or unreadable. ``str(error)`` names the file and what to do."""


def key() -> bytes:
    """The user's record key, made on first use (owner-only). :class:`RecordKeyError` if the file is damaged or
    unreadable; an :class:`OSError` if it is missing and cannot be made (a full disk: nothing is left behind)."""
    path = home() / KEY_NAME
    with contextlib.suppress(OSError):
        info = path.stat()
        known = _keys.get(path)
        if known is not None and known[0] == (info.st_ino, info.st_size, info.st_mtime_ns):
            return known[1]
    try:
        found = _read(path)
    except FileNotFoundError:
        found = _make(path)
    with contextlib.suppress(OSError):
        info = path.stat()
        _keys[path] = ((info.st_ino, info.st_size, info.st_mtime_ns), found)
    return found


def _read(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(4 * KEY_BYTES)  # a key is 65 bytes; anything longer is damaged anyway
    except (FileNotFoundError, NotADirectoryError):  # none yet, or no folder to hold one: made, or a save problem
        raise
    except OSError as exc:
        problem = os_problem(exc.errno, exc.strerror)
        raise RecordKeyError(t("records.key.unreadable", path=str(path), problem=problem)) from None
    text = data.strip(b" \t\r\n")
    if len(text) != 2 * KEY_BYTES or not all(c in b"0123456789abcdefABCDEF" for c in text):
        raise RecordKeyError(t("records.key.damaged", path=str(path), digits=2 * KEY_BYTES))
    return bytes.fromhex(text.decode("ascii"))


def _make(path: Path) -> bytes:
    """A new key, written whole under ``path`` (or the one another program wrote there meanwhile)."""
    make_folder(path.parent)
    made = secrets.token_bytes(KEY_BYTES)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(made.hex() + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(temporary, path)  # never over a key another program made meanwhile
        except FileExistsError:
            return _read(path)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    fsync_folder(path.parent)
    return made


def canonical(data: Mapping[str, Any]) -> bytes:
    """What the MAC covers: ``data`` without ``mac``, as canonical JSON."""
    body = {k: v for k, v in data.items() if k != "mac"}
    return json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def mac_of(message: bytes) -> str:
    """The MAC of ``message`` with the user's key (never with a key shorter than :data:`KEY_BYTES`)."""
    secret = key()
    if len(secret) != KEY_BYTES:  # _read and _make make sure of it; a signature with a short key is worthless
        raise RecordKeyError(t("records.key.damaged", path=str(home() / KEY_NAME), digits=2 * KEY_BYTES))
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def sign(data: Mapping[str, Any]) -> str:
    return mac_of(canonical(data))


def verified(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` (a record's parsed top-level object) carries the MAC this user's key gives it (a damaged
    key is a :class:`RecordKeyError`, not a record refused as edited)."""
    mac = data.get("mac")
    if not isinstance(mac, str):
        return False
    try:
        expected = sign(data)
    except OSError:  # no key can be made (a full disk): nothing was signed with it either
        return False
    return hmac.compare_digest(mac, expected)
