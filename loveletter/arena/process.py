"""A bot in its own process, which the referee starts, talks to, times and stops, whatever the bot does.

The process runs in its own process group (so that it and any process it forks are stopped together, and a Ctrl-C
at the terminal reaches the referee only), with a limit on its address space (``RLIMIT_AS``), its stderr appended
to a log file (never the terminal), and, on Linux, a kill signal sent to it if the process that started it dies.
Its stdout and stdin are pipes read and written without blocking: every wait has a deadline, and a bot that does
not answer in time, closes its output, writes a line that is too long, or writes when not asked is a
:class:`BotFailure`, after which the referee kills it (:meth:`BotProcess.kill`).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import math
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from loveletter.arena.protocol import BYE, HELLO, MAX_LINE, PROTOCOL, ProtocolError, read, shown


class BotFailure(Exception):
    """A bot that lost its game by how it behaved: ``reason`` is ``time`` (no answer within the time),
    ``exit`` (its process ended or closed its output), ``output`` (a line that is not a protocol message),
    ``turn`` (it wrote when not asked), or ``start`` (it did not start, or did not greet as the protocol says);
    ``detail`` says more, in the bot's or the system's words; ``problem`` is the code a bot that cannot play
    gave with its error, if any (the runner's: ``load``, ``no_class``, ``not_a_bot``)."""

    def __init__(self, reason: str, detail: str = "", problem: str = "") -> None:
        self.reason, self.detail, self.problem = reason, detail, problem
        super().__init__(f"{reason}: {detail}" if detail else reason)


_dumps = json.JSONEncoder().encode


def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


#: Linux's prctl, found once in the parent: the child only calls it between fork and exec.
_PRCTL = _prctl()
_PR_SET_PDEATHSIG = 1


def _limits(memory: int) -> Callable[[], None]:
    """What the child does before it runs the bot: limit its address space to ``memory`` bytes (0: no limit), and
    ask to be killed if its parent dies. Nothing here imports or allocates much: it runs between fork and exec."""
    # POSIX only, as the fork and exec it serves.
    import resource  # noqa: PLC0415

    def apply() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if _PRCTL is not None:
            _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL)

    return apply


class BotProcess:
    """One running bot: ``argv`` started in ``cwd`` with ``env``, its stderr appended to ``log``, its address
    space limited to ``memory`` bytes (0: unlimited). :meth:`start` greets it; then :meth:`send` and
    :meth:`receive` with deadlines (``time.monotonic()`` values)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        log: str,
        memory: int = 0,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv, self.log, self.memory, self.cwd, self.env = list(argv), log, memory, cwd, env
        self.process: subprocess.Popen[bytes] | None = None
        self.name = ""
        #: Questions asked so far: each decision's ``id``, never the same twice in the process's life.
        self.asked = 0
        self._buffer = bytearray()
        self._poll = select.poll()

    # ------------------------------------------------------------------------------------------ life

    def start(self, seconds: float) -> str:
        """Start the bot and greet it within ``seconds``; its name as it gives it. Raises :class:`BotFailure`
        (``start``), the process killed."""
        try:
            os.makedirs(os.path.dirname(self.log) or ".", exist_ok=True)
            log = os.open(self.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        except OSError as exc:
            raise BotFailure("start", f"cannot write its log {self.log}: {exc.strerror}") from None
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                cwd=self.cwd,
                env=self.env,
                process_group=0,
                # Safe here: the function only calls setrlimit and prctl, found before the fork (no import, no lock).
                preexec_fn=_limits(self.memory),  # noqa: PLW1509
                close_fds=True,
            )
        except OSError as exc:
            raise BotFailure("start", exc.strerror or type(exc).__name__) from None
        finally:
            os.close(log)
        assert self.process.stdin is not None and self.process.stdout is not None
        os.set_blocking(self.process.stdin.fileno(), False)
        os.set_blocking(self.process.stdout.fileno(), False)
        self._poll.register(self.process.stdout.fileno(), select.POLLIN)
        deadline = time.monotonic() + seconds
        try:
            self.send(HELLO, deadline)
            hello, _ = self.message(deadline)
        except BotFailure as failure:
            self.kill()
            raise BotFailure(
                "start", f"{failure.reason}: {failure.detail}" if failure.detail else failure.reason
            ) from None
        if hello.get("type") == "error":
            self.kill()
            raise BotFailure("start", shown(str(hello.get("message", "")), 160), str(hello.get("problem", "")))
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
            self.kill()
            said = {k: hello.get(k) for k in ("type", "protocol")}  # what it said instead, in its own terms
            raise BotFailure("start", shown(_dumps(said)))
        name = hello.get("name")
        self.name = shown(name, 40) if isinstance(name, str) else ""
        return self.name

    def message(self, deadline: float) -> tuple[dict[str, Any], bytes]:
        """The next message and its line: a line that is not a message is a :class:`BotFailure` (``output``)."""
        line = self.receive(deadline)
        try:
            return read(line), line
        except ProtocolError as exc:
            raise BotFailure("output", exc.line) from None

    def close(self, grace: float = 1.0) -> None:
        """Say goodbye and give the bot ``grace`` seconds to exit; then stop it, and anything it started."""
        process = self.process
        if process is None:
            return
        try:
            self.send(BYE, time.monotonic() + grace)
            assert process.stdin is not None
            process.stdin.close()
            process.wait(grace)
        except (BotFailure, OSError, subprocess.TimeoutExpired):
            pass
        self.kill()

    def kill(self) -> None:
        """Stop the bot's whole process group at once, and collect it."""
        process = self.process
        if process is None:
            return
        self.process = None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        for pipe in (process.stdin, process.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        process.wait()

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    # ------------------------------------------------------------------------------------------ talk

    def send(self, data: bytes, deadline: float) -> None:
        """Write ``data`` to the bot's stdin by ``deadline`` (a bot that does not read fills the pipe)."""
        process = self._running()
        assert process.stdin is not None
        fd = process.stdin.fileno()
        view = memoryview(data)
        while view:
            try:
                written = os.write(fd, view)
            except BlockingIOError:
                written = 0
            except (BrokenPipeError, ConnectionResetError):
                raise BotFailure("exit", self._ended()) from None
            view = view[written:]
            if view:
                out = select.poll()
                out.register(fd, select.POLLOUT)
                if not out.poll(self._ms(deadline)) and time.monotonic() >= deadline:
                    raise BotFailure("time", "")

    def receive(self, deadline: float) -> bytes:
        """The next line the bot writes (without its newline), by ``deadline``."""
        process = self._running()
        assert process.stdout is not None
        fd = process.stdout.fileno()
        buffer = self._buffer
        while True:
            end = buffer.find(b"\n")
            if end >= 0:
                line = bytes(buffer[:end])
                del buffer[: end + 1]
                return line
            if len(buffer) > MAX_LINE:
                raise BotFailure("output", f"> {MAX_LINE} B: {shown(bytes(buffer[:60]))}")
            if time.monotonic() >= deadline:
                raise BotFailure("time", "")
            # A tenth of a second at most: a bot whose process ended while a child it forked holds the pipe open
            # has exited all the same.
            if not self._poll.poll(min(self._ms(deadline), 100)):
                if process.poll() is not None:
                    raise BotFailure("exit", self._ended())
                continue
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise BotFailure("exit", self._ended())
            buffer += chunk

    def quiet(self) -> None:
        """Check that the bot said nothing since its last answer, and still runs. Raises :class:`BotFailure`
        (``turn``: it wrote unasked; ``exit``)."""
        process = self._running()
        if self._buffer:
            raise BotFailure("turn", shown(bytes(self._buffer)))
        if self._poll.poll(0):
            assert process.stdout is not None
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                chunk = b"?"
            if not chunk:
                raise BotFailure("exit", self._ended())
            raise BotFailure("turn", shown(chunk))
        if process.poll() is not None:
            raise BotFailure("exit", self._ended())

    # ------------------------------------------------------------------------------------------ helpers

    def _running(self) -> subprocess.Popen[bytes]:
        if self.process is None:
            raise BotFailure("exit", "")
        return self.process

    def _ended(self) -> str:
        """How the bot's process ended, in the system's terms (``status 3``, ``SIGSEGV``; empty if it only closed
        its output), waited for a moment: it may be closing its output as it exits."""
        process = self._running()
        try:
            code = process.wait(0.5)
        except subprocess.TimeoutExpired:
            return ""
        if code < 0:
            try:
                return signal.Signals(-code).name
            except ValueError:
                return f"signal {-code}"
        return f"status {code}"

    @staticmethod
    def _ms(deadline: float) -> int:
        return max(0, math.ceil((deadline - time.monotonic()) * 1000))
