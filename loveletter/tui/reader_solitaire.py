"""Screen-reader mode of ``loveletter solitaire``: the game as plain lines (see :mod:`loveletter.tui.reader`).

:class:`ReaderSolitaire` is the solitaire's game loop (:class:`~loveletter.tui.solitaire.app.SolitaireApp`, its
questions, saves and streak unchanged) saying lines instead of drawing the board: what happened since the last
question, one line each as the log tells it; at each new decision the board as labelled lines (the deal, turn
and streak, the queue place by place, the hand, the agent, the piles); at the end the result and the streak; and
the questions as numbered options typed back as lines.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TextIO

from rich.console import RenderableType

from loveletter.i18n import card_name, t
from loveletter.solitaire.view import SolitaireView
from loveletter.tui.prompts import Choice, KeyPolicy, Nav
from loveletter.tui.reader import PlainLines
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.narrate import narrate
from loveletter.tui.solitaire.streak import Streak


class ReaderSolitaire(PlainLines, SolitaireApp):
    """Solitaire games as lines on ``stream`` (``None``: standard output), answers read with ``read_line``."""

    def __init__(
        self,
        screen: Screen,
        streak: Streak,
        *,
        stream: TextIO | None = None,
        read_line: Callable[[], str] | None = None,
        **options: Any,
    ) -> None:
        console = self.lines_on(stream, read_line)
        super().__init__(console, screen, streak, **options)  # where the streak and the records are saved
        #: The log's lines told so far (by their first event), and the text of the last one (it may grow).
        self._told = -1
        self._last = ""
        #: The game's log and turn when the board was last said: a new turn says it all, a new decision in the
        #: same turn (after a draw) says the hand again.
        self._board_at = -1
        self._turn = -1
        self._game_id = 0
        #: The hint said last (what the normal mode shows in place of the board), to say it once.
        self._hint: list[str] = []

    def ask(
        self,
        title: str,
        choices: list[Choice[Hashable]],
        hint: str,
        *,
        back: bool = False,
        banner: RenderableType | None = None,
        guard: KeyPolicy | None = None,
        default: int = 0,
        body: Callable[[int], RenderableType] | None = None,
        extra: dict[str, object] | None = None,
    ) -> Hashable | Nav:
        # The question is asked over the board said as lines; ``body`` is the coach's hint when it is shown (h),
        # said as lines once, as a whole again only when it changes (the next part of the move lists other moves).
        game = self.game
        assert game is not None
        if id(game) != self._game_id:  # a new game: its log starts again
            self._game_id, self._told, self._last, self._board_at, self._turn = id(game), -1, "", -1, -1
        self.tell_news()
        if banner is not None:
            self.tell_end()
        elif len(game.log) != self._board_at:
            self._board_at = len(game.log)
            view = game.view()
            if view.turn != self._turn:
                self._turn = view.turn
                self.tell_board(view)
            else:
                self.say(t("play.reader.hand", cards=", ".join(card_name(c) for c in view.hand)))
        lines = self.drawn_lines(body(1_000)) if body is not None else []
        if lines != self._hint:
            self._hint = lines
            for line in lines:
                self.say(line)
        return self.choose(
            lambda height: "", title, choices, hint=hint, default=default, allow_back=back, extra=extra or {}
        )

    def tell_news(self) -> None:
        """Each line of the log not told yet; a line told before that grew (a draw, then the card played) says
        only what was added."""
        game = self.game
        assert game is not None
        for line in narrate(game.log, game.ruleset):
            text = line.text.plain
            if line.index > self._told:
                self.say(text)
            elif line.index == self._told and text != self._last and text.startswith(self._last):
                self.say(text[len(self._last) :].strip())
            else:
                continue
            self._told, self._last = line.index, text

    def tell_board(self, view: SolitaireView) -> None:
        """The board as labelled lines, in the order the screen shows it."""
        game = self.game
        assert game is not None
        rs = view.ruleset
        if game.seed is not None:
            self.say(t("solitaire.table.header", deal=game.seed, turn=view.turn) + ".")
        else:
            self.say(t("solitaire.table.header_stacked", turn=view.turn) + ".")
        self.say(self.streak_line() + ".")
        places = []
        first = view.queue[0].slot if view.queue else None
        for place in view.queue:
            slot = f"Q{place.slot}"
            if place.card is None:
                words = [t("solitaire.choice.slot_down", slot=slot)]
            else:
                words = [
                    t("solitaire.reader.slot_up", slot=slot, card=card_name(place.card), value=rs.value(place.card))
                ]
            if place.slot == first:
                words.append(t("solitaire.table.next"))
            if place.protected:
                words.append(t("solitaire.table.safe"))
            places.append(", ".join(words))
        self.say(t("solitaire.reader.queue", places="; ".join(places)))
        self.say(t("play.reader.hand", cards=", ".join(card_name(c) for c in view.hand)))
        if view.playing is not None:
            agent = card_name(view.playing)
        elif view.agent_state == "face_up" and view.agent is not None:
            agent = card_name(view.agent)
        elif view.agent_state == "empty":
            agent = t("solitaire.table.agent_none")
        else:
            agent = t("solitaire.table.agent_down")
        self.say(t("solitaire.reader.agent", agent=agent))
        self.say(t("solitaire.table.draw", count=view.draw_size) + ".")
        if view.discards:
            self.say(t("solitaire.table.discards", cards=", ".join(card_name(c) for c in view.discards)) + ".")
        else:
            self.say(t("solitaire.table.discards_none") + ".")
        unseen = {c: n for c, n in view.unseen().items() if n > 0}
        if unseen:
            cards = ", ".join(f"{card_name(c)} {n}" for c, n in unseen.items())
            self.say(t("solitaire.table.unseen", count=sum(unseen.values()), cards=cards) + ".")
        if view.player_protected:
            self.say(t("solitaire.table.you_protected"))
        if view.queue_protected:
            self.say(t("solitaire.table.queue_protected"))
        if self.status is not None:
            self.say(self.status.plain)

    def tell_end(self) -> None:
        """The game's result, why, and the streak."""
        game = self.game
        assert game is not None and game.reason is not None
        self.say(t("solitaire.end.win_title" if game.won else "solitaire.end.loss_title"))
        self.say(t(f"solitaire.end.{game.reason}"))
        self.say(self.streak_line() + ".")
