"""The review after a game on the terminal: the words and screens of :mod:`loveletter.coach.review`'s model.

:class:`Review` weighs a finished game's decisions from one seat with the coach's model
(:func:`loveletter.coach.review.weigh_points`, along the points :class:`~loveletter.tui.replay.Replay` shows from
that seat, under the same rule on what a record may show) and says them: a decision clearly worse than the best is
marked ("−18% · better: Guard on Bea, naming Priest"), with a reason in words (:mod:`loveletter.coach.reasons`).
On a frame, :class:`ReviewViewer` steps through the decisions (the table as the seat saw it, with the coach's
verdict as its banner), then the summary; as lines (screen-reader mode), :class:`ReviewReader` says one decision
at a time and reads a typed command; otherwise :meth:`Review.lines` is the review as plain text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from loveletter.coach.reasons import Facts
from loveletter.coach.review import WORST, Decision, GameReview, Progress, review_seat, weigh_points
from loveletter.engine import Action, View
from loveletter.i18n import printable, ruleset_title, t
from loveletter.records import GameRecord
from loveletter.tui.board import Board
from loveletter.tui.coach import move_text, percent, reason_text
from loveletter.tui.replay import PointViewer, Replay
from loveletter.tui.style import WARN, cards_text, fmt, join_names, name_text
from loveletter.tui.surface import Surface

#: Moves listed under a decision (best first).
LISTED = 5


#: Between the clauses of a reason (each catalog's reasons use it).
CLAUSES = "; "


def distinct(played: Text, better: Text) -> tuple[Text, Text]:
    """Two moves' reasons without the clauses they share: what a reason says of both (two Chancellor keeps: "the
    others go under the deck") does not tell them apart, so each says only what differs. Both empty when the
    two say the same."""
    mine, theirs = played.split(CLAUSES), better.split(CLAUSES)
    common = {line.plain for line in mine} & {line.plain for line in theirs}
    return tuple(  # type: ignore[return-value]
        Text(CLAUSES).join(line for line in lines if line.plain not in common) for lines in (mine, theirs)
    )


class Review:
    """The decisions of ``seat`` in the finished game of ``record``, weighed by the coach's model and said in
    words. ``progress`` hears how far the weighing is; ``budget`` is each decision's search budget (by default
    :data:`loveletter.coach.advice.REVIEW_BUDGET`)."""

    def __init__(
        self,
        record: GameRecord,
        seat: int,
        source: str = "record",
        *,
        budget: int | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.replay = Replay(record, seat, source)  # what a record may show: a finished game, any seat
        self.record = record
        self.seat = seat
        self.names = self.replay.names
        self.model: GameReview = weigh_points(seat, self.replay.points, budget=budget, progress=progress)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return self.model.decisions

    @property
    def worst(self) -> list[Decision]:
        """The (at most :data:`~loveletter.coach.review.WORST`) marked decisions that gave up the most."""
        return self.model.worst

    # ------------------------------------------------------------------------------------------- words

    def move(self, action: Action, view: View) -> Text:
        return move_text(action, view, self.names)

    def verdict(self, decision: Decision) -> Text:
        """What the coach says of a decision: ``−18% · better: Guard on Bea, naming Priest``, or that it was the
        best move, about as good as the best (within the judge's error), or close to it."""
        judged = decision.judged
        if not decision.mistake:
            lost = percent(judged.loss)
            if judged.played == judged.best[0] or lost == percent(0.0):  # a tie with the best is the best
                return fmt("coach.review.best")
            return fmt("coach.review.equal" if judged.about_equal else "coach.review.close", loss=lost)
        better = self.move(judged.best[0], decision.view)
        chance = percent(judged.best[1])
        return Text.assemble(
            (f"−{percent(judged.loss)}", WARN), " · ", fmt("coach.review.better", move=better, chance=chance)
        )

    def situation(self, decision: Decision) -> Text:
        """The moment of a decision in a few words: the round and turn, the hand, what the seat knew of others."""
        view = decision.view
        ruleset = view.ruleset
        hand = cards_text(list(view.hand), ruleset)
        known = [
            fmt("coach.review.known", player=name_text(self.names[sv.seat]), cards=cards_text(list(sv.known), ruleset))
            for sv in view.seats
            if sv.seat != view.seat and sv.in_round and sv.known
        ]
        text = fmt("coach.review.situation", round=str(decision.round), turn=str(decision.turn), hand=hand)
        if known:
            text = Text.assemble(text, "; ", join_names(known))
        return text

    def reason(self, decision: Decision) -> Text:
        """Why, in words: for a mistake, what the move played did and what the better one does; otherwise the
        reason of the move played."""
        judged, view = decision.judged, decision.view
        facts = Facts(view, judged.judgement.chances or None)  # the judge's reading, not a second one
        played = facts.reason(judged.played)
        if decision.mistake:
            better = facts.reason(judged.best[0])
            if played.key != "none" and better.key != "none":
                mine, theirs = distinct(reason_text(played, view, self.names), reason_text(better, view, self.names))
                if not mine.plain or not theirs.plain:  # the same words for both: said once
                    return fmt("coach.review.why", reason=theirs or mine)
                return fmt("coach.review.why_mistake", played=mine, better=theirs)
            played = better if better.key != "none" else played
        if played.key == "none":
            return Text()
        return fmt("coach.review.why", reason=reason_text(played, view, self.names))

    def played(self, decision: Decision) -> Text:
        judged = decision.judged
        return fmt("coach.review.played", move=self.move(judged.played, decision.view), chance=percent(judged.chance))

    def title(self, source: str) -> str:
        game = self.replay.game
        return t(
            "coach.review.title",
            file=printable(Path(source).name),
            ruleset=printable(ruleset_title(game.ruleset)),
            player=self.names[self.seat],
        )

    def totals(self) -> str:
        return t("coach.review.totals", decisions=len(self.decisions), marked=self.model.marked)

    def lines(self, source: str) -> Iterator[str]:
        """The whole review as plain text: every decision with its verdict, round by round, then the summary."""
        yield self.title(source)
        last = 0
        for decision in self.decisions:
            if decision.round != last:
                last = decision.round
                yield ""
            yield f"  {self.situation(decision).plain}"
            yield f"    {self.played(decision).plain} · {self.verdict(decision).plain}"
            if reason := self.reason(decision).plain:
                yield f"    {reason}"
        yield ""
        yield from (line.plain for line in self.summary_lines())

    def opening_lines(self, source: str) -> list[str]:
        """What a review said as lines begins with: its title and its totals."""
        return [self.title(source), self.totals()]

    def decision_lines(self, position: int) -> list[str]:
        """Decision ``position`` (from 0) in lines, in the order the screen's banner reads."""
        decision = self.decisions[position]
        lines = [
            t("reader.review.decision", number=position + 1, total=len(self.decisions), round=decision.round),
            self.situation(decision).plain + ".",
            f"{self.played(decision).plain}: {self.verdict(decision).plain}.",
        ]
        if reason := self.reason(decision).plain:
            lines.append(reason + ".")
        listed = decision.judged.judgement.moves[:LISTED]
        moves = "; ".join(f"{self.move(m.action, decision.view).plain} {percent(m.chance)}" for m in listed)
        lines.append(t("reader.review.moves", moves=moves))
        return lines

    def closing_lines(self) -> list[str]:
        """The summary said as lines."""
        return [t("coach.review.summary").strip() + ":", *(line.plain for line in self.summary_lines())]

    def summary_lines(self) -> list[Text]:
        """The summary as lines of text, each with its indent (:meth:`summary`)."""
        return [Text.assemble(" " * indent, line) for indent, line in self.summary()]

    def summary(self) -> list[tuple[int, Text]]:
        """The summary: how many decisions, how many marked, and the worst ones with their moment; each line with
        its indent, which a screen keeps on the lines it wraps into (:meth:`summary_renderables`)."""
        lines = [(0, Text(self.totals(), style="bold"))]
        worst = self.worst
        if not worst:
            lines.append((0, Text(t("coach.review.no_mistakes"))))
            return lines
        lines.append((0, Text(t("coach.review.worst", count=len(worst)))))
        for number, decision in enumerate(worst, 1):
            lines.append((0, Text.assemble(f"{number}. ", self.situation(decision))))
            lines.append((3, Text.assemble(self.played(decision), " · ", self.verdict(decision))))
            if reason := self.reason(decision):
                lines.append((3, reason))
        return lines

    def summary_renderables(self) -> list[RenderableType]:
        """The summary on a screen: an indented line wraps under its own start, not under the margin."""
        return [Padding(line, (0, 0, 0, indent)) if indent else line for indent, line in self.summary()]

    # ------------------------------------------------------------------------------------------- screens

    def panel(self, decision: Decision) -> Panel:
        """The coach's verdict on a decision, with the best moves and their chances."""
        judged = decision.judged
        moves = Table.grid(padding=(0, 2))
        moves.add_column(justify="right", no_wrap=True)
        moves.add_column(no_wrap=True)
        moves.add_column()
        listed = judged.judgement.moves[:LISTED]
        for i, move in enumerate(listed):
            mark = "▸ " if move.action == judged.played else ""
            same = i > 0 and move.tier == listed[i - 1].tier
            moves.add_row(
                percent(move.chance), "≈" if same else "", Text.assemble(mark, self.move(move.action, decision.view))
            )
        verdict = Text.assemble(self.played(decision), " · ", self.verdict(decision))
        reason = self.reason(decision)
        body = Group(verdict, reason, moves) if reason else Group(verdict, moves)
        return Panel(body, title=t("coach.review.panel"), title_align="left", box=box.HEAVY, padding=(0, 1))

    def body(self, position: int, height: int) -> RenderableType:
        """Screen ``position``: a decision (the table as the seat saw it, the verdict as its banner), or after the
        last one, the summary."""
        if position >= len(self.decisions):
            return Group(Text(t("coach.review.summary"), style="bold reverse"), *self.summary_renderables())
        decision = self.decisions[position]
        status = fmt(
            "coach.review.status", number=str(position + 1), total=str(len(self.decisions)), round=str(decision.round)
        )
        model = dataclasses.replace(self.replay.model(decision.index), banner=self.panel(decision), status=status)
        return Board(model, height=height)


class SaidReview(Protocol):
    """A review as :class:`ReviewReader` says it (a game's, :class:`Review`, or the solitaire's)."""

    @property
    def decisions(self) -> Sequence[Any]: ...

    def opening_lines(self, source: str) -> list[str]: ...

    def decision_lines(self, position: int) -> list[str]: ...

    def closing_lines(self) -> list[str]: ...


class ReviewReader:
    """Says ``review`` on the line surface ``surface``, one decision at a time (which decision of how many, the
    moment, the move played and the coach's verdict, why, the best moves with their chances), then reads a typed
    command: Enter or ``n`` the next decision, ``p`` the one before, a number that decision, ``s`` the summary,
    ``q`` leave. The summary's lines end the review (Enter leaves)."""

    def __init__(self, review: SaidReview, surface: Surface) -> None:
        self.review = review
        self.surface = surface

    def command(self, prompt: str) -> str:
        return self.surface.ask_text(prompt, default="", check=lambda typed: None).lower()

    def run(self, source: str) -> None:
        """The review's title, then each decision as asked, then the summary."""
        review, surface = self.review, self.surface
        total = len(review.decisions)
        surface.say(*review.opening_lines(source))
        position = 0
        while True:
            if position >= total:
                surface.say(*review.closing_lines())
                typed = self.command(t("reader.review.last"))
                if typed in ("p", t("reader.review.back_key")) and total:
                    position = total - 1
                    continue
                return
            surface.say(*review.decision_lines(position))
            while True:
                typed = self.command(t("reader.review.keys"))
                if typed in ("", "n", t("reader.review.next_key")):
                    position += 1
                elif typed in ("p", t("reader.review.back_key")):
                    position = max(position - 1, 0)
                elif typed in ("s", t("reader.review.summary_key")):
                    position = total
                elif typed in ("q", t("reader.review.quit_key")):
                    return
                elif typed.isdigit() and 1 <= int(typed) <= total:
                    position = int(typed) - 1
                else:
                    surface.say(t("reader.review.unknown", typed=typed, total=total))
                    continue
                break


class ReviewViewer(PointViewer["ReviewScreens"]):
    """Steps through a :class:`Review` on the terminal: one screen a decision, then the summary, where Enter
    leaves (the keys of a replay's, but the round jump)."""

    HINT = "coach.review.keys"

    def body(self, index: int, height: int) -> RenderableType:
        drawn: RenderableType = self.replay.review.body(index, height)
        return drawn

    def move(self, answer: object, index: int, last: int) -> int | None:
        if answer is True and index == last:
            return None
        return super().move(answer, index, last)


@dataclass(frozen=True, slots=True)
class ReviewScreens:
    """A review's screens, for :class:`ReviewViewer`: each decision, then the summary (any review whose
    ``decisions`` are listed and whose ``body`` draws a screen: the solitaire's too)."""

    review: Any

    @property
    def points(self) -> list[int]:
        return list(range(len(self.review.decisions) + 1))


def review_on(surface: Surface, record: GameRecord, seat: int, source: str = "record") -> None:
    """Weigh the decisions of ``seat`` (a progress line on a frame; as lines, a line when it starts and one when it
    is done), then step through them: with keys on a frame (:class:`ReviewViewer`), by typed commands as lines
    (:class:`ReviewReader`)."""
    player = printable(record.seats[seat].name)
    said: list[int] = []

    def progress(done: int, total: int) -> None:
        surface.draw(Text(t("coach.review.working", player=player, done=done, total=total), style="bold"), 1)
        if not said or done == total:
            said.append(done)
            key = "reader.review.weighed" if done == total else "reader.review.weighing"
            surface.say(t(key, player=player, total=total))

    review = Review(record, seat, source, progress=progress)
    if surface.draws:
        ReviewViewer(ReviewScreens(review), surface).run()
    else:
        ReviewReader(review, surface).run(source)


__all__ = [
    "LISTED",
    "WORST",
    "Decision",
    "Review",
    "ReviewReader",
    "ReviewScreens",
    "ReviewViewer",
    "review_on",
    "review_seat",
]
