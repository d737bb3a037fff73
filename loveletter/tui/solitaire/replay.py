"""Replaying a recorded solitaire game: the board after the deal and after every action, as the player saw it,
or (``every=True``, finished games only) with every face-down card named beside it.

:class:`SolitaireReplay` replays a :class:`~loveletter.records.solitaire.SolitaireRecord` through the engine
(checked as a load checks it) and says what each point shows: the board model for the terminal, or lines of
plain text. :class:`SolitaireReplayViewer` steps through the points on the terminal, as the multi-player
:class:`~loveletter.tui.replay.ReplayViewer` does: next, previous, first, last, quit. The board is built from
the player's view; the face-down cards, when asked for, are a separate panel beside it.

>>> from pathlib import Path
>>> from loveletter.i18n import set_language
>>> from loveletter.solitaire import SolitaireGame
>>> from loveletter.records.solitaire import SolitaireRecord
>>> set_language("en")
>>> game = SolitaireGame(seed=3)
>>> _ = game.push("draw")
>>> replay = SolitaireReplay(SolitaireRecord.start(game), every=False)
>>> [(p.step, p.action) for p in replay.points]
[(0, None), (1, 'draw')]
>>> replay.points[1].view == game.view() and replay.points[1].hidden is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from loveletter.i18n import card_name, printable, ruleset_title, t
from loveletter.records import RecordError
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.view import SolitaireView
from loveletter.tui.replay import PointViewer
from loveletter.tui.solitaire.board import Board, BoardModel
from loveletter.tui.solitaire.narrate import Line, ending, narrate, tell
from loveletter.tui.style import card_label, fmt


@dataclass(frozen=True, slots=True)
class Hidden:
    """The cards face down at a point: queue places (``(slot, card)``), the agent, the draw pile from the top."""

    queue: tuple[tuple[int, str], ...]
    agent: str | None
    draw: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SolitairePoint:
    """The game after ``step`` actions (``action`` the last of them, in the solitaire notation)."""

    step: int
    action: str | None
    view: SolitaireView
    hidden: Hidden | None  # only when every card is shown
    log_end: int  # how far the game's log went at this point


def hidden_cards(game: SolitaireGame) -> Hidden:
    s = game.state
    queue = tuple((i + 1, card) for i, card in enumerate(s.queue) if card is not None and not s.up[i])
    agent = s.agent if s.agent is not None and not s.agent_up else None
    return Hidden(queue, agent, tuple(s.draw))


class SolitaireReplay:
    """The points of ``record``, as the player saw them, or (``every``) with the face-down cards named."""

    def __init__(self, record: SolitaireRecord, every: bool, source: str = "record") -> None:
        if every and not record.finished:  # every face-down card of a game still going on: refused
            raise RecordError(source, "", t("records.replay_solitaire.unfinished_all"))
        self.record = record
        self.every = every
        points: list[SolitairePoint] = []

        def keep(game: SolitaireGame, action: str | None) -> None:
            points.append(self._point(game, len(points), action))

        # Every structural and rules check, with the errors of a load; the points kept on the way.
        self.game = record.replay(source, each=keep)
        self.points = points

    def _point(self, game: SolitaireGame, step: int, action: str | None) -> SolitairePoint:
        hidden = hidden_cards(game) if self.every else None
        return SolitairePoint(step, action, game.view(), hidden, len(game.log))

    # ---------------------------------------------------------------------------------------- one point

    def since(self, index: int) -> int:
        """Where the point's own events begin in the log (what the action that led here caused)."""
        return 0 if index == 0 else self.points[index - 1].log_end

    def log(self, index: int) -> list[Line]:
        """The log up to the point."""
        return narrate(self.game.log[: self.points[index].log_end], self.game.ruleset)

    def new_from(self, index: int, log: list[Line] | None = None) -> int:
        """The first log line to mark as new at the point: the one its first told event is on (a card played
        after a draw joins the draw's line). ``log`` is the point's :meth:`log`, when already told."""
        events, rs = self.game.log, self.game.ruleset
        end = self.points[index].log_end
        first = next((i for i in range(self.since(index), end) if tell(events[i], rs) is not None), end)
        starts = [line.index for line in (self.log(index) if log is None else log) if line.index <= first]
        return starts[-1] if starts else first

    def told(self, index: int) -> list[str]:
        """What happened with the point's action, in words (its own events only)."""
        events = self.game.log[self.since(index) : self.points[index].log_end]
        return [line.text.plain for line in narrate(events, self.game.ruleset)]

    def status(self, index: int) -> Text:
        return fmt("records.replay_solitaire.status", point=str(index), total=str(len(self.points) - 1))

    def hidden_text(self, hidden: Hidden) -> Text:
        rs = self.game.ruleset
        parts = [Text.assemble((f"Q{slot} ", "bold"), card_label(card, rs)) for slot, card in hidden.queue]
        if hidden.agent is not None:
            parts.append(fmt("records.replay_solitaire.hidden_agent", card=card_label(hidden.agent, rs)))
        if hidden.draw:
            cards = Text(", ").join(card_label(c, rs) for c in hidden.draw)
            parts.append(fmt("records.replay_solitaire.hidden_draw", cards=cards))
        return Text(" · ").join(parts)

    def model(self, index: int) -> BoardModel:
        point = self.points[index]
        panels: list[RenderableType] = []
        if point.hidden is not None and (point.hidden.queue or point.hidden.agent or point.hidden.draw):
            title = Text(t("records.replay_solitaire.hidden"), style="bold")
            panels.append(Panel(self.hidden_text(point.hidden), title=title, title_align="left", box=box.ROUNDED))
        if index == len(self.points) - 1:
            panels.append(Panel(Text(self.ending(), style="bold"), box=box.HEAVY, padding=(0, 1)))
        log = self.log(index)
        return BoardModel(
            view=point.view,
            deal=self.record.seed,
            log=log,
            new_from=self.new_from(index, log),
            banner=Group(*panels) if panels else None,
            status=self.status(index),
        )

    # ------------------------------------------------------------------------------------------- as text

    def title(self, path: Path) -> str:
        ruleset = ruleset_title(self.game.ruleset)
        key = "records.replay_solitaire.title_all" if self.every else "records.replay_solitaire.title"
        deal = str(self.record.seed) if self.record.seed is not None else t("records.replay_solitaire.stacked")
        return t(key, file=printable(path.name), ruleset=printable(ruleset), deal=deal)

    def table_line(self, index: int) -> str:
        """The table at the point on one line: the queue, the hand, the agent, the draw pile (and, with every
        card shown, the face-down cards in brackets)."""
        point = self.points[index]
        view = point.view
        down = dict(point.hidden.queue) if point.hidden is not None else {}
        queue = []
        for place in view.queue:
            if place.card is not None:
                queue.append(f"Q{place.slot} {card_name(place.card)}")
            elif place.slot in down:
                queue.append(f"Q{place.slot} [{card_name(down[place.slot])}]")
            else:
                queue.append(f"Q{place.slot} ?")
        if view.playing is not None or (view.agent_state == "face_up" and view.agent is not None):
            agent = card_name(view.playing or view.agent or "")
        elif view.agent_state == "empty":
            agent = t("records.replay_solitaire.agent_none")
        elif point.hidden is not None and point.hidden.agent is not None:
            agent = f"[{card_name(point.hidden.agent)}]"
        else:
            agent = t("records.replay_solitaire.agent_down")
        draw = str(view.draw_size)
        if point.hidden is not None and point.hidden.draw:
            draw += " [" + ", ".join(card_name(c) for c in point.hidden.draw) + "]"
        return t(
            "records.replay_solitaire.table",
            queue=", ".join(queue) or "—",
            hand=", ".join(card_name(c) for c in view.hand) or "—",
            agent=agent,
            draw=draw,
        )

    def lines(self, path: Path) -> Iterator[str]:
        """The whole replay as plain text: each point's number, what happened, then the table."""
        yield self.title(path)
        yield ""
        for index in range(len(self.points)):
            # The log tells every action; its notation (language-neutral) stands in if one is ever silent.
            said = " ".join(self.told(index)) or self.points[index].action or ""
            yield f"[{index}] {said}"
            yield "    " + self.table_line(index)
        yield ""
        yield self.ending()

    def ending(self) -> str:
        game = self.game
        if game.over and game.reason is not None:
            key = "records.replay_solitaire.won" if game.won else "records.replay_solitaire.lost"
            return t(key, reason=ending(game))
        return t("records.replay_solitaire.unfinished")


class SolitaireReplayViewer(PointViewer[SolitaireReplay]):
    """Steps through a :class:`SolitaireReplay` on the terminal, as :class:`~loveletter.tui.replay.PointViewer`
    does: → n Space Enter next, ← p previous, Home/End first and last, q or Escape quit."""

    HINT = "records.replay_solitaire.keys"

    def body(self, index: int, height: int) -> RenderableType:
        return Board(self.replay.model(index), height=height)
