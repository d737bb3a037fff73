"""One remote seat's own terminal: the same table, prompts, card reference and log as at home, always in that
seat's own view; in lines for a guest with a screen reader.

:class:`RemoteFrontend` is the game's :class:`~loveletter.tui.terminal.TerminalFrontend` on a guest's link instead of
the local terminal, so a decision is asked exactly as at home
(:meth:`~loveletter.tui.terminal.TerminalFrontend.decide` is the terminal's own). What differs is who looks: the
front end belongs to one seat, so every screen is built from that seat's view (never from whoever holds the host's
laptop), and there are no hand-offs. Between questions it shows a screen that asks
nothing: the seat's table as it is now with a line saying what the game waits for; the last one is kept
(:meth:`redraw`), to draw it again for a guest who comes back or whose terminal changes size.

Its surface follows the guest (:meth:`follow`): frames on their link, or lines when they asked for screen-reader
mode (:mod:`loveletter.net.lines`: the round's events one line each as the seat may know them, the seat's table
in labelled lines at its decisions, the questions' numbered options once, answers typed as lines and echoed);
while nobody sits there, frames drawn nowhere.

All its methods run on the seat's worker thread (:meth:`loveletter.net.seating.RemoteSeat.run`) while the game
loop waits, so they read the game as it stands. Questions are asked inside :meth:`RemoteFrontend.ask`: the
guest's keys reach the prompt only then (:meth:`loveletter.net.link.Link.interaction`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO, TypeVar, cast

from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console, RenderableType
from rich.text import Text

from loveletter.engine import Action
from loveletter.i18n import t
from loveletter.net.lines import screen_reader, typed_line
from loveletter.net.link import Link
from loveletter.tui.board import BoardModel
from loveletter.tui.lines import Lines, LineScreen
from loveletter.tui.prompts import Nav
from loveletter.tui.screen import Screen
from loveletter.tui.style import fmt, name_text
from loveletter.tui.surface import Frames, Surface
from loveletter.tui.terminal import REVIEW, TerminalFrontend, board_body

T = TypeVar("T")


class _Nowhere:
    """Where a seat with no guest draws: nothing is kept."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def _nowhere() -> Frames:
    """Frames drawn nowhere (no guest), with no keys: a question asked outside :meth:`RemoteFrontend.ask` ends at
    once (``EOFError``) instead of reading a terminal."""
    nowhere = cast(TextIO, _Nowhere())
    return Frames(Console(file=nowhere, width=80, height=24), Screen(nowhere), input=DummyInput(), output=DummyOutput())


class RemoteFrontend(TerminalFrontend):
    """The front end of the guest at ``seat``, on whatever link they are connected by now (:meth:`follow`)."""

    def __init__(self, seat: int, *, delay: float) -> None:
        super().__init__(_nowhere(), delay=delay)
        self.seat = seat
        self.link: Link | None = None
        self._frame: Callable[[], None] | None = None
        #: Counts what the screen has shown (frames and questions), read by :meth:`redraw`.
        self.shown = 0
        self._same: tuple[object, ...] | None = None
        self._same_shown = -1

    # -------------------------------------------------------------------------------------- the terminal

    def follow(self, link: Link | None) -> None:
        """Show the seat on ``link`` from now on (``None``: the guest is away): frames, redrawn at once, or lines
        for a guest with a screen reader (who hears the round from its start)."""
        if link is not None and link.closed:
            link = None
        if link is self.link:
            return
        self.link = link
        if link is None:
            self.surface = _nowhere()
            return
        if screen_reader(link):
            stream = cast(TextIO, link.stream)
            self.surface = Lines(LineScreen(stream), stream=stream, read_line=self._guest_line)
            self.surface.output = link.output
            self.news.forget()  # a guest come back hears the round from its start
            if self._table is not None and self.table.game is not None:
                self.tell_news(self.seat)
            return
        self.surface = Frames(link.console, link.screen, input=DummyInput(), output=link.output)
        link.screen.__enter__()  # the alternate screen, wiped; not the main thread, so signals are left alone
        self.redraw()

    def _guest_line(self) -> str:
        """A line typed by the guest during a question (the keys of :meth:`ask`), echoed back."""
        link = self.link
        if link is None:
            raise EOFError
        return typed_line(self.surface.input, link.write)

    def ask(self, question: Callable[[], T]) -> T:
        """Run ``question`` (prompts included) with the guest's keys; ``EOFError`` if there is no guest."""
        link = self.link
        if link is None:
            raise EOFError
        self.shown += 1  # a question covers the last frame
        surface: Surface = self.surface
        with link.interaction() as keys:
            surface.input = keys
            try:
                return question()
            finally:
                surface.input = DummyInput()

    def leave(self, message: str) -> None:
        """Restore the guest's terminal, say ``message`` on it, and end their session."""
        link = self.link
        if link is None:
            return
        self.surface.screen.close()
        link.close(self.surface.written(message))
        self.follow(None)

    # ------------------------------------------------------------------------------------------ frames

    def redraw(self, shown: int | None = None) -> None:
        """Show the last screen again (on frames, at the terminal's present size). ``shown``: only if the screen
        still shows what it showed when :attr:`shown` was that (a resize is redrawn once the question open then is
        over, and must not bring back a frame older than what followed the question)."""
        if shown is not None and shown != self.shown:
            return
        if self._frame is not None and self.link is not None and self.surface.draws:  # lines say nothing again
            self._frame()

    def _keep(self, frame: Callable[[], None], *, draw: bool = True) -> None:
        self._frame = frame
        self.shown += 1
        if draw and self.link is not None:
            frame()

    def _model(
        self, *, status: Text | None = None, banner: RenderableType | None = None, new_from: int | None = None
    ) -> BoardModel:
        table = self.table
        if new_from is None:
            new_from = table.seen.get(self.seat, table.round_start())
        return self.model(self.seat, new_from=new_from, banner=banner, status=status)

    def show(
        self,
        message: str,
        *,
        hint: str = "",
        status: Text | None = None,
        banner: RenderableType | None = None,
        new_from: int | None = None,
        draw: bool = True,
        spoken: bool = True,
    ) -> None:
        """The seat's table as it is now, with ``message`` below it (nothing is asked); as lines, the seat's new
        events, then ``message`` once (the same words are not said again after every move) unless it is not
        ``spoken``. ``draw=False``: only keep it as the screen to show again (the screen already shows the table,
        under a question just answered)."""
        self.tell_news(self.seat)
        model = self._model(status=status, banner=banner, new_from=new_from)
        # The same game, the same words: the screen already shows it (a banner is a new object: drawn anew).
        same = (len(self.table.game.log), message, hint, status.plain if status else None, model.new_from)
        if banner is None and draw and same == self._same and self.shown == self._same_shown:
            return

        def frame() -> None:
            self.surface.show(board_body(model), message, hint, spoken=spoken)

        self._keep(frame, draw=draw)
        self._same, self._same_shown = (same if banner is None else None), self.shown

    def show_body(self, body: Callable[[], RenderableType], message: str, hint: str = "") -> None:
        """Any screen (the lobby), with ``message`` below it."""
        self._keep(lambda: self.surface.show(body(), message, hint))

    # --------------------------------------------------------------------------------- the game's turns

    def decide_here(self) -> Action:
        """The seat decides, asked as at home (as lines, the words shown before are said again after it)."""
        self.surface.forget_shown()
        return self.ask(lambda: self.decide(self.seat))

    def computer_thinking_here(self, player: int) -> None:
        """A computer player has been deciding for a while: the seat's table, with a line that says it is thinking
        (as lines, said once), until its move is shown."""
        self.surface.forget_shown()  # said at each decision that takes a while, even with nothing said between
        self.show(t("play.thinking.message", player=self.table.names[player]), hint=t("host.hint.waiting"))

    def computer_moved_here(self, player: int, since: int) -> None:
        """A computer player moved: the seat's table with the move marked new, and the pause after it (it takes no
        key: a key pressed then must not land on the next screen)."""
        name = self.table.names[player]
        message = t("play.pause.message", player=name)
        status = fmt("play.table.computer_moved", player=name_text(name))
        if self.delay <= 0 or self.link is None:
            self.show(message, status=status, new_from=since, spoken=False)  # lines: the move was just said
            return
        model = self._model(status=status, new_from=since)

        def wait() -> None:
            self.surface.pause(board_body(model), message, self.delay)

        self.ask(wait)
        self.show(message, status=status, new_from=since, draw=False)

    def _round_end(self) -> tuple[RenderableType, Text]:
        """The banner and status of a round's end, in the seat's view."""
        banner = self.result_banner(self.seat, t("play.round.title", round=self.table.game.view(0).round))
        return banner, fmt("play.table.round_over")

    def round_over_frame(self) -> None:
        """The round's end in the seat's view, while the others get ready for the next round."""
        banner, status = self._round_end()
        self.show(t("host.round.waiting"), banner=banner, status=status)

    def round_over_here(self) -> bool:
        """The round's end in the seat's view; returns once the guest is ready for the next round."""
        banner, status = self._round_end()
        message, hint = t("host.round.ready"), t("host.round.hint")
        model = self._model(status=status, banner=banner)

        def ready() -> bool:
            self.acknowledge(model, message, hint, keys={"?": Nav.HELP})
            return True

        self.show(message, hint=hint, banner=banner, status=status, draw=False)
        answer = self.ask(ready)
        self.round_over_frame()
        return answer

    def game_end_here(self) -> None:
        """The game's end in the seat's view, with the offer of a review, when the host may play another game
        with the same guests: once the guest is done, their screen waits for what the host decides."""
        self.tell_result(self.seat)
        banner = self.result_banner(self.seat, t("play.game.title"))
        status = fmt("play.table.game_over")
        review = t("coach.review.offer_key")
        message = t("host.game.done")
        hint = t("coach.review.offer_hint", key=review)
        model = self._model(status=status, banner=banner)

        def done() -> None:
            while self.acknowledge(model, message, hint, keys={review: REVIEW}) == REVIEW:
                self.review_seat(self.seat)

        self.show(message, hint=hint, banner=banner, status=status, draw=False)
        try:
            self.ask(done)
        finally:
            self.show(t("host.game.deciding"), hint=t("host.hint.waiting"), banner=banner, status=status)

    def game_over_here(self, summary: Callable[[], str]) -> None:
        """The game's end in the seat's view, with the offer of a review of the guest's own decisions (the game
        is over: nothing is secret any more); when the guest presses Enter, their session ends with ``summary()``
        on their normal screen."""
        self.tell_result(self.seat)
        banner = self.result_banner(self.seat, t("play.game.title"))
        status = fmt("play.table.game_over")
        review = t("coach.review.offer_key")
        message = t("play.game.leave")
        hint = t("play.game.hint") + " · " + t("coach.review.offer_hint", key=review)
        model = self._model(status=status, banner=banner)

        def leave() -> None:
            while self.acknowledge(model, message, hint, keys={review: REVIEW}) == REVIEW:
                self.review_seat(self.seat)

        self.show(message, hint=hint, banner=banner, status=status, draw=False)
        self.ask(leave)
        self.leave(summary())
