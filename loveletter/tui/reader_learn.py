"""Screen-reader mode of ``loveletter learn``: the lesson as plain lines (see :mod:`loveletter.tui.reader`).

:class:`ReaderTutor` is the lesson runner (:class:`~loveletter.tui.tutor.Tutor`) over the reader's front end: the
lesson's words, its corrections and its instruction ("Do: Play the Priest on Bot.") are said as lines when the
lesson panel would show them, the table as play's reader mode says it (the round's events one line each, then
the labelled hand, tokens and deck), and the questions as numbered options typed back as lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, TypeVar, cast

from rich.console import Console
from rich.text import Text

from loveletter.bots import Bot
from loveletter.coach.lesson import PERSON, Lesson, Script, ScriptedBot
from loveletter.engine import Action
from loveletter.i18n import t
from loveletter.table.loop import GameLoop
from loveletter.tui.prompts import Choice, KeyPolicy, Nav
from loveletter.tui.reader import ReaderFrontend
from loveletter.tui.screen import GUARDED, Body, Guards, Screen
from loveletter.tui.tutor import Tutor, lesson_table

T = TypeVar("T")


class _LessonLines(ReaderFrontend):
    """The reader's front end built as the tutor builds its base (a console and a screen): the lines go to the
    console's file, the answers come from standard input."""

    def __init__(self, console: Console, screen: Screen, *, guards: Guards = GUARDED, **_: Any) -> None:
        super().__init__(screen, stream=cast(TextIO, console.file), guards=guards)


class ReaderTutor(Tutor, _LessonLines):
    """The lesson runner saying lines (see the module): the lesson panel's words are said once, before the next
    question or key to press."""

    #: The lesson's words not said yet (the panel last built).
    unsaid: tuple[str, ...] = ()
    #: Whether the lesson's title was said (once, at the start: after it, only a correction says it again).
    titled = False

    def panel(self, text: str, instruction: str = "", *, wrong: bool = False) -> Any:
        lines = [text]
        if wrong or not self.titled:
            title = t("learn.title_wrong" if wrong else "learn.title", lesson=t(f"{self.lesson.key}.title"))
            lines.insert(0, title + ".")
            self.titled = True
        if instruction:
            lines.append(t("learn.reader.do", what=instruction))
        self.unsaid = tuple(lines)
        return Text("\n".join(lines))

    def say_lesson(self) -> None:
        lines, self.unsaid = self.unsaid, ()
        for line in lines:
            self.say(line)

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
        self.say_lesson()
        return super().choose(body, title, choices, hint=hint, guard=guard, **options)

    def press(
        self,
        body: Body,
        message: str,
        hint: str = "",
        *,
        keys: Mapping[str, object] | None = None,
        guard: KeyPolicy | None = None,
    ) -> object:
        self.say_lesson()
        return super().press(body, message, hint, keys=keys, guard=guard)

    # The round's new events come before what the lesson says about them.

    def turn_done(self, seat: int, since: int) -> None:
        self.tell_news(seat)
        super().turn_done(seat, since)

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        self.tell_news(PERSON)
        super().computer_moved(seat, action, since)

    def round_over(self) -> bool:
        self.tell_news(PERSON)
        return super().round_over()

    def game_over(self) -> bool:
        self.tell_news(PERSON)
        return super().game_over()


def read_lesson(
    lesson: Lesson, screen: Screen, console: Console, *, read_line: Callable[[], str] | None = None
) -> bool:
    """Play ``lesson`` as lines on ``console``'s file, answers read with ``read_line`` (``None``: standard input);
    ``True`` if it was played to its end, as :func:`loveletter.tui.tutor.play_lesson`."""
    script = Script(lesson)
    bot = ScriptedBot(script)
    game, seats, deals = lesson_table(lesson)
    tutor = ReaderTutor(console, screen, script, bot, delay=0.0)
    if read_line is not None:
        tutor.lines_on(cast(TextIO, console.file), read_line)
    bots: dict[int, Bot] = {i: bot for i in range(lesson.players) if i != PERSON}
    GameLoop(game, seats, tutor, bots=bots, deals=deals, hints=False).run()
    return tutor.finished
