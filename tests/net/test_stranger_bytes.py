"""Whatever a connection sends, before or after the code, the host and the other guests go on.

The attack: connect with any username, type a sequence that is not a key (a colour code, an OSC 52 clipboard
write, a bracketed paste, a DCS string, bytes that are not UTF-8, a huge burst, a Ctrl-C) at the join code's
question or at the name's, and leave. prompt_toolkit's mouse binding raised on ``ESC [ 3 1 m`` (to it an rxvt
mouse report); its exception handler, installed on the SSH loop every connection shares, reached for "the
application" through prompt_toolkit's process-wide session and found the host's own lobby; and the host died when
the next friend joined ("attached to a different loop"). A Ctrl-C there stopped the SSH loop itself. Here each kind
of sequence is sent at each question with the host's terminal waiting in its lobby (a real prompt_toolkit
application, as at a host's keyboard), then friends take their seats and the game starts; the real program in a
pseudo-terminal is attacked the same way in :func:`test_the_real_host_survives_a_colour_code`.
"""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from rich.console import Console

from loveletter.i18n import t
from loveletter.table.seats import Seat
from tests.e2e.terminal import Terminal, program_env
from tests.net.guest import Guest, Table
from tests.net.screens import spectator

SEQUENCES: dict[str, bytes] = {
    "sgr": b"\x1b[31m",
    "sgr-bold-red": b"\x1b[1;31m",
    "osc-52": b"\x1b]52;c;aGVsbG8=\x07",
    "osc-52-st": b"\x1b]52;c;aGVsbG8=\x1b\\",
    "bracketed-paste": b"\x1b[200~pasted\x1b[201~",
    "paste-left-open": b"\x1b[200~never closed",
    "paste-of-escapes": b"\x1b[200~\x1b[31m\x1b]52;c;eA==\x07\x1b[201~",
    "dcs": b"\x1bP1$r0;1m\x1b\\",
    "x10-mouse-garbage": b"\x1b[M\x00\xff\x80",
    "invalid-utf-8": b"\xff\xfe\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc",
    "huge-burst": (b"\x1b[31m\x1b]52;c;" + b"A" * 4000 + b"\x07") * 40,
    # Found by tests/net/test_random_bytes.py: a Ctrl-C at a join question stopped the SSH server's loop
    # (KeyboardInterrupt out of an asyncio task), every connection with it.
    "ctrl-c": b"\x03",
    "ctrl-d": b"\x04",
}
PROMPTS = ("code", "name")


@pytest.mark.parametrize("where", PROMPTS)
@pytest.mark.parametrize("kind", list(SEQUENCES))
def test_a_strangers_sequence_then_a_friend_is_seated(kind: str, where: str, capfd: pytest.CaptureFixture[str]) -> None:
    with spectator(Console(file=io.StringIO(), width=100)) as local:
        asyncio.run(_stranger_then_friend(local, SEQUENCES[kind], where))
    printed = capfd.readouterr()
    # Nothing of a guest's reaches the host's own terminal (prompt_toolkit's handler printed tracebacks there).
    assert "Unhandled exception" not in printed.out + printed.err
    assert "Traceback" not in printed.out + printed.err


async def _stranger_then_friend(local: object, sequence: bytes, where: str) -> None:
    seats = [Seat(""), Seat(""), Seat("Bot 1", "easy")]
    table = Table("2019", seats, [0, 1], local=local).start()  # type: ignore[arg-type]
    try:
        eve = await Guest(table.port).connect(raw=True)
        await eve.wait_for(t("host.join.code").strip())
        if where == "name":
            eve.send(table.code, "enter")
            await eve.wait_for(t("host.join.name").strip())
        eve.send(sequence)
        eve.close()
        ana, bea = await table.seat("Ana", "Bea")  # friends come and are seated; the game starts
        await table.started()
        await ana.wait_for("Bea")
        await bea.wait_for("Ana")
        assert table.error is None
        assert not table.done.is_set()  # the host's game loop goes on
        assert table.host.server.errors == []
    finally:
        await table.aclose()


@pytest.mark.parametrize("where", PROMPTS)
def test_the_real_host_survives_a_colour_code(where: str) -> None:
    """A colour code sent to the real program at a terminal: ``ESC [ 3 1 m`` and leave, then a friend joins.
    Before the fix the host died in its lobby, 5 times of 5."""
    host = Terminal(["host", "--players", "3", "--port", "0", "--bind", "127.0.0.1", "--delay", "0", "--seed", "1"],
                    env=program_env())  # fmt: skip
    try:
        host.wait_for("Player 1, your name?")
        host.press("Hal", "enter")
        lobby = host.wait_for("Join code:", "free: waiting for a friend")
        found = re.search(r"ssh -p (\d+) ([0-9A-Z]{3}-[0-9A-Z]{3})@", lobby)
        assert found, lobby
        port, code = int(found[1]), found[2]
        asyncio.run(_attack_real_host(port, code, where, host))
        host.pump(0.3)
        assert host.child.isalive(), host.text()
        assert "different loop" not in host.text() and "Traceback" not in host.text()
    finally:
        host.close()


async def _attack_real_host(port: int, code: str, where: str, host: Terminal) -> None:
    eve = await Guest(port).connect()
    await eve.wait_for(t("host.join.code").strip())
    if where == "name":
        eve.send(code, "enter")
        await eve.wait_for(t("host.join.name").strip())
    eve.send("\x1b[31m", "z")
    await eve.wait_for(
        (t("host.join.code") if where == "code" else t("host.join.name")) + "z"
    )  # the question has read the sequence (and the z after it)
    eve.close()
    bea = Guest(port)
    await bea.connect()
    await bea.join(code, "Bea")
    await bea.wait_for("2.  Bea  you")
    # While she is still connected: her connection ends with this loop, and the host's lobby frees her seat again.
    await asyncio.to_thread(host.wait_for, "2.  Bea  joined")
