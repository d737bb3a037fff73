"""Refusals say why, in one line the guest reads in their own terminal (the real ``ssh`` client): a command, a
full table, too many connections at once; and any username is welcome (the code is the secret)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from loveletter.i18n import LANGUAGES, speaking, t
from loveletter.net.limits import Gate, Limiter
from loveletter.table.seats import Seat
from tests.e2e.test_host_ssh import need_ssh
from tests.net.guest import TIMEOUT, Table
from tests.net.test_security import _banner

SEATS = [Seat(""), Seat("Bot 1", "easy")]
OPTIONS = ["-F", "/dev/null", "-o", "BatchMode=yes", "-o", "IdentityAgent=none", "-o", "StrictHostKeyChecking=no"]
OPTIONS += ["-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]


async def ssh(port: int, *args: str, until: str = "") -> tuple[str, str, int | None]:
    """Run the real ssh client against the table (``args``: options and what follows the host): what it shows on
    stdout and stderr, and its exit status. ``until``: stop it once stdout shows that (status ``None``)."""
    process = await asyncio.create_subprocess_exec(
        need_ssh(), *OPTIONS, "-p", str(port), *args,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    try:
        if until:
            seen = b""
            async with asyncio.timeout(TIMEOUT):
                while until.encode() not in seen:
                    chunk = await process.stdout.read(1024)
                    assert chunk, f"ssh ended before showing {until!r}: {seen!r}"
                    seen += chunk
            return seen.decode("utf-8", "replace"), "", None
        out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), process.returncode
    finally:
        if process.returncode is None:
            process.kill()
            await process.communicate()


def test_a_command_is_refused_in_one_line() -> None:
    asyncio.run(_command())


async def _command() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        out, err, status = await ssh(table.port, "play@127.0.0.1", "loveletter")
        command = table.host.server.join_command(code=False)  # never the code to who has not given it
        assert out.strip() == f"This table runs no commands: join with `{command}` and nothing after it."
        assert status == 1 and "exec request failed" not in err
    finally:
        await table.aclose()


@pytest.mark.parametrize("user", ["😀", "", "ana maría", "play"])
def test_any_username_reaches_the_code(user: str) -> None:
    asyncio.run(_username(user))


async def _username(user: str) -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        out, _, _ = await ssh(table.port, "-tt", "-l", user, "127.0.0.1", until=t("host.join.code").strip())
        assert "Love Letter (2019 edition)" in out
        assert table.host.server.errors == []
    finally:
        await table.aclose()


def test_a_full_table_is_refused_in_one_line_in_the_guests_terminal() -> None:
    asyncio.run(_full())


async def _full() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        await table.seat("Ana")
        await table.started()
        out, _, status = await ssh(table.port, "-tt", "play@127.0.0.1")
        assert [line for line in out.splitlines() if line.strip()][-1].strip() == t("host.join.full")
        assert status is not None
    finally:
        await table.aclose()


def test_too_many_connections_at_once_are_told_why() -> None:
    asyncio.run(_busy())


async def _busy() -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    held: list[tuple[socket.socket, bool]] = []
    try:
        server.gate = Gate(1, rate=1, ceiling=100, hasty=0, clock=lambda: 0.0)  # one new connection, then no more
        held.append(await _banner(table.port))
        _, err, status = await ssh(table.port, "-tt", "play@127.0.0.1")
        assert t("host.join.busy") in err and status == 255
        server.refusals = Limiter(0)  # past the words' own rate: closed unanswered
        _, err, _ = await ssh(table.port, "-tt", "play@127.0.0.1")
        assert t("host.join.busy") not in err
    finally:
        for sock, _ in held:
            sock.close()
        await table.aclose()
    # OpenSSH shows a disconnect reason with anything but ASCII escaped: every language's must be ASCII.
    for lang in LANGUAGES:
        with speaking(lang):
            assert t("host.join.busy").isascii(), lang
