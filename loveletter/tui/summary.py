"""A game's summary: each round's winners and how it ended, and everyone's favor tokens after it.

Read from the game's public events only (round starts and ends, tokens given), so it tells nothing private and
reads the same for every seat.

>>> from loveletter.engine import Game
>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> game = Game("classic", 2, seed=3)
>>> while not game.round_over:
...     _ = game.push(game.legal_actions()[0])
>>> [(r.number, r.tokens) for r in rounds(game.log, 2)] == [(1, tuple(game.tokens))]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from loveletter.engine import events as ev
from loveletter.i18n import card_name, t
from loveletter.tui.style import DIM, fmt, join_names, name_text


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One round: its number, whether it was a tie-break round, how it ended (``RoundEnded.reason``), its
    winners, everyone's tokens once it was over, and the tokens given for something else than winning it
    (``(seat, reason)``: a Spy, a Jester's bet, a Bishop's guess, a Constable), which the summary must explain."""

    number: int
    tiebreak: bool
    reason: str
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    bonuses: tuple[tuple[int, str], ...] = ()


def rounds(log: Sequence[ev.Event], players: int) -> list[RoundLine]:
    """The finished rounds of a game's ``log``."""
    tokens = [0] * players
    tiebreak = False
    bonuses: list[tuple[int, str]] = []
    out = []
    for event in log:
        if isinstance(event, ev.RoundStarted):
            tiebreak = event.tiebreak
            bonuses = []
        elif isinstance(event, ev.TokenAwarded):
            tokens[event.seat] = event.total
            if event.reason != "round":
                bonuses.append((event.seat, event.reason))
        elif isinstance(event, ev.RoundEnded):
            line = RoundLine(event.round, tiebreak, event.reason, event.winners, tuple(tokens), tuple(bonuses))
            out.append(line)
            bonuses = []
    return out


class Summary:
    """The summary as a renderable: who won the game, then a row per round (the latest ones when not all fit in
    ``height`` lines), with each seat's tokens after it (bold where they grew)."""

    def __init__(
        self, log: Sequence[ev.Event], names: Sequence[str], winners: Sequence[int], goal: int, height: int
    ) -> None:
        self.lines = rounds(log, len(names))
        self.names = names
        self.winners = winners
        self.goal = goal
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title = Text(t("summary.title"), style="bold")
        key = "play.log.game_won_many" if len(self.winners) > 1 else "play.log.game_won_one"
        won = fmt(key, players=join_names([name_text(self.names[w]) for w in self.winners])) if self.winners else None
        head = [title, won] if won is not None else [title]
        shown = self.lines
        while True:
            hidden = len(self.lines) - len(shown)
            earlier = [Text(t("summary.earlier", count=hidden), style=DIM)] if hidden else []
            explain = [Text(t("summary.explain"), style=DIM)] if any(line.bonuses for line in shown) else []
            group = Group(*head, *earlier, self.table(shown, hidden), *explain)
            if len(shown) <= 1 or len(console.render_lines(group, options, pad=False)) <= self.height:
                break
            shown = shown[1:]  # the latest rounds matter most: the earliest give way
        yield group

    def table(self, shown: Sequence[RoundLine], hidden: int) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False, collapse_padding=True)
        table.add_column(t("summary.round"), justify="right", no_wrap=True)
        table.add_column(t("summary.winners"), min_width=8)
        table.add_column(t("summary.how"), min_width=10)
        # A column of tokens a seat: its name, cut to fit when many seats share the width.
        for name in self.names:
            table.add_column(name, justify="right", no_wrap=True, overflow="ellipsis", max_width=8)
        before = (0,) * len(self.names) if hidden == 0 else self.lines[hidden - 1].tokens
        for line in shown:
            number = t("summary.tiebreak_round", round=line.number) if line.tiebreak else str(line.number)
            winners = join_names([name_text(self.names[w]) for w in line.winners]) if line.winners else Text("–")
            how = ", ".join(
                [
                    t(_how(line)),
                    *(
                        t("summary.bonus", card=card_name(why.capitalize()), player=self.names[seat])
                        for seat, why in line.bonuses
                    ),
                ]
            )
            cells = [
                Text(str(count), style="bold" if count > was else DIM)
                for count, was in zip(line.tokens, before, strict=True)
            ]
            table.add_row(number, winners, how, *cells)
            before = line.tokens
        return table


def _how(line: RoundLine) -> str:
    """The catalog key of how ``line``'s round ended."""
    if line.reason != "deck_out":
        return f"summary.how_{line.reason}"
    if not line.winners:
        return "summary.how_no_winner"
    return "summary.how_deck_out" if len(line.winners) == 1 else "summary.how_deck_out_tied"
