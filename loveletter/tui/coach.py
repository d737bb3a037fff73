"""The coach's hint drawn on a player's private screen, and its words: the model is :mod:`loveletter.coach.hint`.

:class:`HintView` draws a :class:`~loveletter.coach.hint.Hint` as a compact table in place of the game table, above
the same question, and shortens itself (the odds to a line each, then fewer of them) so that the moves always
show; the front end toggles between the two with ``h`` (:data:`HINT_KEY`; see :func:`hint_keys` for where the
Handmaid's ``h`` goes). :func:`hint_lines` says the same hint as lines, for screen-reader mode: every line whole.

:func:`move_text` words a move as the log words a play ("Guard on Bea, naming Priest"; a value named in premium
with its cards, "naming 4: Handmaid or Sycophant"), and :func:`reason_text` words a reason: the hint and the review
after the game (:mod:`loveletter.tui.review`) both use them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from loveletter.coach import reasons as why
from loveletter.coach.hint import Hint
from loveletter.coach.judge import Estimate
from loveletter.coach.reasons import Reason
from loveletter.engine import Action, Keep, Play, Redraw, View
from loveletter.i18n import t
from loveletter.tui.prompts import Choice, letter_types
from loveletter.tui.style import DIM, WARN, Words, card_label, cards_text, fmt, join_names, name_text

#: The key that shows the hint on a decision's screen (and the table again).
HINT_KEY = "h"
#: A chance shown as "<1%" rather than rounded to nothing.
TINY = 0.005
#: Moves the hint keeps on screen, however small the terminal (the odds give way first).
MIN_MOVES = 3
#: Reasons whose move cannot do what it means to (a guess that cannot hit).
HOPELESS = frozenset({"cannot_hit", "cannot_hit_seen"})


def hint_keys(choices: Sequence[Choice[Any]], *, showing: bool) -> str:
    """The hint's key as the prompt's hint line says it: ``h``, or ``h`` twice when the first ``h`` types the
    beginning of a card's name among ``choices`` (the Handmaid, in English)."""
    twice = letter_types(HINT_KEY, choices)
    key = ("coach.keys.table" if showing else "coach.keys.hint") + ("_twice" if twice else "")
    return t(key, key=HINT_KEY)


# ---------------------------------------------------------------------------------------------- words


def percent(chance: float) -> str:
    """A chance as the coach shows it: ``41%``, ``<1%`` for a little more than nothing, ``0%``.

    >>> percent(0.413), percent(0.001), percent(0.0), percent(0.998), percent(1.0)
    ('41%', '<1%', '0%', '>99%', '100%')
    """
    if 0 < chance < TINY:
        return "<1%"
    if 1 - TINY <= chance < 1:  # not certain: never "100%"
        return ">99%"
    return f"{round(chance * 100)}%"


def move_text(action: Action, view: View, names: Sequence[str]) -> Text:
    """A move in the words of the log, without its player: ``Guard on Bea, naming Priest``, ``Handmaid``,
    ``keep King, return Guard then Baron``, ``redraw`` (its player's own seat is called "you")."""
    ruleset = view.ruleset

    def who(seat: int) -> Text:
        return fmt("coach.move.you") if seat == view.seat else name_text(names[seat])

    if isinstance(action, Play):
        card = card_label(action.card, ruleset)
        if not action.targets:
            return fmt("coach.move.play", card=card)
        targets = join_names([who(s) for s in action.targets])
        if action.named is not None:
            return fmt("coach.move.naming", card=card, targets=targets, named=guess_text(action.named, view))
        if action.look is not None and len(action.targets) > 1:
            return fmt("coach.move.looking", card=card, targets=targets, look=who(action.look))
        return fmt("coach.move.on", card=card, targets=targets)
    if isinstance(action, Keep):
        if not action.returned:
            return fmt("coach.move.keep_only", card=card_label(action.card, ruleset))
        if len(action.returned) == 1:
            returned = card_label(action.returned[0], ruleset)
        else:
            returned = fmt(
                "coach.move.then",
                first=cards_text(list(action.returned[:-1]), ruleset),
                last=card_label(action.returned[-1], ruleset),
            )
        return fmt("coach.move.keep", card=card_label(action.card, ruleset), returned=returned)
    if isinstance(action, Redraw):
        return fmt("coach.move.redraw" if action.redraw else "coach.move.keep_card")
    return Text(str(action))


def guess_text(named: str | int, view: View) -> Text:
    """What a Guard or a Bishop names, by card: ``Priest``, or a value with its cards in play, ``4: Handmaid or
    Sycophant`` (premium names values)."""
    if isinstance(named, str):
        return card_label(named, view.ruleset, keep=True)
    ruleset = view.ruleset
    cards = [c for c in view.mode.card_ids if ruleset.cards[c].value == named]
    if not cards:
        return Text(str(named), style="bold")
    return fmt("coach.move.value", value=Text(str(named), style="bold"), cards=_alternatives(cards, view))


def _alternatives(cards: Sequence[str], view: View) -> Text:
    """``Priest``, ``Priest or Cardinal``, ``Guard, Priest or Baron``."""
    labels = [card_label(c, view.ruleset, keep=True) for c in cards]
    if len(labels) == 1:
        return labels[0]
    return fmt("coach.reason.or", first=Text(", ").join(labels[:-1]), last=labels[-1])


def reason_text(reason: Reason, view: View, names: Sequence[str]) -> Text:
    """A reason in the player's words (``coach.reason.<key>``; nothing for ``none``); the seat itself is "you".
    A card's name never breaks across lines ("Dowager Queen" is one word to the wrapping)."""
    if reason.key == "none":
        return Text()
    values: dict[str, str | Text] = {}
    for name, value in reason.values:
        if isinstance(value, why.Card):
            values[name] = card_label(value.id, view.ruleset, keep=True) if value.id else Text("?")
        elif isinstance(value, why.Cards):
            values[name] = _alternatives(value.ids, view)
        elif isinstance(value, why.Seat):
            values[name] = fmt("coach.move.you") if value.seat == view.seat else name_text(names[value.seat])
        elif isinstance(value, why.Chance):
            values[name] = Text(percent(value.value), style="bold")
        else:
            values[name] = guess_text(value.named, view)
    key = reason.key
    if key in SURE and any(isinstance(v, why.Chance) and v.value >= 1 for _, v in reason.values):
        key = f"{key}_sure"  # "surely the Chancellor", not "likeliest the Chancellor, 100%"
    return fmt(f"coach.reason.{key}", **values)


#: Reasons that name a likeliest card with its chance, and say "surely" when it is certain.
SURE = ("prince", "trade", "look")


def chances_text(row: dict[str, float], view: View) -> Text:
    """One opponent's cards, likeliest first, with their chances: ``Priest 41% · Guard 22% · …`` (cards they
    cannot hold are left out)."""
    order = {card: i for i, card in enumerate(view.mode.card_ids)}
    ruleset = view.ruleset
    held = sorted((c for c, p in row.items() if p > 0), key=lambda c: (-row[c], order.get(c, 0)))
    parts = [Text.assemble(card_label(c, ruleset, keep=True), "\u00a0", percent(row[c])) for c in held]
    return Text(" · ").join(parts)


# ------------------------------------------------------------------------------------------- as lines


def hint_lines(view: View, names: Sequence[str], hint: Hint) -> list[str]:
    """The hint said as lines (screen-reader mode), each whole: the title and what it shows, each other player's
    likely cards, then every move with its chance (``≈``: about equal to the move heading its group) and its
    reason, and what ``≈`` means."""
    lines = [fmt("coach.hint.title", player=names[view.seat], round=str(view.round)).plain, t("coach.hint.about")]
    if hint.chances:
        lines.append(t("coach.hint.holds"))
        lines += [f"{names[seat]}: {chances_text(row, view).plain}" for seat, row in sorted(hint.chances.items())]
    lines.append(t("coach.hint.moves"))
    equal = False
    for i, move in enumerate(hint.moves):
        same = i > 0 and move.tier == hint.moves[i - 1].tier
        equal = equal or same
        words = move_text(move.action, view, names).plain
        reason = hint.reasons.get(move.action)
        if reason is not None and reason.key != "none":
            words = f"{words} · {reason_text(reason, view, names).plain}"
        if reason is not None and reason.key in HOPELESS:
            words = f"{words} {t('coach.hint.cannot_hit')}"
        lines.append(f"{percent(move.chance)} {'≈ ' if same else ''}{words}")
    if equal:
        lines.append(t("coach.hint.equal"))
    return [line.strip() for line in lines]


# ------------------------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class Layout:
    """How much of a hint to draw: the explanation, the odds (wrapped, or a line each; of how many seats), the
    moves (how many; ``None``: all) and their reasons."""

    about: bool = True
    wrap: bool = True
    seats: int | None = None
    rows: int | None = None
    reasons: bool = True


class HintView:
    """The hint as a renderable of at most ``height`` lines: a title, the opponents' likely cards, then the moves
    tier by tier with their reasons (only ``candidates`` when given: the moves still open after the answers so
    far). When it does not fit, the explanation goes first, then the odds shrink to a line each, the moves beyond
    :data:`MIN_MOVES` and their reasons go, and last the odds of some players: the moves always show.
    ``weighing``: the moves are still being weighed (a line says so)."""

    def __init__(
        self,
        view: View,
        names: Sequence[str],
        hint: Hint,
        *,
        candidates: Collection[Action] | None = None,
        weighing: bool = False,
        height: int | None = None,
    ) -> None:
        self.view, self.names, self.hint = view, names, hint
        self.candidates = candidates
        self.weighing = weighing
        self.height = height

    def moves(self) -> list[Estimate]:
        return [m for m in self.hint.moves if self.candidates is None or m.action in self.candidates]

    def sections(self, layout: Layout) -> list[RenderableType]:
        """The parts of the hint as ``layout`` says."""
        view, names, hint = self.view, self.names, self.hint
        title = fmt("coach.hint.title", player=name_text(names[view.seat]), round=str(view.round))
        parts: list[RenderableType] = [Text.assemble((title.plain, "bold reverse"), " ")]
        if layout.about:
            parts.append(Text(t("coach.hint.about"), style=DIM))
        if hint.chances:
            rows = sorted(hint.chances.items())
            shown_rows = rows if layout.seats is None else rows[: layout.seats]
            held = Table.grid(padding=(0, 2))
            held.add_column(no_wrap=True, min_width=max(len(names[seat]) for seat, _ in shown_rows or rows))
            held.add_column()
            for seat, row in shown_rows:  # a card and its chance never part ("Princess" / "6%")
                held.add_row(name_text(names[seat]), Words(chances_text(row, view), one_line=not layout.wrap))
            parts += [Text(t("coach.hint.holds"), style="bold"), held]
            if len(shown_rows) < len(rows):
                parts.append(Text(t("coach.hint.more_odds", count=len(rows) - len(shown_rows)), style=DIM))
        if self.weighing:
            parts.append(Text(t("coach.hint.weighing"), style="bold"))
            return parts
        moves = self.moves()
        shown = moves if layout.rows is None else moves[: max(layout.rows, 0)]
        parts.append(Text(t("coach.hint.moves"), style="bold"))
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        top = moves[0].tier if moves else 0
        equal = False
        for i, move in enumerate(shown):
            same = i > 0 and move.tier == shown[i - 1].tier
            equal = equal or same
            reason = hint.reasons.get(move.action)
            hopeless = reason is not None and reason.key in HOPELESS
            style = "bold" if move.tier == top else DIM if hopeless else ""
            words = move_text(move.action, view, names)
            if layout.reasons and reason is not None and reason.key != "none":
                words = Text.assemble(words, (" · ", DIM), reason_text(reason, view, names))
            if hopeless:
                words = Text.assemble(words, " ", (t("coach.hint.cannot_hit"), WARN))
            table.add_row(Text(percent(move.chance), style=style), Text("≈" if same else ""), Words(words))
        parts.append(table)
        if len(shown) < len(moves):
            parts.append(Text(t("coach.hint.more", count=len(moves) - len(shown)), style=DIM))
        if equal:
            parts.append(Text(t("coach.hint.equal"), style=DIM))
        return parts

    def stages(self) -> list[Layout]:
        """The layouts to try, the richest first, each with every move (:meth:`fit` finds how many fit)."""
        lean = Layout(about=False, wrap=False, reasons=False)
        seats = len(self.hint.chances)
        tries = [Layout(), Layout(about=False), Layout(about=False, wrap=False), lean]
        return tries + [dataclasses.replace(lean, seats=k) for k in range(seats - 1, -1, -1)]

    def fit(self, console: Console, options: ConsoleOptions, height: int) -> list[list[Segment]]:
        """The lines of the richest layout that fits ``height`` with at least :data:`MIN_MOVES` moves (as many as
        fit: the lines grow with the moves, so a binary search finds how many); failing that, fewer moves."""

        def render(layout: Layout) -> list[list[Segment]]:
            return console.render_lines(Group(*self.sections(layout)), options, pad=True)

        total = len(self.moves())
        least = min(total, MIN_MOVES)
        lines: list[list[Segment]] = []
        for stage in self.stages():
            lines = render(stage)
            if len(lines) <= height:
                return lines
            if self.weighing:
                continue
            lines = render(dataclasses.replace(stage, rows=least))
            if len(lines) > height:
                continue
            lo, hi = least, total - 1  # lo fits, total does not
            while lo < hi:
                mid = (lo + hi + 1) // 2
                attempt = render(dataclasses.replace(stage, rows=mid))
                if len(attempt) <= height:
                    lo, lines = mid, attempt
                else:
                    hi = mid - 1
            return render(dataclasses.replace(stage, rows=lo))
        for rows in range(least - 1, 0, -1):
            lines = render(Layout(about=False, wrap=False, reasons=False, seats=0, rows=rows))
            if len(lines) <= height:
                break
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = self.height if self.height is not None else options.height or console.height
        lines = self.fit(console, options.update(height=None), height)
        for line in lines[: max(height, 0)]:
            yield from line
            yield Segment.line()
