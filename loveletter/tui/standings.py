"""What ``simulate`` and ``tournament`` print: their tables, the ratings chart and the progress bar, drawn with rich.

The figures come from :mod:`loveletter.arena` (``Summary``, ``Standings``, ``Sprt``); the commands only choose
between these tables and ``--json``.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from loveletter.i18n import has, printable, t

if TYPE_CHECKING:
    from loveletter.arena.games import Summary
    from loveletter.arena.sprt import Sprt
    from loveletter.arena.standings import Standings
    from loveletter.arena.tournament import Tournament

T = TypeVar("T")


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def progress(stream: Iterator[T], total: int, done: int = 0, *, show: bool, stderr: bool = False) -> Generator[T]:
    """``stream``'s items as they come, with a progress bar on the terminal while ``show`` (on standard error if
    ``stderr``, where the results go to standard output); closing this closes ``stream`` (its processes stop)."""
    if not show:
        yield from stream
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=stderr)) as bar:
        task = bar.add_task(t("simulate.progress"), total=total, completed=done)
        try:
            for item in stream:
                bar.advance(task)
                yield item
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()


def _reason(reason: str) -> str:
    """Why a game ended, in words (``simulate.reason.<id>``), or its id when the catalog has no words for it."""
    key = f"simulate.reason.{reason}"
    return t(key) if has(key) or has(key, "en") else reason


def print_simulation(summary: Summary, seed: int, save_dir: str | None) -> None:
    # Nothing here is read as rich markup: the ruleset's name and the folder come from the player's files.
    console = Console(highlight=False)
    games = summary.games
    if games == 0:
        return
    key = "simulate.title" if summary.players > 1 else "simulate.title_one"
    title = t(key, games=games, ruleset=printable(summary.ruleset), players=summary.players)
    console.print(Text(title, style="bold"))

    seats = Table(title=t("simulate.seats_title"))
    for key, justify in (("seat", "right"), ("level", "left"), ("wins", "right"), ("rate", "right"), ("ci", "right")):
        seats.add_column(t(f"simulate.{key}"), justify=justify)  # type: ignore[arg-type]
    for i, level in enumerate(summary.levels):
        wins = summary.slot_wins[i]
        low, high = summary.ci(wins)
        seats.add_row(str(i), level, str(wins), percent(wins / games), f"{percent(low)}–{percent(high)}")
    console.print(seats)

    levels = Table(title=t("simulate.levels_title"))
    for key, justify in (("level", "left"), ("seats", "right"), ("wins", "right"), ("rate", "right"), ("ci", "right")):
        levels.add_column(t(f"simulate.{key}"), justify=justify)  # type: ignore[arg-type]
    counts = summary.level_seats()
    for level, wins in summary.level_wins.items():
        low, high = summary.ci(wins)
        levels.add_row(level, str(counts[level]), str(wins), percent(wins / games), f"{percent(low)}–{percent(high)}")
    console.print(levels)
    if summary.players > 1:
        console.print(t("simulate.level_note"), style="dim")

    rounds = summary.rounds
    ends = {reason: count for reason, count in summary.round_ends.items() if count}
    console.print(t("simulate.rounds_per_game", value=f"{rounds / games:.2f}"))
    console.print(t("simulate.turns_per_round", value=f"{summary.turns / rounds:.1f}" if rounds else "0"))
    if set(ends) <= {"deck_out", "last_standing", "interrupted"}:
        line = t(
            "simulate.ends",
            deck_out=percent(ends.get("deck_out", 0) / rounds) if rounds else "0",
            last_standing=percent(ends.get("last_standing", 0) / rounds) if rounds else "0",
        )
        if ends.get("interrupted"):
            line += t("simulate.interrupted", interrupted=percent(ends["interrupted"] / rounds))
    else:  # another variant's own reasons (the solitaire's), by their ids
        shares = ", ".join(f"{_reason(reason)} {percent(count / rounds)}" for reason, count in sorted(ends.items()))
        line = t("simulate.ends_other", reasons=shares)
    console.print(line)
    seconds = max(summary.seconds, 1e-9)
    console.print(
        t(
            "simulate.speed",
            games=f"{games / seconds:,.1f}",
            rounds=f"{rounds / seconds:,.1f}",
            seconds=f"{summary.seconds:.1f}",
        )
    )
    console.print(Text(t("simulate.seed", seed=seed)))
    if save_dir is not None:
        console.print(Text(t("simulate.saved", folder=printable(save_dir))))


def print_tournament(
    tournament: Tournament, standings: Standings, sprt: Sprt | None, path: str, seconds: float, resume: str = ""
) -> None:
    """The tournament's tables, chart, forfeits and SPRT; ``resume`` is the command that continues it."""
    console = Console(highlight=False)
    names = [printable(name) for name in standings.names]
    title = t(
        "tournament.title",
        format=t(f"tournament.format.{tournament.format.replace('-', '_')}"),
        ruleset=printable(tournament.ruleset),
        table=tournament.table,
        games=standings.games,
        rounds=standings.rounds,
    )
    console.print(Text(title, style="bold"))
    if standings.games == 0:
        return
    order = sorted(range(len(names)), key=lambda e: -standings.ratings.mu(e))
    rows = []
    for e in order:
        totals = standings.totals[e]
        low, high = standings.win_interval(e)
        rows.append(
            (
                names[e],
                f"{standings.ratings.mu(e):.1f}±{2 * standings.ratings.sigma(e):.1f}",
                str(totals.games),
                str(totals.wins),
                f"{percent(totals.wins / totals.games)} ({100 * low:.1f}–{100 * high:.1f})" if totals.games else "–",
                f"{1000 * totals.mean_decision():.1f} ms",
                str(sum(totals.forfeits.values())),
            )
        )
    # Light borders, so that the standings fit 80 columns, in either language, without cutting a figure short
    # (each player's rounds are in --json and --csv).
    table = Table(title=t("tournament.standings"), box=box.SIMPLE_HEAD)
    columns = (
        ("player", "left"), ("rating", "right"), ("games", "right"), ("wins", "right"), ("rate", "right"),
        ("decision", "right"), ("forfeits", "right"),
    )  # fmt: skip
    for i, (key, justify) in enumerate(columns):
        width = min(24, max(len(row[i]) for row in rows))
        table.add_column(t(f"tournament.column.{key}"), justify=justify, no_wrap=True, min_width=width)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    console.print(table)
    console.print(t("tournament.rating_note"), style="dim")

    h2h = Table(title=t("tournament.head_to_head"), box=box.SIMPLE_HEAD)
    h2h.add_column("")
    for e in order:
        h2h.add_column(names[e], justify="right")
    for a in order:
        cells = [names[a]]
        for b in order:
            found = standings.head_to_head(a, b) if a != b else None
            cells.append(f"{percent(found[0])}\n{percent(found[1])}–{percent(found[2])}" if found else "")
        h2h.add_row(*cells)
    console.print(h2h)
    console.print(t("tournament.h2h_note"), style="dim")
    console.print(t(f"tournament.interval_{standings.interval}"), style="dim")

    console.print(Text(t("tournament.chart_title"), style="bold"))
    console.print(chart(standings.ratings.history, names))

    for index, name, reason, detail in standings.forfeit_examples[:10]:
        line = t(f"tournament.forfeit.{reason}", game=index, player=printable(name), detail=printable(detail))
        console.print(Text(line, style="yellow"))
    if sprt is not None:
        lower, upper = sprt.bounds()
        verdict = sprt.verdict()
        console.print(
            Text(
                t(
                    "tournament.sprt",
                    elo0=f"{sprt.elo0:g}",
                    elo1=f"{sprt.elo1:g}",
                    alpha=f"{sprt.alpha:g}",
                    beta=f"{sprt.beta:g}",
                    llr=f"{sprt.llr():.2f}",
                    lower=f"{lower:.2f}",
                    upper=f"{upper:.2f}",
                    samples=sprt.samples,
                    unit=t("tournament.sprt_pairs" if sprt.pairs else "tournament.sprt_games"),
                ),
                style="bold",
            )
        )
        console.print(Text(verdict_text(verdict, sprt.elo0, sprt.elo1)))
    speed = standings.games / max(seconds, 1e-9)
    console.print(t("tournament.speed", seconds=f"{seconds:.1f}", games=f"{speed:,.1f}"))
    console.print(Text(t("tournament.seed", seed=tournament.seed)))
    if any(not e.in_process for e in tournament.entrants):
        console.print(Text(t("tournament.logs", folder=printable(tournament.bot_logs))))
    console.print(Text(t("tournament.saved", file=printable(path), command=resume)))


#: Colours of the players' lines on the chart, in turn.
COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_white", "bright_cyan")
MARKS = "●▲■◆★✚▼◉"


def chart(history: list[tuple[int, list[float]]], names: list[str], width: int = 60, height: int = 12) -> Any:
    """Each player's rating (``mu``) as the games accumulate, drawn with characters: games across, rating up."""
    text = Text()
    if len(history) < 2:
        return text
    values = [mu for _, mus in history for mu in mus]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    last = history[-1][0] or 1
    grid: list[list[tuple[str, str] | None]] = [[None] * width for _ in range(height)]
    for games, mus in history:
        x = min(width - 1, round(games / last * (width - 1)))
        for p, mu in enumerate(mus):
            y = height - 1 - round((mu - low) / span * (height - 1))
            grid[y][x] = (MARKS[p % len(MARKS)], COLOURS[p % len(COLOURS)])
    for row, cells in enumerate(grid):
        label = high - row * span / (height - 1)
        text.append(f"{label:6.1f} │")
        for cell in cells:
            if cell is None:
                text.append(" ")
            else:
                text.append(cell[0], style=cell[1])
        text.append("\n")
    text.append(" " * 7 + "└" + "─" * width + "\n")
    text.append(" " * 8 + "0" + str(last).rjust(width - 1) + "  " + t("tournament.chart_games") + "\n")
    for p, name in enumerate(names):
        text.append(f"  {MARKS[p % len(MARKS)]} ", style=COLOURS[p % len(COLOURS)])
        text.append(name)
    return text


def verdict_text(verdict: str | None, elo0: float, elo1: float) -> str:
    """The SPRT's verdict in words; H0 with ``elo0`` 0 says "not stronger", not "by more than 0 Elo".

    >>> from loveletter.i18n import set_language
    >>> set_language("en")
    >>> verdict_text("H0", 0, 5)
    'Verdict: H0 accepted, the first player is not stronger than the second.'
    """
    key = "H0_even" if verdict == "H0" and elo0 == 0 else verdict or "none"
    return t(f"tournament.verdict.{key}", elo0=f"{elo0:g}", elo1=f"{elo1:g}")
