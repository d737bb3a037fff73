"""Every screen of the program, drawn into a rich ``Console`` so that a test can read it as text.

A screen is a function that draws into the console it is given (``console.print``; prompts are written there
too, as the player would see them). :data:`SCREENS` lists them by name: a new screen is one more entry. The
hot-seat games run the real :class:`~loveletter.tui.terminal.TerminalFrontend` with its interactive prompts
replaced by :class:`FakePrompts`, which draws each prompt and answers at random (a seeded ``Random``).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import random
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from rich.console import Console
from rich.text import Text

from loveletter.engine import Game, bundled_names, load_ruleset
from loveletter.i18n import language, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui import prompts
from loveletter.tui.board import LOG_KEY, Board, BoardModel
from loveletter.tui.cards import CardFace
from loveletter.tui.lines import Lines
from loveletter.tui.log import narrate
from loveletter.tui.prompts import Choice, Nav
from loveletter.tui.reference import reference, reference_pages
from loveletter.tui.screen import Screen as TerminalScreen
from loveletter.tui.spectator import SpectatorFrontend
from loveletter.tui.style import fmt
from loveletter.tui.surface import Frames
from tests.support import deal, play

if TYPE_CHECKING:
    from loveletter.solitaire import SolitaireGame

Draw = Callable[[Console], None]
NAMES = ("Ana", "Bea", "Cris", "Dani", "Eli", "Fran", "Gus", "Hugo")
ROWS = 24


def multiplayer_rulesets() -> list[str]:
    return [name for name in bundled_names() if name != "solitaire"]


# ------------------------------------------------------------------------------------------------ prompts


class FakePrompts:
    """The interactive prompts of :mod:`loveletter.tui.prompts`, drawn into ``console`` and answered at random.
    The first choice list that allows it answers ``?`` (the card reference), and so does the first round's end.
    Given ``picks``, choice lists are answered with those instead, then with Ctrl-C."""

    def __init__(
        self,
        console: Console,
        seed: int,
        rounds: int = 99,
        script: Sequence[object] = (),
        picks: Sequence[object] | None = None,
    ) -> None:
        self.console = console
        self.rounds = rounds
        self.script = list(script)  # answers to "press" prompts, in order, before the usual ones
        # Answers to choice lists, in order; once they run out the player presses Ctrl-C (None: answer at random).
        self.picks = None if picks is None else list(picks)
        self.rng = random.Random(seed)
        self.helped = False
        self.helped_round = False
        self.logged = False

    def show(self, *lines: str) -> None:
        for line in lines:
            if line:
                self.console.print(line, markup=False, highlight=False)

    def choose(self, title: str, choices: Sequence[Choice[Any]], *, hint: str = "", **_: Any) -> Any:
        for line in prompts.choice_lines(title, choices, 0, self.console.width, hint):
            self.show("".join(fragment[1] for fragment in line))
        if self.picks is not None:
            if not self.picks:
                raise KeyboardInterrupt
            pick = self.picks.pop(0)
            assert pick in [c.value for c in choices if c.enabled] or isinstance(pick, Nav), (pick, title)
            return pick
        if _.get("allow_help") and not self.helped:
            self.helped = True
            return Nav.HELP
        # Never the review at a game's end at random (its screens are drawn in tests/i18n/coach_screens.py).
        return self.rng.choice([c for c in choices if c.enabled and c.value != "review"]).value

    def press(self, message: str, *, hint: str = "", keys: dict[str, object] | None = None, **_: Any) -> object:
        self.show(message, hint)
        if self.script:
            return self.script.pop(0)
        if keys and keys.get("l") is Nav.LOG and not self.logged:  # the round's whole log, once
            self.logged = True
            return Nav.LOG
        if keys and "?" in keys:  # a round's end: once the card reference, and "q" after enough rounds
            if not self.helped_round:
                self.helped_round = True
                return keys["?"]
            self.rounds -= 1
            if self.rounds <= 0:
                return keys["q"]
        return True

    def pause(self, message: str, seconds: float, *, hint: str = "", **_: Any) -> bool:
        self.show(message, hint)
        return False

    def ask_text(
        self, message: str, *, default: str = "", check: Callable[[str], str | None] | None = None, **_: Any
    ) -> str:
        self.show(message)
        if check is not None:  # what a player sees after a wrong name
            self.show(check("") or "", check("x" * 40) or "", check("\x07") or "")
        return default


@contextlib.contextmanager
def fake_prompts(
    console: Console,
    seed: int,
    rounds: int = 99,
    script: Sequence[object] = (),
    picks: Sequence[object] | None = None,
) -> Iterator[FakePrompts]:
    fake = FakePrompts(console, seed, rounds, script, picks)
    saved = {name: getattr(prompts, name) for name in ("choose", "press", "pause", "ask_text")}
    for name in saved:
        setattr(prompts, name, getattr(fake, name))
    try:
        yield fake
    finally:
        for name, function in saved.items():
            setattr(prompts, name, function)


def hot_seat_game(ruleset: str, people: int, bots: int, seed: int, rounds: int = 99) -> Draw:
    """A game at the terminal front end: names asked, hand-offs, every decision, rounds, the end (the game's
    end screen is drawn after ``rounds`` rounds even if nobody has won yet: the tests stay quick)."""

    def draw(console: Console) -> None:
        from loveletter.tui.terminal import TerminalFrontend

        players = people + bots
        game = Game(ruleset, players, seed=seed)
        with fake_prompts(console, seed, rounds), TerminalScreen(io.StringIO()) as screen:
            front = TerminalFrontend(Frames(console, screen), delay=1.0)
            unnamed = [Seat("") for _ in range(people)] + [Seat(n, "random") for n in NAMES[people:players]]
            seats = front.name_seats(game.ruleset, unnamed)  # the setup screen, as `loveletter play` draws it
            table = GameLoop(game, seats, front, seed=seed)
            table.run()
            if table.stopped:
                front.game_over()

    return draw


def screen_reader_game(ruleset: str, seed: int) -> Draw:
    """A game in screen-reader mode, two people and two computer players, every answer typed as a line (a
    number off the list first, then numbers, Enter, yes, back, the card reference and the whole log at random),
    to its end."""

    def draw(console: Console) -> None:
        from loveletter.tui.lines import LineScreen
        from loveletter.tui.terminal import TerminalFrontend

        game = Game(ruleset, 4, seed=seed)
        out = io.StringIO()
        rng = random.Random(seed)
        answers = ["1", "2", "3", "", "y", "s", "b", "?", "l"]  # the card reference and the whole log too
        typed = itertools.chain(["Ana", "Bea", "x"], iter(lambda: rng.choice(answers), None))
        front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=lambda: next(typed)), delay=0.0)
        seats = front.name_seats(game.ruleset, [Seat(""), Seat(""), Seat("Cal", "random"), Seat("Dee", "random")])
        table = GameLoop(game, seats, front, seed=seed)
        table.run()
        console.print(out.getvalue(), markup=False, highlight=False)

    return draw


def host_chooses_first(console: Console) -> None:
    """A house ruleset with ``first_player_mode = "choose"``: the host is asked who starts the first round."""
    from loveletter.tui.terminal import TerminalFrontend

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        text = (Path(__file__).parents[2] / "rulesets" / "classic.toml").read_text(encoding="utf-8")
        text = text.replace('first_player_mode = "random"', 'first_player_mode = "choose"')
        # A house file's title is the player's own words, never translated: one with no English in it.
        path.write_text(text.replace('title = "Love Letter (classic, 2019 rulebook)"', 'title = "Love Letter"'))
        ruleset = load_ruleset(str(path))
    with fake_prompts(console, 7, rounds=2), TerminalScreen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen), delay=1.0)
        seats = front.name_seats(ruleset, [Seat(n) for n in NAMES[:3]])
        first = front.ask_first_player(NAMES[:3], range(3), title=front.setup_title(ruleset, 3))
        GameLoop(Game(ruleset, 3, seed=7, first_player=first), seats, front, seed=7).run()


def computer_thinking(console: Console) -> None:
    """A computer player that takes a while, with one person at the table: the table with the note under it."""
    from loveletter.tui.terminal import TerminalFrontend

    game = Game("2019", 2, seed=2)
    with TerminalScreen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen), delay=0)
        front.start(GameLoop(game, [Seat(NAMES[0]), Seat(NAMES[1], "random")], front))
        front.computer_thinking(1)


def screen_reader_thinking(console: Console) -> None:
    """:func:`computer_thinking` said as lines."""
    from loveletter.tui.lines import LineScreen
    from loveletter.tui.terminal import TerminalFrontend

    game = Game("2019", 2, seed=2)
    seats = [Seat(NAMES[0]), Seat(NAMES[1], "random")]
    out = io.StringIO()
    lines = TerminalFrontend(Lines(LineScreen(out), stream=out), delay=0)
    lines.start(GameLoop(game, seats, lines))
    lines.computer_thinking(1)
    console.print(out.getvalue(), markup=False, highlight=False)


# --------------------------------------------------------------------------------------------- decisions


def decision_states() -> list[Game]:
    """A game waiting for a decision of each kind, dealt to order."""
    five = ["Guard", "Guard", "Guard"]
    games = []
    # 2019, 3 players: Bea is protected; Cris holds a Guard and a Prince (a note beside Bea; a named card).
    game = deal("2019", 3, hands=["Priest", "Handmaid", "Guard"], draws=["Baron", "Guard", "Prince"])
    play(game, "Priest>1", "Handmaid")
    games.append(game)
    # The Countess beside the King; the Princess beside a Prince (both warnings); the Chancellor's choices.
    games.append(deal("2019", 2, hands=["Countess", "Guard"], draws=["King"]))
    games.append(deal("2019", 2, hands=["Princess", "Guard"], draws=["Prince"]))
    game = deal("2019", 2, hands=["Chancellor", "Guard"], draws=["Priest", "Baron", "Handmaid"])
    play(game, "Chancellor")
    games.append(game)
    # Premium, 5 players: Bishop and Cardinal; Baroness and Jester; Sycophant.
    games.append(deal("premium", 5, hands=["Bishop", "Priest", *five], draws=["Cardinal"]))
    games.append(deal("premium", 5, hands=["Baroness", "Priest", *five], draws=["Jester"]))
    games.append(deal("premium", 5, hands=["Sycophant", "Priest", *five], draws=["Count"]))
    # The Bishop's target holds the Princess: redraw or keep (and a warning).
    game = deal("premium", 5, hands=["Bishop", "Princess", *five], draws=["Guard"])
    play(game, "Bishop>1=8")
    games.append(game)
    return games


def decisions(console: Console) -> None:
    """Every question of each decision above (every branch), the warnings, the table of the deciding seat,
    and the card reference cut into pages on a short screen."""
    from loveletter.engine import Action
    from loveletter.tui.choices import plan_for, risk
    from loveletter.tui.plan import ActionPlan
    from loveletter.tui.terminal import TerminalFrontend, decision_keys

    def explore(front: TerminalFrontend, plan: ActionPlan[Action], view: Any) -> None:
        step = plan.step()
        if step is None:
            return
        title = front.question(step, plan, view)
        hint = decision_keys(back=plan.asked > 0)
        for line in prompts.choice_lines(title, front.choices(step, view), 0, console.width, hint):
            console.print("".join(fragment[1] for fragment in line), markup=False, highlight=False)
        if step.kind == "card" and not plan.asked:  # a card's name being typed
            typing = prompts.choice_lines(title, front.choices(step, view), 0, console.width, hint, "g")
            for line in typing[-2:]:
                console.print("".join(fragment[1] for fragment in line), markup=False, highlight=False)
            stray = prompts.choice_lines(title, front.choices(step, view), 0, console.width, hint, stray="9")
            for line in stray[-2:]:  # a digit that picks nothing
                console.print("".join(fragment[1] for fragment in line), markup=False, highlight=False)
        for option in step.options:
            if option.enabled:
                plan.answer(option.value)
                explore(front, plan, view)
                plan.back()

    with fake_prompts(console, 0), TerminalScreen(io.StringIO()) as screen:
        for game in decision_states():
            front = TerminalFrontend(Frames(console, screen), delay=1.0)
            front.start(GameLoop(game, [Seat(n) for n in NAMES[: game.players]], front))
            seat = game.decider
            assert seat is not None
            view = game.view(seat)
            front.draw_board(front.model(seat), 2)
            explore(front, plan_for(view), view)
            for key in dict.fromkeys(risk(action, view) for action in view.legal_actions):
                if key is not None:
                    front.confirm(front.model(seat), key)
            if seat != game.view(seat).current:  # the Bishop's target: a decision made on another's turn
                since = len(game.log)
                game.push(view.legal_actions[0])
                front.turn_done(seat, since)
        short = Console(width=console.width, height=8, file=io.StringIO(), color_system=None)
        front = TerminalFrontend(Frames(short, screen), delay=1.0)
        front.start(GameLoop(Game("premium", 6, seed=1), [Seat(n) for n in NAMES[:6]], front))
        front.show_reference()
        console.print(short.file.getvalue(), markup=False, highlight=False)  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------- table


def table(
    make: Callable[[], Game],
    seat: int | None,
    names: Sequence[str] = NAMES,
    *,
    height: int = 60,
    log_key: str | None = LOG_KEY,
    status: Callable[[], Text] | None = None,
) -> Draw:
    def draw(console: Console) -> None:
        game = make()
        view = game.view(seat) if seat is not None else game.view(None)
        goal = game.ruleset.tokens_to_win(game.players)
        log = narrate(game.log, seat, names[: game.players], game.ruleset, goal=goal)
        model = BoardModel(
            view,
            names[: game.players],
            seat,
            log,
            new_from=0,
            computers=frozenset({1}),
            log_key=log_key,
            status=status() if status is not None else None,
        )
        console.print(Board(model, height=height))

    return draw


def premium_markers(knock_out: bool) -> Callable[[], Game]:
    """Premium, 6 players: the Jester's bet, the Sycophant's mark and a protected seat; then a knocked-out seat."""

    def make() -> Game:
        game = deal(
            "premium",
            6,
            hands=["Jester", "Sycophant", "Handmaid", "Guard", "Baron", "Priest"],
            draws=["Guard", "Priest", "Guard", "Guard", "King", "Count"],
        )
        play(game, "Jester>1", "Sycophant>4", "Handmaid")
        if knock_out:
            play(game, "Guard>4=3")
        return game

    return make


def priest_look() -> Game:
    """2019, 3 players: Ana has looked at Bea's hand (the what-you-know panel) and is to see her news."""
    game = deal("2019", 3, hands=["Priest", "King", "Guard"], draws=["Baron", "Handmaid"])
    play(game, "Priest>1")
    return game


def baron_tie() -> Game:
    """2019, 3 players: Ana's Baron ties with Bea (the last plays say "tie")."""
    game = deal("2019", 3, hands=["Baron", "Priest", "Guard"], draws=["Priest", "Handmaid"])
    play(game, "Baron>1")
    return game


def random_game(ruleset: str, players: int, seed: int, actions: int) -> Callable[[], Game]:
    return lambda: play_randomly(ruleset, players, seed, actions)


def play_randomly(ruleset: str, players: int, seed: int, actions: int) -> Game:
    game = Game(ruleset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        if game.round_over:
            game.next_round()
        else:
            game.push(rng.choice(game.legal_actions()))
    return game


def play_until(ruleset: str, players: int, seed: int, stop: Callable[[Any], bool]) -> Callable[[], Game]:
    """A random game (seeded) played until an event satisfies ``stop``."""

    def make() -> Game:
        game = Game(ruleset, players, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            events = game.next_round() if game.round_over else game.push(rng.choice(game.legal_actions()))
            if any(stop(e) for e in events):
                return game
        raise AssertionError("the game ended before the event")

    return make


def deck_out_explanations(console: Console) -> None:
    """The ends of premium deck-outs, told from their events: a Bishop beaten by the Princess shown, Counts'
    bonuses, a tie broken by the discards' totals; and, in a house ruleset that shows it, the set-aside card."""
    from loveletter.engine import events as ev

    rs = load_ruleset("premium")
    rounds = [
        [ev.HandsRevealed(((0, "Bishop"), (1, "Princess")), ((0, 9), (1, 8))), ev.RoundEnded(1, "deck_out", (1,))],
        [
            ev.Played(0, "Count"),
            ev.Played(1, "Count"),
            ev.Played(1, "Count"),
            ev.HandsRevealed(((0, "Prince"), (1, "Baron")), ((0, 6), (1, 5))),
            ev.RoundEnded(1, "deck_out", (0,)),
        ],
        [
            ev.Played(0, "Guard"),
            ev.Played(1, "King"),
            ev.HandsRevealed(((0, "Prince"), (1, "Prince")), ((0, 5), (1, 5))),
            ev.RoundEnded(1, "deck_out", (1,)),
        ],
    ]
    for events in rounds:
        started = ev.RoundStarted(1, 0, (0, 1, 2, 3, 4), (), 20)
        for entry in narrate([started, *events], None, NAMES[:5], rs, goal=4):
            console.print(entry.text)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        text = (Path(__file__).parents[2] / "rulesets" / "classic.toml").read_text(encoding="utf-8")
        text = text.replace("reveal_set_aside_at_round_end = false", "reveal_set_aside_at_round_end = true")
        # A house file's title is the player's own words, never translated: one with no English in it.
        path.write_text(text.replace('title = "Love Letter (classic, 2019 rulebook)"', 'title = "Love Letter"'))
        game = deal(str(path), 2, hands=["Guard", "Priest"], set_aside="King")
        play(game, "Guard>1=Priest")
        table(lambda: game, None)(console)


def game_summaries(console: Console) -> None:
    """The summary of a game with every kind of round end (a tie, no winner, a tie-break round, a game decided in
    the middle of a round), whole and cut to a short screen."""
    from loveletter.engine import events as ev
    from loveletter.tui.summary import Summary

    seats = (0, 1, 2)

    def started(number: int, tiebreak: bool = False) -> ev.RoundStarted:
        return ev.RoundStarted(number, 0, seats, (), 10, tiebreak)

    log = [
        started(1),
        ev.TokenAwarded(0, "round", 1),
        ev.RoundEnded(1, "last_standing", (0,)),
        started(2),
        ev.TokenAwarded(1, "round", 1),
        ev.TokenAwarded(2, "round", 1),
        ev.RoundEnded(2, "deck_out", (1, 2)),
        started(3),
        ev.RoundEnded(3, "deck_out", ()),
        started(4, tiebreak=True),
        ev.TokenAwarded(0, "round", 2),
        ev.RoundEnded(4, "deck_out", (0,)),
        started(5),
        ev.TokenAwarded(2, "bishop", 2),
        ev.RoundEnded(5, "interrupted", ()),
        ev.GameEnded((2,)),
    ]
    for height in (40, 7):
        console.print(Summary(log, NAMES[:3], (2,), 2, height))


def house_rules_explained(console: Console) -> None:
    """How a game goes under house flags: the set-aside card shown, no winner in a residual tie, the most tokens
    first in a game tie, and a game tie settled differently by player count."""
    from loveletter.tui.howto import howto

    houses = {
        "classic": {"reveal_set_aside_at_round_end = false": "reveal_set_aside_at_round_end = true"},
        "original2012": {'residual_tie = "all_win"           #': 'residual_tie = "none"           #'},
        "premium": {
            'game_tie = "tiebreak_round"        # docs/rules.md': 'game_tie = "shared"        # docs/rules.md',
            "game_tie_most_tokens_wins = false": "game_tie_most_tokens_wins = true",
        },
    }
    with tempfile.TemporaryDirectory() as folder:
        for name, changes in houses.items():
            text = (Path(__file__).parents[2] / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
            for old, new in changes.items():
                assert old in text, (name, old)
                text = text.replace(old, new, 1)
            if name == "classic":
                text = text.replace('residual_tie = "all_win"', 'residual_tie = "none"')
            path = Path(folder) / f"house-{name}.toml"
            path.write_text(text, encoding="utf-8")
            console.print(howto(load_ruleset(str(path))))


def whole_logs(console: Console) -> None:
    """Logs of whole random games in every ruleset, for every seat and a spectator: every kind of event."""
    # Seeds found to reach the rarer endings: a tie-break round (premium 8p, 46), a game won in the middle of a
    # round (premium 8p, 5), a shared win (2019 6p, 5), a Chancellor with an empty deck (2019 6p, 1).
    for ruleset, players, seed in (
        ("2019", 2, 1),
        ("classic", 4, 3),
        ("premium", 8, 46),
        ("premium", 8, 5),
        ("2019", 6, 5),
        ("2019", 6, 1),
    ):
        game = play_randomly(ruleset, players, seed, 100_000)
        goal = game.ruleset.tokens_to_win(players)
        for seat in (*range(players), None):
            for entry in narrate(game.log, seat, NAMES[:players], game.ruleset, goal=goal):
                console.print(entry.text)


def log_cases(console: Console) -> None:
    """Events random games rarely reach, from stacked deals."""
    five = ["Guard", "Guard", "Guard"]
    cases = [
        # The Assassin turns a Guard against its player (premium values: the Assassin is a 0).
        ("premium", 5, ["Guard", "Assassin", *five], ["Guard"], ["Guard>1=0"]),
        # A Bishop guesses right: a token at once, then the target keeps, or redraws.
        ("premium", 5, ["Bishop", "Priest", *five], ["Guard"], ["Bishop>1=2", "pass"]),
        ("premium", 5, ["Bishop", "Priest", *five], ["Guard"], ["Bishop>1=2", "redraw"]),
        # The Chancellor, drawing two and putting two back.
        ("2019", 2, ["Chancellor", "Guard"], ["Priest", "Baron", "Handmaid"], ["Chancellor"]),
        # The Cardinal swaps two hands and looks at one; the Baroness looks at two.
        ("premium", 5, ["Cardinal", "Priest", *five], ["Guard"], ["Cardinal>1,2?2"]),
        ("premium", 5, ["Baroness", "Priest", *five], ["Guard"], ["Baroness>1,2"]),
        # The Dowager Queen knocks out the higher card; the Constable then gives a token.
        ("premium", 5, ["DowagerQueen", "Priest", *five], ["King"], ["DowagerQueen>1"]),
    ]
    for ruleset, players, hands, draws, actions in cases:
        game = deal(ruleset, players, hands=hands, draws=draws)
        for action in actions:
            if action.startswith("Chancellor"):
                game.push(action)
                game.push(game.legal_actions()[0])
            else:
                game.push(action)
        goal = game.ruleset.tokens_to_win(players)
        for seat in (*range(players), None):
            for entry in narrate(game.log, seat, NAMES[:players], game.ruleset, goal=goal):
                console.print(entry.text)


def synthetic_endings(console: Console) -> None:
    """Round ends no bundled ruleset produces (a house rule may): several last standing, the set-aside card
    shown at the end, no winner."""
    from loveletter.engine import events as ev

    rs = load_ruleset("2019")
    events = [
        ev.RoundStarted(1, 0, (0, 1, 2), (), 10),
        ev.RoundEnded(1, "last_standing", (0, 1), "Guard"),
        ev.RoundStarted(2, 0, (0, 1, 2), (), 10),
        ev.RoundEnded(2, "deck_out", ()),
    ]
    for seat in (0, None):
        for entry in narrate(events, seat, NAMES[:3], rs, goal=5):
            console.print(entry.text)


def card_faces(console: Console) -> None:
    for name in multiplayer_rulesets():
        rs = load_ruleset(name)
        console.print(*(CardFace(card, rs) for card in rs.cards))


def rules_reference(console: Console) -> None:
    for name in multiplayer_rulesets():
        rs = load_ruleset(name)
        console.print(reference(rs))
        for players in range(rs.min_players, rs.max_players + 1):
            console.print(reference(rs, players))
            for page in reference_pages(console, rs, players, 12):
                console.print(page)


def plain_game(console: Console) -> None:
    out = io.StringIO()
    game = Game("premium", 5, seed=8)
    GameLoop(game, [Seat(n, "random") for n in NAMES[:5]], SpectatorFrontend(out), seed=8).run()
    console.print(out.getvalue(), markup=False, highlight=False)


# ----------------------------------------------------------------------------------------------- commands


class FakeTerminal(io.StringIO):
    """Captured text that passes for a terminal, for the commands that need one (their prompts are faked)."""

    def isatty(self) -> bool:
        return True


#: The window title (kept as a line of text) and the other escape sequences a full-screen command writes.
_TITLE = re.compile(r"\x1b\]0;([^\x07]*)\x07")
_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def command(*argv: str, home: Path | None = None, terminal: bool = False) -> Draw:
    """``loveletter --lang LANG ARGV`` in the current language: its output and its errors (``--help`` exits, an
    error prints one line). With ``terminal`` it runs as if in a terminal (a :class:`FakeTerminal`; no colours)."""

    def draw(console: Console) -> None:
        from loveletter.cli import main

        out, err = (FakeTerminal(), FakeTerminal()) if terminal else (io.StringIO(), io.StringIO())
        environ = {"COLUMNS": str(console.width)}
        if terminal:
            environ.update(LINES=str(ROWS), NO_COLOR="1")
        if home is not None:
            environ["LOVELETTER_HOME"] = str(home)
        saved = {key: os.environ.get(key) for key in environ}
        os.environ.update(environ)
        stdin = sys.stdin
        if terminal:
            sys.stdin = FakeTerminal()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
                main(["--lang", language(), *argv])
        finally:
            sys.stdin = stdin
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        # Each frame starts at the top of the screen (home): here, on a line of its own.
        text = _ESCAPE.sub(lambda m: "\n" if m[0] == "\x1b[H" else "", _TITLE.sub(r"\1\n", out.getvalue()))
        console.print(text, err.getvalue(), markup=False, highlight=False)

    return draw


def help_screens() -> dict[str, Draw]:
    from loveletter.cli import COMMANDS

    screens = {"help": command("--help")}
    screens.update({f"help {name}": command(name, "--help") for name in COMMANDS})
    return screens


def ruleset_errors(console: Console) -> None:
    """``loveletter rules --ruleset FILE`` on a broken ruleset file, one for every problem the validator reports."""
    from loveletter.cli import _error_text
    from tests.engine.bad_rulesets import BAD, raise_problem

    with tempfile.TemporaryDirectory() as folder:
        for code in BAD:
            error = raise_problem(code, Path(folder))
            if (code.startswith("solitaire_") and code != "solitaire_kind") or code == "file_permission":
                # A solitaire file's own problems: met through records and `simulate`, worded the same way (and a
                # file only the test pretends cannot be opened).
                console.print(t("cli.error", message=_error_text(error)))
            else:
                command("rules", "--ruleset", error.source)(console)


def errors(console: Console) -> None:
    """One-line errors: argparse's and ours, bad deal files, and a Ctrl-C."""
    with tempfile.TemporaryDirectory() as folder:
        deals = Path(folder)
        files = {
            "missing": deals / "missing.json",
            "broken": deals / "broken.json",
            "not a list": deals / "dict.json",
            "not a round": deals / "item.json",
            "wrong deck": deals / "deck.json",
            "bad first player": deals / "first.json",
            "a folder": deals,
            "a pipe": deals / "fifo",
            "too large": deals / "large.json",
            "not text": deals / "latin1.json",
            "unreadable": deals / ("x" * 300),  # a name too long for the system
        }
        os.mkfifo(files["a pipe"])
        files["too large"].write_bytes(b" " * (2 << 20))
        files["not text"].write_bytes(b"\xff")
        deck = load_ruleset("2019").mode_for(2).deck()
        files["broken"].write_text("[", encoding="utf-8")
        files["not a list"].write_text("{}", encoding="utf-8")
        files["not a round"].write_text("[1]", encoding="utf-8")
        files["wrong deck"].write_text(json.dumps([{"deck": ["Guard"]}]), encoding="utf-8")
        files["bad first player"].write_text(json.dumps([{"deck": list(deck), "first_player": 7}]), encoding="utf-8")
        a_file = deals / "file"
        a_file.write_text("", encoding="utf-8")
        for argv in (
            ("rules", "--players", "x"),
            ("rules", "--players", "9"),
            ("rules", "--ruleset", "nowhere"),
            ("rules", "--ruleset", "nowhere.toml"),
            ("rules", "--ruleset", ""),
            ("rules", "--ruleset"),
            ("rules", "--bogus"),
            ("nonsense",),
            ("play",),
            ("play", "--level", "genius"),
            ("play", "--players", "3", "--bots", "4"),
            ("play", "--names", "Ana,Ana"),
            ("play", "--names", "A,B,C"),
            ("play", "--players", "3", "--names", "A,B"),
            ("play", "--players", "1"),
            ("play", "--bots", "-1"),
            ("play", "--bots", "6"),
            ("play", "--delay", "inf"),
            ("play", "--pace", "-1"),
            *(("play", "--bots", "2", "--deal-file", str(path)) for path in files.values()),
            ("replay",),
            ("replay", "--seat", "1", "--all", "x.json"),
            ("simulate", "--se", "1"),
            ("simulate", "--json=yes"),
            ("simulate", "--games", "0"),
            ("simulate", "--jobs", "0"),
            ("simulate", "--seats", "nadie"),
            ("simulate", "--seats", "easy:5"),
            ("simulate", "--seats", "easy,easy", "--players", "3"),
            ("simulate", "--players", "9"),
            ("simulate", "--save-dir", str(a_file / "below")),
            ("simulate", "--save-dir", str(a_file)),
            ("simulate", "--games", "1", "--jobs", "64", "--seed", "1"),
            ("simulate", "--ruleset", "solitaire", "--players", "2"),
            ("simulate", "--ruleset", "solitaire", "--games", "2", "--seed", "1", "--save-dir", folder),
        ):
            command(*argv)(console)
    interrupted(console)


def interrupted(console: Console) -> None:
    """Ctrl-C while a command runs."""
    from loveletter.commands import rulesets

    def run(args: object) -> int:
        raise KeyboardInterrupt

    saved = rulesets.run
    rulesets.run = run
    try:
        command("rulesets")(console)
    finally:
        rulesets.run = saved


def simulation_stopped(console: Console) -> None:
    """Ctrl-C in the middle of a run of ``simulate``: the figures of the games played so far."""
    from loveletter.arena import games as arena

    real = arena.play_game
    played: list[int] = []

    def play_game(spec: arena.GameSpec) -> arena.GameResult:
        if played:
            raise KeyboardInterrupt
        played.append(spec.index)
        return real(spec)

    arena.play_game = play_game
    try:
        command("simulate", "--games", "3", "--seed", "1", "--seats", "random")(console)
    finally:
        arena.play_game = real


def simulations(console: Console) -> None:
    simulation_stopped(console)
    with tempfile.TemporaryDirectory() as folder:
        for argv in (
            ("--games", "4", "--seed", "1", "--seats", "random,easy"),
            ("--ruleset", "premium", "--players", "8", "--seats", "random", "--games", "12", "--seed", "5"),
            ("--ruleset", "solitaire", "--games", "60", "--seed", "1", "--seats", "random"),
            ("--games", "2", "--seed", "1", "--seats", "random", "--save-dir", folder),
        ):
            command("simulate", *argv)(console)


# ------------------------------------------------------------------------------------------------ saved games


@contextlib.contextmanager
def data_folder(folder: Path) -> Iterator[None]:
    """``folder`` as the data folder (``LOVELETTER_HOME``) while records are written: its key signs them, and
    the commands run with ``home=folder`` read them."""
    saved = os.environ.get("LOVELETTER_HOME")
    os.environ["LOVELETTER_HOME"] = str(folder)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("LOVELETTER_HOME", None)
        else:
            os.environ["LOVELETTER_HOME"] = saved


def saved_games(folder: Path) -> dict[str, Path]:
    """A finished game, an unfinished one and an unreadable file in ``folder`` (a ``LOVELETTER_HOME``)."""
    with data_folder(folder):
        return _saved_games(folder)


def _saved_games(folder: Path) -> dict[str, Path]:
    from loveletter.records import GameRecord, new_record_path
    from loveletter.records import Seat as RecordSeat

    games = folder / "games"
    games.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    for name, ruleset, players, actions in (("finished", "2019", 4, 100_000), ("unfinished", "2019", 3, 9)):
        game = play_randomly(ruleset, players, players, actions)
        seats = [RecordSeat(n, "computer" if i else "human", "random" if i else None) for i, n in enumerate(NAMES)]
        record = GameRecord.start(game, seats[:players], seed=players)
        paths[name] = new_record_path("game", ruleset, record.game_id, games)
        record.save(paths[name])
    paths["unreadable"] = games / "broken.json"
    paths["unreadable"].write_text("{", encoding="utf-8")
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset

    solitaire = SolitaireRecord.start(SolitaireGame(load_solitaire_ruleset(), seed=1))
    paths["solitaire"] = new_record_path("solitaire", "solitaire", solitaire.game_id, games)
    solitaire.save(paths["solitaire"])
    # One won and one lost solitaire game, found by playing deals out at random.
    outcomes: dict[bool, SolitaireRecord] = {}
    seed = 0
    while len(outcomes) < 2:
        seed += 1
        deal, rng = SolitaireGame(load_solitaire_ruleset(), seed=seed), random.Random(seed)
        while not deal.over:
            deal.push(rng.choice(deal.legal_actions()))
        outcomes.setdefault(deal.won, SolitaireRecord.start(deal))
    for won, ended in outcomes.items():
        paths[f"solitaire {'won' if won else 'lost'}"] = path = new_record_path(
            "solitaire", "solitaire", ended.game_id, games
        )
        ended.save(path)
    return paths


def saved_game_screens(console: Console) -> None:
    """``games`` (empty, then with records), ``replay`` as plain text (every hand, one seat), and their errors."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        command("games", home=home)(console)
        command("resume", home=home)(console)
        paths = saved_games(home)
        command("games", home=home)(console)
        finished, unfinished = str(paths["finished"]), str(paths["unfinished"])
        people = str(two_people_playing(home))
        for argv in (
            ("replay", finished),
            ("replay", "--seat", "0", unfinished),
            ("replay", unfinished),
            ("replay", "--all", unfinished),
            ("replay", people),
            ("replay", str(two_people_playing(home, hosted=True))),
            ("replay", "--seat", "9", finished),
            ("replay", str(paths["unreadable"])),
            ("replay", str(home / "nowhere.json")),
            ("replay", str(paths["solitaire"])),
            ("replay", "--all", str(paths["solitaire"])),
            ("replay", str(paths["solitaire won"])),
            ("replay", "--all", str(paths["solitaire lost"])),
            ("replay", str(stacked_solitaire(home))),
            ("resume",),
            ("resume", finished),
            ("resume", str(paths["solitaire lost"])),
            ("resume", str(paths["unreadable"])),
        ):
            command(*argv, home=home)(console)


def shared_and_old_games(console: Console) -> None:
    """A finished game from another account (not verified), an old unsigned game accepted once, names
    with a character that shows nothing or a control character, and a damaged or unreadable record key."""
    with tempfile.TemporaryDirectory() as folder:
        home, elsewhere = Path(folder) / "home", Path(folder) / "elsewhere"
        paths = saved_games(elsewhere)
        command("replay", str(paths["finished"]), home=home)(console)
        people = two_people_playing(home)
        data = json.loads(people.read_text(encoding="utf-8"))
        data["version"] = 3
        del data["mac"]
        people.write_text(json.dumps(data), encoding="utf-8")
        command("resume", str(people), home=home)(console)
        command("resume", "--trust-unsigned", str(people), home=home)(console)
        command("play", "--names", "Ana\u200d,Bea", home=home)(console)
        command("play", "--names", "Ana\x1b,Bea", home=home)(console)
        (home / "record.key").write_text("abc", encoding="ascii")
        command("replay", str(paths["finished"]), home=home)(console)
        (home / "record.key").unlink()
        (home / "record.key").mkdir()
        command("replay", str(paths["finished"]), home=home)(console)


def two_people_playing(folder: Path, *, hosted: bool = False) -> Path:
    """An unfinished game of two people (``hosted`` for friends over ssh, or not), saved in ``folder`` (not among
    its saved games): it does not replay before it ends."""
    from loveletter.records import GameRecord
    from loveletter.records import Seat as RecordSeat

    seats = [RecordSeat(n) for n in NAMES[:2]]
    record = GameRecord.start(play_randomly("classic", 2, 2, 5), seats, seed=2, hosted=hosted)
    path = folder / ("hosted.json" if hosted else "two.json")
    with data_folder(folder):
        record.save(path)
    return path


def stacked_solitaire(folder: Path) -> Path:
    """A solitaire game dealt from a stacked layout (no deal number), saved in ``folder``."""
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout

    rs = load_solitaire_ruleset()
    game = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Priest"], hand="Guard", draws=["Countess"]))
    game.push("draw")
    path = folder / "stacked.json"
    with data_folder(folder):
        SolitaireRecord.start(game).save(path)
    return path


def replay_viewer(console: Console) -> None:
    """The terminal replay: next, a round by number, the last point, the end, quit; every hand, then one seat's;
    then a finished solitaire game with every face-down card, and as its player saw it."""
    from loveletter.records import GameRecord
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.tui.replay import Replay, ReplayViewer
    from loveletter.tui.solitaire.replay import SolitaireReplay, SolitaireReplayViewer

    with tempfile.TemporaryDirectory() as folder, data_folder(Path(folder)):
        paths = saved_games(Path(folder))
        record = GameRecord.load(paths["finished"])
        script = [True, ReplayViewer.ROUND, ReplayViewer.LAST, True, ReplayViewer.QUIT]
        for seat in (None, 0):
            with fake_prompts(console, 0, script=script), TerminalScreen(io.StringIO()) as screen:
                ReplayViewer(Replay(record, seat), Frames(console, screen)).run()
        solitaire = SolitaireRecord.load(paths["solitaire lost"])
        steps = [True, SolitaireReplayViewer.LAST, SolitaireReplayViewer.FIRST, SolitaireReplayViewer.QUIT]
        for every in (True, False):
            with fake_prompts(console, 0, script=steps), TerminalScreen(io.StringIO()) as screen:
                SolitaireReplayViewer(SolitaireReplay(solitaire, every), Frames(console, screen)).run()


# -------------------------------------------------------------------------------------------------- solitaire


def solitaire_games(console: Console) -> None:
    """Solitaire deals at the terminal, answered at random until the player declines another game."""
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.streak import Streak

    ruleset = load_solitaire_ruleset()
    deals = iter(range(2, 50))
    with tempfile.TemporaryDirectory() as folder, fake_prompts(console, 3), TerminalScreen(io.StringIO()) as screen:
        app = SolitaireApp(
            Frames(console, screen), Streak(), streak_path=Path(folder) / "streak.json", folder=Path(folder)
        )
        app.session(SolitaireGame(ruleset, seed=1), next_deal=lambda: next(deals))


def solitaire_scenes() -> list[tuple[SolitaireGame, list[object]]]:
    """Solitaire games brought to situations random deals rarely reach, each with the player's answers from
    there (a game left unfinished ends with Ctrl-C): every ending, every threat, every warning."""
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
    from loveletter.solitaire.actions import Choose, Draw, PlayAgent

    rs = load_solitaire_ruleset()

    def stacked(actions: Sequence[str], flags: dict[str, object] | None = None, **cards: Any) -> SolitaireGame:
        ruleset = rs.with_flags(**flags) if flags else rs
        return SolitaireGame.replay(stacked_layout(ruleset, **cards), actions, ruleset)

    def shuffled(seed: int, actions: int, flags: dict[str, object] | None = None) -> SolitaireGame:
        game, rng = SolitaireGame(rs.with_flags(**flags) if flags else rs, seed=seed), random.Random(seed)
        for _ in range(actions):
            game.push(rng.choice(game.legal_actions()))
        return game

    # Three Guards, each naming its card right, empty Q1, Q3 and Q5; the retinue's King at Q6 then swaps the
    # player's hand card with the Princess.
    princess: dict[str, Any] = {
        "queue": ["Baron", "Priest", "Handmaid", "Priest", "Handmaid", "King"],
        "hand": "Guard",
        "agent": "Countess",
        "draws": ["Guard", "Guard", "Baron", "Prince"],
    }
    guards = ["draw", "Guard>Q1=Baron", "draw", "Guard>Q3=Handmaid", "draw", "Guard>Q5=Handmaid"]
    # The same, but the third Guard takes the King: the retinue's Prince at Q5 comes, then only the Princess.
    alone: dict[str, Any] = {**princess, "queue": [*princess["queue"][:4], "Prince", "King"]}
    alone["draws"] = ["Guard", "Guard", "Handmaid", "Baron", "Prince"]
    alone_guards = [*guards[:5], "Guard>Q6=King"]
    return [
        # The Princess in hand: a Prince on her and playing her are both confirmed (declined, then not).
        (
            stacked(guards, **princess),
            [Choose("hand"), Draw(), "Prince", "hand", False, Nav.BACK, "Princess", True, False],
        ),
        (stacked([*guards, "choose hand", "draw"], **princess), ["Prince", "hand", True, False]),
        # The agent (the Countess) goes in; the retinue's Baron, last in line, has no card behind it: a win.
        (stacked([*guards, "choose hand"], **princess), [PlayAgent(), False]),
        # The retinue's Prince; then a Handmaid, and the Princess retires (the player protected at the end).
        (stacked(alone_guards, **alone), [Choose("agent"), Draw(), "Handmaid", False]),
        # A Prince on the Princess, alone in the queue: a win.
        (stacked([*alone_guards, "choose agent", "draw"], **alone), ["Prince", 7, False]),
        # The Countess forced beside the King; then the retinue's Handmaid protects the queue.
        (stacked([], queue=["Handmaid"], hand="Countess", draws=["King"]), [Draw(), "Countess"]),
        # A King: which own card is given.
        (stacked([], hand="King", draws=["Guard"]), [Draw(), "King", 1, "agent"]),
        # The retinue's Baron, and its Guard against a face-up agent: both cards known, each asks first (the
        # hand declined, the agent confirmed: a loss).
        (stacked(["draw", "Priest>Q2"], queue=["Baron"], hand="Priest", draws=["Priest"]), []),
        (
            stacked(["draw", "Priest>agent"], queue=["Guard"], hand="Priest", draws=["Priest"]),
            [Choose("hand"), False, Choose("agent"), True, False],
        ),
        # The retinue's Baron against a face-up King, the hand card lower: confirmed, a loss.
        (
            stacked(["draw", "Priest>Q2"], queue=["Baron", "King"], hand="Priest", draws=["Priest"]),
            [Choose("hand"), True, False],
        ),
        # The retinue's Guard names the face-down agent right.
        (
            stacked(["draw", "Priest>Q2"], queue=["Guard"], hand="Priest", agent="Countess", draws=["Priest"]),
            [Choose("agent"), False],
        ),
        # House flags: the Baron's queue card shown first; a Prince's queue card never replaced.
        (stacked(["draw", "Baron>Q2"], {"sol_baron_reveal_first": True}, hand="Baron", draws=["Guard"]), []),
        (stacked(["draw", "Prince>Q1"], {"sol_prince_queue": "remove"}, hand="Prince", draws=["Guard"]), []),
        # Random deals played to an empty draw pile (seeds found by search): only the agent left to play; a
        # Prince on the hand with nothing to draw (confirmed: a loss); a Prince on the queue with nothing to
        # draw, under the "replace_if_possible" flag.
        (shuffled(1789, 12), []),
        (shuffled(143, 15), ["Prince", "hand", True, False]),
        (shuffled(571, 13, {"sol_prince_queue": "replace_if_possible"}), ["Prince", 6]),
    ]


def solitaire_situations(console: Console) -> None:
    """The scenes of :func:`solitaire_scenes` at the terminal: the board, the questions, the end screens."""
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.plan import THREAT_WARNINGS
    from loveletter.tui.solitaire.streak import Streak

    with tempfile.TemporaryDirectory() as folder, TerminalScreen(io.StringIO()) as screen:
        for game, picks in solitaire_scenes():
            with fake_prompts(console, 0, picks=picks), contextlib.suppress(KeyboardInterrupt):
                app = SolitaireApp(
                    Frames(console, screen), Streak(), streak_path=Path(folder) / "s.json", folder=Path(folder)
                )
                app.session(game)
        # Every warning before an answer that loses at once, over the board of a threat.
        game, _ = solitaire_scenes()[7]
        with fake_prompts(console, 0, picks=[False] * len(THREAT_WARNINGS)):
            app = SolitaireApp(
                Frames(console, screen), Streak(), streak_path=Path(folder) / "s.json", folder=Path(folder)
            )
            app.game = game
            for key in THREAT_WARNINGS.values():
                app.confirm(key)
    # Each way a game ends in a few words, as a record whose result its moves contradict names the real one.
    from typing import get_args

    from loveletter.solitaire.events import EndReason

    for reason in get_args(EndReason):
        console.print(t(f"solitaire.end.{reason}"))


def solitaire_terminal(console: Console) -> None:
    """``loveletter solitaire`` itself, from a layout file: an unreadable streak count (that cannot be saved
    either), a game to its end and goodbye, the same game left with Ctrl-C at its end; a bad layout file."""
    from loveletter.solitaire.actions import Choose, Draw

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / "solitaire-streak.json").mkdir()
        layout = home / "layout.json"
        layout.write_text(
            json.dumps({"queue": ["Guard"], "hand": "Priest", "agent": "Countess", "draws": ["Priest"]}),
            encoding="utf-8",
        )
        lost = [Draw(), 2, Choose("agent")]  # the retinue's Guard then names the agent right
        for picks in ([*lost, False], lost):
            with fake_prompts(console, 0, picks=picks):
                command("solitaire", "--layout-file", str(layout), home=home, terminal=True)(console)
        layout.write_text(json.dumps({"cards": []}), encoding="utf-8")
        command("solitaire", "--layout-file", str(layout), home=home)(console)


def lesson_picks(name: str) -> list[object]:
    """The answers to every question of lesson ``name``, as its player would give them: where a step asks for the
    hint, a card first (to draw the reminder) and the hint; where a step has its own words for a wrong card,
    target or guess, first a legal move that goes wrong there (its answers up to the one the lesson corrects, to
    draw that correction), then the lesson's move; at the end, no review."""
    from loveletter.coach.lesson import load_lesson, walk
    from loveletter.engine import Action, View
    from loveletter.i18n import catalog
    from loveletter.tui.choices import plan_for
    from loveletter.tui.tutor import first_wrong

    def answers(view: View, action: Action, moves: Sequence[Action] = ()) -> tuple[list[object], str | None]:
        """The picks towards ``action``, stopping at the first one none of ``moves`` agrees with (and its kind)."""
        plan, out = plan_for(view), []
        while (step := plan.step()) is not None:
            for option in (o for o in step.options if o.enabled):
                plan.answer(option.value)
                if action in plan.candidates:
                    out.append(option.value)
                    break
                plan.back()
            if moves and (wrong := first_wrong(moves, plan.answers)) is not None:
                return out, wrong[0]
        return out, None

    own = {"card": "wrong", "keep": "wrong", "target": "wrong_target", "second": "wrong_target", "named": "wrong_named"}
    picks: list[object] = []

    def go(out: list[object], kept: list[object]) -> None:
        """Pick ``out`` from where the lesson left the questions: with ``kept`` answered (a correction takes back
        only the wrong answer), going back first if ``out`` does not begin with them."""
        if out[: len(kept)] == kept:
            picks.extend(out[len(kept) :])
        else:
            picks.extend([Nav.BACK] * len(kept) + out)

    for step, view, _ in walk(load_lesson(name)):
        if step.person and step.hint:  # a card before the hint (the reminder), then the hint
            picks.extend([answers(view, step.moves[0])[0][0], Nav.HINT])
        if step.person:
            wanted = {k for k in ("wrong", "wrong_target", "wrong_named") if f"{step.key}.{k}" in catalog("en")}
            kept: list[object] = []
            for action in view.legal_actions:
                if action in step.moves or not wanted:
                    continue
                out, kind = answers(view, action, step.moves)
                if kind is not None and own.get(kind, "wrong") in wanted:
                    wanted.discard(own.get(kind, "wrong"))
                    go(out, kept)
                    kept = out[:-1]
            go(answers(view, step.moves[0])[0], kept)
    return [*picks, False]  # the review offered at the end, declined (its screens: tests/i18n/coach_screens.py)


def lesson(name: str, stop: bool = False) -> Draw:
    """``loveletter learn NAME`` at the terminal, every wrong choice a step explains included; with ``stop``, Ctrl-C
    at its first question."""

    def draw(console: Console) -> None:
        picks = [] if stop else lesson_picks(name)
        with fake_prompts(console, 0, picks=picks):
            command("learn", name, terminal=True)(console)

    return draw


def screen_reader_lesson(console: Console) -> None:
    """``learn --screen-reader``: the basic lesson answered at random (the wrong answers corrected; h for the hint
    where the lesson asks for it) to its end."""
    from loveletter.coach.lesson import load_lesson
    from loveletter.tui.lines import LineScreen
    from loveletter.tui.tutor import play_lesson

    out = io.StringIO()
    rng = random.Random(1)
    with LineScreen(out) as screen:
        play_lesson(
            load_lesson("basic"),
            Lines(screen, stream=cast(TextIO, Console(file=out).file), read_line=lambda: rng.choice("0123456789 bh")),
            delay=0.0,
        )
    console.print(out.getvalue(), markup=False, highlight=False)


def screen_reader_solitaire(console: Console) -> None:
    """``solitaire --screen-reader``: deals answered at random (the coach's hint among the answers) until the
    player declines another game."""
    from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset
    from loveletter.tui.lines import LineScreen, ascii_text
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.streak import Streak

    out = io.StringIO()
    rng = random.Random(2)
    deals = iter(range(2, 50))
    again = ascii_text(t("solitaire.end.again"))

    def answer() -> str:  # at random, but no to a third game
        if out.getvalue().count(again) >= 2 and again in out.getvalue()[-200:]:
            return t("solitaire.choice.no_key")
        return rng.choice(["1", "2", "3", "", "b", t("solitaire.choice.yes_key"), "x", "h"])

    with tempfile.TemporaryDirectory() as folder, LineScreen(out) as screen:
        app = SolitaireApp(
            Lines(screen, stream=out, read_line=answer),
            Streak(),
            streak_path=Path(folder) / "streak.json",
            folder=Path(folder),
        )
        app.session(SolitaireGame(load_solitaire_ruleset(), seed=1), next_deal=lambda: next(deals))
    console.print(out.getvalue(), markup=False, highlight=False)


def screen_reader_review(console: Console) -> None:
    """``review --screen-reader``: the weighing, a decision, one by number, a word that is no command, back, the
    summary, back to the last decision, and out."""
    from loveletter.tui.lines import LineScreen
    from loveletter.tui.review import review_on
    from tests.i18n.coach_screens import blunder, quick_reviews

    out = io.StringIO()
    typed = iter(["", "3", "x", t("reader.review.back_key"), t("reader.review.summary_key"), "p", "q"])
    with quick_reviews(), LineScreen(out) as screen:
        review_on(Lines(screen, stream=out, read_line=lambda: next(typed)), blunder(), 0, "partida.json")
    console.print(out.getvalue(), markup=False, highlight=False)


def screens() -> dict[str, Draw]:
    """Every screen, by name."""
    out: dict[str, Draw] = {}
    for name in multiplayer_rulesets():
        rs = load_ruleset(name)
        for players in (rs.min_players, rs.max_players):
            game = random_game(name, players, players, 12)
            out[f"table {name} {players}p"] = table(game, 0)
            out[f"table {name} {players}p spectator"] = table(game, None)
    out["table premium markers"] = table(premium_markers(False), 0)
    for seed in (1, 2, 3):
        out[f"screen reader premium {seed}"] = screen_reader_game("premium", seed)
    out["table premium knocked out"] = table(premium_markers(True), 5)
    out["table what you know"] = table(priest_look, 0)
    crowded = random_game("premium", 8, 3, 14)
    out["table crowded at 20 lines"] = table(crowded, 0, height=20)
    out["table crowded, a computer's move"] = table(crowded, 0, height=20, log_key=None)
    out["table what others know of you"] = table(priest_look, 1)
    out["table a Baron's tie in the last plays"] = table(baron_tie, 2)
    review_status = lambda: fmt("coach.review.status", number="12", total="34", round="1")  # noqa: E731
    out["table a review's status beside a long title"] = table(random_game("classic", 2, 1, 4), 0, status=review_status)
    out["table game over"] = table(random_game("2019", 2, 7, 100_000), 0)
    out["table tie-break round"] = table(play_until("premium", 8, 46, lambda e: getattr(e, "tiebreak", False)), None)
    out["table set-aside card drawn"] = table(
        play_until("2019", 4, 2, lambda e: getattr(e, "from_set_aside", False)), 0
    )
    out["log of whole games"] = whole_logs
    out["log of rare events"] = log_cases
    out["log of house-rule endings"] = synthetic_endings
    out["decisions"] = decisions
    out["card faces"] = card_faces
    out["rules reference"] = rules_reference
    out["plain all-computer game"] = plain_game
    out["hot seat 2019, two people and a bot"] = hot_seat_game("2019", 2, 1, 1)
    out["hot seat 2019, one person and a bot"] = hot_seat_game("2019", 1, 1, 2)
    out["hot seat classic, four people"] = hot_seat_game("classic", 4, 0, 3, rounds=3)
    out["hot seat premium, three people and three bots"] = hot_seat_game("premium", 3, 3, 4, rounds=4)
    out["hot seat premium, two people"] = hot_seat_game("premium", 2, 0, 5, rounds=3)
    out["hot seat original2012, all computers"] = hot_seat_game("original2012", 0, 3, 6)
    out["hot seat, the host chooses who starts"] = host_chooses_first
    out["a computer player thinking"] = computer_thinking
    out["screen reader, a computer player thinking"] = screen_reader_thinking
    out["deck-out explanations"] = deck_out_explanations
    out["game summaries"] = game_summaries
    out["house rules explained"] = house_rules_explained
    out["solitaire rules for several"] = command("rules", "--ruleset", "solitaire", "--players", "3")
    out["solitaire is not played with play"] = command("play", "--ruleset", "solitaire")
    out["rules command"] = command("rules", "--ruleset", "premium")
    out["rulesets command"] = command("rulesets")
    out["simulate command"] = simulations
    out["errors"] = errors
    out["ruleset file errors"] = ruleset_errors
    out["saved games"] = saved_game_screens
    out["shared and old games, record keys"] = shared_and_old_games
    out["replay viewer"] = replay_viewer
    out["solitaire"] = solitaire_games
    out["solitaire situations"] = solitaire_situations
    out["solitaire at the terminal"] = solitaire_terminal
    out["solitaire command"] = command("rules", "--ruleset", "solitaire")
    out["lesson basic"] = lesson("basic")
    out["lesson premium"] = lesson("premium")
    out["lesson stopped"] = lesson("premium", stop=True)
    out["lesson without a terminal"] = command("learn")
    out["solitaire lesson for a screen reader"] = command("learn", "solitaire", "--screen-reader")
    out["screen reader lesson"] = screen_reader_lesson
    out["screen reader solitaire"] = screen_reader_solitaire
    out["screen reader review"] = screen_reader_review
    out.update(help_screens())
    from tests.i18n.coach_screens import screens as coach_screens  # hints and reviews: loveletter/tui/coach.py

    out.update(coach_screens())
    from tests.i18n.solcoach_screens import screens as solcoach_screens  # the solitaire's hint and review

    out.update(solcoach_screens())
    from tests.net.screens import screens as hosting_screens  # a game hosted over SSH: loveletter/net

    out.update(hosting_screens())
    from tests.arena.screens import screens as tournament_screens  # loveletter tournament, loveletter bot

    out.update(tournament_screens())
    return out


SCREENS = screens()
