"""The game loop's front end when some seats play from other computers: each seat's questions and private screens
on that seat's own terminal, public updates on every terminal, hand-offs only among the people at the host.

:class:`NetFrontend` implements :class:`~loveletter.table.loop.Frontend` by routing: a seat at the host's
terminal is served by the host's :class:`~loveletter.tui.terminal.TerminalFrontend` exactly as in
``loveletter play`` (the loop hands the laptop over among those people only: ``GameLoop(remote=…)``); a remote seat
by its :class:`~loveletter.net.remote.RemoteFrontend`, on its worker thread. After every move each remote
terminal is redrawn in its own seat's view, so waiting players follow the log live.

The loop stays synchronous: asking a remote seat submits the question to the seat's worker and waits for the
answer (:func:`~loveletter.net.waiting.wait_any`, which keeps the host's Ctrl-C working). Nothing changes the
game while the loop waits, so the workers read it safely. A guest who drops out while the game waits for them
is waited for ("waiting for Bea" on every screen) until they come back, then asked again; a guest who is away
while others play holds nobody up (they are not asked to be ready for the next round, for example).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import CancelledError, Future
from functools import partial
from typing import Any, TypeVar

from loveletter.engine import Action
from loveletter.i18n import t
from loveletter.net import waiting
from loveletter.net.remote import RemoteFrontend
from loveletter.net.seating import Left, RemoteSeat, Seating, TableClosed
from loveletter.table.loop import GameLoop
from loveletter.tui.style import fmt
from loveletter.tui.terminal import SideKey, TerminalFrontend

T = TypeVar("T")

#: The key that shows the join code while the host chooses their own move (the screens that wait show it anyway).
CODE_KEY = "c"
#: How long guests still at the game's end (reviewing, say) may take once the host has left it.
GRACE_SECONDS = 60


class NetFrontend:
    """``local`` is the host's own terminal (``None``: the host runs without one, and no person plays there);
    ``seating`` the remote seats, each with its :class:`RemoteFrontend` set; ``code`` the join code as shown, which
    stays on the host's screen whenever it waits (a friend who drops out needs it to come back); ``command`` how
    to join with it (shown with it on the ``c`` screen)."""

    def __init__(self, local: TerminalFrontend | None, seating: Seating, *, code: str = "", command: str = "") -> None:
        self.local = local
        self.code = code
        self.command = command
        #: Lets the host free a seat (``f`` while the host's terminal waits), if they can.
        self.free: Callable[[], None] | None = None
        if local is not None:
            local.play_again = False  # until the game starts: see start()
        self.seating = seating
        self.remote: dict[int, RemoteSeat] = {seat.index: seat for seat in seating.seats}
        self._table: GameLoop | None = None

    @property
    def table(self) -> GameLoop:
        assert self._table is not None, "start() first"
        return self._table

    # ------------------------------------------------------------------------------------------ helpers

    def _name(self, seat: int) -> str:
        return self.table.names[seat]

    def _all(
        self, job: Callable[[RemoteFrontend], Callable[[], T]], *, away: bool = True, skip: Iterable[int] = ()
    ) -> dict[int, Future[T]]:
        """Run ``job(front)`` on every remote seat's worker but ``skip`` (``away=False``: only where a guest is
        connected). Words are best worded inside the job: a seat's worker speaks its guest's language."""
        skipped = set(skip)
        return {
            i: seat.run(job(seat.frontend))
            for i, seat in self.remote.items()
            if i not in skipped and (away or seat.connected)
        }

    @staticmethod
    def _settle(futures: Mapping[int, Future[Any]]) -> None:
        """Wait for ``futures`` (draws: quick); a guest gone meanwhile (or a table closed) is simply left out."""
        for future in futures.values():
            with contextlib.suppress(Left, CancelledError):
                future.result()

    def _waiting_line(self, deciding: int | None, away: Sequence[str]) -> str:
        """What the game waits for (the guests ``away``, or the player ``deciding``), said on every screen that is
        not asked anything."""
        if deciding is not None and self._name(deciding) not in away:
            return t("host.wait.choosing", player=self._name(deciding))  # those away are marked in the status
        if away:
            return t("host.wait.away", players=self._names(away))
        return ""

    def _names(self, names: Sequence[str]) -> str:
        if len(names) == 1:
            return names[0]
        return t("play.and", first=", ".join(names[:-1]), last=names[-1])

    def _refresh(self, deciding: int | None, *, skip: Iterable[int] = ()) -> None:
        """Show every remote seat (but ``skip``) its table as it is now, with what the game waits for."""
        away = self.seating.waiting_for()

        def show(front: RemoteFrontend) -> Callable[[], None]:
            def frame() -> None:  # worded on the seat's worker: in its guest's language
                message = self._waiting_line(deciding, away)
                status = fmt("host.status.away", players=self._names(away)) if away else None
                front.show(message, hint=t("host.hint.waiting"), status=status)

            return frame

        self._settle(self._all(show, skip=skip))

    def _wait(
        self,
        futures: Iterable[Future[Any]],
        message: str,
        *,
        round_end: bool = False,
        refresh: Callable[[], None] | None = None,
    ) -> None:
        """Wait until one of ``futures`` is done; the host's terminal shows its table meanwhile (with the round's
        result: ``round_end``), and ``message``. ``TableClosed`` if the host closes the table meanwhile.
        ``refresh``: redraws the guests' screens whenever a guest comes or goes meanwhile (so that one who is
        back reads what the game waits for now, and those away are marked)."""
        futures = list(futures)
        while True:
            changed = self.seating.changed.next()
            if refresh is not None:
                # Drawn after taking the signal: a guest who left or came back since the caller last drew (before
                # this wait began) is shown now, and one who does during this drawing wakes the wait below. The
                # screens that already show it are not drawn again (RemoteFrontend.show).
                refresh()
            self._wait_once([*futures, *([changed] if refresh is not None else [])], message, round_end=round_end)
            if refresh is None or any(future.done() for future in futures):
                return

    def _wait_once(self, futures: Iterable[Future[Any]], message: str, *, round_end: bool = False) -> None:
        closing = self.seating.closing
        pending = [*futures, closing]
        local = self.local
        if local is None:
            waiting.wait_any(pending)
        else:
            table = self.table
            viewer = table.screen_seat()
            new_from = table.seen.get(viewer, table.round_start()) if viewer is not None else None
            banner, status = None, None
            if round_end:
                banner = local.result_banner(viewer, t("play.round.title", round=table.game.view(0).round))
                status = fmt("play.table.round_over")
            keys = waiting.FREE_KEYS if self.free is not None else None
            while True:
                hint = t("host.hint.host_waiting", code=self.code)
                model = local.model(viewer, new_from=new_from, banner=banner, status=status)
                local.draw_board(model, local.surface.room(message, hint))
                pressed = waiting.wait_any(
                    pending,
                    message,
                    hint,
                    terminal=True,
                    input=local.surface.input,
                    output=local.surface.output,
                    keys=keys,
                )
                if pressed != "free" or self.free is None:
                    break
                self.free()
        if closing.done():
            raise TableClosed

    def _until_back(self, seat: RemoteSeat) -> None:
        """Wait (showing everyone why) until the guest of ``seat`` is connected."""
        while not seat.connected:
            arrived = seat.arrived.next()
            if seat.connected:
                break
            self._refresh(seat.index)
            self._wait([arrived], t("host.wait.away", players=seat.name))

    # ----------------------------------------------------------------------------------------- Frontend

    def start(self, table: GameLoop) -> None:
        self._table = table
        if self.local is not None:
            # People here may play another game with the same guests (who stay connected); a host who only
            # watches ends the session with the game.
            self.local.play_again = bool(table.local_people)
            self.local.side_keys[CODE_KEY] = SideKey(t("host.hint.code_key"), self._show_code)
            self.local.start(table)
        for seat in self.remote.values():
            seat.frontend.start(table)

    def _show_code(self, seat: int) -> None:
        """The join code over the table of ``seat``, a person at the host choosing their move, until Enter."""
        local = self.local
        assert local is not None
        local.acknowledge(
            local.model(seat), t("host.code.shown", code=self.code, command=self.command), t("host.code.hint")
        )

    def hand_off(self, seat: int) -> None:
        assert self.local is not None and seat not in self.remote
        self._refresh(seat)
        self.local.hand_off(seat)

    def decide(self, seat: int) -> Action:
        if seat not in self.remote:
            assert self.local is not None, "a person at the host needs the host's terminal"
            self._refresh(seat)
            return self.local.decide(seat)
        remote = self.remote[seat]
        while True:
            self._until_back(remote)
            self._refresh(seat, skip=[seat])
            answer = remote.run(remote.frontend.decide_here)
            others = partial(self._refresh, seat, skip=[seat])
            self._wait([answer], t("host.wait.choosing", player=self._name(seat)), refresh=others)
            try:
                action: Action = answer.result()
                return action
            except Left:
                continue  # they dropped out: wait for them, then ask again from the start of their decision

    def turn_done(self, seat: int, since: int) -> None:
        # The guests see the move at once, not once the person here has pressed Enter at "your turn is over".
        self._refresh(self.table.game.decider)
        if seat not in self.remote and self.local is not None:
            self.local.turn_done(seat, since)

    def computer_thinking(self, seat: int) -> None:
        # Everyone at the table sees that a computer player is thinking: each guest on their own screen, in their
        # language, and the host here with the join code (a friend who drops out meanwhile needs it).
        notes = self._all(lambda front: partial(front.computer_thinking_here, seat))
        if self.local is not None:
            self.local.computer_thinking(seat, hint=t("host.hint.thinking", code=self.code))
        self._settle(notes)  # drawn before the loop goes on: the game must not change while a guest's screen reads it

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        pauses = self._all(lambda front: partial(front.computer_moved_here, seat, since))
        if self.local is not None:
            self.local.computer_moved(seat, action, since)
        self._settle(pauses)

    def private_news(self, seat: int, since: int) -> None:
        assert self.local is not None and seat not in self.remote
        self.local.private_news(seat, since)

    def round_over(self) -> bool:
        ready = self._all(lambda front: front.round_over_here, away=False)
        # Those away see the round's end when they are back; nobody waits for them to be ready.
        self._settle({i: s.run(s.frontend.round_over_frame) for i, s in self.remote.items() if i not in ready})
        go_on = True
        if self.local is not None and self.table.local_people:
            go_on = self.local.round_over()
        if not go_on:
            for index in ready:
                self.remote[index].abort()
            self._settle(ready)
            return False
        pending = dict(ready)
        while pending:
            names = [self._name(i) for i in pending]
            self._wait(pending.values(), t("host.wait.ready", players=self._names(names)), round_end=True)
            for index in [i for i, f in pending.items() if f.done()]:
                del pending[index]
        return True

    def first_player(self, choices: Sequence[int]) -> int | None:
        if self.local is not None and self.table.local_people:
            return self.local.first_player(choices)
        return None  # nobody at the host: the loop draws one from the seed

    def game_over(self) -> bool:
        if self.local is not None and self.local.play_again:
            ending = self._all(lambda front: front.game_end_here, away=False)
            if self.local.game_over():
                for index in ending:  # a guest still reviewing: the next game begins for them too
                    self.remote[index].abort()
                self._settle(ending)
                return True
            self._let_guests_finish(ending)  # then the table closes with the summary on each screen
            return False
        leaving = self._all(lambda front: partial(front.game_over_here, self.summary), away=False)
        if self.local is not None:
            self.local.game_over()
            self._let_guests_finish(leaving)
            return False
        pending = dict(leaving)
        while pending:
            self._wait(pending.values(), "")
            pending = {i: f for i, f in pending.items() if not f.done()}
        return False

    def _let_guests_finish(self, leaving: Mapping[int, Future[None]]) -> None:
        """The host has left the game's end: guests still on theirs (reviewing their decisions, say) get up to
        :data:`GRACE_SECONDS` to finish before the table closes, the host's screen saying whom it waits for."""
        pending = {i: f for i, f in leaving.items() if not f.done()}
        if not pending:
            return
        deadline: Future[None] = Future()
        timer = threading.Timer(GRACE_SECONDS, partial(_settle_once, deadline))
        timer.daemon = True
        timer.start()
        try:
            while pending and not deadline.done():
                names = self._names([self._name(i) for i in pending])
                self._wait([*pending.values(), deadline], t("host.wait.leaving", players=names, seconds=GRACE_SECONDS))
                pending = {i: f for i, f in pending.items() if not f.done()}
        finally:
            timer.cancel()

    # ---------------------------------------------------------------------------------------- the end

    def summary(self) -> str:
        """The one line a guest takes home: who won (or where the game stopped) and the tokens."""
        table = self.table
        game = table.game
        tokens = ", ".join(f"{name} {count}" for name, count in zip(table.names, game.tokens, strict=True))
        if game.over:
            winners = ", ".join(table.names[w] for w in game.winners)
            return t("play.summary.over", winners=winners, tokens=tokens)
        return t("play.summary.stopped", round=game.state.round, tokens=tokens)


def _settle_once(future: Future[None]) -> None:
    with contextlib.suppress(Exception):  # done already
        future.set_result(None)
