"""Replaying a recorded game: every point of it (each deal, each action) as one seat saw it, or with every hand.

:class:`Replay` holds the points of a record (:func:`loveletter.records.timeline.timeline`) and says what each
shows: the table model for the terminal, or lines of plain text. From one seat (``seat=N``) a point shows that
seat's view and its log, private events included, and nothing else; with ``seat=None`` (``--all``) it shows the
public log and every hand. :class:`ReplayViewer` steps through the points on the terminal: next, previous,
first, last, jump to a round, quit (the stepping, shared with the solitaire replay, is :class:`PointViewer`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import ClassVar, Generic, Protocol, TypeVar

from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from loveletter.engine import Game, Keep, parse_action
from loveletter.i18n import card_name, printable, ruleset_title, t
from loveletter.records import GameRecord
from loveletter.records.timeline import replay_seat, timeline
from loveletter.tui.board import Board, BoardModel
from loveletter.tui.log import Entry, narrate
from loveletter.tui.prompts import TYPE_AHEAD
from loveletter.tui.style import cards_text, fmt, name_text
from loveletter.tui.surface import Surface


class Replay:
    """The points of ``record`` as ``seat`` saw them, or (``seat=None``) with every hand shown; what may be shown
    is checked by :func:`replay_seat`."""

    def __init__(self, record: GameRecord, seat: int | None, source: str = "record") -> None:
        replay_seat(record, seat, every=seat is None, source=source)  # refuses what the rule does not allow
        self.record = record
        self.seat = seat
        self.source = source
        # Replaying for everyone: each seat's hand is shown beside a spectator's table.
        seats = (*range(record.players), None) if seat is None else (seat,)
        self.game: Game
        self.game, self.points = timeline(record, tuple(seats), source)
        # The names as a screen shows them: a record may come from anyone (control characters escaped).
        self.names = tuple(printable(s.name) for s in record.seats)

    @property
    def rounds(self) -> int:
        return len(self.record.rounds)

    def round_index(self, number: int) -> int:
        """The index of the point where round ``number`` (from 1) is dealt."""
        for index, point in enumerate(self.points):
            if point.round == number:
                return index
        raise ValueError(f"no round {number}")

    # ---------------------------------------------------------------------------------------- one point

    def entries(self, index: int) -> list[Entry[Text]]:
        """The log of the point's round up to the point, as the replay's seat saw it."""
        point = self.points[index]
        game = self.game
        goal = game.ruleset.tokens_to_win(game.players)
        events = game.log[point.round_start : point.log_end]
        return narrate(events, self.seat, self.names, game.ruleset, goal=goal, offset=point.round_start)

    def new_from(self, index: int) -> int:
        """Where the point's own events begin in the log (what the action that led here caused)."""
        point = self.points[index]
        return point.round_start if point.step == 0 else self.points[index - 1].log_end

    def hands(self, index: int) -> list[Text]:
        """The hands shown at the point: the seat's own, or every seat's still in the round."""
        point = self.points[index]
        ruleset = self.game.ruleset
        shown = []
        for seat, view in point.views.items():  # seats in order, then the spectator's table
            if seat is None:
                continue
            sv = view.seats[seat]
            if view.hand:
                cards = cards_text(view.hand, ruleset)
            elif sv.dealt_in and not sv.in_round:
                cards = fmt("records.replay.out")
            else:
                cards = fmt("records.replay.no_cards")
            shown.append(fmt("records.replay.hand", player=name_text(self.names[seat]), cards=cards))
        return shown

    def status(self, index: int) -> Text:
        point = self.points[index]
        return fmt("records.replay.status", point=str(index), total=str(len(self.points) - 1), round=str(point.round))

    def model(self, index: int) -> BoardModel:
        point = self.points[index]
        if self.seat is not None:
            view = point.views[self.seat]
            extra: list[RenderableType] = []
        else:
            view = point.views[None]
            body = Text("\n").join(self.hands(index))
            extra = [
                Panel(body, title=fmt("records.replay.hands"), title_align="left", box=box.ROUNDED, padding=(0, 1))
            ]
        return BoardModel(
            view=view,
            names=self.names,
            viewer=self.seat,
            log=self.entries(index),
            new_from=self.new_from(index),
            status=self.status(index),
            extra=extra,
        )

    # ------------------------------------------------------------------------------------------- as text

    def title(self, path: Path) -> str:
        players = ", ".join(self.names)
        ruleset = printable(ruleset_title(self.game.ruleset))
        if self.seat is None:
            return t("records.replay.title_all", file=printable(path.name), ruleset=ruleset, players=players)
        player = self.names[self.seat]
        return t(
            "records.replay.title_seat", file=printable(path.name), ruleset=ruleset, players=players, player=player
        )

    def lines(self, path: Path) -> Iterator[str]:
        """The whole replay as plain text: each point's number, what happened, then the hands shown."""
        yield self.title(path)
        for index, point in enumerate(self.points):
            if point.step == 0:
                yield ""
            since = self.new_from(index)
            told = [e.text.plain for e in self.entries(index) if e.index >= since]
            yield f"[{index}] " + (" ".join(told) if told else self.silent(index))
            yield "    " + " · ".join(h.plain for h in self.hands(index))
        yield ""
        yield self.ending()

    def silent(self, index: int) -> str:
        """Words for an action the log does not tell (a Chancellor's keep, told only to its player): what was
        kept with every hand shown or to its own seat, else only that the player decided."""
        point = self.points[index]
        if point.seat is None or point.action is None:
            return ""
        player = self.names[point.seat]
        if self.seat is not None and self.seat != point.seat:
            return t("records.replay.decided", player=player)
        action = parse_action(point.action, self.game.ruleset.cards)
        if isinstance(action, Keep):
            returned = ", ".join(card_name(c) for c in action.returned)
            return t("records.replay.keep", player=player, card=card_name(action.card), returned=returned)
        return t("records.replay.action", player=player, action=point.action)

    def ending(self) -> str:
        game = self.game
        standings = ", ".join(f"{n} {tokens}" for n, tokens in zip(self.names, game.tokens, strict=True))
        if self.record.finished and game.over:
            winners = ", ".join(self.names[w] for w in game.winners)
            return t("records.replay.result", winners=winners, tokens=standings)
        return t("records.replay.unfinished", tokens=standings)


class _Points(Protocol):
    @property
    def points(self) -> Sequence[object]: ...


R = TypeVar("R", bound=_Points)


class PointViewer(Generic[R]):
    """Steps through the points of a replay on ``surface``, one frame a point. Keys: → n Space Enter next,
    ← p previous, Home/End first and last, q or Escape quit; a subclass draws a point (:meth:`body`), names its
    key hint (:attr:`HINT`) and may add keys (:attr:`KEYS`, :meth:`move`)."""

    NEXT, PREVIOUS, FIRST, LAST, QUIT = "next", "previous", "first", "last", "quit"
    KEYS: Mapping[str, str] = {
        "right": NEXT,
        "n": NEXT,
        " ": NEXT,
        "left": PREVIOUS,
        "p": PREVIOUS,
        "home": FIRST,
        "end": LAST,
        "q": QUIT,
        "escape": QUIT,
    }
    #: The catalog key of the line under the prompt that lists the keys.
    HINT: ClassVar[str]

    def __init__(self, replay: R, surface: Surface) -> None:
        self.replay = replay
        self.surface = surface

    def body(self, index: int, height: int) -> RenderableType:
        """Point ``index`` drawn in ``height`` lines."""
        raise NotImplementedError

    def run(self, start: int = 0) -> list[int]:
        """Show points until the viewer quits; the indexes shown, in order (for tests). Keys typed ahead are
        kept: holding a key steps through the game, and nothing here is anyone's secret to guard."""
        last = len(self.replay.points) - 1
        index: int | None = min(max(start, 0), last)
        shown: list[int] = []
        while index is not None:
            shown.append(index)
            message = t("records.replay.prompt_end" if index == last else "records.replay.prompt")
            body = partial(self.body, index)
            answer = self.surface.press(body, message, t(self.HINT), keys=self.KEYS, guard=TYPE_AHEAD)
            index = self.move(answer, index, last)
        self.surface.screen.wipe()
        return shown

    def move(self, answer: object, index: int, last: int) -> int | None:
        """The point ``answer`` (Enter's ``True`` or a key's value) goes to from ``index``; ``None`` to quit."""
        if answer is True or answer == self.NEXT:
            return min(index + 1, last)
        if answer == self.PREVIOUS:
            return max(index - 1, 0)
        if answer == self.FIRST:
            return 0
        if answer == self.LAST:
            return last
        return None


class ReplayViewer(PointViewer[Replay]):
    """Steps through a :class:`Replay` on the terminal, as :class:`PointViewer` does; g also asks for a round
    by its number and goes to its deal."""

    ROUND = "round"
    KEYS: Mapping[str, str] = {**PointViewer.KEYS, "g": ROUND}
    HINT = "records.replay.keys"

    def body(self, index: int, height: int) -> RenderableType:
        return Board(self.replay.model(index), height=height)

    def move(self, answer: object, index: int, last: int) -> int | None:
        if answer == self.ROUND:
            return self.ask_round(index)
        return super().move(answer, index, last)

    def ask_round(self, current: int) -> int:
        rounds = self.replay.rounds

        def check(text: str) -> str | None:
            return None if _round_number(text, rounds) is not None else t("records.replay.bad_round", rounds=rounds)

        answer = self.surface.ask_text(
            t("records.replay.ask_round", rounds=rounds),
            default=str(self.replay.points[current].round),
            check=check,
            guard=TYPE_AHEAD,
        )
        number = _round_number(answer, rounds)
        return current if number is None else self.replay.round_index(number)


def _round_number(text: str, rounds: int) -> int | None:
    try:
        number = int(text.strip())
    except ValueError:
        return None
    return number if 1 <= number <= rounds else None
