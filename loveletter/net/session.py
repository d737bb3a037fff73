"""A hosted game from its start to its goodbyes: the table opened, the lobby, the game (and those played again at
the same table) saved after every move, then the guests let go. What ``loveletter host`` and ``loveletter resume
--host`` run once their options are checked and the :class:`~loveletter.net.host.Host` is made.

Ctrl-C at the host saves and exits with 130, as ``loveletter play`` does; the guests are told whether the game is
saved. What a failed save leaves to resume is said as for a game at one computer
(:func:`loveletter.tui.session.report_problem`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.console import Console

from loveletter.i18n import t
from loveletter.net import code as join_code
from loveletter.records.library import short_name
from loveletter.table.autosave import Autosave
from loveletter.table.seats import first_player_rng
from loveletter.table.setup import NewGame, default_name
from loveletter.tui.screen import Screen, echo
from loveletter.tui.session import report_problem
from loveletter.tui.style import fmt
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend

if TYPE_CHECKING:
    from loveletter.engine import Game
    from loveletter.net.host import Host
    from loveletter.table.seats import StackedDeal


def host_game(
    host: Host,
    game: Game | NewGame,
    *,
    seed: int | None,
    delay: float,
    deals: Sequence[StackedDeal] = (),
    saver: Autosave | None = None,
    hints: bool = True,
) -> int:
    """Open the table, wait for the guests, play ``game`` to its end (or until the host stops it), saving it
    after every move; then say goodbye to the guests (``hints``: whether players may ask the coach). Ctrl-C at
    the host saves and exits with 130, as in ``loveletter play``; the guests are told that the game is saved."""
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    state: dict[str, Autosave | None] = {"saver": saver}
    try:
        host.start()
        # Between words at the terminal's width, as play's messages are; a line's indent is kept when it wraps.
        echo("\n".join([host.describe(), *("  " + line for line in host.join_lines()), t("host.info.check")]))
        echo(t("host.info.log", path=str(host.server.log.path)))
        sys.stdout.flush()
        with Screen(sys.stdout, title=t("play.window_title")) if terminal else contextlib.nullcontext() as screen:
            local = (
                TerminalFrontend(Frames(Console(highlight=False, emoji=False), screen), delay=max(delay, 0.0))
                if screen
                else None
            )
            played = play_hosted(host, game, state, local=local, seed=seed, deals=deals, hints=hints)
        host.close(host.summary)  # worded for each guest in their language; then here, in the host's
        summary = host.summary()
    except KeyboardInterrupt:
        current = state["saver"]
        if current is not None:
            current.flush()  # first: the guests are told the game is saved only if it is
        bye = "host.bye.cancelled" if current is None else "host.bye.closed" if current.problem else "host.bye.stopped"
        host.close(partial(t, bye))
        if current is None:
            echo(t("records.interrupted_unsaved"), sys.stderr)
            return 130
        if current.problem is None:
            echo(t("host.interrupted", path=str(current.path)), sys.stderr)
        report_problem(current)
        return 130
    finally:
        host.close()  # on any other way out too: the guests' terminals restored, the server stopped
        if state["saver"] is not None:
            state["saver"].flush()
    current = state["saver"]
    assert current is not None
    echo(summary)
    if current.problem is None:
        key = "records.saved_over" if played.over else "host.saved_stopped"
        echo(t(key, path=str(current.path), name=short_name(current.path)))
    report_problem(current)
    return 0


def play_hosted(
    host: Host,
    game: Game | NewGame,
    state: dict[str, Autosave | None],
    *,
    local: TerminalFrontend | None,
    seed: int | None,
    deals: Sequence[StackedDeal] = (),
    hints: bool = True,
) -> Game:
    """The lobby and the game: on the host's terminal (``local``, already on its alternate screen) or, with no
    terminal (``None``), printing only who joins. The game played; ``state["saver"]`` saves it (a resumed game's
    saver, or one begun here once the game has started)."""
    first_rng = first_player_rng(seed)
    resumed = state["saver"] is not None
    here = [i for i, s in enumerate(host.seats) if not s.computer and i not in host.remote]
    if local is not None and isinstance(game, NewGame) and here:
        # The names of the people here; the guests' seats are named as guests take them, meanwhile too: a name a
        # guest took while it was being typed here is asked again.
        names: list[str | None] = [None if i in here else s.name for i, s in enumerate(host.seats)]
        suggested = [default_name(here.index(i) + 1) if i in here else s.name for i, s in enumerate(host.seats)]
        title = local.setup_title(host.ruleset, len(host.seats))
        while True:
            guests = host.guest_names()
            defaults = [guests.get(i, name) for i, name in enumerate(names)]
            intro = fmt("host.setup.intro" if len(here) > 1 else "host.setup.intro_alone")
            asked = local.ask_names(title, defaults, suggested, people=len(here), intro=intro)
            clashes = host.set_names(asked)
            if not clashes:
                break
            names = [
                None if i in clashes else name if i in here else host.seats[i].name for i, name in enumerate(asked)
            ]
    seats = host.lobby(local, say=local is None)

    while True:
        if isinstance(game, NewGame):
            first: int | None = None
            if local is not None and here and game.chooses_first():
                title = local.setup_title(game.ruleset, game.players)
                first = local.ask_first_player([s.name for s in seats], range(game.players), title=title)
            game = game.start(first_rng, first)
        saver = state["saver"]
        if saver is None:
            saver = state["saver"] = Autosave.begin(game, seats, seed, hints=hints, hosted=True)
        join_code.remember(saver.path, host.code)  # hosted again, the game keeps its code
        host.on_new_code = partial(join_code.remember, saver.path)  # a seat freed: the code changes
        if local is not None:
            local.notice = saver.notice  # while saving fails, the host's table says so
        table = host.play(
            game,
            seats,
            local,
            seed=seed,
            observers=[saver],
            deals=deals,
            resumed=resumed,
            first_rng=first_rng,
            hints=hints,
        )
        if game.over:
            join_code.forget(saver.path)  # nothing left to host again: the code is kept nowhere
        if not table.again:
            return game
        # Another game at the same table, the guests still connected: the same seats and rules, the next seed (a
        # given seed keeps the games reproducible), a new record; as ``loveletter play`` does.
        seed = None if seed is None else seed + 1
        first_rng = first_player_rng(seed)
        game = NewGame(game.ruleset, game.players, seed)
        state["saver"] = None
        deals, resumed = (), False
