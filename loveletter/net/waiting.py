"""Waiting at the host's terminal for something that happens elsewhere (a guest's decision, a guest coming back,
friends joining).

:func:`wait_any` blocks the game loop until one of some futures is done. On a terminal it shows a line at the
bottom and runs a small prompt_toolkit application meanwhile, so the host's keys are not echoed over the table
and Ctrl-C stops the game as it does at any question (``KeyboardInterrupt``); without a terminal it just waits.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
from collections.abc import Collection, Mapping
from functools import partial
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output

from loveletter.tui.interrupts import raise_kept
from loveletter.tui.prompts import HINT, TITLE, block, ignored_reports, interrupt_keys, wrap

Futures = Collection[concurrent.futures.Future[Any]]

#: The key that frees a seat whenever the host's terminal waits (:meth:`loveletter.net.host.Host.free_seat`).
FREE_KEYS = {"f": "free"}


def wait_any(
    futures: Futures,
    message: str = "",
    hint: str = "",
    *,
    terminal: bool = False,
    input: Input | None = None,
    output: Output | None = None,
    keys: Mapping[str, str] | None = None,
) -> str | None:
    """Return when one of ``futures`` is done (at once if one already is). ``terminal``: show ``message`` and
    ``hint`` below what the screen shows meanwhile (``input``/``output``: as for the prompts); ``keys``: keys
    that end the wait early, each answering its value (``None``: a future is done)."""
    if not futures or any(f.done() for f in futures):
        return None
    if not terminal:
        concurrent.futures.wait(futures, return_when=concurrent.futures.FIRST_COMPLETED)
        return None

    bindings = KeyBindings()

    @bindings.add(Keys.Any)
    def _ignore(event: KeyPressEvent) -> None:
        """Keys do nothing here (and never reach the next question: that one reads only what is typed then)."""

    for key, value in (keys or {}).items():
        bindings.add(key)(partial(_answer, value=value))

    def text() -> StyleAndTextTuples:
        width = app.output.get_size().columns
        return block(wrap(message, width, TITLE) + wrap(hint, width, HINT))

    control = FormattedTextControl(text, focusable=True, show_cursor=False)
    app: Application[str | None] = Application(
        layout=Layout(HSplit([Window(control, wrap_lines=False, always_hide_cursor=True, dont_extend_height=True)])),
        key_bindings=merge_key_bindings([bindings, interrupt_keys(), ignored_reports()]),
        full_screen=False,
        erase_when_done=True,
        mouse_support=False,
        input=input,
        output=output,
    )

    def start() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def wake(_: object) -> None:
            with contextlib.suppress(RuntimeError):  # the loop may be gone already: nothing to wake
                loop.call_soon_threadsafe(done.set)

        for future in futures:
            future.add_done_callback(wake)

        async def finish() -> None:
            await done.wait()
            if not app.is_done:
                app.exit()

        app.create_background_task(finish())

    raise_kept()
    return app.run(pre_run=start, set_exception_handler=False)  # as every prompt (tui.prompts._run)


def _answer(event: KeyPressEvent, *, value: str) -> None:
    if not event.app.is_done:
        event.app.exit(result=value)
