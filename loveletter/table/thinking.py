"""A computer player that takes a while to decide: the table says so, so that nobody takes it for a hung program.

:class:`Thinking` is started as a computer player begins a decision. If the decision is still being made after
:data:`THINKING_AFTER` seconds (a fast player never shows it: nothing flickers), its timer thread calls ``tell``
once, which draws the note. That is the one drawing done off the loop's thread, and it never overlaps another:
the loop's thread is inside the bot's ``choose`` meanwhile (drawing nothing, and the game, which the note only
reads, does not change), and before it goes on it calls :meth:`Thinking.done`, which stops a timer that has not
begun to tell from ever telling, and waits for one that is telling to finish (one lock). A failure while telling is
raised by :meth:`~Thinking.done`, on the loop's thread. A timer rather than a bot that calls back as it waits: a
built-in level searches on the loop's thread, and a user's bot waits on its pipe; both are said to think alike.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

#: How long a computer player's decision may take before the table says it is thinking, in seconds.
THINKING_AFTER = 0.5


class Thinking:
    """Calls ``tell`` once, from a timer thread, if :meth:`done` is not called within ``after`` seconds of
    :meth:`start`."""

    def __init__(self, tell: Callable[[], None], after: float = THINKING_AFTER) -> None:
        self._tell = tell
        self._lock = threading.Lock()
        self._over = False
        self._told = False
        self._error: Exception | None = None
        self._timer = threading.Timer(after, self.fire)
        self._timer.daemon = True

    def start(self) -> Thinking:
        self._timer.start()
        return self

    def fire(self) -> None:
        """Tell, unless the decision is made already (the timer's thread calls this)."""
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
        self._over = True  # before the lock: a timer that has not taken it yet will not tell
        self._timer.cancel()
        with self._lock:
            pass
        if self._error is not None:
            raise self._error
        return self._told
