"""A computer player that takes a while to decide: the table says so, so that nobody takes it for a hung program.

:class:`Thinking` is started as a computer player begins a decision. If the decision is still being made after
:data:`THINKING_AFTER` seconds (a fast player never shows it: nothing flickers), the clock's thread calls ``tell``
once, which draws the note. That is the one drawing done off the loop's thread, and it never overlaps another:
the loop's thread is inside the bot's ``choose`` meanwhile (drawing nothing, and the game, which the note only
reads, does not change), and before it goes on it calls :meth:`Thinking.done`, which stops a note that has not
begun from ever being told, and waits for one that is being told to finish (one lock). A failure while telling is
raised by :meth:`~Thinking.done`, on the loop's thread. A clock rather than a bot that calls back as it waits: a
built-in level searches on the loop's thread, and a user's bot waits on its pipe; both are said to think alike.

One clock thread serves every decision of the process (:class:`_Clock`): a thread started for each decision made
a game of quick players three times as long (40 piped games of four ``easy`` players: 1.12 s of processor time
against 0.37 s).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

#: How long a computer player's decision may take before the table says it is thinking, in seconds.
THINKING_AFTER = 0.5


class Thinking:
    """Calls ``tell`` once, from the clock's thread, if :meth:`done` is not called within ``after`` seconds of
    :meth:`start`."""

    def __init__(self, tell: Callable[[], None], after: float = THINKING_AFTER) -> None:
        self._tell = tell
        self._after = after
        self._lock = threading.Lock()
        self._over = False
        self._told = False
        self._error: Exception | None = None
        #: When it is told (the clock's time), once started.
        self.due = float("inf")

    def start(self) -> Thinking:
        self.due = time.monotonic() + self._after
        _clock.watch(self)
        return self

    def fire(self) -> None:
        """Tell, unless the decision is made already (the clock's thread calls this)."""
        with self._lock:
            if self._over or self._told:
                return
            self._told = True
            try:
                self._tell()
            except Exception as exc:  # raised on the loop's thread by done(), not printed over the screen here
                self._error = exc

    def done(self) -> bool:
        """The decision is made: nothing is told from now on, and what was being told is finished. Whether it was
        told."""
        self._over = True  # before the lock: a note not begun yet will not be told
        _clock.forget(self)
        with self._lock:
            pass
        if self._error is not None:
            raise self._error
        return self._told


class _Clock:
    """The thread that fires the :class:`Thinking` that come due. It sleeps until the earliest is due, or until
    one is watched while nothing is (or one due sooner): a quick decision, started and done while it sleeps, costs
    two turns of a lock and never wakes it."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Nothing watched and no thread yet (also in a child process, which has none of its parent's threads)."""
        self._changed = threading.Condition()
        self._watched: set[Thinking] = set()
        self._wakes = float("inf")  # when the thread wakes by itself (never: it waits to be told)
        self._thread: threading.Thread | None = None

    def watch(self, thinking: Thinking) -> None:
        with self._changed:
            self._watched.add(thinking)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="loveletter-thinking", daemon=True)
                self._thread.start()
            elif thinking.due < self._wakes:
                self._changed.notify()

    def forget(self, thinking: Thinking) -> None:
        with self._changed:
            self._watched.discard(thinking)

    def _run(self) -> None:
        while True:
            with self._changed:
                now = time.monotonic()
                due = [thinking for thinking in self._watched if thinking.due <= now]
                if not due:
                    self._wakes = min((thinking.due for thinking in self._watched), default=float("inf"))
                    self._changed.wait(None if self._wakes == float("inf") else self._wakes - now)
                    self._wakes = 0.0  # awake: a new one is looked at before the next wait
                    continue
                self._watched.difference_update(due)
            for thinking in due:  # outside the clock's lock: a note being drawn holds up no decision's start
                thinking.fire()


_clock = _Clock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_clock.reset)
