"""A guest of ``host`` in screen-reader mode: their seat's game as plain lines on their own terminal.

A guest asks for it from their ssh client's environment, as they name their language: ``LOVELETTER_SCREEN_READER=1``
(``ssh -t -o SetEnv=LOVELETTER_SCREEN_READER=1 play@HOST -p PORT``). Their seat's front end
(:class:`~loveletter.net.remote.RemoteFrontend`) then holds a line surface (:class:`~loveletter.tui.lines.Lines`)
while they are connected, as ``play --screen-reader`` does: no alternate screen, nothing drawn again, the round's
events one line each as the seat may know them, the seat's table in labelled lines at its decisions, the
questions' numbered options once, answers typed as lines, echoed (:func:`typed_line`: the guest's client sends
keys as they are typed). Only that seat's view is ever said, as on the normal screen.
"""

from __future__ import annotations

import asyncio
import codecs
import os
from collections.abc import Callable

from loveletter.net.link import Link
from loveletter.tui.lines import ascii_text


def screen_reader(link: Link | None) -> bool:
    """Whether ``link``'s guest asked for screen-reader mode."""
    return link is not None and not link.closed and link.screen_reader


def typed_line(keys: object, echo: Callable[[str], object]) -> str:
    """A line typed into ``keys`` (a question's pipe of the guest's keys, :meth:`Link.interaction`), each key
    echoed with ``echo`` (the guest's client sends keys as typed and shows nothing itself); Backspace takes back
    the last character, arrow keys mean nothing; ``EOFError`` once the question is closed, ``KeyboardInterrupt``
    on Ctrl-C."""
    fd = getattr(getattr(keys, "pipe", None), "read_fd", None)
    if not isinstance(fd, int):
        raise EOFError
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    typed: list[str] = []
    escape = False
    while True:
        try:
            data = os.read(fd, 1024)
        except OSError:
            raise EOFError from None
        if not data:
            raise EOFError
        for char in decoder.decode(data):
            if escape:  # the rest of an arrow key's sequence
                escape = not (char.isalpha() or char == "~")
            elif char == "\x1b":
                escape = True
            elif char in "\r\n":
                echo("\r\n")
                return "".join(typed)
            elif char == "\x03":
                raise KeyboardInterrupt
            elif char == "\x04" and not typed:
                raise EOFError
            elif char in "\x7f\x08":
                if typed:
                    typed.pop()
                    echo("\b \b")
            elif char.isprintable():
                typed.append(char)
                echo(char)


async def ask_line(link: Link, message: str) -> str:
    """The join conversation's question for a screen-reader guest: ``message`` in ASCII, then a typed line (read
    on a thread, so that the SSH loop goes on)."""
    with link.interaction() as keys:
        link.write(ascii_text(message).strip() + " ")
        return (await asyncio.to_thread(typed_line, keys, link.write)).strip()
