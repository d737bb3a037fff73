"""Screen-reader mode (``--screen-reader``, ``LOVELETTER_SCREEN_READER=1``): the game as plain lines, in reading
order, that a screen reader reads once each.

No alternate screen, nothing drawn again in place, no colour, ASCII only: each new event of the round is one line
when it happens (as the seat at the screen may know it), the state of the table is labelled lines ("Your hand:
Guard, Priest."), and a question lists its numbered options once, then reads a line of input (a number; Enter
alone takes the first). Hot-seat privacy holds as in the normal mode: the hand-off still clears the screen and
the scrollback, before and after a person's turn.

:class:`ReaderFrontend` is the terminal front end with its frames replaced: the game's questions, their options
and the order of the screens are the same. A remote session (a guest of ``host``) makes one with its own
``read_line`` and ``stream``.
"""

from __future__ import annotations

import io
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, TypeVar

from rich.console import Console
from rich.text import Text

from loveletter.coach.hint import Hint, hint_for
from loveletter.engine import Action, View
from loveletter.i18n import card_name, ruleset_title, t
from loveletter.tui.coach import hint_lines
from loveletter.tui.log import round_log
from loveletter.tui.prompts import Choice, KeyPolicy, Nav, option_keys
from loveletter.tui.screen import GUARDED, WIPE, Body, Frames, Guards, Screen
from loveletter.tui.table import TableModel, knowledge
from loveletter.tui.terminal import REVIEW, TerminalFrontend

T = TypeVar("T")

#: The environment variable that turns the mode on, as ``--screen-reader`` does.
ENV = "LOVELETTER_SCREEN_READER"


def wanted(flag: bool, environ: Mapping[str, str]) -> bool:
    """Whether screen-reader mode is asked for: the option, or the environment variable set to 1 (or yes)."""
    return flag or environ.get(ENV, "").strip().lower() in ("1", "yes", "true", "on")


def ascii_text(text: str) -> str:
    """``text`` in ASCII: accents dropped (``Sí`` -> ``Si``), dashes and marks as words or plain signs."""
    swaps = {
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
    text = "".join(swaps.get(c, c) for c in text.replace(" (●)", ""))
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if ord(c) < 128)


class PlainScreen(Screen):
    """The terminal as screen-reader mode uses it: the normal screen, the echo on (answers are typed lines),
    nothing cleared but at a hand-off (:meth:`ReaderFrontend.clear`)."""

    def __enter__(self) -> PlainScreen:
        self.active = True
        return self

    def wipe(self) -> None:
        """Nothing: the lines stay to be read again; only a hand-off clears them."""

    def close(self) -> None:
        self.active = False


class PlainLines(Frames):
    """Frames as plain lines: nothing drawn (each mode says its lines as they come), a question's numbered options
    said once and answered by a typed line, a key to press answered by Enter. Mixed in before a front end's
    class (:class:`ReaderFrontend`, the solitaire's and the review's readers), which then says its own lines."""

    stream: TextIO
    _read: Callable[[], str]

    def lines_on(self, stream: TextIO | None, read_line: Callable[[], str] | None) -> Console:
        """Say lines on ``stream`` (``None``: standard output), read answers with ``read_line`` (``None``:
        standard input); the console to draw with, plain and as wide as any line."""
        self.stream = stream if stream is not None else sys.stdout
        self._read = read_line if read_line is not None else _stdin_line
        return Console(file=self.stream, color_system=None, highlight=False, emoji=False, width=10_000)

    # ------------------------------------------------------------------------------------------- lines

    def say(self, line: str = "") -> None:
        for part in line.split("\n"):
            self.stream.write(ascii_text(part) + "\n")
        self.stream.flush()

    @staticmethod
    def drawn_lines(drawn: object) -> list[str]:
        """What the normal mode draws (a panel, a table of moves) as lines: its text line by line, the lines of
        its frame left out."""
        out = io.StringIO()
        Console(file=out, width=100, color_system=None, emoji=False, highlight=False).print(drawn)
        return [line.strip(" │┃") for line in out.getvalue().splitlines() if line.strip(" ─━│┃╭╮╰╯┏┓┗┛")]

    def say_drawn(self, drawn: object) -> None:
        for line in self.drawn_lines(drawn):
            self.say(line)

    def answer(self, prompt: str) -> str:
        self.stream.write(ascii_text(prompt) + " ")
        self.stream.flush()
        try:
            return self._read().strip()
        except EOFError:
            raise KeyboardInterrupt from None

    # ------------------------------------------------------------------------- frames, as plain lines

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
        # Of the normal mode's extra keys: the coach's hint and the whole log; and ? for the cards. Each is said as
        # lines by the front end (work_out_hint, show_log, show_reference).
        said = {Nav.HINT: "play.reader.hint_key", Nav.LOG: "play.reader.log_key", Nav.HELP: "play.reader.help_key"}
        extra: dict[str, Nav] = {
            key: value for key, value in (options.get("extra") or {}).items() if value in (Nav.HINT, Nav.LOG)
        }
        if options.get("allow_help", False):
            extra["?"] = Nav.HELP
        for key, value in extra.items():
            self.say(t(said[value], key=key))
        while True:
            typed = self.answer(t("play.reader.choice_back" if back else "play.reader.choice"))
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
    ) -> object:
        choices = {k: v for k, v in (keys or {}).items() if len(k) == 1 and k.isalpha() and v is False}
        while True:
            typed = self.answer(message + (" " + t("play.reader.stop", key=next(iter(choices))) if choices else ""))
            if not typed:
                return True
            if typed.lower() in choices:
                return choices[typed.lower()]
            self.say(t("play.reader.press_enter"))

    def pause(self, body: Body, message: str, seconds: float, hint: str = "", *, skip: bool = False) -> None:
        """No pause: the move was said in a line of its own."""


class TableLines(PlainLines, TerminalFrontend):
    """A game's front end that says the table as lines: the round's new events (:meth:`tell_news`) and one seat's
    table, labelled (:meth:`tell_state`). Shared by :class:`ReaderFrontend` and a screen-reader guest's screen
    (:mod:`loveletter.net.reader`)."""

    #: How far each viewer (``None``: the public) has been told the round's log, and in which round.
    _told: dict[int | None, int]
    _round: int = 0

    def forget_news(self) -> None:
        """Tell the round's events again from its start (a new game, a guest come back)."""
        self._told = {}
        self._round = 0

    def tell_news(self, viewer: int | None) -> None:
        """Each event of the round that ``viewer`` may know and was not told yet, one line each."""
        table = self.table
        round_now = table.game.view(0).round
        if round_now != self._round or not hasattr(self, "_told"):
            self._round = round_now
            self._told = {}
        entries = round_log(table, viewer)
        start = self._told.get(viewer, -1)
        for entry in entries:
            if entry.index > start:
                self.say(entry.text.plain)
        if entries:
            self._told[viewer] = max(e.index for e in entries)

    def show_reference(self) -> None:
        """What ``?`` shows, as lines: the cards of the game in play one line each, then how a round goes."""
        from loveletter.tui.howto import howto
        from loveletter.tui.reference import reference_lines

        ruleset, players = self.table.game.ruleset, self.table.game.players
        self.say(ruleset_title(ruleset))
        for line in reference_lines(ruleset, players):
            self.say(line)
        self.say_drawn(howto(ruleset))

    def show_log(self, model: TableModel) -> None:
        """What ``l`` shows, as lines: the round's whole log as ``model``'s viewer may see it."""
        self.say(t("play.whole_log.title", round=model.view.round))
        for entry in model.log:
            self.say(entry.text.plain)

    def said_hint(self, view: View) -> Hint:
        """The coach's hint for ``view``'s seat, said as lines (what the normal mode shows in place of the table):
        the opponents' likely cards, then the moves with their chances and reasons."""
        hint = hint_for(view)
        for line in hint_lines(view, self.table.names, hint):
            self.say(line)
        return hint

    def tell_state(self, seat: int) -> None:
        """The table as ``seat`` sees it, in labelled lines."""
        view = self.table.view(seat)
        names = self.table.names
        goal = view.goal
        self.say(t("play.reader.hand", cards=", ".join(card_name(c) for c in view.hand)))
        tokens = ", ".join(
            t("play.reader.tokens_of", player=names[sv.seat], tokens=sv.tokens, goal=goal) for sv in view.seats
        )
        self.say(t("play.reader.tokens", tokens=tokens))
        out = [names[sv.seat] for sv in view.seats if sv.dealt_in and not sv.in_round]
        safe = [names[sv.seat] for sv in view.seats if sv.protected]
        if out:
            self.say(t("play.reader.out", players=", ".join(out)))
        if safe:
            self.say(t("play.reader.protected", players=", ".join(safe)))
        known = knowledge(TableModel(view, names, seat))
        if known:
            self.say(t("play.reader.know", what="; ".join(k.plain for k in known)))
        self.say(t("play.reader.deck", deck=view.deck_size))


class ReaderFrontend(TableLines):
    """The game as plain lines on ``stream`` and answers read with ``read_line`` (``None``: standard input)."""

    def __init__(
        self,
        screen: Screen,
        *,
        stream: TextIO | None = None,
        read_line: Callable[[], str] | None = None,
        delay: float = 0.0,
        guards: Guards = GUARDED,
    ) -> None:
        console = self.lines_on(stream, read_line)
        super().__init__(console, screen, delay=delay, guards=guards)
        self.forget_news()

    def work_out_hint(self, view: View) -> Hint:
        return self.said_hint(view)

    # ------------------------------------------------------------------------------------ the game

    def clear(self) -> None:
        """Clear the screen and its scrollback, between two people's secrets."""
        self.screen.write(WIPE)

    def ask_names(
        self,
        title: str,
        defaults: Sequence[str | None],
        prompts_for: Sequence[str],
        *,
        people: int = 2,
        intro: Text | None = None,
    ) -> list[str]:
        from loveletter.table.setup import check_name

        self.say(title)
        names = list(defaults)
        for index, given in enumerate(defaults):
            if given is not None:
                continue
            seated = [n for n in names if n is not None]
            suggestion = prompts_for[index]
            while True:
                typed = self.answer(t("play.setup.ask_name", number=index + 1, default=suggestion)) or suggestion
                problem = check_name(typed, seated)
                if problem is None:
                    names[index] = typed
                    break
                self.say(problem)
        return [n for n in names if n is not None]

    def start(self, table: Any) -> None:
        super().start(table)
        self.forget_news()

    def hand_off(self, seat: int) -> None:
        self.clear()
        name = self.table.names[seat]
        self.say(t("play.reader.pass", player=name))
        self.press("", t("play.handoff.prompt", player=name))

    def decide(self, seat: int) -> Action:
        self.tell_news(seat)
        self.tell_state(seat)
        return super().decide(seat)

    def turn_done(self, seat: int, since: int) -> None:
        self.tell_news(seat)
        table = self.table
        if not table.hot_seat:
            return
        self.press("", t("play.reader.turn_done"))
        self.clear()

    def private_news(self, seat: int, since: int) -> None:
        self.tell_news(seat)
        self.press("", t("play.reader.turn_done"))
        self.clear()

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        self.tell_news(self.table.screen_seat())

    def round_over(self) -> bool:
        table = self.table
        self.tell_news(table.screen_seat())
        if not table.people:
            return True
        return self.press("", t("play.round.next"), keys={"q": False}) is True

    def game_over(self) -> bool:
        from loveletter.tui.summary import rounds

        table = self.table
        game = table.game
        self.tell_news(table.screen_seat())
        winners = ", ".join(table.names[w] for w in game.winners)
        self.say(t("play.reader.game_won", players=winners))
        for line in rounds(game.log, game.players):
            won = ", ".join(table.names[w] for w in line.winners) or "-"
            tokens = ", ".join(f"{table.names[i]} {n}" for i, n in enumerate(line.tokens))
            self.say(t("play.reader.summary_round", round=line.number, players=won, tokens=tokens))
        if not self.play_again:
            self.press("", t("play.game.leave"))
            return False
        choices: list[Choice[bool | str]] = [Choice(True, t("summary.yes")), Choice(False, t("summary.no"))]
        # As in the normal mode, the offer of a review of a person's decisions (the game is over: nothing secret).
        offer: list[Choice[bool | str]] = [Choice(REVIEW, t("coach.review.offer"))] if table.people else []
        while (answer := self.choose("", t("summary.again"), choices + offer)) == REVIEW:
            self.review_game("")
        self.say(t("play.game.hint"))
        return answer is True

    def review_seat(self, seat: int) -> None:
        """The review of ``seat``'s decisions in the game just over, as lines (:mod:`loveletter.tui.reader_review`)."""
        from loveletter.records import GameRecord
        from loveletter.table.autosave import record_seats
        from loveletter.tui.reader_review import read_review

        table = self.table
        record = GameRecord.start(table.game, record_seats(table.seats), None, hints=table.hints)
        read_review(record, seat, "record", self.screen, stream=self.stream, read_line=self._read)


def _stdin_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line
