"""Screen-reader mode (``--screen-reader``, ``LOVELETTER_SCREEN_READER=1``): the line surface, which says every
screen as plain lines, in reading order, that a screen reader reads once each.

No alternate screen, nothing drawn again in place, no colour, ASCII only: a mode gives :class:`Lines` what to say
as lines (each new event of the round when it happens, the state of the table as labelled lines, "Your hand:
Guard, Priest."), and a question lists its numbered options once, then reads a line of input (a number; Enter
alone takes the first). Hot-seat privacy holds as in the normal mode: a hand-off still clears the screen and the
scrollback (:meth:`Lines.clear`), before and after a person's turn.

The modes are the same as on frames (:mod:`loveletter.tui.surface`): their questions, their options and the
order of their screens. A remote guest's seat says its lines with its own ``read_line`` and ``stream``.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, TypeVar

from rich.console import Console

from loveletter.i18n import t
from loveletter.tui.prompts import Choice, KeyPolicy, Nav, option_keys
from loveletter.tui.screen import WIPE, Screen
from loveletter.tui.surface import GUARDED, Body, Guards, Surface

T = TypeVar("T")

#: The environment variable that turns the mode on, as ``--screen-reader`` does.
ENV = "LOVELETTER_SCREEN_READER"

#: Marks and signs said as words or plain signs (see :func:`ascii_text`).
_SWAPS = {
    "–": "-",
    "—": "-",
    "·": "-",
    "…": "...",
    "›": ">",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "\u00a0": " ",
    "−": "-",
    "≈": "~",
    "▸": ">",
    "→": "->",
    "←": "<-",
}


def wanted(flag: bool, environ: Mapping[str, str]) -> bool:
    """Whether screen-reader mode is asked for: the option, or the environment variable set to 1 (or yes)."""
    return flag or environ.get(ENV, "").strip().lower() in ("1", "yes", "true", "on")


def ascii_text(text: str) -> str:
    """``text`` in ASCII: accents dropped (``Sí`` -> ``Si``), dashes and marks as words or plain signs."""
    text = "".join(_SWAPS.get(c, c) for c in text.replace(" (●)", ""))
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if ord(c) < 128)


class LineScreen(Screen):
    """The terminal as screen-reader mode uses it: the normal screen, the echo on (answers are typed lines),
    nothing cleared but between two people's secrets (:meth:`Lines.clear`)."""

    def __enter__(self) -> LineScreen:
        self.active = True
        return self

    def wipe(self) -> None:
        """Nothing: the lines stay to be read again; only a hand-off clears them."""

    def close(self) -> None:
        self.active = False


class Lines(Surface):
    """The line surface: lines said on ``stream`` (``None``: standard output), answers read with ``read_line``
    (``None``: standard input). Nothing is drawn: a question's numbered options are said once and answered by a
    typed line, a key to press is answered by Enter, a pause is no pause (the move was said in a line of its own),
    and a :attr:`note` is said once, before the next question."""

    draws = False

    def __init__(
        self,
        screen: Screen,
        *,
        stream: TextIO | None = None,
        read_line: Callable[[], str] | None = None,
        guards: Guards = GUARDED,
    ) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.read_line = read_line if read_line is not None else _stdin_line
        # The console of pages drawn for a frame (a lesson's panel): plain, and as wide as any line.
        console = Console(file=self.stream, color_system=None, highlight=False, emoji=False, width=10_000)
        super().__init__(console, screen, guards=guards)
        #: The last message shown (:meth:`show`): not said again while nothing else is shown.
        self.shown = ""
        #: The lines saying a question's keys besides its options (h, l, ?) that were said to the person listening.
        self.keys_said: set[str] = set()

    # ------------------------------------------------------------------------------------------- lines

    def say(self, *lines: str) -> None:
        for line in lines:
            for part in line.split("\n"):
                self.stream.write(ascii_text(part) + "\n")
        self.stream.flush()

    def answer(self, prompt: str) -> str:
        """``prompt`` at the end of a line, then the line typed (stripped); Ctrl-D ends the program as Ctrl-C."""
        self.say_note()
        self.stream.write(ascii_text(prompt) + " ")
        self.stream.flush()
        try:
            return self.read_line().strip()
        except EOFError:
            raise KeyboardInterrupt from None

    def say_note(self) -> None:
        """The :attr:`note`'s lines, if they were not said yet."""
        unsaid, self.unsaid = self.unsaid, ()
        if unsaid:
            self.say(*unsaid)

    def written(self, text: str) -> str:
        return ascii_text(text)

    def clear(self) -> None:
        self.screen.write(WIPE)
        self.keys_said.clear()  # the laptop is handed on: the next person has not heard them

    # ------------------------------------------------------------------------------ the verbs, as lines

    def draw(self, body: Body, reserve: int) -> None:
        """Nothing is drawn: the lines were said as they came."""

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
        self.say_note()
        keys = option_keys(choices)
        usable = {k: c for k, c in zip(keys, choices, strict=True) if k and c.enabled}
        self.say(title)
        for key, choice in zip(keys, choices, strict=True):
            note = f" ({choice.note})" if choice.note else ""
            if choice.enabled and key:
                self.say(f"{key}: {choice.label}{note}")
            else:
                self.say(t("play.reader.not_open", option=choice.label + note))
        back = bool(options.get("allow_back", False))
        default = int(options.get("default", 0))
        # Of a frame's extra keys: the coach's hint and the whole log; and ? for the cards. Each is said as lines by
        # the mode (its hint, its log, its reference).
        said = {Nav.HINT: "play.reader.hint_key", Nav.LOG: "play.reader.log_key", Nav.HELP: "play.reader.help_key"}
        extra: dict[str, Nav] = {
            key: value for key, value in (options.get("extra") or {}).items() if value in (Nav.HINT, Nav.LOG)
        }
        if options.get("allow_help", False):
            extra["?"] = Nav.HELP
        key_lines = [t(said[value], key=key) for key, value in extra.items()]
        # Said once, not at every question (a screen reader would read them over and over): again after a hand-off
        # (another person listens), and when ? is typed.
        self.say(*(line for line in key_lines if line not in self.keys_said))
        self.keys_said.update(key_lines)
        while True:
            typed = self.answer(t("play.reader.choice_back" if back else "play.reader.choice"))
            if typed == "?" and "?" in extra:
                self.keys_said.clear()  # said again at the next question, after the cards
            elif typed == "?" and key_lines:
                self.say(*key_lines)
                continue
            if not typed:  # Enter alone: the option the normal mode starts on, else the first open one
                picked = choices[default] if 0 <= default < len(choices) else None
                if picked is not None and picked.enabled:
                    return picked.value
                return next(c for c in choices if c.enabled).value
            elif back and typed.lower() in ("b", "back", t("play.reader.back_key")):
                return Nav.BACK
            elif typed in usable:
                return usable[typed].value
            elif typed.lower() in extra:
                return extra[typed.lower()]
            self.say(t("play.reader.not_an_option", typed=typed, keys=", ".join([*usable, *extra])))

    def press(
        self,
        body: Body,
        message: str,
        hint: str = "",
        *,
        keys: Mapping[str, object] | None = None,
        guard: KeyPolicy | None = None,
        spoken: str | None = None,
    ) -> object:
        """Enter goes on (``True``); of ``keys``, a letter that stops (``False``) is said and taken."""
        words = spoken if spoken is not None else message
        self.shown = words
        choices = {k: v for k, v in (keys or {}).items() if len(k) == 1 and k.isalpha() and v is False}
        while True:
            typed = self.answer(words + (" " + t("play.reader.stop", key=next(iter(choices))) if choices else ""))
            if not typed:
                return True
            if typed.lower() in choices:
                return choices[typed.lower()]
            self.say(t("play.reader.press_enter"))

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        """No pause: the move was said in a line of its own."""

    def show(self, body: Body, message: str, hint: str = "", *, spoken: bool = True) -> None:
        if spoken and message != self.shown:
            self.shown = message
            self.say(message)

    def forget_shown(self) -> None:
        self.shown = ""

    def ask_text(
        self, message: str, *, default: str, check: Callable[[str], str | None], guard: KeyPolicy | None = None
    ) -> str:
        while True:
            typed = self.answer(message) or default
            problem = check(typed)
            if problem is None:
                return typed
            self.say(problem)


def _stdin_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line
