"""The table: what a seat sees of it, in 80x24 and larger, with and without colour."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import card_name, set_language, t
from loveletter.tui.board import MARKS, Board, BoardModel
from loveletter.tui.log import narrate
from loveletter.tui.style import NBSP, fmt
from tests.support import deal, play

NAMES = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
#: Names of the longest length allowed.
LONG = [(letter + "abcdefghijklmnopqrstuvwxyz")[:16] for letter in "ABCDEFGH"]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def render(
    game: Game,
    seat: int | None,
    width: int = 80,
    height: int = 21,
    colour: bool = False,
    names: Sequence[str] = NAMES,
    *,
    keep_nbsp: bool = False,
) -> str:
    """The table as drawn (non-breaking spaces shown as spaces unless ``keep_nbsp``)."""
    view = game.view(seat) if seat is not None else game.view(None)
    goal = game.ruleset.tokens_to_win(game.players)
    model = BoardModel(view, names, seat, narrate(game.log, seat, names, game.ruleset, goal=goal), new_from=0)
    console = Console(width=width, height=height + 3, color_system="truecolor" if colour else None)
    with console.capture() as capture:
        console.print(Board(model, height=height), end="")
    return capture.get() if keep_nbsp else capture.get().replace(NBSP, " ")


def test_the_players_own_view() -> None:
    game = deal("2019", 3, hands=["Priest", "King", "Guard"], draws=["Baron"])
    play(game, "Priest>1")
    game_view = render(Game("2019", 2, seed=1), 0)
    assert "Face up, out of play:" in game_view  # two players: the face-up cards
    ana = render(game, 0)
    assert "Bea holds King" in ana  # what Ana knows
    assert "3 Baron" in ana and "compare hands" in ana.lower()  # her hand, drawn as a card with its effect
    assert "(secret: Bea holds King.)" in ana
    assert "Unseen by you: Princess 1 · Countess 1 · King 0" in ana  # the tracker counts what Ana knows
    assert "▶" in ana.splitlines()[3] and "Bea" in ana.splitlines()[3]  # Bea is to move


def test_another_seat_sees_none_of_it() -> None:
    game = deal("2019", 3, hands=["Priest", "King", "Guard"], draws=["Baron"])
    play(game, "Priest>1")
    cal = render(game, 2)
    assert "holds King" not in cal and "Compare hands" not in cal and "secret" not in cal
    assert "1 Guard" in cal  # Cal's own hand
    spectator = render(game, None)
    assert "You know" not in spectator and "1 Guard" not in spectator and "secret" not in spectator
    assert "Not yet seen:" in spectator


def test_markers_are_symbols_and_a_legend_not_colours() -> None:
    game = deal("classic", 4, hands=["Handmaid", "Guard", "Priest", "Baron"], draws=["Guard", "Baron", "Priest"])
    play(game, "Handmaid", "Guard>2=Priest")
    lines = render(game, 3).splitlines()
    row = {name: next(line for line in lines[1:] if name in line) for name in ("Ana", "Bea", "Cal")}
    assert "◆" in row["Ana"] and "✗" in row["Cal"] and not {"◆", "✗"} & set(row["Bea"])
    # What the marks on the table and in the log mean.
    assert "Marks: › new since your last turn · ✗ out of the round · ◆ protected" in "\n".join(lines)
    assert all(len(line) <= 80 for line in lines)
    assert "\x1b[" not in "\n".join(lines)  # without colour, the same marks
    assert "\x1b[" in render(game, 3, colour=True)


def test_a_table_without_marks_has_no_legend() -> None:
    assert "Status:" not in render(Game("2019", 3, seed=2), 0)


@pytest.mark.parametrize(
    ("ruleset", "players"), [("2019", 2), ("2019", 6), ("classic", 4), ("premium", 4), ("premium", 8)]
)
def test_it_fits_the_height_it_is_given(ruleset: str, players: int) -> None:
    rng = random.Random(players)
    game = Game(ruleset, players, seed=players)
    actions = []
    for _ in range(12):
        actions.append(rng.choice(game.legal_actions()))
        game.push(actions[-1])
        if game.round_over:  # one action less: someone is still to move
            game = Game(ruleset, players, seed=players)
            for action in actions[:-1]:
                game.push(action)
            break
    seat = game.decider
    assert seat is not None
    view = game.view(seat)
    for width, height in ((80, 18), (80, 21), (120, 40)):
        lines = render(game, seat, width=width, height=height, names=LONG).splitlines()
        assert len(lines) <= height
        assert all(len(line) <= width for line in lines)
        text = "\n".join(lines)
        tops = [line for line in lines if line.startswith("╭─ ") and "Only for" not in line]
        flat = " ".join(text.split())
        if tops:  # the hand as cards, their frames whole...
            assert all(f" {game.ruleset.value(c)} {card_name(c)} " in tops[0] for c in view.hand), text
            assert sum(line.count("╰") for line in lines) >= len(view.hand), text
        else:  # ...or, on a crowded table, in words
            hand = flat[flat.index("Your hand:") :]
            assert all(f"{game.ruleset.value(c)} {card_name(c)}" in hand for c in view.hand), text
        for sv in view.seats:  # every seat, and every card of its pile
            assert LONG[sv.seat] in text
            assert " ".join(card_name(c) for c in sv.discards) in " ".join(text.split()), text


def test_a_large_terminal_shows_more_of_the_log_and_larger_cards() -> None:
    rng = random.Random(3)
    game = Game("premium", 5, seed=3)
    for _ in range(8):
        game.push(rng.choice(game.legal_actions()))
    assert game.decider is not None
    small = render(game, game.decider, width=80, height=24 - 3, names=LONG)
    large = render(game, game.decider, width=120, height=40 - 3, names=LONG)
    assert large.count("› ") > small.count("› ") >= 1  # every entry is new here, marked ›

    def card_height(text: str) -> int:
        lines = text.splitlines()
        top = next(i for i, line in enumerate(lines) if line.startswith("╭─ "))
        return next(i for i in range(top, len(lines)) if lines[i].startswith("╰")) - top + 1

    assert card_height(large) > card_height(small) == 4  # the cards grew to show their whole text


def test_a_card_and_its_count_stay_on_one_line() -> None:
    game = Game("premium", 8, seed=4)
    for width in range(40, 81):
        text = render(game, 0, width=width, height=40, keep_nbsp=True)
        tracker = text[text.index("Unseen by you:") : text.index("╭")]
        for line in tracker.splitlines():
            assert not re.match(r"^\d", line.strip()), f"a count begins a line at {width} columns:\n{tracker}"
            assert not re.search(r"[A-Za-z]$", line.rstrip()), f"a name ends a line at {width} columns:\n{tracker}"


def test_the_log_sits_at_the_bottom_newest_last() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron", "Handmaid"])
    play(game, "Guard>1=King")
    lines = render(game, 1, height=21).rstrip("\n").split("\n")
    assert "Round log" in lines[-3]
    assert lines[-1].startswith("›  Ana plays Guard on Bea, naming King. A miss.")


def test_private_news_that_the_log_cannot_hold_gets_a_panel_of_its_own() -> None:
    game = deal(
        "classic", 4, hands=["King", "Priest", "Guard", "Handmaid"], draws=["Baron", "Guard", "Priest", "Handmaid"]
    )
    play(game, "King>1", "Guard>2=Prince", "Priest>3", "Handmaid")
    goal = game.ruleset.tokens_to_win(4)
    log = narrate(game.log, 1, NAMES, game.ruleset, goal=goal)
    model = BoardModel(game.view(1), NAMES, 1, log, new_from=0)
    console = Console(width=80, height=30, color_system=None)
    with console.capture() as capture:
        console.print(Board(model, height=18), end="")  # the card tracker first: the whole log would need 20
    text = capture.get()
    assert "Only for Bea: since your last turn" in text
    assert "(secret: you get Baron from" in text
    with console.capture() as capture:
        console.print(Board(model, height=30), end="")
    roomy = capture.get()
    assert "Only for Bea" not in roomy and "(secret: you get Baron from" in roomy  # the log holds it


def test_the_round_over_tracker_counts_the_hands_just_shown() -> None:
    for seed in range(50):
        game = Game("classic", 3, seed=seed)
        rng = random.Random(seed)
        while not game.round_over:
            game.push(rng.choice(game.legal_actions()))
        result = game.view(0).result
        if result is not None and result.reason == "deck_out":
            break
    else:
        raise AssertionError("no deck-out in 50 rounds")
    public = game.view(None)
    seen = sum(len(sv.discards) for sv in public.seats) + len(result.hands)
    assert sum(public.unseen().values()) == sum(game.view(0).mode.copies.values()) - seen
    assert not public.hand and not public.legal_actions  # and nothing private


def test_the_set_aside_card_shows_at_the_rounds_end_when_the_ruleset_reveals_it(tmp_path: Path) -> None:
    from tests.engine.scenario import ruleset_with

    shown = ruleset_with(tmp_path, "classic", reveal_set_aside_at_round_end=True)
    for source, revealed in ((shown.source, True), ("classic", False)):
        game = deal(source, 2, hands=["Guard", "Priest"], set_aside="King")
        play(game, "Guard>1=Priest")
        drawn = render(game, None)
        assert ("The set-aside card was: King" in drawn) == revealed, drawn


def after_a_round_of_turns(seed: int) -> tuple[Game, int] | None:
    """Premium, 8 players: Ana (seat 0) plays, then everyone else; the game and where Ana's news begins."""
    game = Game("premium", 8, seed=seed)
    rng = random.Random(seed)
    for mine in (False, True, False):
        while (game.decider == 0) == mine or (not mine and game.decider is None):
            if game.round_over:
                return None
            game.push(rng.choice(game.legal_actions()))
        if mine:
            since = len(game.log)
    return (game, since) if not game.round_over else None


def test_at_80x24_with_eight_players_the_legend_the_tracker_and_whole_log_entries_stay() -> None:
    squeezed = panels = 0
    for seed in range(120):
        found = after_a_round_of_turns(seed)
        if found is None:
            continue
        game, since = found
        log = narrate(game.log, 0, NAMES, game.ruleset, goal=4)
        new = [e for e in log if e.index >= since]
        model = BoardModel(game.view(0), NAMES, 0, log, new_from=since)
        console = Console(width=80, height=24, color_system=None)
        with console.capture() as capture:
            console.print(Board(model, height=20), end="")
        drawn = capture.get().replace(NBSP, " ")
        lines = drawn.splitlines()
        flat = " ".join(drawn.replace("│", " ").split())
        assert len(lines) <= 20
        # What only Ana learned always shows (in the log, or in a panel of its own), else the newest line; on
        # the most crowded table (the card tracker stays), at least the start of the newest, and the rest a key away.
        private = [e for e in new if e.private]
        if not all(" ".join(e.text.plain.split()) in flat for e in private):
            assert " ".join(private[-1].text.plain.split())[:60] in flat and "more: press l" in flat, drawn
        newest = " ".join(new[-1].text.plain.split())[:40]
        assert newest in flat or "more: press l" in flat or ("Only for Ana" in flat and len(lines) == 20), drawn
        # Every seat's row, the tracker, and the legend whenever a row has a mark.
        rows = [next(line for line in lines[1:] if name in re.split("[○●]", line)[0]) for name in NAMES]
        panel = [e for e in new if e.private] if "Only for Ana" in drawn else []
        assert "Unseen by you:" in drawn, drawn  # the tracker stays, private news or not (issue 48)
        if panel:  # the panel holds the whole of Ana's private news, not only what the log left out
            start = next(i for i, line in enumerate(lines) if "Only for Ana" in line)
            end = next(i for i in range(start, len(lines)) if lines[i].startswith("╰"))
            inside = " ".join(" ".join(lines[start:end]).replace("│", " ").split())
            assert all(" ".join(e.text.plain.split())[:60] in inside for e in panel), drawn
            panels += 1
        marked = any(mark in row[:4] for row in rows for mark in MARKS.values())
        legend = flat[flat.index("Marks:") :]
        assert legend.startswith("Marks: › new since your last turn"), drawn
        if marked:
            assert any(
                f"{mark} {words}" in legend
                for mark, words in (("✗", "out"), ("$", "Jester"), ("◎", "must"), ("◆", "prot"), ("◉", "knows"))
            ), drawn
        if any(e.private for e in log):
            assert "* only you saw it" in legend
        # Ana's hand: as cards, or in words on a crowded table.
        hand = [card_name(c) for c in game.view(0).hand]
        assert all(name in flat for name in hand), drawn
        if "Round log" not in drawn:
            continue  # Ana's private news took the room: it comes first
        rule = next(i for i, line in enumerate(lines) if line.startswith("Round log"))
        entries = [line for line in lines[rule + 1 :] if line.strip()]
        # An entry is shown from its first line (a mark), never its tail alone.
        assert not entries or entries[0].startswith(("›", "·")), drawn
        shown = sum(line.startswith(("›", "·")) for line in entries)
        shown -= bool(entries) and entries[-1].rstrip().endswith("…")  # the newest cut short: a key away, counted
        if shown + len(panel) < len(log):
            squeezed += 1
            assert f"Round log · {len(log) - shown - len(panel)} more: press l" in lines[rule], drawn
        else:
            assert lines[rule].startswith("Round log ─"), drawn
    assert squeezed  # the random games reach the crowded case
    assert panels  # ...and a panel of private news


def test_what_others_know_about_you_is_in_the_you_know_panel() -> None:
    game = deal("classic", 3, hands=["Priest", "King", "Guard"], draws=["Handmaid", "Baron"])
    play(game, "Priest>1")
    assert "Ana knows your King" in " ".join(render(game, 1).split())
    assert "knows your" not in render(game, 2) and "knows your" not in render(game, None)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("ruleset", ["2019", "classic", "premium", "original2012"])
def test_a_long_status_leaves_the_header_whole_at_80_columns(lang: str, ruleset: str) -> None:
    """A review's status ("Decision 12 of 34 · round 3") beside the edition's title once cut the header short
    ("round 1 · de…"): the header drops the title before it cuts a word, and keeps the round and the deck."""
    set_language(lang)
    game = Game(ruleset, 2, seed=1)
    status = fmt("coach.review.status", number="12", total="34", round="3")
    model = BoardModel(game.view(0), NAMES[:2], 0, status=status)
    console = Console(width=80, color_system=None)
    with console.capture() as capture:
        console.print(Board(model, height=20), end="")
    head = capture.get().splitlines()[0]
    assert "…" not in head and status.plain in head, head
    deck = t("play.table.header", title="", round="1", deck=str(game.view(0).deck_size)).split("·", 1)[1].strip()
    assert deck in head, head
