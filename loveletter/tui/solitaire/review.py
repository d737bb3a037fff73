"""The review of a finished solitaire game: each decision the player had, judged by the coach's one judge.

:class:`SolitaireReview` goes through a record as :class:`~loveletter.tui.solitaire.replay.SolitaireReplay` shows
it (the board as the player saw it, never a face-down card) and has every decision with more than one legal move
weighed by :func:`loveletter.coach.solitaire.weigh` (the model: the judge of the hint, ``h``, at that decision):
the two say the same, and the move the hint listed first is never a mistake. A move outside the best tier that
gives up at least :data:`~loveletter.coach.solitaire.MISTAKE` beyond the error is marked, with the better move and
both reasons.

On a frame :class:`SolitaireReviewViewer` steps through the decisions (the board with the verdict as its banner),
then the summary; as lines (screen-reader mode) :class:`~loveletter.tui.review.ReviewReader` says them one at a
time, as it does a game's; otherwise :meth:`SolitaireReview.lines` is the review as plain text. Only a finished
game is reviewed: a review of a game still going on would give away advice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from loveletter.coach.review import Progress
from loveletter.coach.solitaire import Decision, reason, weigh
from loveletter.i18n import t
from loveletter.records import RecordError
from loveletter.records.solitaire import SolitaireRecord
from loveletter.tui.coach import percent
from loveletter.tui.review import ReviewReader, ReviewScreens, ReviewViewer
from loveletter.tui.solitaire.board import Board
from loveletter.tui.solitaire.coach import move_text, reason_text
from loveletter.tui.solitaire.replay import SolitaireReplay
from loveletter.tui.style import WARN
from loveletter.tui.surface import Surface


class SolitaireReview:
    """The decisions of the finished game of ``record``, judged (see the module docstring)."""

    def __init__(self, record: SolitaireRecord, source: str = "record", *, progress: Progress | None = None) -> None:
        if not record.finished:
            raise RecordError(source, "", t("solcoach.review.unfinished", name=source))
        self.record = record
        self.replay = SolitaireReplay(record, every=False, source=source)
        points = self.replay.points
        asked = []
        for index in range(len(points) - 1):
            view, action = points[index].view, points[index + 1].action
            if action is not None and len(view.legal_actions) > 1:
                asked.append((index, view, self.replay.game.parse(action)))
        self.decisions: list[Decision] = weigh(asked, progress)

    @property
    def worst(self) -> Decision | None:
        """The marked decision that gave up the most (the first of equals)."""
        marked = [d for d in self.decisions if d.mistake]
        return max(marked, key=lambda d: d.loss) if marked else None

    # ------------------------------------------------------------------------------------------- words

    def verdict(self, decision: Decision) -> Text:
        judged = decision.judged
        if decision.mistake:
            better = move_text(judged.best.action, decision.view)
            return Text(t("solcoach.review.mistake", loss=percent(decision.loss), move=better), style=WARN)
        move = judged.of(decision.played)
        if move.tier == 0:
            same = move.chance >= judged.best.chance - 1e-9
            return Text(t("solcoach.review.good" if same else "solcoach.review.equal"))
        return Text(t("solcoach.review.weaker"))

    def played_line(self, decision: Decision) -> str:
        chance = percent(decision.judged.of(decision.played).chance)
        return t("solcoach.review.played", move=move_text(decision.played, decision.view), chance=chance)

    def reasons(self, decision: Decision) -> list[str]:
        """The reason of the move played and, for a mistake, of the better one."""
        view = decision.view
        out = [t("solcoach.review.why_played", reason=reason_text(reason(view, decision.played)))]
        if decision.mistake:
            out.append(t("solcoach.review.why_best", reason=reason_text(reason(view, decision.judged.best.action))))
        return out

    def heading(self, position: int) -> str:
        decision = self.decisions[position]
        return t(
            "solcoach.review.decision", number=position + 1, total=len(self.decisions), turn=decision.view.player_turn
        )

    def title(self) -> str:
        seed = self.record.seed
        return t("solcoach.review.title", deal=seed) if seed is not None else t("solcoach.review.title_stacked")

    def summary(self) -> list[str]:
        mistakes = sum(d.mistake for d in self.decisions)
        key = {0: "summary_none", 1: "summary_one"}.get(mistakes, "summary")
        out = [t(f"solcoach.review.{key}", mistakes=mistakes, decisions=len(self.decisions))]
        worst = self.worst
        if worst is not None:
            number = self.decisions.index(worst) + 1
            out.append(t("solcoach.review.worst", number=number, loss=percent(worst.loss)))
        out.append(self.replay.ending())
        return out

    def opening_lines(self, source: str) -> list[str]:
        """What the review said as lines begins with: its title."""
        return [self.title()]

    def decision_lines(self, position: int) -> list[str]:
        """Decision ``position`` (from 0) in lines, as the screen's banner reads it."""
        decision = self.decisions[position]
        verdict = self.verdict(decision).plain.lstrip("✓✗≈ ")  # its words: a mark a screen reader cannot say
        played = f"{self.played_line(decision)}: {verdict}"
        return [self.heading(position), self.replay.table_line(decision.index), played, *self.reasons(decision)]

    def closing_lines(self) -> list[str]:
        """The summary said as lines."""
        return self.summary()

    def lines(self) -> Iterator[str]:
        """The whole review as plain text."""
        yield self.title()
        for position, decision in enumerate(self.decisions):
            yield ""
            yield self.heading(position)
            yield f"  {self.replay.table_line(decision.index)}"
            yield f"  {self.played_line(decision)} · {self.verdict(decision).plain}"
            for line in self.reasons(decision):
                yield f"  {line}"
        yield ""
        yield from self.summary()

    # ------------------------------------------------------------------------------------------- screens

    def panel(self, position: int) -> Panel:
        decision = self.decisions[position]
        best = decision.judged.best
        lines: list[Text] = [Text.assemble(self.played_line(decision), " · ", self.verdict(decision))]
        if decision.played != best.action and not decision.mistake:
            chance = percent(best.chance)
            lines.append(Text(t("solcoach.review.best", move=move_text(best.action, decision.view), chance=chance)))
        lines.extend(Text(line, style="dim") for line in self.reasons(decision))
        return Panel(Group(*lines), title=self.heading(position), title_align="left", box=box.HEAVY, padding=(0, 1))

    def body(self, position: int, height: int) -> RenderableType:
        """Screen ``position``: a decision (the board then, the verdict as its banner), or the summary."""
        if position >= len(self.decisions):
            lines = [Text(self.title(), style="bold reverse"), *(Text(line) for line in self.summary())]
            return Group(*lines)
        decision = self.decisions[position]
        model = dataclasses.replace(self.replay.model(decision.index), banner=self.panel(position), status=None)
        return Board(model, height=height)


class SolitaireReviewViewer(ReviewViewer):
    """Steps through a :class:`SolitaireReview` as :class:`~loveletter.tui.review.ReviewViewer` does a game's."""

    HINT = "solcoach.review.keys"


def review_on(surface: Surface, record: SolitaireRecord, source: str = "record") -> None:
    """Judge the decisions (with a progress line on a frame), then step through them: with keys on a frame, by
    typed commands as lines."""

    def progress(done: int, total: int) -> None:
        surface.draw(Text(t("solcoach.review.working", done=done, total=total), style="bold"), 1)

    review = SolitaireReview(record, source, progress=progress)
    if surface.draws:
        SolitaireReviewViewer(ReviewScreens(review), surface).run()
    else:
        ReviewReader(review, surface).run(source)
