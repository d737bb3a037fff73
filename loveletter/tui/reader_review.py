"""Screen-reader mode of ``loveletter review``: a game's review as plain lines (see :mod:`loveletter.tui.reader`).

:class:`ReviewReader` says one decision at a time as lines (which decision of how many, the moment, the move
played and the coach's verdict, why, the best moves with their chances), then asks for a typed command: Enter or
``n`` the next decision, ``p`` the one before, a number that decision, ``s`` the summary, ``q`` leave. The
summary's lines end the review (Enter leaves). The weighing says when it starts and when it is done, never a
line rewritten in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from loveletter.i18n import printable, t
from loveletter.records import GameRecord
from loveletter.tui.coach import percent
from loveletter.tui.reader import PlainLines
from loveletter.tui.review import LISTED, Review
from loveletter.tui.screen import Frames, Screen


class ReviewReader(PlainLines):
    """Steps through ``review`` as lines on ``stream`` (``None``: standard output), commands read with
    ``read_line`` (``None``: standard input)."""

    def __init__(
        self,
        review: Review,
        screen: Screen,
        *,
        stream: TextIO | None = None,
        read_line: Callable[[], str] | None = None,
    ) -> None:
        console = self.lines_on(stream, read_line)
        Frames.__init__(self, console, screen)
        self.review = review

    def decision_lines(self, position: int) -> list[str]:
        """Decision ``position`` (from 0) in lines, in the order the screen's banner reads."""
        review = self.review
        decision = review.decisions[position]
        total = len(review.decisions)
        lines = [
            t("reader.review.decision", number=position + 1, total=total, round=decision.round),
            review.situation(decision).plain + ".",
            f"{review.played(decision).plain}: {review.verdict(decision).plain}.",
        ]
        if reason := review.reason(decision).plain:
            lines.append(reason + ".")
        listed = decision.judged.judgement.moves[:LISTED]
        moves = "; ".join(f"{review.move(m.action, decision.view).plain} {percent(m.chance)}" for m in listed)
        lines.append(t("reader.review.moves", moves=moves))
        return lines

    def run(self, source: str) -> None:
        """The review's title, then each decision as asked, then the summary."""
        review = self.review
        total = len(review.decisions)
        self.say(review.title(source))
        self.say(review.totals())
        position = 0
        while True:
            if position >= total:
                self.say(t("coach.review.summary").strip() + ":")
                for summary_line in review.summary_lines():
                    self.say(summary_line.plain)
                typed = self.answer(t("reader.review.last")).lower()
                if typed in ("p", t("reader.review.back_key")) and total:
                    position = total - 1
                    continue
                return
            for line in self.decision_lines(position):
                self.say(line)
            while True:
                typed = self.answer(t("reader.review.keys")).lower()
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
                    self.say(t("reader.review.unknown", typed=typed, total=total))
                    continue
                break


def read_review(
    record: GameRecord,
    seat: int,
    source: str,
    screen: Screen,
    *,
    stream: TextIO | None = None,
    read_line: Callable[[], str] | None = None,
) -> None:
    """Weigh the decisions of ``seat`` (a line when it starts, a line when it is done), then read them as lines on
    ``stream`` (``None``: standard output), commands read with ``read_line`` (``None``: standard input)."""
    import sys

    from loveletter.tui.reader import ascii_text

    out = stream if stream is not None else sys.stdout
    player = printable(record.seats[seat].name)
    started: list[int] = []

    def progress(done: int, total: int) -> None:
        if not started or done == total:
            started.append(done)
            key = "reader.review.weighed" if done == total else "reader.review.weighing"
            out.write(ascii_text(t(key, player=player, total=total)) + "\n")
            out.flush()

    review = Review(record, seat, source, progress=progress)
    ReviewReader(review, screen, stream=stream, read_line=read_line).run(source)
