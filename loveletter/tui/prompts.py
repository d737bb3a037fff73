"""Prompts for the game, on prompt_toolkit: a choice list, "press Enter", a skippable pause, a line of text.

Every prompt takes ``input`` and ``output`` (``None``: the terminal), so tests drive them with
``prompt_toolkit.input.create_pipe_input()`` and ``prompt_toolkit.output.DummyOutput()``. The prompts draw
inline, below the table, and erase themselves when done.

Keys in a choice list: arrows (or Tab) move, Enter picks, an option's key (a digit) picks it at once, Escape
answers :data:`Nav.BACK` and ``?`` answers :data:`Nav.HELP` when the caller allows them; Ctrl-C raises
``KeyboardInterrupt``. When the options are cards, typing a card's name selects it: case and accents do not
matter, and the first option listed whose name begins with what was typed is selected (Backspace takes a letter
back). The selected option is marked with ``▸`` as well as shown in reverse video, so it is visible without
colour. A disabled option has no key: it is shown for information only.

Titles and hints wrap to the width (:func:`choice_height` counts the wrapped lines), so nothing is cut.

>>> from prompt_toolkit.input import create_pipe_input
>>> from prompt_toolkit.output import DummyOutput
>>> with create_pipe_input() as keys:
...     keys.send_text("\\x1b[C\\r")          # right arrow, Enter
...     choose("Which?", [Choice("a", "Apple"), Choice("b", "Banana")], input=keys, output=DummyOutput())
'b'
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output
from prompt_toolkit.utils import get_cwidth
from rich.text import Text

from loveletter.i18n import DEFAULT, has, match_card, t
from loveletter.tui.style import wrap_words

T = TypeVar("T")

#: How long to wait after Escape for the rest of an escape sequence (an arrow key) before taking it alone.
ESCAPE_DELAY = 0.05
SELECTED = "reverse bold"
DISABLED = "fg:ansibrightblack"
TITLE = "bold"
HINT = "fg:ansibrightblack"
GAP = "  "


class Nav(Enum):
    """Answers that are not an option: step back (Escape), or show the card reference (``?``)."""

    BACK = "back"
    HELP = "help"


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


def _keys(choices: Sequence[Choice[Any]]) -> list[str]:
    positional = default_keys(len(choices))
    return [c.key if c.key is not None else positional[i] for i, c in enumerate(choices)]


def wrap(text: str, width: int, style: str = "") -> list[StyleAndTextTuples]:
    """``text`` as lines of at most ``width`` cells, broken at spaces (a word too long is cut into pieces)."""
    return [[(style, line.plain)] for line in wrap_words(Text(text), width)] if text else []


def typing_cards(choices: Sequence[Choice[Any]]) -> list[str]:
    """The cards that typing a name can select among ``choices`` (enabled options only)."""
    return [c for choice in choices if choice.enabled and (c := choice.named_card) is not None]


def _hint_text(hint: str, choices: Sequence[Choice[Any]], typed: str) -> str:
    if not typing_cards(choices):
        return hint
    more = t("play.hint.typed", typed=typed) if typed else t("play.hint.type_card")
    return f"{hint} · {more}" if hint else more


def choice_lines(
    title: str, choices: Sequence[Choice[Any]], selected: int, width: int, hint: str = "", typed: str = ""
) -> list[StyleAndTextTuples]:
    """The lines a choice prompt draws at ``width``: the title, the options flowed into lines, the hint (with
    how to type a card's name, or what was typed, when the options are cards), all wrapped to the width."""
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
    hints = wrap(_hint_text(hint, choices, ""), width, HINT)
    if typed:  # what was typed, in the lines the table above was fitted to
        shown = wrap(_hint_text(hint, choices, typed), width, HINT)
        if len(shown) <= len(hints):
            hints = shown + [[("", "")]] * (len(hints) - len(shown))
    return lines + hints


def choice_height(title: str, choices: Sequence[Choice[Any]], width: int, hint: str = "") -> int:
    """How many lines :func:`choose` needs at ``width`` (for fitting the table above it)."""
    return len(choice_lines(title, choices, 0, width, hint))


def press_height(message: str, width: int, hint: str = "") -> int:
    """How many lines :func:`press` (or :func:`pause`) needs at ``width``."""
    return max(1, len(wrap(message, width)) + len(wrap(hint, width)))


def _join(lines: list[StyleAndTextTuples]) -> StyleAndTextTuples:
    out: StyleAndTextTuples = []
    for i, line in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out.extend(line)
    return out


def _run(
    render: Callable[[int], list[StyleAndTextTuples]],
    bindings: KeyBindings,
    *,
    timeout: float | None = None,
    timeout_result: object = None,
    input: Input | None = None,
    output: Output | None = None,
) -> Any:
    """Run a small inline application showing ``render(width)`` until a binding exits it (or ``timeout``)."""

    @bindings.add("c-c")
    def _interrupt(event: KeyPressEvent) -> None:
        event.app.exit(exception=KeyboardInterrupt())

    app: Application[Any]

    def text() -> StyleAndTextTuples:
        return _join(render(app.output.get_size().columns))

    def height() -> int:
        return max(1, len(render(app.output.get_size().columns)))

    control = FormattedTextControl(text, focusable=True, show_cursor=False)
    window = Window(control, height=height, wrap_lines=False, always_hide_cursor=True)
    app = Application(
        layout=Layout(HSplit([window])),
        key_bindings=bindings,
        full_screen=False,
        erase_when_done=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = ESCAPE_DELAY
    app.timeoutlen = ESCAPE_DELAY

    def start_timer() -> None:
        if timeout is None:
            return

        async def expire() -> None:
            await asyncio.sleep(timeout)
            if not app.is_done:
                app.exit(result=timeout_result)

        app.create_background_task(expire())

    return app.run(pre_run=start_timer)


def choose(
    title: str,
    choices: Sequence[Choice[T]],
    *,
    hint: str = "",
    default: int = 0,
    allow_back: bool = False,
    allow_help: bool = False,
    input: Input | None = None,
    output: Output | None = None,
) -> T | Nav:
    """Ask for one of ``choices`` (at least one must be enabled)."""
    enabled = [i for i, c in enumerate(choices) if c.enabled]
    if not enabled:
        raise ValueError("no option can be picked")
    state = {"selected": default if default in enabled else enabled[0]}
    bindings = KeyBindings()

    def move(step: int) -> None:
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

    for index, key in enumerate(_keys(choices)):
        if key and choices[index].enabled:
            bindings.add(key)(_picker(choices[index].value))
    if allow_back:
        bindings.add("escape")(lambda event: event.app.exit(result=Nav.BACK))
    if allow_help:
        bindings.add("?")(lambda event: event.app.exit(result=Nav.HELP))

    typed = {"text": ""}

    def type_name(text: str) -> bool:
        """Select the card ``text`` names (exactly, else by the beginning of its name); ``False`` if none."""
        found = find_card(text, choices)
        if found is None:
            return False
        state["selected"] = found
        typed["text"] = text
        return True

    if typing_cards(choices):
        # Keys bound above (digits, arrows, ``?``, a letter key) win over this catch-all.
        @bindings.add(Keys.Any)
        def _letter(event: KeyPressEvent) -> None:
            if len(event.data) == 1 and (event.data.isalpha() or event.data in " -'"):
                type_name(typed["text"] + event.data)

        @bindings.add("backspace")
        def _erase(event: KeyPressEvent) -> None:
            text = typed["text"][:-1]
            if not text or not type_name(text):
                typed["text"] = text

    def render(width: int) -> list[StyleAndTextTuples]:
        return choice_lines(title, choices, state["selected"], width, hint, typed["text"])

    result: T | Nav = _run(render, bindings, input=input, output=output)
    return result


def find_card(typed: str, choices: Sequence[Choice[Any]]) -> int | None:
    """The index of the enabled option whose card ``typed`` names: exactly, else the first option listed whose
    card's name begins with it (:func:`~loveletter.i18n.match_card`). ``None`` if none does."""
    cards = typing_cards(choices)
    card = match_card(typed, cards) or match_card(typed, cards, prefix=True)
    if card is None:
        return None
    return next(i for i, choice in enumerate(choices) if choice.enabled and choice.named_card == card)


def _picker(value: object) -> Callable[[KeyPressEvent], None]:
    def pick(event: KeyPressEvent) -> None:
        event.app.exit(result=value)

    return pick


def press(
    message: str,
    *,
    hint: str = "",
    keys: dict[str, object] | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> object:
    """Show ``message`` and wait for Enter (answers ``True``) or one of ``keys`` (answers its value)."""
    bindings = KeyBindings()
    bindings.add("enter")(lambda event: event.app.exit(result=True))
    bindings.add("c-j")(lambda event: event.app.exit(result=True))
    for key, value in (keys or {}).items():
        bindings.add(key)(_picker(value))

    def render(width: int) -> list[StyleAndTextTuples]:
        return wrap(message, width, TITLE) + wrap(hint, width, HINT)

    return _run(render, bindings, input=input, output=output)


def pause(
    message: str,
    seconds: float,
    *,
    hint: str = "",
    input: Input | None = None,
    output: Output | None = None,
) -> bool:
    """Show ``message`` for ``seconds`` or until a key is pressed; ``True`` if a key cut it short."""
    if seconds <= 0:
        return False
    bindings = KeyBindings()
    bindings.add(Keys.Any)(lambda event: event.app.exit(result=True))

    def render(width: int) -> list[StyleAndTextTuples]:
        return wrap(message, width) + wrap(hint, width, HINT)

    return bool(_run(render, bindings, timeout=seconds, timeout_result=False, input=input, output=output))


def ask_text(
    message: str,
    *,
    default: str = "",
    check: Callable[[str], str | None] | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> str:
    """Ask for a line of text; ``check(text)`` returns an error message to show, or ``None`` to accept it.
    An empty answer takes ``default``."""
    from prompt_toolkit.shortcuts import PromptSession
    from prompt_toolkit.validation import ValidationError, Validator

    class _Check(Validator):
        def validate(self, document: Any) -> None:
            text = document.text.strip() or default
            problem = check(text) if check is not None else None
            if problem:
                raise ValidationError(message=problem, cursor_position=len(document.text))

    session: PromptSession[str] = PromptSession(input=input, output=output, erase_when_done=True)
    answer = session.prompt(message, validator=_Check(), validate_while_typing=False)
    return answer.strip() or default
