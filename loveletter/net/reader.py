"""A guest of ``host`` in screen-reader mode: their seat's game as plain lines on their own terminal.

A guest asks for it from their ssh client's environment, as they name their language: ``LOVELETTER_SCREEN_READER=1``
(``ssh -t -o SetEnv=LOVELETTER_SCREEN_READER=1 play@HOST -p PORT``). :class:`ReaderRemoteScreen` is a seat's
:class:`~loveletter.net.remote.RemoteScreen` that, while such a guest is connected, says lines instead of drawing
frames, as ``play --screen-reader`` does (:mod:`loveletter.tui.reader`): no alternate screen, nothing drawn again,
the round's events one line each as the seat may know them, the seat's table in labelled lines at its decisions,
the questions' numbered options once, answers typed as lines (echoed, since the guest's client sends keys as they
are typed). Only that seat's view is ever said, as on the normal screen. While a guest without the mode sits
there, or nobody, it is the usual remote screen.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, TypeVar, cast

from loveletter.coach.hint import Hint
from loveletter.engine import Action, View
from loveletter.i18n import t
from loveletter.net.link import Link
from loveletter.net.remote import RemoteScreen
from loveletter.tui.prompts import Choice, KeyPolicy, Nav
from loveletter.tui.reader import PlainLines, PlainScreen, TableLines, ascii_text
from loveletter.tui.screen import Body, Frames

T = TypeVar("T")


def reading(link: Link | None) -> bool:
    """Whether ``link``'s guest asked for screen-reader mode."""
    return link is not None and not link.closed and getattr(link, "reader", False)


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
    import asyncio

    with link.interaction() as keys:
        link.write(ascii_text(message).strip() + " ")
        return (await asyncio.to_thread(typed_line, keys, link.write)).strip()


class ReaderRemoteScreen(RemoteScreen, TableLines):
    """A remote seat's screen, in lines while its guest reads with a screen reader (see the module)."""

    _said = ""

    @property
    def reading(self) -> bool:
        return reading(self.link)

    # -------------------------------------------------------------------------------------- the terminal

    def follow(self, link: Link | None) -> None:
        if not reading(link) or link is self.link:
            super().follow(link)
            return
        assert link is not None
        self.link = link
        self.console = self.lines_on(cast(TextIO, link.stream), self._guest_line)
        self.screen = PlainScreen(cast(TextIO, link.stream))
        self.output = link.output
        self.forget_news()  # a guest come back hears the round from its start
        self._said = ""
        if self._table is not None and self.table.game is not None:
            self.tell_news(self.seat)

    def _guest_line(self) -> str:
        """A line typed by the guest during a question (the keys of :meth:`RemoteScreen.ask`), echoed back."""
        link = self.link
        if link is None:
            raise EOFError
        return typed_line(self.input, link.write)

    def redraw(self, shown: int | None = None) -> None:
        if not self.reading:
            super().redraw(shown)

    def leave(self, message: str) -> None:
        super().leave(ascii_text(message) if self.reading else message)

    # ------------------------------------------------------------------- frames: lines while reading

    def draw(self, body: Body, reserve: int) -> None:
        if not self.reading:
            Frames.draw(self, body, reserve)

    def work_out_hint(self, view: View) -> Hint:
        if not self.reading:
            return RemoteScreen.work_out_hint(self, view)
        return self.said_hint(view)

    def choose(
        self,
        body: Body,
        title: str,
        choices: Sequence[Choice[T]],
        *,
        hint: str = "",
        guard: KeyPolicy | None = None,
        **options: Any,
    ) -> T | Nav:
        if self.reading:
            return PlainLines.choose(self, body, title, choices, hint=hint, guard=guard, **options)
        return Frames.choose(self, body, title, choices, hint=hint, guard=guard, **options)

    def press(
        self,
        body: Body,
        message: str,
        hint: str = "",
        *,
        keys: Mapping[str, object] | None = None,
        guard: KeyPolicy | None = None,
    ) -> object:
        if self.reading:
            self._said = message
            return PlainLines.press(self, body, message, hint, keys=keys, guard=guard)
        return Frames.press(self, body, message, hint, keys=keys, guard=guard)

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        if not self.reading:
            Frames.pause(self, body, message, seconds, hint, skip=skip)

    def show(self, message: str, *, draw: bool = True, **options: Any) -> None:
        """While reading: the seat's new events, then ``message`` once (the same words are not said again after
        every move)."""
        if not self.reading:
            super().show(message, draw=draw, **options)
            return
        if self._table is not None:
            self.tell_news(self.seat)
        if draw and message != self._said:
            self._said = message
            self.say(message)

    def show_body(self, body: Callable[[], Any], message: str, hint: str = "") -> None:
        if not self.reading:
            super().show_body(body, message, hint)
        elif message != self._said:
            self._said = message
            self.say(message)

    # --------------------------------------------------------------------------------- the game's turns

    def decide_here(self) -> Action:
        if self.reading:
            self.tell_news(self.seat)
            self.tell_state(self.seat)
            self._said = ""
        return super().decide_here()

    def computer_moved_here(self, player: int, since: int) -> None:
        if self.reading:
            self.tell_news(self.seat)
            return
        super().computer_moved_here(player, since)

    def game_end_here(self) -> None:
        self._tell_result()
        super().game_end_here()

    def game_over_here(self, summary: Callable[[], str]) -> None:
        self._tell_result()
        super().game_over_here(summary)

    def _tell_result(self) -> None:
        if not self.reading:
            return
        table = self.table
        self.tell_news(self.seat)
        self.say(t("play.reader.game_won", players=", ".join(table.names[w] for w in table.game.winners)))
