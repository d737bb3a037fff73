"""The table at 80x24 above the real question: the hand (as cards, or in words when crowded) and every discard
pile always whole, in both languages.

Premium games of 5 to 8 players with names of the longest allowed length, at random positions (random play,
across rounds), each question of the deciding seat's turn asked as the terminal front end asks it: the table
gets the lines the question leaves, and must show every card of the hand with its frame and every pile.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.i18n import card_name, set_language, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.table.setup import MAX_NAME
from loveletter.tui import prompts
from loveletter.tui.board import Board
from loveletter.tui.choices import plan_for
from loveletter.tui.coach import hint_keys
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend, decision_keys

WIDTH, HEIGHT = 80, 24
#: Names of the longest length allowed, each with its own first letter so a seat's row is easy to find.
NAMES = [(letter + "abcdefghijklmnopqrstuvwxyz")[:MAX_NAME] for letter in "ABCDEFGH"]


def position(players: int, seed: int) -> Game:
    """A premium game after a random number of random actions (possibly in a later round), someone to move."""
    rng = random.Random(seed)
    game = Game("premium", players, seed=seed)
    for _ in range(rng.randrange(0, 60)):
        if game.over:
            break
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    if game.over:
        return position(players, seed + 1000)
    if game.round_over:
        game.next_round()
    return game


def screens(game: Game, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Each question of the deciding seat's turn (answered at random): the table drawn above it, and the seat."""
    names = NAMES[: game.players]
    console = Console(width=WIDTH, height=HEIGHT, file=io.StringIO(), color_system=None)
    front = TerminalFrontend(Frames(console, Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat(n) for n in names], front))
    seat = game.decider
    assert seat is not None
    view = game.view(seat)
    plan = plan_for(view)
    while (step := plan.step()) is not None:
        title = front.question(step, plan, view)
        choices = front.choices(step, view)
        hint = decision_keys(back=plan.asked > 0, coach=hint_keys(choices, showing=False))
        reserve = prompts.choice_height(title, choices, WIDTH, hint)
        assert reserve <= 8, title
        with console.capture() as capture:
            console.print(Board(front.model(seat, new_from=0), height=HEIGHT - reserve), end="")
        drawn = capture.get()
        assert len(drawn.splitlines()) <= HEIGHT - reserve
        yield drawn, names[seat]
        plan.answer(rng.choice([o.value for o in step.options if o.enabled]))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def check(game: Game, drawn: str, viewer: str) -> None:
    lines = drawn.splitlines()
    assert game.decider is not None
    view = game.view(game.decider)
    # The hand: every card's value and name in its frame, the frame's four lines all there; or, on a crowded
    # table, every card's value and name after "Your hand:".
    news = t("play.table.news", player=viewer)
    tops = [i for i, line in enumerate(lines) if line.startswith("╭─ ") and news[:12] not in line]
    if not tops:
        words = flat(drawn)
        hand = words[words.index(t("play.table.hand")) :]
        for card in view.hand:
            assert f"{view.ruleset.cards[card].value} {card_name(card)}" in hand, f"{card} is not shown:\n{drawn}"
    else:
        top = tops[0]
        for card in view.hand:
            label = f"╭─ {view.ruleset.cards[card].value} {card_name(card)} "
            assert label in lines[top], f"{card} is not shown whole:\n{drawn}"
        bottom = next((i for i in range(top + 1, len(lines)) if lines[i].startswith("╰")), None)
        assert bottom is not None and bottom >= top + 3, f"the hand is cut:\n{drawn}"
        frames = len(view.hand)
        assert lines[bottom].count("╰") >= frames and lines[bottom].count("╯") >= frames, drawn
        assert all(lines[k].count("│") >= 2 * frames for k in range(top + 1, bottom)), drawn
    # Every discard pile, every card of it in order, under its seat.
    names = NAMES[: game.players]
    # Past the header, the name before the tokens (a row's last play may name another seat).
    rows = [next(i for i, line in enumerate(lines) if i and name in re.split("[○●]", line)[0]) for name in names]
    ends = [*rows[1:], next(i for i in range(rows[-1] + 1, len(lines)) if not lines[i].startswith(" "))]
    for sv, start, end in zip(view.seats, rows, ends, strict=True):
        pile = " ".join(card_name(c) for c in sv.discards)
        assert pile in flat("\n".join(lines[start:end])), f"{names[sv.seat]}'s pile {pile!r}:\n{drawn}"
    assert f"{viewer} {t('play.table.you')}" in drawn


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_the_hand_and_the_piles_always_fit_at_80x24(lang: str, players: int) -> None:
    set_language(lang)
    rng = random.Random(players)
    checked = 0
    for seed in range(12):
        game = position(players, seed * 31 + players)
        for drawn, viewer in screens(game, rng):
            check(game, drawn, viewer)
            checked += 1
    assert checked >= 12
