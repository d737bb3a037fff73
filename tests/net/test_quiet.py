"""Nothing a remote party does prints on the host's terminal: old algorithms are not offered at all, and the
troubles and warnings of connections go to the log file in the data folder."""

from __future__ import annotations

import asyncio
import logging
import warnings

import pytest

from loveletter.net.log import log_path
from loveletter.net.server import algorithms
from loveletter.table.seats import Seat
from tests.e2e.test_host_ssh import need_ssh
from tests.net.guest import TIMEOUT, Table

SEATS = [Seat(""), Seat("Bot 1", "easy")]
OPTIONS = ["-F", "/dev/null", "-o", "BatchMode=yes", "-o", "IdentityAgent=none", "-o", "StrictHostKeyChecking=no"]
OPTIONS += ["-o", "UserKnownHostsFile=/dev/null"]


def test_only_modern_algorithms_are_offered() -> None:
    offered = algorithms()
    assert "curve25519-sha256" in offered["kex_algs"]
    assert not [alg for alg in offered["kex_algs"] if "diffie-hellman" in alg or "sha1" in alg or "gex" in alg]
    assert offered["mac_algs"] and not [alg for alg in offered["mac_algs"] if "sha1" in alg or "md5" in alg]
    assert offered["encryption_algs"] and not [alg for alg in offered["encryption_algs"] if "cbc" in alg]


async def _ssh(port: int, *options: str) -> str:
    """Run the real ssh client against the table with ``options`` and no terminal; what it says on stderr."""
    process = await asyncio.create_subprocess_exec(
        need_ssh(), *OPTIONS, *options, "-p", str(port), "play@127.0.0.1",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        _, said = await asyncio.wait_for(process.communicate(), TIMEOUT)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return said.decode("utf-8", "replace")


def test_old_algorithms_are_refused_and_nothing_is_printed_at_the_host(capfd: pytest.CaptureFixture[str]) -> None:
    asyncio.run(_old_algorithms())
    out, err = capfd.readouterr()
    assert "Warning" not in out + err and "diffie-hellman" not in out + err


async def _old_algorithms() -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    try:
        said = await _ssh(table.port, "-o", "KexAlgorithms=diffie-hellman-group16-sha512")
        assert "no matching key exchange method found" in said
        said = await _ssh(table.port, "-o", "KexAlgorithms=diffie-hellman-group14-sha1")
        assert "no matching key exchange method found" in said
        said = await _ssh(table.port, "-o", "MACs=hmac-sha1", "-o", "Ciphers=aes128-ctr")
        assert "no matching MAC found" in said

        # A warning raised while serving a connection, and asyncssh's own log, go to the file.
        def warn() -> None:
            warnings.warn("a library complains", DeprecationWarning, stacklevel=1)
            logging.getLogger("asyncssh").warning("a client misbehaves")

        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(asyncio.to_thread(warn), server.loop))

        # The table still works: a friend joins and plays.
        (ana,) = await table.seat("Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
        assert server.errors == []
    finally:
        await table.aclose()
    text = log_path().read_text(encoding="utf-8")
    assert "a library complains" in text and "a client misbehaves" in text
    assert "diffie-hellman" in text  # the refused negotiations are written down, for the host to look into


def test_the_host_is_told_where_the_log_is() -> None:
    table = Table("2019", SEATS, [0])
    assert str(log_path()) in "".join(str(part) for part in _lobby_texts(table))


def _lobby_texts(table: Table) -> list[object]:
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(table.host.lobby_body(None))
    return [console.export_text()]
