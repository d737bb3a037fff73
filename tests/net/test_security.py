"""What the server refuses: wrong codes, a full table, anything but the game (shell commands, SFTP, forwarding,
a second session), oversized or garbage input and floods of connections; each refusal is one clear line or a
closed connection, never a traceback, and the game goes on."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import time
from pathlib import Path

import asyncssh
import pytest

from loveletter.i18n import LANGUAGES, speaking, t
from loveletter.net.limits import CONNECTIONS_PER_SECOND, Gate, Limiter
from loveletter.net.server import CODE_TRIES, IDLE_SECONDS, Server
from loveletter.table.seats import Seat
from tests.e2e.test_host_ssh import need_ssh
from tests.net.guest import CLIENT, LEAVE, TIMEOUT, Guest, Table, until
from tests.net.test_reconnect import ROUND, key_for

SEATS = [Seat(""), Seat("Bot 1", "easy")]
WRONG_CODE = "Wrong code: ask the host for the code shown on their screen."


def run(scene: object) -> None:
    asyncio.run(scene)  # type: ignore[arg-type]


def test_a_wrong_code_is_refused_in_one_line_and_the_game_goes_on(capfd: pytest.CaptureFixture[str]) -> None:
    run(_wrong_codes())
    assert "Traceback" not in capfd.readouterr().err


async def _wrong_codes() -> None:
    table = Table("2019", [Seat(""), Seat(""), Seat("Bot 1", "easy")], [0, 1], deals=[ROUND]).start()
    try:
        ana, bea = await table.seat("Ana", "Bea")
        await table.started()
        screen = await ana.wait_for("Which card do you play?", "Handmaid")
        bea.drop()  # a seat is free again: someone without the code tries their luck

        eve = await Guest(table.port).connect()
        for attempt in range(CODE_TRIES):
            await eve.wait_for("Join code:", count=attempt + 1)  # the question asked anew
            eve.send(f"WRONG{attempt}", "enter")
        refused = await eve.wait_until_closed()
        assert refused.count(WRONG_CODE) == CODE_TRIES and "Your name:" not in refused

        ana.send(key_for("Handmaid", screen))  # Ana's game was never disturbed
        await ana.wait_for("Ana plays Handmaid.", "Waiting for Bea to come back")
        assert table.host.server.errors == []
    finally:
        await table.aclose()


def test_a_full_table_is_refused_in_one_line() -> None:
    run(_full_table())


async def _full_table() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        await table.seat("Ana")
        await table.started()
        late = await Guest(table.port).connect()
        screen = await late.wait_until_closed()
        lines = [line for line in screen.splitlines() if line.strip()]
        assert lines == ["The table is full: every seat for friends is taken."]
    finally:
        await table.aclose()


def test_nothing_but_the_game_is_served() -> None:
    run(_nothing_else())


async def _nothing_else() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        guest = await Guest(table.port).connect()
        conn = guest.conn
        # One session per connection: a second one (and so a command run beside the game) is refused.
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession, "ls")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        # No port forwarding, either way.
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", table.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        guest.close()

        # A command instead of the game (``ssh HOST ls``), or SFTP, on a connection of its own.
        async with asyncssh.connect("127.0.0.1", table.port, **CLIENT) as other:
            result = await other.run("cat /etc/passwd")  # told in words that nothing is run (test_refusals)
            assert result.exit_status == 1 and "root:" not in str(result.stdout)
            assert str(result.stdout).startswith("This table runs no commands")
        async with asyncssh.connect("127.0.0.1", table.port, **CLIENT) as other:
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await other.start_sftp_client()

        # A session without a terminal is told how to ask for one.
        bare = await Guest(table.port).connect(term=None)
        screen = await bare.wait_until_closed()
        assert "Love Letter needs a terminal: join with `ssh -p" in screen
        assert table.host.server.errors == []
    finally:
        await table.aclose()


def test_no_agent_x11_unix_socket_or_tunnel_forwarding_and_the_server_stays_healthy(tmp_path: Path) -> None:
    run(_no_forwarding(tmp_path))


async def _no_forwarding(tmp_path: Path) -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    try:
        # X11: asked for with the session (a display named, no X server needed: the client only listens for what
        # the server would forward), refused; the session is not opened.
        x11 = {"x11_forwarding": True, "x11_display": "localhost:0", "x11_auth_path": str(tmp_path / "Xauthority")}
        async with asyncssh.connect("127.0.0.1", table.port, **CLIENT | x11) as conn:
            with pytest.raises(asyncssh.ChannelOpenError, match="X11 forwarding request failed"):
                await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")

        # Agent forwarding: clients ask for it without wanting an answer (asyncssh, as OpenSSH), so what shows the
        # refusal is the server's side: no agent socket was made for the session. The request comes before the
        # shell's: by the time the join code is asked, it has been answered.
        agent = await Guest(table.port).connect(agent_forwarding=str(tmp_path / "agent.sock"))
        await agent.wait_for("Join code:")
        assert [connection._conn.get_agent_path() for connection in server._connections] == [None]

        # Unix sockets and tunnels, either way (TCP ports: test_nothing_but_the_game_is_served).
        with pytest.raises(asyncssh.ChannelOpenError):
            await agent.conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/docker.sock")
        with pytest.raises(asyncssh.ChannelListenError):
            await agent.conn.forward_remote_path(str(tmp_path / "listen.sock"), str(tmp_path / "local.sock"))
        with pytest.raises(asyncssh.ChannelOpenError):
            await agent.conn.open_tun()
        agent.close()
        await until(lambda: not server.gate.open, what="the server lets go of every connection")

        # All refused without a trouble on the server: a guest joins and plays.
        (ana,) = await table.seat("Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
        assert server.errors == []
    finally:
        await table.aclose()


def test_a_connection_is_closed_when_it_starts_no_session_in_time_or_its_session_ends() -> None:
    run(_idle())


async def _idle() -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    try:
        # Ana's session starts, at the usual idle time (a slow moment of the machine never cuts her before it does).
        ana = await Guest(table.port).connect()
        await ana.wait_for("Join code:")
        alone = {"127.0.0.1": 1}  # the server counts only Ana's connection

        # Logged in, no session: closed, and its slot free again.
        server.idle_seconds = 0.2
        conn = await asyncssh.connect("127.0.0.1", table.port, **CLIENT)
        await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
        await until(lambda: server.gate.open == alone, what="the slot of the idle connection is free")

        # A session opened but never started (its X11 request refused, and nothing asked after): the same. (When
        # the machine is slow, the connection may be closed before the refusal.)
        x11 = {"x11_forwarding": True, "x11_display": "localhost:0", "x11_auth_path": os.devnull}
        conn = await asyncssh.connect("127.0.0.1", table.port, **CLIENT | x11)
        with pytest.raises(asyncssh.Error):
            await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
        await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
        await until(lambda: server.gate.open == alone, what="the slot of the unstarted session is free")
        server.idle_seconds = IDLE_SECONDS

        # A session that ends takes its connection along: nothing is left open to sit idle.
        bea = await Guest(table.port).connect()
        await bea.wait_for("Join code:")
        bea.chan.close()
        await asyncio.wait_for(bea.conn.wait_closed(), TIMEOUT)
        await until(lambda: server.gate.open == alone, what="the slot of the ended session is free")

        # No timer stands over a session started: Ana takes her time, and joins.
        assert [connection._idle for connection in server._connections] == [None]
        ana.send(table.code, "enter")
        await ana.wait_for("Your name:")
        ana.send("Ana", "enter")
        await table.started()
        await ana.wait_for("Ana (you)")
        assert server.errors == []
    finally:
        await table.aclose()


def test_ssh_without_a_session_is_told_why_it_is_closed() -> None:
    run(_ssh_n())


async def _ssh_n() -> None:
    ssh = need_ssh()
    table = Table("2019", SEATS, [0]).start()
    table.host.server.idle_seconds = 0.2
    try:
        options = ["-F", "/dev/null", "-o", "BatchMode=yes", "-o", "IdentityAgent=none"]
        options += ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"]
        ssh_n = await asyncio.create_subprocess_exec(
            ssh, *options, "-N", "-p", str(table.port), "play@127.0.0.1",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            _, said = await asyncio.wait_for(ssh_n.communicate(), TIMEOUT)
        finally:
            if ssh_n.returncode is None:
                ssh_n.kill()
                await ssh_n.wait()
        command = table.host.server.join_command(code=False)  # never the code to who has not given it
        assert command == f"ssh -p {table.port} play@127.0.0.1"
        reason = f"To play, ask for the game within 0.2 seconds of connecting: use `{command}` (without -N)."
        assert reason in said.decode()
        # OpenSSH shows a disconnect reason with anything but ASCII escaped: every language's must be ASCII.
        for lang in LANGUAGES:
            with speaking(lang):
                assert t("host.join.no_session", seconds="30", command=command).isascii(), lang
    finally:
        await table.aclose()


def test_garbage_and_oversized_input_are_dropped_without_a_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    run(_garbage())
    assert "Traceback" not in capfd.readouterr().err


def _noise(rng: random.Random, size: int, *, keys: bool = True) -> str:
    """Random input: printable text and odd characters; with ``keys``, also escape sequences, Enter, Ctrl-D and
    other control keys (never Ctrl-C: that is leaving; never ``?``: the card reference is a screen of its own)."""
    pool = [chr(c) for c in range(32, 127) if chr(c) != "?"] + ["é", "🂡"]
    if keys:
        pool += ["\x1b", "\x1b[", "\x1b[A", "\x1b[1;5C", "\r", "\x04", "\x7f", "\t", "\x00"]
    return "".join(rng.choice(pool) for _ in range(size))


async def _garbage() -> None:
    rng = random.Random(7)
    table = Table("2019", SEATS, [0]).start()
    try:
        ana = await Guest(table.port).connect(raw=True)
        await ana.wait_for("Join code:")
        ana.send("x" * 600)  # more than a chunk of keys may hold: dropped whole
        ana.send(_noise(rng, 200, keys=False), b"\xff\xfe\xc3")  # noise, and bytes that are not UTF-8
        ana.send("\x15", table.code, "enter")  # Ctrl-U erases the line: then the code
        await ana.wait_for("Your name:")
        ana.send("A" * 600, "enter")  # dropped: what reaches the prompt is an empty name
        await ana.wait_for("A name cannot be empty.")
        ana.send("Anastasia Bellamy", "enter")
        await ana.wait_for("Anastasia Bellam… is too long: at most 16 characters.")  # cut: the line fits
        ana.send("\x15", "Ana", "enter")
        game = await table.started()

        # Noise at her own question only ever picks a legal move; noise while others play is thrown away.
        frame = -1
        for _ in range(8):
            if await ana.next_prompt(frame) == LEAVE:
                break
            frame = ana.frames
            ana.send(_noise(rng, 300), "enter")
        assert len(game.log) > 5 and not table.done.is_set()
        assert table.host.server.errors == []
    finally:
        await table.aclose()


def test_a_flood_of_connections_is_cut_short() -> None:
    run(_flood())


async def _flood() -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    now = [0.0]  # the limits' clock stands still unless the test moves it
    try:
        # No more new connections from one address than its rate allows: a burst, then one per 1/rate seconds.
        server.gate = Gate(len(table.host.remote_seats), rate=2, hasty=0, clock=lambda: now[0])
        server.refusals = Limiter(0)  # none greeted to be told why (test_refusals_say_why)
        burst = [await _banner(table.port) for _ in range(4)]
        assert [b for _, b in burst] == [True, True, False, False]
        now[0] += 0.5
        burst += [await _banner(table.port) for _ in range(2)]
        assert [b for _, b in burst[4:]] == [True, False]
        await _close(server, burst)
    finally:
        await table.aclose()


def test_a_flood_from_one_address_leaves_room_for_the_others() -> None:
    run(_flood_and_friend())


async def _flood_and_friend() -> None:
    try:
        probe = socket.socket()
        probe.bind((FRIEND, 0))
        probe.close()
    except OSError as exc:
        pytest.skip(f"cannot connect from {FRIEND} on this system: {exc}")
    table = Table("2019", [Seat(""), Seat(""), Seat("Bot 1", "easy")], [0, 1]).start()
    server = table.host.server
    now = [0.0]
    try:
        # A flood from 127.0.0.1 uses up its own rate: a friend at another address still gets in.
        server.gate = Gate(len(table.host.remote_seats), hasty=0, clock=lambda: now[0])
        server.refusals = Limiter(0)
        flood = [await _banner(table.port) for _ in range(CONNECTIONS_PER_SECOND + 5)]
        assert [b for _, b in flood] == [True] * CONNECTIONS_PER_SECOND + [False] * 5
        friend = [await _banner(table.port, FRIEND)]
        assert friend[0][1]
        await _close(server, flood + friend)

        # The server-wide ceiling stands over all addresses together.
        server.gate = Gate(len(table.host.remote_seats), rate=2, ceiling=3, hasty=0, clock=lambda: now[0])
        both = [await _banner(table.port) for _ in range(3)] + [await _banner(table.port, FRIEND) for _ in range(2)]
        assert [b for _, b in both] == [True, True, False, True, False]
        await _close(server, both)
    finally:
        await table.aclose()


#: Another address of this computer (Linux answers to all of 127.0.0.0/8), for a client that is not the flood.
FRIEND = "127.0.0.2"


async def _banner(port: int, source: str = "") -> tuple[socket.socket, bool]:
    """Open a raw TCP connection (from ``source`` if given): whether the SSH server greets it (or closes it at
    once)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setblocking(False)
    if source:
        sock.bind((source, 0))
    await loop.sock_connect(sock, ("127.0.0.1", port))
    data = await asyncio.wait_for(loop.sock_recv(sock, 64), 10)
    return sock, data.startswith(b"SSH-2.0-loveletter")


async def _close(server: Server, opened: list[tuple[socket.socket, bool]]) -> None:
    """Close the connections ``opened`` and wait until the server has let go of them all."""
    for sock, _ in opened:
        sock.close()
    deadline = time.monotonic() + 10
    while server.gate.open:
        assert time.monotonic() < deadline, f"the server still counts {server.gate.open}"
        await asyncio.sleep(0.01)


def test_leaving_with_ctrl_c_keeps_the_seat() -> None:
    run(_ctrl_c())


async def _ctrl_c() -> None:
    table = Table("2019", [Seat(""), Seat(""), Seat("Bot 1", "easy")], [0, 1], seed=3).start()
    try:
        _, bea = await table.seat("Ana", "Bea")
        await table.started()
        await bea.wait_for("Love Letter")
        bea.send("ctrl-c")  # whoever's turn it is, Bea leaves the table...
        screen = await bea.wait_until_closed()
        assert bea.shows(screen, "You left the table. To come back, join again with the same code and the same name.")
        bea = await Guest(table.port).connect()  # ...and comes back to her seat
        await bea.join(table.code, "Bea")
        await bea.wait_for("Bea (you)")
    finally:
        await table.aclose()


@pytest.mark.skipif(os.name != "posix", reason="file permissions")
def test_the_host_key_is_created_once_and_private(tmp_path: object) -> None:
    from pathlib import Path

    from loveletter.errors import UserError
    from loveletter.net.hostkey import fingerprint, key_path, load_or_create

    path = key_path()
    assert not path.exists()
    first = load_or_create()
    assert path.stat().st_mode & 0o777 == 0o600
    assert fingerprint(load_or_create()) == fingerprint(first)  # the same key every time
    path.chmod(0o644)
    with pytest.raises(UserError, match="can be read by other users: make it private with `chmod 600"):
        load_or_create()
    path.chmod(0o600)
    Path(path).write_text("garbage", encoding="utf-8")
    with pytest.raises(UserError, match="is not a key this program can read"):
        load_or_create()
