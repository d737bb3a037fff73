"""The host key: the server's identity, created once and kept in the user's data folder.

Guests' ``ssh`` remembers it the first time (it asks them to check its fingerprint, which the host's screen
shows) and warns loudly if another machine ever answers in its place. The key is an Ed25519 key in OpenSSH's
format, ``host_key`` in the data folder (``loveletter.records.home()``), created with owner-only permissions
(0600) and never rewritten; like OpenSSH, we refuse a key file that other users could read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

from loveletter.errors import UserError
from loveletter.i18n import os_problem, t
from loveletter.records import home
from loveletter.records.store import make_folder

FILE_NAME = "host_key"


def key_path() -> Path:
    return home() / FILE_NAME


def load_or_create(path: Path | None = None) -> asyncssh.SSHKey:
    """The host key at ``path`` (default :func:`key_path`), created first if there is none. A key file others
    can read, or one that is not a key, is a :class:`UserError` (one line: what and how to fix it)."""
    path = path if path is not None else key_path()
    if not path.exists():
        _create(path)
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise UserError(t("host.error.key_unreadable", path=str(path), problem=exc.strerror or str(exc))) from None
    if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise UserError(t("host.error.key_open", path=str(path)))
    try:
        return asyncssh.read_private_key(str(path))
    except (OSError, asyncssh.KeyImportError):
        raise UserError(t("host.error.key_bad", path=str(path))) from None


def _create(path: Path) -> None:
    data = asyncssh.generate_private_key("ssh-ed25519").export_private_key()
    try:
        make_folder(path.parent)
        # O_EXCL: two hosts started at once cannot both write it; 0600 from the first byte.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return  # the other host's key (make_folder reports a file in the folder's place as not a folder)
    except OSError as exc:
        problem = os_problem(exc.errno, exc.strerror)
        raise UserError(t("host.error.key_unwritable", path=str(path), problem=problem)) from None
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as ``ssh`` prints it (``SHA256:…``)."""
    return str(key.get_fingerprint("sha256"))
