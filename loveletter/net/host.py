"""A table open to friends on other computers: the server, the seats, the lobby and the game, put together.

:class:`Host` owns the pieces of :mod:`loveletter.net` for one game: the SSH server (:mod:`~loveletter.net.server`),
the remote seats (:mod:`~loveletter.net.seating`) with a :class:`~loveletter.net.remote.RemoteFrontend` each, and the
join code. The command (``loveletter host``, ``loveletter resume --host``) uses it in three steps: :meth:`Host.lobby`
waits until every remote seat has its guest, :meth:`Host.play` runs the game loop with a
:class:`~loveletter.net.frontend.NetFrontend`, and :meth:`Host.close` says goodbye to the guests and stops the
server (also on Ctrl-C or an error).
"""

from __future__ import annotations

import concurrent.futures
import socket
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from loveletter.i18n import ruleset_title, speaking, t
from loveletter.net import code as join_code
from loveletter.net import waiting
from loveletter.net.frontend import NetFrontend
from loveletter.net.hostkey import fingerprint
from loveletter.net.seating import RemoteSeat, Seating, TableClosed
from loveletter.net.server import Server
from loveletter.table.loop import GameLoop, Observer
from loveletter.table.seats import Seat, StackedDeal
from loveletter.tui.prompts import Choice

if TYPE_CHECKING:
    import random

    import asyncssh

    from loveletter.engine import Game, Ruleset
    from loveletter.tui.terminal import TerminalFrontend

#: Seconds to let guests see the goodbye before their connections are closed.
GOODBYE_SECONDS = 3.0


def lan_address() -> str:
    """This computer's address on its network (the one that outgoing traffic would leave from; nothing is sent),
    or its host name when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def is_any(bind: str) -> bool:
    return bind in ("", "0.0.0.0", "::")


class Host:
    """The table: ``seats`` in order (people at the host, guests, computer players; a guest's name is ``""``
    until someone takes the seat, unless ``named``), ``remote`` the indexes of the guests' seats."""

    def __init__(
        self,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        remote: Iterable[int],
        key: asyncssh.SSHKey,
        *,
        bind: str = "",
        port: int = 8022,
        delay: float = 1.2,
        named: bool = False,
        code: str | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.seats = list(seats)
        self.remote = sorted(remote)
        self.key = key
        #: The join code (``code``: the one this game was hosted with before, kept for friends who know it).
        self.code = code or join_code.new_code()
        self.remote_seats = [RemoteSeat(i, self.seats[i].name if named else "", delay=delay) for i in self.remote]
        taken = [s.name for i, s in enumerate(self.seats) if i not in self.remote and s.name]
        self.seating = Seating(self.remote_seats, taken, named=named)
        self.address = bind if not is_any(bind) else lan_address()
        self.server = Server(
            key, self.code, self.seating, describe=self.describe, bind=bind, port=port, address=self.address
        )
        self.frontend: NetFrontend | None = None
        #: Called with each new join code (a seat freed): the command keeps it for the saved game.
        self.on_new_code: Callable[[str], None] | None = None
        #: The game being played, once it has started.
        self.game: Game | None = None
        self._closed = False

    # ----------------------------------------------------------------------------------------- the table

    def describe(self) -> str:
        return t("host.table", title=ruleset_title(self.ruleset), players=len(self.seats))

    def set_names(self, names: Sequence[str]) -> list[int]:
        """The names of the seats at the host (asked on its terminal), which guests may not take from then on.
        The seats whose name a guest (or another person here) already has: nothing is set then, and those names
        must be asked again."""
        here = [i for i, s in enumerate(self.seats) if i not in self.remote and names[i]]
        clashes = self.seating.reserve([names[i] for i in here])
        if clashes:
            return [here[c] for c in clashes]
        self.seats = [
            Seat(name if i not in self.remote else seat.name, seat.level)
            for i, (name, seat) in enumerate(zip(names, self.seats, strict=True))
        ]
        return []

    def guest_names(self) -> dict[int, str]:
        """The names of the guests seated so far, by seat."""
        return {seat.index: seat.name for seat in self.remote_seats if seat.name}

    def final_seats(self) -> list[Seat]:
        """The seats with the guests' names."""
        names = {seat.index: seat.name for seat in self.remote_seats}
        return [Seat(names.get(i, s.name), s.level) for i, s in enumerate(self.seats)]

    def join_lines(self) -> list[str]:
        """How to join, as printed on the host's terminal."""
        return [
            t("host.info.command", command=self.server.join_command()),
            t("host.info.code", code=join_code.shown(self.code)),
            t("host.info.key", fingerprint=fingerprint(self.key)),
        ]

    def summary(self) -> str:
        """The one line everyone takes home once the game is played: who won, or where it stopped."""
        assert self.frontend is not None, "play() first"
        return self.frontend.summary()

    # ------------------------------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start listening (``UserError`` if the port cannot be had)."""
        self.server.start()

    def close(self, message: Callable[[], str] | None = None) -> None:
        """Say ``message()`` (default: the host closed the table) to every guest still here, then stop; it is
        worded on each guest's seat, in the guest's language. Only the first call does anything."""
        if self._closed:
            return
        self._closed = True
        words = message or partial(t, "host.bye.closed")
        goodbyes = []
        for seat in self.remote_seats:
            seat.abort(for_good=True)  # a question about to open would otherwise wait for a key, past the goodbye
            goodbyes.append(seat.run(partial(_worded, seat.frontend.leave, words=words)))
        concurrent.futures.wait(goodbyes, timeout=GOODBYE_SECONDS)
        self.server.stop()
        self.seating.close()

    # ----------------------------------------------------------------------------------------------- lobby

    def seat_rows(self, viewer: int | None = None) -> Table:
        """The seats and who sits in them (``viewer``: the guest looking, marked "you")."""
        rows = Table(box=None, show_header=False, padding=(0, 1))
        guests = {seat.index: seat for seat in self.remote_seats}
        for index, seat in enumerate(self.seats):
            guest = guests.get(index)
            if guest is None:
                who = Text(seat.name, style="bold")
                where = t("host.lobby.computer") if seat.computer else t("host.lobby.here")
            elif guest.name:
                who = Text(guest.name, style="bold")
                where = t("host.lobby.you") if index == viewer else t("host.lobby.joined")
                if not guest.connected:
                    where = t("host.lobby.away")
            else:
                who, where = Text("·"), t("host.lobby.free")
            rows.add_row(f"{index + 1}.", who, Text(where, style="dim"))
        return rows

    def lobby_body(self, viewer: int | None) -> RenderableType:
        """The lobby: the game, how to join (on the host's screen only) and the seats."""
        parts: list[RenderableType] = [Text(self.describe(), style="bold"), Text("")]
        if viewer is None:
            parts += [Text(line) for line in self.join_lines()] + [Text(t("host.info.check"), style="dim")]
            parts += [Text(t("host.info.log", path=str(self.server.log.path)), style="dim"), Text("")]
        parts.append(self.seat_rows(viewer))
        return Panel(Group(*parts), box=box.ROUNDED, padding=(1, 2))

    def lobby(self, local: TerminalFrontend | None, *, say: bool = False) -> list[Seat]:
        """Wait until every remote seat has its guest, showing who is there on every screen (``say``: no terminal
        at the host; each arrival is printed as a line). The seats with the guests' names."""
        seen: dict[int, str] = {}
        closing = self.seating.closing
        while True:
            changed = self.seating.changed.next()
            missing = self.seating.missing()
            words = partial(t, "host.lobby.waiting", count=missing) if missing else partial(t, "host.lobby.starting")
            message = words()
            for seat in self.remote_seats:
                if seat.connected:  # worded on the guest's seat: in their language
                    seat.run(
                        partial(_worded, seat.frontend.show_body, partial(self.lobby_body, seat.index), words=words)
                    )
            if say:
                for seat in self.remote_seats:
                    name = seat.name if seat.connected else ""
                    before = seen.get(seat.index, "")
                    if before != name:
                        key = "host.lobby.arrived" if name else "host.lobby.left"
                        print(t(key, player=name or before, seat=seat.index + 1), flush=True)
                        seen[seat.index] = name
            if not missing and self.seating.start(when_full=True):
                return self.final_seats()
            if local is not None:
                local.surface.draw(self.lobby_body(None), local.surface.room(message, t("host.hint.lobby")))
            pressed = waiting.wait_any(
                [changed, closing],
                message,
                t("host.hint.lobby"),
                terminal=local is not None,
                input=local.surface.input if local is not None else None,
                output=local.surface.output if local is not None else None,
                keys=waiting.FREE_KEYS,
            )
            if closing.done():
                raise TableClosed
            if pressed == "free" and local is not None:
                self.free_seat(local)

    def free_seat(self, local: TerminalFrontend) -> None:
        """Ask the host which guest to let go (someone who took a friend's seat with the code) and do it: the
        seat waits for its friend, and the join code changes, so that only who the host gives the new one to
        can take it (those seated keep theirs). Esc: nobody is let go."""
        seated = [seat for seat in self.remote_seats if seat.connected and seat.name]
        choices = [Choice(seat.index, seat.name) for seat in seated]
        body = Panel(self.seat_rows(), box=box.ROUNDED, padding=(1, 2))
        if not choices:
            return
        chosen = local.surface.choose(body, t("host.free.ask"), choices, hint=t("host.free.hint"), allow_back=True)
        if not isinstance(chosen, int):
            return
        link = self.seating.free(chosen)
        self.code = join_code.new_code()
        self.server.code = self.code
        if self.frontend is not None:
            self.frontend.code = join_code.shown(self.code)
            self.frontend.command = self.server.join_command()
        if self.on_new_code is not None:
            self.on_new_code(self.code)
        if link is not None:
            with speaking(link.lang):
                link.close(t("host.bye.freed"))

    # ------------------------------------------------------------------------------------------------ game

    def play(
        self,
        game: Game,
        seats: Sequence[Seat],
        local: TerminalFrontend | None,
        *,
        seed: int | None,
        observers: Iterable[Observer] = (),
        deals: Iterable[StackedDeal] = (),
        resumed: bool = False,
        first_rng: random.Random | None = None,
        hints: bool = True,
    ) -> GameLoop:
        """Play ``game`` to its end (or until the host stops it); the game loop, for its state afterwards."""
        self.game = game
        frontend = NetFrontend(local, self.seating, code=join_code.shown(self.code), command=self.server.join_command())
        if local is not None:
            frontend.free = partial(self.free_seat, local)
        table = GameLoop(
            game,
            seats,
            frontend,
            seed=seed,
            deals=deals,
            observers=observers,
            resumed=resumed,
            first_rng=first_rng,
            remote=self.remote,
            hints=hints,
        )
        self.frontend = frontend
        table.run()
        return table


def _worded(say: Callable[..., None], *args: object, words: Callable[[], str]) -> None:
    """``say(*args, words())``: on a seat's worker, where ``words`` are worded in the guest's language."""
    say(*args, words())
