"""Prompts for the game, on prompt_toolkit: a choice list, "press Enter", a skippable pause, a line of text.

Every prompt takes ``input`` and ``output`` (``None``: the terminal), so tests drive them with
``prompt_toolkit.input.create_pipe_input()`` and ``prompt_toolkit.output.DummyOutput()``. The prompts draw
inline, below the table, and erase themselves when done.

Keys in a choice list: arrows (or Tab) move, Enter picks, an option's key (a digit) picks it at once, Escape
answers :data:`Nav.BACK` and ``?`` answers :data:`Nav.HELP` when the caller allows them; Ctrl-C raises
``KeyboardInterrupt``. When the options are cards, typing a card's name selects it: case and accents do not
matter, and the first option listed whose name begins with what was typed is selected (Backspace takes a letter
back); a letter the caller binds (``l``, ``h``) answers only where it cannot begin or go on a card's name. The
selected option is marked with ``▸`` as well as shown in reverse video, so it is visible without colour. A
disabled option has no key: it is shown for information only.

Titles wrap to the width (:func:`choice_height` counts the wrapped lines), so nothing is cut; a choice's line of keys
takes one line, its least needed parts left out where the width is short (:func:`key_line`).

A prompt takes only the keys meant for it (:class:`KeyPolicy`): by default it drops what was typed before it was
drawn and ignores keys for a moment, its lines appearing once it takes keys; a question that follows another of
the same decision takes keys typed ahead (:data:`TYPE_AHEAD`), as do tests that send their keys in advance:

>>> from prompt_toolkit.input import create_pipe_input
>>> from prompt_toolkit.output import DummyOutput
>>> with create_pipe_input() as keys:
...     keys.send_text("\\x1b[C\\r")          # right arrow, Enter
...     choose("Which?", [Choice("a", "Apple"), Choice("b", "Banana")], guard=TYPE_AHEAD, input=keys,
...            output=DummyOutput())
'b'
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import clear_typeahead
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output
from prompt_toolkit.utils import get_cwidth
from rich.text import Text

from loveletter.i18n import DEFAULT, has, match_card, t
from loveletter.tui.interrupts import raise_kept
from loveletter.tui.style import wrap_words

try:
    import termios
except ImportError:  # pragma: no cover (Windows)
    termios = None  # type: ignore[assignment]
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.shortcuts import PromptSession
from prompt_toolkit.validation import ValidationError, Validator

T = TypeVar("T")

#: How long to wait after Escape for the rest of an escape sequence (an arrow key) before taking it alone.
ESCAPE_DELAY = 0.05
SELECTED = "reverse bold"
DISABLED = "fg:ansibrightblack"
TITLE = "bold"
HINT = "fg:ansibrightblack"
WARNING = "bold"
GAP = "  "
#: Between the parts of a line of keys.
KEYS_SEP = " · "


class Nav(Enum):
    """Answers that are not an option: step back (Escape), show the card reference (``?``), show the whole log of
    the round (``l``), show the coach's hint (``h``). A new kind of answer is one more member, bound to its key
    by the caller (:func:`choose`'s ``extra``)."""

    BACK = "back"
    HELP = "help"
    LOG = "log"
    HINT = "hint"


@dataclass(slots=True)
class Cursor:
    """Where a question's selection was when :func:`choose` last answered: the same question asked again (after
    the hint, the log, the card reference) starts there, not back on its first option."""

    index: int | None = None


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """An option of :func:`choose`: its value, its label, the key that picks it (default: its position,
    1 to 9 then 0), whether it can be picked, and a note (why not, or a detail). ``card`` is the card the option
    stands for, so that typing its name selects it; by default a value that is a card id stands for that card."""

    value: T
    label: str
    key: str | None = None
    enabled: bool = True
    note: str = ""
    style: str = ""
    card: str | None = None

    @property
    def named_card(self) -> str | None:
        """The card typing a name can select this option by, if any."""
        if self.card is not None:
            return self.card
        value = self.value
        if isinstance(value, str) and (has(f"card.{value}.name") or has(f"card.{value}.name", DEFAULT)):
            return value
        return None


def default_keys(count: int) -> list[str]:
    """Keys for options by position: ``1``-``9``, then ``0``, then none."""
    return [str(i + 1) if i < 9 else ("0" if i == 9 else "") for i in range(count)]


def option_keys(choices: Sequence[Choice[Any]]) -> list[str]:
    """The key of each option: its own, else its position's (:func:`default_keys`)."""
    return _keys(choices)


def _keys(choices: Sequence[Choice[Any]]) -> list[str]:
    positional = default_keys(len(choices))
    return [c.key if c.key is not None else positional[i] for i, c in enumerate(choices)]


def wrap(text: str, width: int, style: str = "") -> list[StyleAndTextTuples]:
    """``text`` as lines of at most ``width`` cells, broken at spaces (a word too long is cut into pieces)."""
    return [[(style, line.plain)] for line in wrap_words(Text(text), width)] if text else []


def typing_cards(choices: Sequence[Choice[Any]]) -> list[str]:
    """The cards that typing a name can select among ``choices`` (enabled options only)."""
    return [c for choice in choices if choice.enabled and (c := choice.named_card) is not None]


def key_line(hint: str, width: int, last: str = "") -> list[StyleAndTextTuples]:
    """A line of keys (``←→ move · Enter picks · ? cards``: parts between :data:`KEYS_SEP`, the most needed first)
    on one line of at most ``width`` cells, then ``last`` (kept whatever is left out): the parts that do not fit are
    left out, the last first. Only a first part too wide alone takes more lines, wrapped.

    >>> [[text for _, text in line] for line in key_line("←→ move · Enter picks · ? cards", 24)]
    [['←→ move · Enter picks']]
    """
    parts = [part for part in hint.split(KEYS_SEP) if part]
    while len(parts) > 1 and get_cwidth(KEYS_SEP.join([*parts, last] if last else parts)) > width:
        parts.pop()
    return wrap(KEYS_SEP.join([*parts, last] if last else parts), width, HINT)


def hint_lines(hint: str, choices: Sequence[Choice[Any]], width: int, typed: str = "") -> list[StyleAndTextTuples]:
    """The prompt's line of keys, with how to type a card's name (or what was typed) when the options are cards:
    what was typed is always shown, how to type a name only where it fits."""
    if not typing_cards(choices):
        return key_line(hint, width)
    if typed:
        return key_line(hint, width, t("play.hint.typed", typed=typed))
    return key_line(KEYS_SEP.join(part for part in (hint, t("play.hint.type_card")) if part), width)


def choice_lines(
    title: str,
    choices: Sequence[Choice[Any]],
    selected: int,
    width: int,
    hint: str = "",
    typed: str = "",
    stray: str = "",
) -> list[StyleAndTextTuples]:
    """The lines a choice prompt draws at ``width``: the title and the options flowed into lines, wrapped to the
    width, then the hint, a line of keys (:func:`key_line`: one line, saying less where the width is short) with
    how to type a card's name, or what was typed, when the options are cards. ``stray``: a digit just pressed that
    picks nothing, said in the hint's place."""
    lines: list[StyleAndTextTuples] = wrap(title, width, TITLE)
    keys = _keys(choices)
    row: StyleAndTextTuples = []
    used = 0
    for i, (choice, key) in enumerate(zip(choices, keys, strict=True)):
        mark = "▸" if i == selected else " "
        head = f"{mark}{key}) " if key and choice.enabled else f"{mark}"  # a key that does nothing is not shown
        note = f" ({choice.note})" if choice.note else ""
        cell: StyleAndTextTuples
        if not choice.enabled:
            cell = [(DISABLED, head + choice.label + note)]
        elif i == selected:
            cell = [(SELECTED, head + choice.label), (SELECTED, note)]
        else:
            cell = [("bold", head), (choice.style, choice.label), (HINT, note)]
        size = sum(get_cwidth(fragment[1]) for fragment in cell)
        if row and used + len(GAP) + size > width:
            lines.append(row)
            row, used = [], 0
        if row:
            row.append(("", GAP))
            used += len(GAP)
        row.extend(cell)
        used += size
    if row:
        lines.append(row)
    hints = hint_lines(hint, choices, width)
    if typed:  # what was typed, in the lines the table above was fitted to
        shown = hint_lines(hint, choices, width, typed)
        if len(shown) <= len(hints):
            hints = shown + [[("", "")]] * (len(hints) - len(shown))
    if stray:  # in the same lines: the table above keeps its place
        usable = [k for k, c in zip(keys, choices, strict=True) if k and c.enabled]
        said = wrap(t("play.hint.no_option", key=stray, keys=", ".join(usable)), width, WARNING)
        hints = (said + [[("", "")]] * len(hints))[: max(len(hints), 1)] if hints else said[:1]
    return lines + hints


def choice_height(title: str, choices: Sequence[Choice[Any]], width: int, hint: str = "") -> int:
    """How many lines :func:`choose` needs at ``width`` (for fitting the table above it)."""
    return len(choice_lines(title, choices, 0, width, hint))


def press_height(message: str, width: int, hint: str = "") -> int:
    """How many lines :func:`press` (or :func:`pause`) needs at ``width``."""
    return max(1, len(wrap(message, width)) + len(wrap(hint, width)))


def block(lines: list[StyleAndTextTuples]) -> StyleAndTextTuples:
    """Lines of styled text (:func:`wrap`'s) as one block, a newline between them."""
    out: StyleAndTextTuples = []
    for i, line in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out.extend(line)
    return out


@dataclass(frozen=True, slots=True)
class KeyPolicy:
    """How a prompt treats keys pressed before it could be seen, so that a key meant for one screen never acts on
    the next (a second Enter 100-300 ms after the first, a key pressed as a pause ends).

    ``drop``: keys typed before the prompt was drawn are thrown away (those a previous prompt read but did not use,
    and those waiting in the input: a terminal's buffer is flushed, any other input, a pipe or a remote session,
    is read empty). ``grace``: for so many seconds after that, keys are ignored and the prompt's own lines stay
    blank; they appear when it takes keys, so whatever can be seen can be answered, and a test waits for them.
    A prompt takes keys only once it has been drawn. Ctrl-C is never ignored (typed ahead, it still stops)."""

    drop: bool = True
    grace: float = 0.0


#: Keys typed ahead are meant for this prompt: a question that follows another of the same decision (or a test
#: that types its keys in advance).
TYPE_AHEAD = KeyPolicy(drop=False)
#: A new screen (a decision's first question, a result to acknowledge, a warning to confirm): drop what was typed
#: before, and ignore keys long enough for a double press (human: 100-300 ms apart) to die here.
SCREEN = KeyPolicy(grace=0.5)
#: A hand-off screen, the line between two players' secrets: a little longer still.
HANDOFF = KeyPolicy(grace=0.8)
#: Drop what was typed before, nothing more (a pause, which takes no key anyway; a line of text).
DROP = KeyPolicy()


def drop_typed(input: Input) -> None:
    """Throw away the keys typed on ``input`` that no prompt has used yet (see :class:`KeyPolicy`); a Ctrl-C among
    them raises ``KeyboardInterrupt`` as it would have at a prompt."""
    clear_typeahead(input)
    try:
        fileno: int | None = input.fileno()
    except (NotImplementedError, OSError, ValueError):
        fileno = None
    if termios is not None and fileno is not None and os.isatty(fileno):
        with contextlib.suppress(OSError):
            termios.tcflush(fileno, termios.TCIFLUSH)  # the kernel's buffer, a half-typed line included
    dropped = []
    for _ in range(10_000):  # bounded: a remote peer could keep typing
        keys = input.read_keys() + input.flush_keys()
        if not keys:
            break
        dropped.extend(keys)
    if any(k.key == Keys.ControlC for k in dropped):
        raise KeyboardInterrupt


def interrupt_keys() -> KeyBindings:
    """Ctrl-C ends an application with ``KeyboardInterrupt``, as it stops a program between questions. It comes
    as the key, or as a signal (a Ctrl-C that reached the terminal before the application read the keys itself,
    a `kill -INT`), which prompt_toolkit turns into the key "<sigint>" while an application runs."""
    keys = KeyBindings()

    @keys.add("c-c", eager=True)
    @keys.add("<sigint>", eager=True)
    def _interrupt(event: KeyPressEvent) -> None:
        event.app.exit(exception=KeyboardInterrupt())

    return keys


def ignored_reports() -> KeyBindings:
    """Mouse reports do nothing. No prompt turns the mouse on, so a report is noise a terminal (or whoever is at
    the other end of a connection) sent; prompt_toolkit's own handler raises on many (``ESC [ 3 1 m``, a colour
    code, reads to it as an rxvt mouse report), and a prompt must never raise on what it is sent."""
    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: KeyPressEvent) -> None:
        pass

    return keys


def _run(
    render: Callable[[int], list[StyleAndTextTuples]],
    bindings: KeyBindings,
    *,
    guard: KeyPolicy = SCREEN,
    timeout: float | None = None,
    timeout_result: object = None,
    frame: Callable[[], None] | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> Any:
    """Run a small inline application showing ``render(width)`` until a binding exits it (or ``timeout``).
    ``guard`` says which keys it takes (:class:`KeyPolicy`); ``frame`` redraws what is above the prompt (the table)
    when the terminal's size changes, before the prompt is drawn again."""
    state = {"shown": guard.grace <= 0, "ready": not guard.drop and guard.grace <= 0}
    output = _no_cpr(output)

    app: Application[Any]

    def lines() -> list[StyleAndTextTuples]:
        drawn = render(app.output.get_size().columns)
        return drawn if state["shown"] else [[("", "")] for _ in drawn]

    def text() -> StyleAndTextTuples:
        return block(lines())

    def height() -> int:
        return max(1, len(lines()))

    control = FormattedTextControl(text, focusable=True, show_cursor=False)
    window = Window(control, height=height, wrap_lines=False, always_hide_cursor=True)
    # A terminal too small for the question draws this instead, and then takes no key: a key pressed there
    # would answer a question nobody can read (only Ctrl-C stops the program).
    small = {"drawn": False, "now": False}

    def too_small() -> StyleAndTextTuples:
        small["drawn"] = True
        return [("", t("play.hint.too_small"))]

    fits = Condition(lambda: state["ready"] and not small["now"])
    app = Application(
        layout=Layout(HSplit([window], window_too_small=Window(FormattedTextControl(too_small)))),
        key_bindings=merge_key_bindings([ConditionalKeyBindings(bindings, fits), interrupt_keys(), ignored_reports()]),
        full_screen=False,
        erase_when_done=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = ESCAPE_DELAY
    app.timeoutlen = ESCAPE_DELAY
    size = {"last": app.output.get_size()}

    def before_render(_: object) -> None:
        small["drawn"] = False
        now = app.output.get_size()
        if now != size["last"]:
            size["last"] = now
            if frame is not None:
                frame()
                app.renderer.reset(leave_alternate_screen=False)

    def after_render(_: object) -> None:
        small["now"] = small["drawn"]
        if state["shown"]:
            state["ready"] = True  # keys count from the moment the prompt is on the screen

    app.before_render += before_render
    app.after_render += after_render

    def start_timers() -> None:
        if guard.grace > 0:

            async def show() -> None:
                await asyncio.sleep(guard.grace)
                state["shown"] = True
                app.invalidate()

            app.create_background_task(show())
        if timeout is not None:

            async def expire() -> None:
                await asyncio.sleep(timeout)
                if not app.is_done:
                    app.exit(result=timeout_result)

            app.create_background_task(expire())

    raise_kept()
    if guard.drop:
        drop_typed(app.input)
    # Never prompt_toolkit's exception handler (here, in ask_text and wherever an application runs): it prints to the
    # process's terminal and waits for Enter there, finding it through whichever application is current in its
    # process-wide session; from a guest's prompt that was the host's own screen (issue 44). An error stays with
    # the loop it happened on, whose handler deals with it.
    return app.run(pre_run=start_timers, set_exception_handler=False)


def _no_cpr(output: Output | None) -> Output:
    """``output`` (``None``: the terminal's) with its cursor-position requests turned off. The frame above a
    prompt puts the cursor where the prompt goes and the prompt takes the lines it needs, so nothing needs to ask
    the terminal; an answer that comes back after a resize would tell where the cursor was *before* the table was
    drawn again, and the prompt would pad itself down to the bottom of the grown screen, scrolling the table's
    top away."""
    chosen = output if output is not None else get_app_session().output
    if isinstance(chosen, Vt100_Output):
        chosen.enable_cpr = False
    return chosen


def choose(
    title: str,
    choices: Sequence[Choice[T]],
    *,
    hint: str = "",
    default: int = 0,
    allow_back: bool = False,
    allow_help: bool = False,
    extra: Mapping[str, object] | None = None,
    guard: KeyPolicy = SCREEN,
    frame: Callable[[], None] | None = None,
    input: Input | None = None,
    output: Output | None = None,
    cursor: Cursor | None = None,
) -> T | Nav:
    """Ask for one of ``choices`` (at least one must be enabled), starting on ``default`` (an index), or where
    ``cursor`` was left (it keeps the selection the question ends on). ``extra``
    keys answer their value (``{"l": Nav.LOG}``). When the options are cards, a letter among them that begins
    (or goes on) the name of one of them types it instead, and answers only where it cannot: with the Handmaid
    among the options, ``h`` selects the Handmaid and a second ``h`` answers (:func:`letter_types`).
    ``guard`` and ``frame``: see :func:`_run`."""
    enabled = [i for i, c in enumerate(choices) if c.enabled]
    if not enabled:
        raise ValueError("no option can be picked")
    if cursor is not None and cursor.index in enabled:
        default = cursor.index
    state = {"selected": default if default in enabled else enabled[0]}
    bindings = KeyBindings()

    def move(step: int) -> None:
        typed["stray"] = ""
        order = enabled if step > 0 else list(reversed(enabled))
        current = state["selected"]
        after = [i for i in order if (i - current) * step > 0]
        state["selected"] = after[0] if after else order[0]

    for name in ("right", "down", "tab"):
        bindings.add(name)(lambda event: move(1))
    for name in ("left", "up", "s-tab"):
        bindings.add(name)(lambda event: move(-1))
    bindings.add("home")(lambda event: state.update(selected=enabled[0]))
    bindings.add("end")(lambda event: state.update(selected=enabled[-1]))

    @bindings.add("enter")
    @bindings.add("c-j")
    def _pick(event: KeyPressEvent) -> None:
        event.app.exit(result=choices[state["selected"]].value)

    typed = {"text": "", "stray": ""}
    keys = _keys(choices)
    for index, key in enumerate(keys):
        if key and choices[index].enabled:
            bindings.add(key)(_picker(choices[index].value))
    # A digit that picks nothing says so (in the hint's place) rather than doing nothing without a word.
    usable = {k for k, c in zip(keys, choices, strict=True) if k and c.enabled} | set(extra or {})
    for digit in "0123456789":
        if digit not in usable:
            bindings.add(digit)(lambda event, digit=digit: typed.update(stray=digit))
    if allow_back:
        bindings.add("escape")(lambda event: event.app.exit(result=Nav.BACK))
    if allow_help:
        bindings.add("?")(lambda event: event.app.exit(result=Nav.HELP))
    cards = bool(typing_cards(choices))
    # With cards to type, a letter key answers only where it cannot go on a card's name (see the docstring).
    letters = {k: v for k, v in (extra or {}).items() if cards and len(k) == 1 and k.isalpha()}
    for key, value in (extra or {}).items():
        if key not in letters:
            bindings.add(key)(_picker(value))

    def type_name(text: str) -> bool:
        """Select the card ``text`` names (exactly, else by the beginning of its name); ``False`` if none."""
        found = find_card(text, choices)
        if found is None:
            return False
        state["selected"] = found
        typed["text"] = text
        typed["stray"] = ""
        return True

    if cards:
        # Keys bound above (digits, arrows, ``?``) win over this catch-all.
        @bindings.add(Keys.Any)
        def _letter(event: KeyPressEvent) -> None:
            letter = event.data
            typing = len(letter) == 1 and (letter.isalpha() or letter in " -'")
            if typing and not type_name(typed["text"] + letter) and letter in letters:
                event.app.exit(result=letters[letter])

        @bindings.add("backspace")
        def _erase(event: KeyPressEvent) -> None:
            text = typed["text"][:-1]
            if not text or not type_name(text):
                typed["text"] = text

    def render(width: int) -> list[StyleAndTextTuples]:
        return choice_lines(title, choices, state["selected"], width, hint, typed["text"], typed["stray"])

    try:
        result: T | Nav = _run(render, bindings, guard=guard, frame=frame, input=input, output=output)
    finally:
        if cursor is not None:
            cursor.index = state["selected"]
    return result


def find_card(typed: str, choices: Sequence[Choice[Any]]) -> int | None:
    """The index of the enabled option whose card ``typed`` names: exactly, else the first option listed whose
    card's name begins with it (:func:`~loveletter.i18n.match_card`). ``None`` if none does."""
    cards = typing_cards(choices)
    card = match_card(typed, cards) or match_card(typed, cards, prefix=True)
    if card is None:
        return None
    return next(i for i, choice in enumerate(choices) if choice.enabled and choice.named_card == card)


def letter_types(letter: str, choices: Sequence[Choice[Any]]) -> bool:
    """Whether pressing ``letter`` first in :func:`choose` types the beginning of a card's name among
    ``choices`` (then a key bound to that letter answers only when pressed again): for a key's hint.

    >>> letter_types("h", [Choice("Guard", "Guard"), Choice("Handmaid", "Handmaid")])
    True
    >>> letter_types("h", [Choice("Guard", "Guard"), Choice("Priest", "Priest")])
    False
    """
    return find_card(letter, choices) is not None


def _picker(value: object) -> Callable[[KeyPressEvent], None]:
    def pick(event: KeyPressEvent) -> None:
        event.app.exit(result=value)

    return pick


def press(
    message: str,
    *,
    hint: str = "",
    keys: Mapping[str, object] | None = None,
    guard: KeyPolicy = SCREEN,
    frame: Callable[[], None] | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> object:
    """Show ``message`` and wait for Enter (answers ``True``) or one of ``keys`` (answers its value). ``guard``
    and ``frame``: see :func:`_run`."""
    bindings = KeyBindings()
    bindings.add("enter")(lambda event: event.app.exit(result=True))
    bindings.add("c-j")(lambda event: event.app.exit(result=True))
    for key, value in (keys or {}).items():
        bindings.add(key)(_picker(value))

    def render(width: int) -> list[StyleAndTextTuples]:
        return wrap(message, width, TITLE) + wrap(hint, width, HINT)

    return _run(render, bindings, guard=guard, frame=frame, input=input, output=output)


def pause(
    message: str,
    seconds: float,
    *,
    hint: str = "",
    frame: Callable[[], None] | None = None,
    input: Input | None = None,
    output: Output | None = None,
    skip: bool = False,
) -> None:
    """Show ``message`` for ``seconds``. A pause takes no key (only Ctrl-C): a key pressed during it is dropped,
    so it can never land on the screen after it. ``skip``: any key ends it, for a screen no hand-off can follow
    (one person at the table), whose next screen drops keys typed before it anyway."""
    if seconds <= 0:
        return

    def render(width: int) -> list[StyleAndTextTuples]:
        return wrap(message, width) + wrap(hint, width, HINT)

    bindings = KeyBindings()
    if skip:
        bindings.add(Keys.Any)(lambda event: event.app.exit(result=None))
        bindings.add("enter")(lambda event: event.app.exit(result=None))
    _run(render, bindings, guard=DROP, timeout=seconds, frame=frame, input=input, output=output)


def ask_text(
    message: str,
    *,
    default: str = "",
    check: Callable[[str], str | None] | None = None,
    guard: KeyPolicy = DROP,
    input: Input | None = None,
    output: Output | None = None,
) -> str:
    """Ask for a line of text; ``check(text)`` returns an error message to show, or ``None`` to accept it.
    An empty answer takes ``default``. Of ``guard`` only ``drop`` counts: the question shows at once."""

    class _Check(Validator):
        def validate(self, document: Any) -> None:
            text = document.text.strip() or default
            problem = check(text) if check is not None else None
            if problem:
                raise ValidationError(message=problem, cursor_position=len(document.text))

    session: PromptSession[str] = PromptSession(
        input=input, output=output, erase_when_done=True, key_bindings=ignored_reports()
    )
    raise_kept()
    if guard.drop:
        drop_typed(session.app.input)
    answer = session.prompt(message, validator=_Check(), validate_while_typing=False, set_exception_handler=False)
    return answer.strip() or default
