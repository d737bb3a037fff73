"""Every seat's first screen at 80x24, 100x30 and 160x45, for 2, 4, 6 and 8 players, drawn as the terminal front
end draws it above its first question: what must be visible is there (the header, every player's row, the
legend of the marks shown, the card tracker, the hand, the log's entries whole with how many more there are;
each player's panel: out, protected, knows your hand, the cards of theirs the viewer knows and nothing else; the
last plays, who did what to whom, as a strip or folded into the rows); and a frame drawn after the terminal grew
or shrank is the same as one drawn at that size from the start."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pyte
import pytest
from rich.console import Console

from loveletter.engine import Game, View, load_ruleset, stacked_deck
from loveletter.engine.actions import Play
from loveletter.engine.moments import public_moments
from loveletter.i18n import card_name, set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui import prompts
from loveletter.tui.board import FOLD_LEAST, LOG_MARKS, MARKS, PLAYS_MAX, Board, BoardModel, play_parts, play_text
from loveletter.tui.choices import plan_for
from loveletter.tui.log import narrate
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend, board_body, decision_keys

SIZES = [(80, 24), (100, 30), (160, 45)]
NAMES = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def first_screens(players: int, seed: int) -> Iterator[tuple[Game, int]]:
    """Premium, ``players`` seats, random play: the game as each seat first has to decide in round 1 (from the
    first seed on from ``seed`` whose first round gets to every seat)."""
    for tried in range(seed, seed + 100):
        rng = random.Random(tried)
        game = Game("premium", players, seed=tried)
        seen: list[int] = []
        while not game.round_over and len(seen) < players:
            seat = game.decider
            assert seat is not None
            if seat not in seen:
                seen.append(seat)
            game.push(rng.choice(game.legal_actions()))
        if len(seen) == players:
            break
    rng = random.Random(tried)
    game = Game("premium", players, seed=tried)
    done: set[int] = set()
    while len(done) < players:
        seat = game.decider
        assert seat is not None
        if seat not in done:
            done.add(seat)
            yield game, seat
        game.push(rng.choice(game.legal_actions()))


def drawn_screen(game: Game, seat: int, width: int, height: int) -> tuple[str, BoardModel, int]:
    """The table of ``seat``'s first question at ``width`` x ``height`` (the lines the question leaves), its
    model, and the lines the question takes."""
    names = NAMES[: game.players]
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None)
    front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat(n) for n in names], front))
    view = game.view(seat)
    plan = plan_for(view)
    step = plan.step()
    assert step is not None
    title = front.question(step, plan, view)
    reserve = prompts.choice_height(title, front.choices(step, view), width, decision_keys(back=False))
    model = front.model(seat, new_from=0)
    with console.capture() as capture:
        console.print(Board(model, height=height - reserve), end="")
    return capture.get(), model, reserve


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("│", " ").split())


@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_seats_first_screen_shows_what_it_must(players: int, width: int, height: int) -> None:
    seats = 0
    for game, seat in first_screens(players, seed=players * 7):
        drawn, model, reserve = drawn_screen(game, seat, width, height)
        every = drawn.splitlines()
        rule = next(i for i, line in enumerate(every) if "Round log" in line)
        column = every[rule].index("Round log")  # 0, or the log's own column on a wide screen
        lines = [line[:column] for line in every] if column else every  # the table, the log apart
        lines[0] = every[0]  # the header spans both
        log = [line[column:] for line in every]
        text = flat("\n".join(lines)) + " " + (flat("\n".join(log[rule:])) if column else "")
        where = f"{NAMES[seat]}'s first screen at {width}x{height}:\n{drawn}"
        assert len(every) <= height - reserve and all(len(line) <= width for line in every), where
        # The header: the edition, the round, the deck, whose turn.
        assert lines[0].startswith(" Love Letter Premium · round 1 · deck"), where
        assert f"{NAMES[seat]}'s turn" in lines[0], where
        # Every player's row (found by its name column, before the tokens), the viewer's marked.
        rows = [next((line for line in lines[1:] if name in re.split("[○●]", line)[0]), "") for name in NAMES[:players]]
        assert all(rows), where
        assert f"{NAMES[seat]} (you)" in rows[seat], where
        view = game.view(seat)
        check_panels(view, rows, lines[1], where)
        check_last_plays(model, rows, lines[1], text, where, most=players if column else PLAYS_MAX)
        if players <= 4 and public_moments(view):  # fewer seats than a crowded table: the strip has room
            assert "Last plays:" in text, where
        # The legend explains every mark on the rows and in the log.
        shown = {mark for row in rows for mark in MARKS.values() if mark in row[:4]}
        if shown or model.log:
            legend = text[text.index("Marks:") :]
            for mark in shown | ({LOG_MARKS["new"]} if model.log else set()):
                assert re.search(re.escape(mark) + r" \w", legend), where
        # The card tracker, and the hand (as cards, or in words on a crowded table).
        private = [e for e in model.log if e.private]
        assert "Unseen by you:" in text, where  # on every screen, private news or not (issue 48)
        for entry in private:  # what only this seat saw: in the log or in a panel of its own
            assert " ".join(entry.text.plain.split()) in text, where
        hand = [f"{game.ruleset.cards[c].value} {card_name(c)}" for c in game.view(seat).hand]
        assert all(card in text for card in hand), where
        # The log: its entries whole (each from its first line), and how many it leaves out.
        entries = [line for line in log[rule + 1 :] if line.strip()]
        marks = [line for line in entries if line[:1] in ("›", "·")]
        assert not entries or entries[0][:1] in ("›", "·"), where  # never an entry's tail alone
        apart = len(private) if f"Only for {NAMES[seat]}" in text else 0  # the entries of the news panel
        if len(marks) + apart < len(model.log):
            assert f"{len(model.log) - len(marks) - apart} more: press l" in log[rule], where
        newest = " ".join(model.log[-1].text.plain.split())
        # The newest entry, whole; or private news first, the rest a key away.
        assert newest in text or (private and "more: press l" in log[rule]), where
        seats += 1
    assert seats == players  # every seat had its first screen checked


def check_panels(view: View, rows: list[str], head: str, where: str) -> None:
    """Each row is its player's panel: out, protected and knows-your-hand marks as the view says, and in the
    "Known hand" column exactly the cards of that hand the view holds (never another seat's hidden card)."""
    knowers = {q for q, _ in view.known_by}
    for sv in view.seats:
        row = rows[sv.seat]
        assert ("✗" in row[:4]) == (not sv.in_round), where
        assert ("◆" in row[:4]) == sv.protected, where
        assert ("◉" in row[:4]) == (sv.seat in knowers and sv.in_round), where
    known = {sv.seat: sv.known for sv in view.seats if sv.seat != view.seat and sv.in_round and sv.known}
    if "Known hand" not in head:
        assert not known, where
        return
    start, end = head.index("Known hand"), head.index("Discards")
    for sv in view.seats:
        cell = rows[sv.seat][start:end].split()
        assert cell == [card_name(c) for c in known.get(sv.seat, ())], where


def check_last_plays(model: BoardModel, rows: list[str], head: str, text: str, where: str, *, most: int) -> None:
    """The last plays as the engine tells them (public_moments of the viewer's view): the newest ones in the
    strip, newest last, or each row ending with its player's last play."""
    moments = public_moments(model.view)
    if not moments:
        assert "Last plays:" not in text, where
        return
    said = [flat(play_text(model, m).plain) for m in moments]
    if "Last plays:" in text:
        strip = text[text.index("Last plays:") + len("Last plays:") :].lstrip()
        shown = [i for i in range(len(moments)) if strip.startswith(" ".join(said[i:]))]
        assert shown and len(moments) - shown[0] <= most, where  # the newest plays, in order, up to the newest
        return
    last = {m.seat: m for m in moments}
    column = head.index("Discards")  # where the piles begin
    for seat, m in last.items():  # folded into the rows: each seat's last play that says on whom, where it keeps
        _, card, tail = play_parts(model, m)
        pile = model.view.seats[seat].discards
        if not card.plain or not tail.plain or not pile:  # a Bishop's target's choice, a card on nobody
            continue
        end = column + len(" ".join(card_name(c) for c in pile))
        if len(rows[seat]) - end < FOLD_LEAST + 2:
            continue  # no room for it
        told = card.plain
        if isinstance(m.action, Play) and pile[-1] == m.action.card:  # the card ends the pile: ``(5)→ Dan ✗``
            told = told[1 + len(card_name(m.action.card)) :]
        told = flat(f"{told} {'' if told.endswith('→') else '· '}{tail.plain}")
        folded = flat(rows[seat][end:])
        assert folded == told or (folded.endswith("…") and told.startswith(folded[:-1])), where


def test_a_panel_says_who_knows_what_and_no_hidden_card() -> None:
    """Ana looks at Bea's King with a Priest, Bea trades it for Ana's Prince: Ana knows Bea's Guard and Bea
    knows Ana's Prince (each row says so), Cal knows neither, and a spectator's rows show no hand at all."""
    rs = load_ruleset("classic")
    deck = stacked_deck(rs, 3, hands=["Priest", "King", "Guard"], draws=["Guard", "Prince", "Baron", "Guard"])
    game = Game(rs, 3, deck=deck, first_player=0)
    game.push("Priest>1")
    game.push("King>0")
    names = NAMES[:3]
    for seat in (0, 1, 2, None):
        view = game.view(seat) if seat is not None else game.view(None)
        log = narrate(game.log, seat, names, rs, goal=5)
        console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
        with console.capture() as capture:
            console.print(Board(BoardModel(view, names, seat, log, new_from=0), height=22), end="")
        lines = capture.get().splitlines()
        rows = [next(line for line in lines[1:] if name in re.split("[○●]", line)[0]) for name in names]
        where = f"{seat}:\n" + "\n".join(lines)
        check_panels(view, rows, lines[1], where)
        model = BoardModel(view, names, seat, log)
        check_last_plays(model, rows, lines[1], flat("\n".join(lines)), where, most=PLAYS_MAX)
        if seat == 0:
            assert rows[1].split()[-2:] == ["Guard", "King"] and "◉" in rows[1][:4], where
        elif seat == 1:
            assert rows[0].split()[-2:] == ["Prince", "Priest"] and "◉" in rows[0][:4], where
        else:  # Cal, and a spectator, know neither hand
            assert "Known hand" not in lines[1] and "Prince" not in rows[0] and "Guard" not in rows[1], where
        assert "Last plays: Ana ─Priest→ Bea Bea ─King→ Ana · hands traded" in flat("\n".join(lines)), where


def frame(console: Console, width: int, height: int, model: BoardModel, reserve: int) -> list[str]:
    """What a terminal of ``width`` x ``height`` shows after the front end's frame at that size."""
    console.size = (width, height)
    out = io.StringIO()
    console.file = out
    front = TerminalFrontend(Frames(console, Screen(out)))
    front.surface.draw(board_body(model), reserve)
    screen = pyte.Screen(width, height)
    pyte.Stream(screen).feed(out.getvalue().replace("\n", "\r\n"))  # as a terminal's line discipline does
    return [line.rstrip() for line in screen.display]


@pytest.mark.parametrize("players", [2, 8])
def test_a_frame_after_growing_or_shrinking_is_the_frame_of_that_size(players: int) -> None:
    game, seat = next(first_screens(players, seed=players * 7))
    _, model, _ = drawn_screen(game, seat, 80, 24)
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    fresh = {size: frame(Console(file=io.StringIO(), color_system=None), *size, model, 4) for size in SIZES}
    for size in [(100, 30), (80, 24), (160, 45), (100, 30), (80, 24), (160, 45)]:
        shown = frame(console, *size, model, 4)
        assert shown == fresh[size], f"at {size}:\n" + "\n".join(shown)
        assert shown[0].startswith(" Love Letter Premium · round 1"), "\n".join(shown)
        assert sum(line.strip() != "" for line in shown[-4:]) == 0  # the question's lines left free
