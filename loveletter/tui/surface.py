"""Where a mode of the terminal shows its screens and asks its questions: a :class:`Surface`, of frames or of lines.

Every mode (a game at the table, a lesson, the solitaire, a review, a guest's seat) holds one surface and speaks
to it in a few verbs: :meth:`~Surface.draw` a screen's body, :meth:`~Surface.choose` among options,
:meth:`~Surface.press` a key, :meth:`~Surface.pause` after a move, :meth:`~Surface.say` lines. A mode gives each
screen both ways, as data: a *body* for frames (a rich renderable, or a function that makes one for the lines
it may take) and *lines* to say (labelled, each whole). :class:`Frames` draws bodies and says nothing; the line
surface of screen-reader mode (:class:`~loveletter.tui.lines.Lines`) says lines and draws nothing. A mode never
asks which surface it holds, but where a surface turns pages (:attr:`Surface.draws`): a long text is paged
through on a frame, said whole as lines.

:class:`Frames` draws each screen as a *frame*: it wipes, draws the body in the lines above the prompt and puts
the cursor where the prompt goes, and draws it again, fitted anew, whenever the terminal's size changes while
its prompt waits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.control import Control
from rich.segment import Segment
from rich.text import Text

from loveletter.records.names import disputed_widths
from loveletter.tui import prompts
from loveletter.tui.prompts import HANDOFF, SCREEN, TYPE_AHEAD, Choice, KeyPolicy, Nav
from loveletter.tui.screen import Screen
from loveletter.tui.style import DIM

T = TypeVar("T")

#: What a frame draws above its prompt: a renderable, or a function that makes one for the lines it may take.
Body = RenderableType | Callable[[int], RenderableType]


@dataclass(frozen=True, slots=True)
class Guards:
    """Which keys the prompts of a surface take (:class:`~loveletter.tui.prompts.KeyPolicy`): a new screen's (a
    decision's first question, a result to acknowledge), and a hand-off's. A question that follows another of
    the same decision always takes keys typed ahead."""

    screen: KeyPolicy = SCREEN
    handoff: KeyPolicy = HANDOFF


#: The usual guards: every new screen's and every hand-off's.
GUARDED = Guards()
#: For tests that send every key in advance: nothing is dropped and nothing is waited for.
TYPED_AHEAD = Guards(TYPE_AHEAD, TYPE_AHEAD)


@dataclass(frozen=True, slots=True)
class Note:
    """Words a mode keeps above its screens for a while (a lesson's panel): ``frame`` drawn above each body that is
    fitted to its lines; ``lines`` said once, before the next question."""

    frame: RenderableType
    lines: tuple[str, ...] = ()


class Surface:
    """What every surface has: the ``console`` it draws with, its ``screen``, the prompts' ``input`` and ``output``
    (tests give prompt_toolkit's pipe input; a remote guest's seat its link's), and the ``guards`` of its
    prompts. The verbs are :class:`Frames`' and :class:`~loveletter.tui.lines.Lines`'."""

    #: Whether the surface draws screens (frames); otherwise it says lines.
    draws: bool

    def __init__(
        self,
        console: Console,
        screen: Screen,
        *,
        input: Input | None = None,
        output: Output | None = None,
        guards: Guards = GUARDED,
    ) -> None:
        self.console = console
        self.screen = screen
        self.input = input
        self.output = output
        self.guards = guards
        self._note: Note | None = None
        #: The :attr:`note`'s lines not said yet.
        self.unsaid: tuple[str, ...] = ()

    def rows(self) -> int:
        return self.console.size.height

    def width(self) -> int:
        return self.console.size.width

    def room(self, message: str, hint: str = "") -> int:
        """The lines a press or pause question takes at this width (its words wrap), to keep free below."""
        return prompts.press_height(message, self.width(), hint)

    @property
    def note(self) -> Note | None:
        """What stays above the screens until it is taken away (``None``)."""
        return self._note

    @note.setter
    def note(self, note: Note | None) -> None:
        self._note = note
        self.unsaid = note.lines if note is not None else ()

    # ------------------------------------------------------------------------------------------ the verbs

    def draw(self, body: Body, reserve: int) -> None:
        """Show ``body`` in the lines above ``reserve`` lines kept for a prompt."""
        raise NotImplementedError

    def say(self, *lines: str) -> None:
        """Say ``lines``, each whole."""
        raise NotImplementedError

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
        """Ask ``title`` among ``choices`` over ``body`` (:func:`~loveletter.tui.prompts.choose`: ``options`` go
        there); ``guard`` defaults to a new screen's."""
        raise NotImplementedError

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
        """Show ``body`` above ``message`` until Enter (``True``) or one of ``keys`` (its value). ``spoken``: the
        words lines say instead of ``message`` (a frame's words that point at the screen)."""
        raise NotImplementedError

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        """Show ``body`` above ``message`` for ``seconds``; no key goes on, unless ``skip``: then any key ends the
        pause."""
        raise NotImplementedError

    def show(self, body: Body, message: str, hint: str = "", *, spoken: bool = True) -> None:
        """A screen that asks nothing: ``body`` above ``message``. Lines say ``message`` once (not again while it
        is the last one shown), unless it is not ``spoken`` (what was just said tells it already)."""
        raise NotImplementedError

    def forget_shown(self) -> None:
        """The next :meth:`show` says its message even if it is the last one shown (other words came between)."""

    def ask_text(
        self, message: str, *, default: str, check: Callable[[str], str | None], guard: KeyPolicy | None = None
    ) -> str:
        """A line of text typed below what was drawn last (Enter alone: ``default``), asked again while ``check``
        finds a problem with it (which it says); ``guard`` defaults to a new screen's."""
        raise NotImplementedError

    def clear(self) -> None:
        """Clear the screen and its scrollback, between two people's secrets."""
        self.screen.wipe()

    def written(self, text: str) -> str:
        """``text`` as this surface writes it (in ASCII, in lines)."""
        return text


class Anchored:
    """``renderable`` drawn so that a character sequence whose width terminals disagree on (an emoji with a skin
    tone, a flag: :func:`~loveletter.records.names.disputed_widths`) never moves what follows it on its line: the
    cursor is put back, after each, at the column it was laid out for. On a terminal that draws it as wide as
    counted, that changes nothing; on one that draws it wider, its last cells are drawn over (the table's columns
    stay in line, and no line runs over the edge into the next)."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        column = 0
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            if control:
                yield segment
                continue
            if "\n" in text:
                column = cell_len(text.rsplit("\n", 1)[1])
                yield segment
                continue
            start = 0
            for end, cells in disputed_widths(text):
                yield Segment(text[start:end], style)
                yield Control.move_to_column(column + cells).segment
                start = end
            if start == 0:
                yield segment
            elif start < len(text):
                yield Segment(text[start:], style)
            column += cell_len(text)


class Frames(Surface):
    """The surface of frames on ``screen`` through ``console`` (see the module docstring): lines are not said,
    the bodies tell it all."""

    draws = True

    def draw(self, body: Body, reserve: int) -> None:
        """Wipe, draw ``body`` in the lines above the prompt (the :attr:`note` above it, if the body is fitted to
        the lines it is given: pages drawn whole show without it), and put the cursor where the prompt goes."""
        note = self.note
        if note is not None and callable(body):
            body = _below(note.frame, body, self.console, self.width())
        self.screen.wipe()
        height = max(self.rows() - reserve, 0)
        if height:
            self.console.print(Anchored(body(height) if callable(body) else body), end="")
            self.console.file.flush()
        self.screen.move_to(height + 1)

    def say(self, *lines: str) -> None:
        """Nothing: a frame shows what the lines would say."""

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
        def frame() -> None:
            self.draw(body, prompts.choice_height(title, choices, self.width(), hint))

        frame()
        answer: T | Nav = prompts.choose(
            title,
            choices,
            hint=hint,
            guard=guard or self.guards.screen,
            frame=frame,
            input=self.input,
            output=self.output,
            **options,
        )
        return answer

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
        def frame() -> None:
            self.draw(body, prompts.press_height(message, self.width(), hint))

        frame()
        return prompts.press(
            message,
            hint=hint,
            keys=keys,
            guard=guard or self.guards.screen,
            frame=frame,
            input=self.input,
            output=self.output,
        )

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        def frame() -> None:
            self.draw(body, prompts.press_height(message, self.width(), hint))

        frame()
        prompts.pause(message, seconds, hint=hint, frame=frame, input=self.input, output=self.output, skip=skip)

    def show(self, body: Body, message: str, hint: str = "", *, spoken: bool = True) -> None:
        self.draw(body, prompts.press_height(message, self.width(), hint))
        footer = Text(message, style="bold")
        if hint:
            footer.append("\n" + hint, style=DIM)
        self.console.print(footer, end="")
        self.console.file.flush()

    def ask_text(
        self, message: str, *, default: str, check: Callable[[str], str | None], guard: KeyPolicy | None = None
    ) -> str:
        guard = guard or self.guards.screen
        answer: str = prompts.ask_text(
            message, default=default, check=check, guard=guard, input=self.input, output=self.output
        )
        return answer


def _below(note: RenderableType, body: Callable[[int], RenderableType], console: Console, width: int) -> Body:
    """``body`` fitted in the lines ``note`` leaves it, under ``note``."""
    size = len(console.render_lines(note, console.options.update(width=width, height=None)))

    def both(height: int) -> RenderableType:
        return Group(note, body(max(height - size, 0)))

    return both
