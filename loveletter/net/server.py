"""The SSH server guests join with: asyncssh on its own thread and event loop.

What it allows: a session with a terminal running the game, after the join code and a name, and nothing else.
No authentication is asked of the SSH client (the join code is the secret: given as the username, ``ssh
7KQ-M4T@HOST``, which keeps the connection out of the pools below and skips the code's question; else asked inside
the session, in the guest's language: the one their client's environment names, ``LOVELETTER_LANG`` or the
locale variables, else the host's); no shell or command is run (``exec`` and subsystems such as SFTP or scp are
refused), no port forwarding either way, no agent or X11 forwarding; one session per connection, and the
connection ends with it; a session without a terminal is told how to ask for one.

Limits: new connections a second, per address, past it, and for the whole server; connections that have not given
the code wait in two small pools, arriving and at the code's question, where each keeps its place for a grace to
answer (:mod:`loveletter.net.limits`: nobody without the code can keep a friend out); :data:`CODE_TRIES` tries at
the code within :data:`CODE_SECONDS` and :data:`NAME_TRIES` at a name, :data:`JOIN_SECONDS` for both, and before that
:data:`LOGIN_SECONDS` to log in and :data:`IDLE_SECONDS` more to start the session; keys and terminal sizes are
limited by :class:`~loveletter.net.link.Link`. Only modern algorithms are offered (:data:`KEX_ALGS`...). Dead
connections are noticed by keepalives within about :data:`KEEPALIVE_SECONDS` × 3.

Once a guest has a seat, their link belongs to the seat (:mod:`loveletter.net.seating`): the server only moves
their keys and resizes to it, and tells the seating when the connection is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import importlib
import logging
import socket
import threading
from collections.abc import Callable
from typing import Any

import asyncssh
from asyncssh.encryption import get_encryption_algs
from asyncssh.kex import get_kex_algs
from asyncssh.mac import get_mac_algs
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.shortcuts import PromptSession

from loveletter.errors import UserError
from loveletter.i18n import named_language, speaking, t
from loveletter.net import code as join_code
from loveletter.net.limits import IN_SESSION, LOGGED_IN, REFUSALS_PER_SECOND, Gate, Limiter, address_of
from loveletter.net.lines import ask_line
from loveletter.net.link import Link
from loveletter.net.log import HostLog
from loveletter.net.seating import Refused, Seating
from loveletter.tui.lines import ascii_text, wanted
from loveletter.tui.prompts import ignored_reports

CODE_TRIES = 3
NAME_TRIES = 5
#: How long the join code may take, once asked (the connection waits in the pool of :mod:`~loveletter.net.limits`
#: until then); and the code and a name together.
CODE_SECONDS = 90.0
JOIN_SECONDS = 180.0
#: How long a connection that is let go to make room has to read why before it is cut.
EVICT_SECONDS = 1.0
#: How long a seat's client may take to answer before a guest who gives its name takes the seat over: a guest
#: whose network dropped comes back at once, not after the keepalives give up on the old connection.
PROBE_SECONDS = 3.0
#: How long the SSH handshake and login may take (asyncssh's ``login_timeout``: it ends with the login).
LOGIN_SECONDS = 30.0
#: How long a logged-in connection may go without starting a session (a shell, with a terminal or without) before
#: the server closes it, since meanwhile it holds one of its address's connection slots (:mod:`loveletter.net.limits`).
#: An ssh client asks for its session a round trip after logging in, so this is generous on the slowest link; as
#: long as the login may take, it lets a client that asks for none (``ssh -N``, a hoarder of slots) hold a slot a
#: minute at most. (A connection whose session ends is closed at once.)
IDLE_SECONDS = 30.0
KEEPALIVE_SECONDS = 10
#: How long stopping waits for guests to close their connections after the goodbye.
CLOSE_SECONDS = 2.0

#: The algorithms offered, strongest first: elliptic-curve (and post-quantum hybrid) key exchange only, no SHA-1
#: and no finite-field Diffie-Hellman; MACs of SHA-2 or UMAC-128 (unused with the AEAD ciphers, which come first).
#: Every OpenSSH of the last ten years and PuTTY share some of each. (Filtered by what the installed asyncssh has.)
KEX_ALGS = (
    "mlkem768x25519-sha256",
    "curve25519-sha256",
    "curve25519-sha256@libssh.org",
    "curve448-sha512",
    "ecdh-sha2-nistp521",
    "ecdh-sha2-nistp384",
    "ecdh-sha2-nistp256",
)
ENCRYPTION_ALGS = (
    "chacha20-poly1305@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-gcm@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
)
MAC_ALGS = (
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "umac-128-etm@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
    "umac-128@openssh.com",
)

_log = logging.getLogger("loveletter.net")


def algorithms() -> dict[str, list[str]]:
    """The ``kex_algs``, ``encryption_algs`` and ``mac_algs`` to offer: ours that the installed asyncssh knows."""

    def known(wanted: tuple[str, ...], have: list[bytes]) -> list[str]:
        names = {alg.decode("ascii") for alg in have}
        return [alg for alg in wanted if alg in names]

    return {
        "kex_algs": known(KEX_ALGS, get_kex_algs()),
        "encryption_algs": known(ENCRYPTION_ALGS, get_encryption_algs()),
        "mac_algs": known(MAC_ALGS, get_mac_algs()),
    }


class _Session(asyncssh.SSHServerSession[str]):
    """One guest's session: a terminal, the join conversation, then the game's screens."""

    def __init__(self, server: Server, connection: _Connection, peer: str) -> None:
        self._server = server
        self._connection = connection
        self._peer = peer
        self._channel: Any = None
        self.link: Link | None = None

    def connection_made(self, chan: Any) -> None:
        self._channel = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return True  # refused in words once the session starts: ``ssh … loveletter`` shows why

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self._connection.session_started()
        chan = self._channel
        term = chan.get_terminal_type()
        lang = named_language(chan.get_environment())
        if chan.get_command() is not None:
            with speaking(lang):
                chan.write(t("host.join.command", command=self._connection.join_command()) + "\r\n")
            chan.exit(1)
            return
        if not term:
            with speaking(lang):
                chan.write(t("host.join.no_terminal", command=self._connection.join_command()) + "\r\n")
            chan.exit(1)
            return
        columns, rows, _, _ = chan.get_terminal_size()
        self.link = Link(self._server.loop, chan, term=term, size=(columns, rows), peer=self._peer, lang=lang)
        self.link.screen_reader = wanted(False, chan.get_environment())  # plain lines for a screen reader (net.lines)
        self.link.probe = self._connection.responds
        self.link.hang_up = self._connection.abort
        self._server.welcome(self.link, self._connection)

    def data_received(self, data: str, datatype: Any) -> None:
        if self.link is not None:
            self.link.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.link is not None:
            self.link.resize(width, height)

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self.link is not None:
            self.link.lost()
        self._connection.close()  # one session per connection: with it, the connection ends


class _Connection(asyncssh.SSHServer):
    """One client connection: no authentication, one session, nothing forwarded."""

    def __init__(self, server: Server) -> None:
        self._server = server
        self._conn: Any = None
        self._sessions = 0
        self._session: _Session | None = None
        #: Closes the connection if no session starts in time (from the login until a session starts).
        self._idle: asyncio.TimerHandle | None = None
        self.address = ""
        #: Let in past the rates only to be told so, in the SSH disconnect's reason, once logged in.
        self.refused = False
        #: The username was the join code (``ssh CODE@HOST``): out of the pools, and not asked the code again.
        self.vouched = False
        self.username = ""
        #: Wrong codes given so far: a code-like username counts as one (:data:`CODE_TRIES` in all).
        self.wrong_codes = 0

    def connection_made(self, conn: Any) -> None:
        self._conn = conn
        _any_username(conn)
        self.address = address_of(conn.get_extra_info("peername"))
        if not self._server.admit(self):
            # Raised here, before asyncssh sends its greeting: the connection is closed at once, unanswered.
            raise ConnectionRefusedError("too many connections")

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_idle()
        self._server.forget(self)

    def begin_auth(self, username: str) -> bool:
        """No SSH authentication (``False``): any username logs in. A username that is the join code proves it
        before the session, so no flood of sessions at the code's question can keep this one out; one that only
        looks like a code is a wrong guess, counted as a wrong answer at the question."""
        self.username = username
        if join_code.matches(username, self._server.code):
            self.vouched = True
            self._server.gate.prove(self)
        elif join_code.code_like(username):
            self.wrong_codes += 1
        return False

    @property
    def proven(self) -> bool:
        """Whether the username is the join code as it is now (a seat freed since the login changes it)."""
        return self.vouched and join_code.matches(self.username, self._server.code)

    def join_command(self) -> str:
        """How to join, for this connection's client: with the code in it only if the client gave it."""
        return self._server.join_command(code=self.proven)

    def auth_completed(self) -> None:
        if self.refused and not self.vouched:  # one who gave the code costs nothing more: let in
            # In the host's language: no session, no environment says the guest's. ASCII only (OpenSSH escapes).
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, t("host.join.busy"))
            return
        self._server.gate.advance(self, LOGGED_IN)
        # asyncssh's login timeout stops here; from here on, this timer stands until a session starts.
        self._idle = self._server.loop.call_later(self._server.idle_seconds, self._idle_too_long)

    def session_started(self) -> None:
        """The session has started (its shell is running): the connection is in use, however long it lasts."""
        self._stop_idle()
        self._server.gate.advance(self, IN_SESSION)

    def _stop_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _idle_too_long(self) -> None:
        self._idle = None
        # The reason is all a client without a session (``ssh -N``) shows, in the host's language (no session: no
        # environment says the guest's).
        seconds = f"{self._server.idle_seconds:g}"
        reason = t("host.join.no_session", seconds=seconds, command=self.join_command())
        self._conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)

    def close(self) -> None:
        self._stop_idle()
        self._conn.close()

    def abort(self) -> None:
        self._stop_idle()
        self._conn.abort()

    async def responds(self, seconds: float) -> bool:
        """Whether the client answers a keepalive within ``seconds``: one whose network dropped does not."""
        try:
            async with asyncio.timeout(seconds):
                # asyncssh's own keepalive request (not public API): any answer, even a refusal, is an answer.
                await self._conn._make_global_request(b"keepalive@openssh.com")
        except TimeoutError:
            return False
        except Exception:  # the connection closed meanwhile
            return False
        return not self._conn.is_closed()

    def evict(self) -> None:
        """Let this connection (without the code yet) go to make room for a newcomer: a session is told why."""
        self._stop_idle()
        link = self._session.link if self._session is not None else None
        if link is None:
            self._conn.abort()
            return
        with speaking(link.lang):
            link.close(t("host.join.crowded"))
        self._server.loop.call_later(EVICT_SECONDS, self._conn.abort)

    def session_requested(self) -> Any:
        self._sessions += 1
        if self._sessions > 1:
            return False
        peer = self._conn.get_extra_info("peername")
        self._session = _Session(self._server, self, str(peer[0]) if peer else "")
        return self._session

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


def _any_username(conn: Any) -> None:
    """Let any username through: the join code is the secret, the username is never used, and ``ssh`` sends the
    local user's name when none is given. asyncssh refuses those its SASLprep rejects (an emoji), and never asks
    about an empty one (so refuses it), both before :meth:`_Connection.begin_auth` is asked; not used as a name
    anywhere (a guest's name is asked in the session). Relies on two private details of asyncssh's, kept here."""
    connection: Any = importlib.import_module("asyncssh.connection")
    if not getattr(connection.saslprep, "lenient", False):
        strict = connection.saslprep

        def lenient(text: str) -> str:
            try:
                return str(strict(text))
            except connection.SASLPrepError:
                return text

        lenient.lenient = True  # type: ignore[attr-defined]
        connection.saslprep = lenient
    conn._username = None  # never equal to the first username given, "" included: begin_auth is always asked


class Server:
    """The SSH server of one table. ``describe()`` is the line a guest sees first (the game: edition, players)."""

    def __init__(
        self,
        key: asyncssh.SSHKey,
        code: str,
        seating: Seating,
        *,
        describe: Callable[[], str],
        bind: str = "",
        port: int = 8022,
        address: str = "",
    ) -> None:
        self.key = key
        #: Every join code this table has had (a seat freed changes it): none of them is ever logged.
        self.codes: tuple[str, ...] = ()  # replaced, never changed in place: the SSH thread's log reads it
        self.code = code
        self.seating = seating
        self.describe = describe
        self.bind = bind
        self.requested_port = port
        self.port = port
        #: How guests reach this computer, for the messages that say how to join.
        self.address = address or "HOST"
        self.loop = asyncio.new_event_loop()
        self.loop.set_exception_handler(self._loop_error)
        #: Unexpected errors of the SSH loop (kept, never printed over the game).
        self.errors: list[str] = []
        self.closing = False
        self._thread = threading.Thread(target=self._serve, name="loveletter-ssh", daemon=True)
        self._acceptor: Any = None
        self._connections: set[_Connection] = set()
        self._joining: set[asyncio.Task[None]] = set()
        #: How many connections may come, and be open, from each address and from all.
        self.gate = Gate(len(seating.seats))
        #: Connections past the rates that are still greeted to be told why (:data:`REFUSALS_PER_SECOND`).
        self.refusals = Limiter(REFUSALS_PER_SECOND)
        #: Seconds a logged-in connection may go without starting a session (:data:`IDLE_SECONDS`; tests shorten it).
        self.idle_seconds = IDLE_SECONDS
        #: Where connections' troubles are written while the server runs (never the host's terminal).
        self.log = HostLog(codes=lambda: self.codes)

    @property
    def code(self) -> str:
        """The join code as it is now."""
        return self._current_code

    @code.setter
    def code(self, value: str) -> None:
        self._current_code = value
        if value not in self.codes:
            self.codes = (*self.codes, value)

    def join_command(self, *, code: bool = True) -> str:
        """How friends join: the code as the username (``ssh -p 8022 7KQ-M4T@HOST``) proves it before the
        session (``code=False``: ``play@`` instead, for those who have not given it)."""
        port = "" if self.port == 22 else f"-p {self.port} "
        user = join_code.shown(self.code) if code else "play"
        return f"ssh {port}{user}@{self.address}"

    # --------------------------------------------------------------------------------------- lifecycle

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        # A prompt_toolkit session of this thread's own: whatever runs here that asks prompt_toolkit for "the
        # application" finds none, never the one on the host's terminal (the process-wide default is shared).
        with create_app_session(input=DummyInput(), output=DummyOutput()):
            self.loop.run_forever()

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        problem = str(context.get("exception") or context.get("message"))
        self.errors.append(problem)
        _log.error("SSH loop: %s", problem)

    def start(self) -> None:
        """Listen (``UserError`` if the port cannot be had)."""
        # asyncssh reports every client's troubles through logging, and libraries warn: to the log file, never
        # printed over the game.
        self.log.open()
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._listen(), self.loop)
        try:
            self._acceptor = future.result()
        except OSError as exc:
            self.stop()
            raise UserError(self._listen_problem(exc)) from None
        sockets = self._acceptor.sockets
        if sockets:
            self.port = int(sockets[0].getsockname()[1])

    def _listen_problem(self, exc: OSError) -> str:
        """Why the server cannot listen, in one line of the player's language."""
        if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
            return t("host.error.bind", bind=self.bind)
        if exc.errno == errno.EADDRINUSE:
            return t("host.error.port_taken", port=self.requested_port)
        if exc.errno == errno.EACCES:
            return t("host.error.port_denied", port=self.requested_port)
        return t("host.error.port", port=self.requested_port, problem=exc.strerror or str(exc))

    async def _listen(self) -> Any:
        return await asyncssh.listen(
            self.bind,
            self.requested_port,
            server_factory=lambda: _Connection(self),
            server_host_keys=[self.key],
            server_version="loveletter",
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_pty=True,
            encoding="utf-8",
            errors="replace",
            login_timeout=LOGIN_SECONDS,
            keepalive_interval=KEEPALIVE_SECONDS,
            keepalive_count_max=3,
            reuse_address=True,
            **algorithms(),
        )

    def stop(self) -> None:
        """Close every connection and stop listening."""
        self.closing = True
        if not self._thread.is_alive():
            if not self.loop.is_closed():
                self.loop.close()
            self.log.close()
            return

        async def shut() -> None:
            if self._acceptor is not None:
                self._acceptor.close()
            # Guests told goodbye close their side; give them a moment, then close what is left.
            deadline = self.loop.time() + CLOSE_SECONDS
            while self._connections and self.loop.time() < deadline:
                await asyncio.sleep(0.02)
            for connection in list(self._connections):
                with contextlib.suppress(Exception):
                    connection.close()
            # Conversations still under way end here, not destroyed pending when the loop stops.
            for task in list(self._joining):
                task.cancel()
            await asyncio.gather(*self._joining, return_exceptions=True)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(shut(), self.loop).result(timeout=CLOSE_SECONDS + 3)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self.loop.close()
        self.log.close()

    # ------------------------------------------------------------------------------------- connections

    def admit(self, connection: _Connection) -> bool:
        """Whether a new connection may go on (SSH loop); room is made for it if too many wait for the code."""
        if self.closing:
            return False
        if not self.gate.admit(connection.address, connection):
            if not self.refusals.allow():
                return False
            # Let in only to be told why: it waits in the pool among the first to go, and makes no room.
            connection.refused = True
            self.gate.enter(connection.address, connection)
            self.gate.advance(connection, LOGGED_IN)
            self._connections.add(connection)
            return True
        self._connections.add(connection)
        self._make_room()
        return True

    def _make_room(self) -> None:
        """Let go of waiting connections while a pool is over its room (:meth:`Gate.victim`)."""
        while (victim := self.gate.victim()) is not None:
            assert isinstance(victim, _Connection)
            victim.evict()

    def forget(self, connection: _Connection) -> None:
        if connection in self._connections:  # a connection refused at once is lost too, never having counted
            self._connections.remove(connection)
            self.gate.leave(connection.address, connection)

    def welcome(self, link: Link, connection: _Connection) -> None:
        """Start the join conversation on ``link``, the session of ``connection`` (SSH loop), if it finds a place
        among those asked the code (else it is told to come back)."""
        self._make_room()
        if connection not in self.gate.waiting and not connection.vouched:
            return
        task = self.loop.create_task(self._join(link, connection))
        self._joining.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._joining.discard)

    async def _join(self, link: Link, connection: _Connection) -> None:
        with speaking(link.lang):  # this task only: the conversation is in the guest's language
            try:
                await asyncio.wait_for(self._conversation(link, connection), JOIN_SECONDS)
            except TimeoutError:
                link.close(t("host.join.too_slow"))
            except (EOFError, KeyboardInterrupt):
                link.close()
            except Refused as refusal:
                link.close(str(refusal))
            except Exception as exc:  # a bug: kept for the tests to see, and this guest let go
                self.errors.append(repr(exc))
                _log.exception("join conversation")
                link.close()

    async def _conversation(self, link: Link, connection: _Connection) -> None:
        silent: list[Link] = []
        if self.seating.full():
            silent = await self._silent_links()
            if not silent:
                raise Refused(t("host.join.full"))
        link.write((ascii_text(self.describe()) if link.screen_reader else self.describe()) + "\n")
        if not connection.proven:  # (a code changed since the login, a seat freed, is asked again)
            if connection.wrong_codes:
                link.write(t("host.join.wrong_username_code") + "\n")
            try:
                async with asyncio.timeout(CODE_SECONDS):  # in this task: the prompt's context stays its own
                    await self._code(link, connection.wrong_codes)
            except TimeoutError:
                raise Refused(t("host.join.too_slow_code", seconds=f"{CODE_SECONDS:g}")) from None
        self.gate.prove(connection)  # out of the pool: never let go to make room
        for attempt in range(1, NAME_TRIES + 1):
            name = await _ask(link, t("host.join.name"))
            try:
                old = await self._silent_link(name, silent)
                self.seating.claim(name, link, replace=old)
                if old is not None and old.hang_up is not None:
                    old.hang_up()  # the dropped connection goes now, not when the keepalives give up on it
                return
            except Refused as refusal:
                if refusal.final or attempt == NAME_TRIES:
                    raise
                link.write(str(refusal) + "\n")

    async def _silent_links(self) -> list[Link]:
        """The seats' links whose client does not answer (its network dropped): their guests may take them back."""
        links = [
            seat.link
            for seat in self.seating.seats
            if seat.connected and seat.link is not None and seat.link.probe is not None
        ]
        answers = await asyncio.gather(*(link.probe(PROBE_SECONDS) for link in links if link.probe is not None))
        return [link for link, answered in zip(links, answers, strict=True) if not answered]

    async def _silent_link(self, name: str, known: list[Link]) -> Link | None:
        """The link of the seat called ``name`` if its client does not answer (``known``: found silent already,
        not asked again): the guest is back from a drop."""
        seat = self.seating.seat_named(name)
        link = seat.link if seat is not None else None
        if link is None or link.closed or link.probe is None:
            return None
        if link in known:
            return link
        return None if await link.probe(PROBE_SECONDS) else link

    async def _code(self, link: Link, wrong: int = 0) -> None:
        """Ask the join code until it is given (:class:`Refused` after :data:`CODE_TRIES` wrong ones, ``wrong``
        of them already given: in the username)."""
        for attempt in range(wrong + 1, CODE_TRIES + 1):
            typed = await _ask(link, t("host.join.code"))
            if join_code.matches(typed, self.code):
                return
            if attempt == CODE_TRIES:
                raise Refused(t("host.join.wrong_code"))
            link.write(t("host.join.wrong_code") + "\n")


async def _ask(link: Link, message: str) -> str:
    """A line of text from the guest (the join conversation, on the SSH loop); ``EOFError`` when the guest leaves,
    by Ctrl-C too."""
    try:
        if link.screen_reader:  # a plain line, no prompt drawn (net.lines)
            return await ask_line(link, message)
        with link.interaction() as keys:
            session: PromptSession[str] = PromptSession(input=keys, output=link.output, key_bindings=ignored_reports())
            # On the SSH loop, which every connection shares: never prompt_toolkit's exception handler there (it
            # would reach for the host's own screen, tui.prompts._run says why); the server's handler logs errors.
            answer = await session.prompt_async(message, set_exception_handler=False)
    except KeyboardInterrupt:
        # A guest's Ctrl-C ends their question with KeyboardInterrupt. It must stop here: out of a task, asyncio
        # raises it out of the loop itself, and the SSH server, every guest's connection, would stop with it.
        raise EOFError from None
    return answer.strip()
