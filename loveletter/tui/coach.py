"""The coach's hint on a player's private screen: what each opponent may hold, and what each move is worth.

:func:`hint_for` asks :mod:`loveletter.bots.advice` from the deciding seat's own view (never the state): for each
other player still in the round, the chance of each card they may hold; for each legal move, the strong player's
estimate of the seat's chance to win the round with it, best first. The search stops after
:data:`HINT_SECONDS` at the latest, so the hint comes within half a second even on a busy machine.
:class:`HintView` draws it as a compact table in place of the game table, above the same question; the front end
toggles between the two with ``h`` (:data:`HINT_KEY`; see :func:`hint_keys` for where the Handmaid's ``h`` goes).

:func:`move_text` words a move as the log words a play ("Guard on Bea, naming Priest"): the hint and the
review after the game (:mod:`loveletter.tui.review`) both use it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from loveletter.bots.advice import card_chances, move_chances
from loveletter.engine import Action, Keep, Play, Redraw, View
from loveletter.i18n import t
from loveletter.tui.prompts import Choice, letter_types
from loveletter.tui.style import DIM, card_label, cards_text, fmt, join_names, name_text, named_text

#: The key that shows the hint on a decision's screen (and the table again).
HINT_KEY = "h"
#: The longest the search behind a hint may take (the reading of the round and the drawing come on top).
HINT_SECONDS = 0.35
#: The moves the search behind a hint simulates at most: three times a computer player's advice, since a
#: person reads the differences between moves (a busy machine gets fewer in :data:`HINT_SECONDS`).
HINT_BUDGET = 12_000
#: A chance shown as "<1%" rather than rounded to nothing.
TINY = 0.005


@dataclass(frozen=True, slots=True)
class Hint:
    """What the coach says at one decision: ``chances`` (seat -> card id -> chance) and ``moves`` (every legal
    action with the chance to win the round after it, best first; empty while it is being worked out)."""

    chances: dict[int, dict[str, float]]
    moves: list[tuple[Action, float]]


def hint_seed(view: View) -> str:
    """The random source of a hint: from what the seat sees (the round and how far it went), so that the same
    decision gets the same hint (with the same time to think) and no hidden card can change it."""
    return f"hint {view.seat} {view.round} {len(view.plays)} {view.phase.value}"


def hint_for(view: View, *, seconds: float | None = HINT_SECONDS, budget: int | None = HINT_BUDGET) -> Hint:
    """The hint for the seat of ``view``, which must be deciding (see the module docstring)."""
    moves = move_chances(view, random.Random(hint_seed(view)), budget=budget, seconds=seconds)
    return Hint(card_chances(view), moves)


def hint_keys(choices: Sequence[Choice[Any]], *, showing: bool) -> str:
    """The hint's key as the prompt's hint line says it: ``h``, or ``h`` twice when the first ``h`` types the
    beginning of a card's name among ``choices`` (the Handmaid, in English)."""
    twice = letter_types(HINT_KEY, choices)
    key = ("coach.keys.table" if showing else "coach.keys.hint") + ("_twice" if twice else "")
    return t(key, key=HINT_KEY)


# ---------------------------------------------------------------------------------------------- words


def percent(chance: float) -> str:
    """A chance as the coach shows it: ``41%``, ``<1%`` for a little more than nothing, ``0%``.

    >>> percent(0.413), percent(0.001), percent(0.0), percent(1.0)
    ('41%', '<1%', '0%', '100%')
    """
    if 0 < chance < TINY:
        return "<1%"
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
            return fmt("coach.move.naming", card=card, targets=targets, named=named_text(action.named, ruleset))
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


def chances_text(row: dict[str, float], view: View) -> Text:
    """One opponent's cards, likeliest first, with their chances: ``Priest 41% · Guard 22% · …`` (cards they
    cannot hold are left out)."""
    ruleset = view.ruleset
    order = {card: i for i, card in enumerate(view.mode.card_ids)}
    held = sorted((c for c, p in row.items() if p > 0), key=lambda c: (-row[c], order.get(c, 0)))
    parts = [Text.assemble(card_label(c, ruleset, keep=True), "\u00a0", percent(row[c])) for c in held]
    return Text(" · ").join(parts)


# ------------------------------------------------------------------------------------------- the table


class HintView:
    """The hint as a renderable of at most ``height`` lines: a title, the opponents' likely cards, then the moves
    best first (only ``candidates`` when given: the moves still open after the answers so far), as many as fit.
    ``hint.moves`` empty: the moves are still being weighed (a line says so)."""

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

    def sections(self, rows: int | None) -> list[RenderableType]:
        """The parts of the hint, with at most ``rows`` moves (``None``: every move)."""
        view, names, hint = self.view, self.names, self.hint
        title = fmt("coach.hint.title", player=name_text(names[view.seat]), round=str(view.round))
        parts: list[RenderableType] = [Text.assemble((title.plain, "bold reverse"), " ")]
        parts.append(Text(t("coach.hint.about"), style=DIM))
        if hint.chances:
            held = Table.grid(padding=(0, 2))
            held.add_column(no_wrap=True)
            held.add_column()
            for seat, row in sorted(hint.chances.items()):
                held.add_row(name_text(names[seat]), chances_text(row, view))
            parts += [Text(t("coach.hint.holds"), style="bold"), held]
        if self.weighing:
            parts.append(Text(t("coach.hint.weighing"), style="bold"))
            return parts
        moves = [(a, c) for a, c in hint.moves if self.candidates is None or a in self.candidates]
        shown = moves if rows is None else moves[: max(rows, 0)]
        parts.append(Text(t("coach.hint.moves"), style="bold"))
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        best = moves[0][1] if moves else 0.0
        for action, chance in shown:
            style = "bold" if chance >= best else ""
            table.add_row(Text(percent(chance), style=style), move_text(action, view, names))
        parts.append(table)
        if len(shown) < len(moves):
            parts.append(Text(t("coach.hint.more", count=len(moves) - len(shown)), style=DIM))
        return parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        height = self.height if self.height is not None else options.height or console.height
        opts = options.update(height=None)
        total = len(self.hint.moves)
        lines = console.render_lines(Group(*self.sections(None)), opts, pad=True)
        rows = total
        while len(lines) > height and rows > 0:
            rows -= max(1, (len(lines) - height) // 2)
            lines = console.render_lines(Group(*self.sections(max(rows, 0))), opts, pad=True)
        for line in lines[: max(height, 0)]:
            yield from line
            yield Segment.line()
