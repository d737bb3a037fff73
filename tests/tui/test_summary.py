"""The game's summary: each round's winners and how it ended, and the tokens after it, fitted to the screen."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from loveletter.engine import Game
from loveletter.engine import events as ev
from loveletter.i18n import set_language
from loveletter.tui.summary import Summary, rounds
from tests.support import random_playout

NAMES = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.parametrize(("ruleset", "players"), [("classic", 2), ("2019", 5), ("premium", 8)])
def test_every_round_is_a_line_with_its_winners_and_the_tokens_after_it(ruleset: str, players: int) -> None:
    game = Game(ruleset, players, seed=players)
    random_playout(game, random.Random(players))
    lines = rounds(game.log, players)
    ends = [e for e in game.log if isinstance(e, ev.RoundEnded)]
    assert [(line.number, line.winners, line.reason) for line in lines] == [
        (e.round, e.winners, e.reason) for e in ends
    ]
    assert lines[-1].tokens == tuple(game.tokens)
    totals = [sum(line.tokens) for line in lines]
    assert totals == sorted(totals)  # tokens are never taken back


@pytest.mark.parametrize("height", [8, 12, 20, 60])
def test_it_fits_the_screen_keeping_the_latest_rounds(height: int) -> None:
    game = Game("premium", 8, seed=3)
    random_playout(game, random.Random(3))
    console = Console(width=80, height=height, color_system=None)
    with console.capture() as capture:
        console.print(Summary(game.log, NAMES, game.winners, 4, height), end="")
    drawn = capture.get().splitlines()
    assert len(drawn) <= height and all(len(line) <= 80 for line in drawn)
    last = rounds(game.log, 8)[-1]
    assert any(line.strip().startswith(str(last.number)) for line in drawn)  # the last round is always there
    assert "wins the game" in "\n".join(drawn)


def test_tokens_given_for_a_card_are_explained_round_by_round() -> None:
    # Rounds whose tokens are not only the winner's: a Spy's, a Jester's bet, a Constable's...
    for seed in range(40):
        game = Game("premium", 6, seed=seed)
        random_playout(game, random.Random(seed))
        lines = rounds(game.log, 6)
        if any(line.bonuses for line in lines):
            break
    else:
        pytest.fail("no random game gave a token for a card")
    # Every token a round gave is a winner's or a bonus named on its line.
    before: tuple[int, ...] = (0,) * 6
    for line in lines:
        gained = sum(line.tokens) - sum(before)
        assert gained == len(line.winners) + len(line.bonuses), line
        before = line.tokens
    console = Console(width=120, height=60, color_system=None)
    with console.capture() as capture:
        console.print(Summary(game.log, NAMES[:6], game.winners, 6, 60), end="")
    drawn = " ".join(capture.get().split())
    reasons = {"spy": "Spy", "jester": "Jester", "bishop": "Bishop", "constable": "Constable"}
    for line in lines:
        for seat, why in line.bonuses:
            assert f"+1 {NAMES[seat]} ({reasons[why]})" in drawn, drawn
    # The card is drawn in parentheses (above), and the explanation says so (it said "brackets"; issue 48, item 11).
    assert "a card in parentheses gave one more" in drawn


def test_a_game_decided_mid_round_says_how() -> None:
    log = [
        ev.RoundStarted(1, 0, (0, 1), (), 11),
        ev.TokenAwarded(1, "constable", 4),
        ev.RoundEnded(1, "interrupted", ()),
    ]
    assert rounds(log, 2)[0].bonuses == ((1, "constable"),)
    console = Console(width=100, height=20, color_system=None)
    summary = Summary(log, ["Ana", "Bea"], [1], 4, 20)
    with console.capture() as capture:
        console.print(summary, end="")
    drawn = " ".join(capture.get().split())
    assert "goal reached mid-round, +1 Bea (Constable)" in drawn, drawn
