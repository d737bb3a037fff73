"""The coach's screens for the catalog tests (:mod:`tests.i18n.screens`, which imports this module: what this
module needs of it is imported where it is used): the hint (every way of wording a move,
every key line), a review (a decision, its verdicts, the summary, with and without mistakes, as text), the review
offered at a game's end, and what ``loveletter review`` refuses."""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from loveletter.coach import advice
from loveletter.coach import reasons as why
from loveletter.coach.advice import Assessment
from loveletter.coach.hint import Hint, hint_for
from loveletter.coach.judge import Estimate, Judgement
from loveletter.coach.review import GameReview
from loveletter.engine import Keep, Play, Redraw, parse_action
from loveletter.i18n import card_name
from loveletter.records import GameRecord, Seat
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat as TableSeat
from loveletter.tui.coach import HintView, hint_keys, move_text, reason_text
from loveletter.tui.prompts import Choice
from loveletter.tui.review import Decision, Review
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from tests.support import deal, play, random_playout

if TYPE_CHECKING:
    from tests.i18n.screens import Draw

NAMES = ("Ana", "Bea", "Cal", "Dan", "Eve")


@contextlib.contextmanager
def quick_reviews() -> Iterator[None]:
    saved = advice.REVIEW_BUDGET
    advice.REVIEW_BUDGET = 100
    try:
        yield
    finally:
        advice.REVIEW_BUDGET = saved


def blunder() -> GameRecord:
    """A finished game where Ana plays a Baron on a King she knows of, holding a Guard."""
    game = deal("2019", 2, hands=["Priest", "King"], draws=["Baron", "Guard", "Guard"])
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=5)
    play(game, "Priest>1", "Guard>0=Princess", "Baron>1")
    random_playout(game, random.Random(1))
    record.update(game)
    return record


def hints(console: Console) -> None:
    for held in (("Guard", "Priest"), ("Guard", "Handmaid")):
        choices = [Choice(card, card_name(card)) for card in held]
        for showing in (False, True):
            console.print(hint_keys(choices, showing=showing))
    game = deal("2019", 4, hands=["Guard", "Priest", "Baron", "King"], draws=["Prince"])
    view = game.view(0)
    hint = hint_for(view, budget=200)
    console.print(HintView(view, NAMES, Hint(hint.chances), weighing=True, height=30))
    console.print(HintView(view, NAMES, hint, height=18))  # too many moves: "and N more"
    premium = deal("premium", 5, hands=["Cardinal", "Guard", "Priest", "Baron", "King"], draws=["Bishop"])
    words = [
        parse_action("Cardinal>1,3?3"),
        parse_action("Guard>1=Priest", premium.ruleset.cards),
        Play("Prince", (0,)),
        Play("Handmaid"),
        Keep("Guard", ()),
        Keep("Guard", ("Baron",)),
        Keep("Guard", ("Baron", "Priest")),
        Redraw(True),
        Redraw(False),
    ]
    for action in words:
        console.print(move_text(action, premium.view(0), NAMES))


def reasons(console: Console) -> None:
    """Every reason the coach gives, worded on a 2019 table (cards, players, chances, a list of cards), then a hint
    at seven players on an 80×24 screen: the odds shortened, a value named with its cards, a guess that cannot
    hit."""
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["King"])
    view = game.view(0)
    bea, you = why.Seat(1), why.Seat(0)
    king, baron, guard = why.Card("King"), why.Card("Baron"), why.Card("Guard")
    half = why.Chance(0.5)
    listed: dict[str, list[tuple[str, why.Value]]] = {
        "keep": [("card", king)],
        "redraw": [],
        "no_redraw": [],
        "countess_forced": [("kept", king)],
        "princess": [],
        "cannot_hit": [("target", bea), ("named", why.Named("King", ("King",)))],
        "cannot_hit_seen": [("target", bea), ("named", why.Named("King", ("King",)))],
        "hit_known": [("target", bea), ("card", baron)],
        "hit_known_by": [("target", bea), ("card", baron), ("by", why.Card("Priest"))],
        "guess_few": [("target", bea), ("chance", half), ("cards", why.Cards(("Baron", "Priest", "Guard")))],
        "guess_top": [("target", bea), ("chance", half)],
        "guess": [("target", bea), ("chance", half), ("top", baron)],
        "compare_win": [("target", bea), ("kept", king), ("card", baron)],
        "compare_lose": [("target", bea), ("kept", guard), ("card", baron)],
        "compare_tie": [("target", bea), ("kept", baron), ("card", baron)],
        "compare_all_but": [("target", bea), ("kept", baron), ("card", guard), ("lose", half)],
        "compare": [("target", bea), ("kept", baron), ("win", half), ("lose", why.Chance(0.25))],
        "prince_self": [("kept", king)],
        "prince_princess": [("target", bea), ("chance", why.Chance(0.1))],
        "prince": [("target", bea), ("top", baron), ("chance", half)],
        "trade_known": [("target", bea), ("kept", guard), ("card", baron)],
        "trade": [("target", bea), ("kept", guard), ("top", baron), ("chance", half)],
        "look_known": [("target", bea), ("card", baron)],
        "look": [("target", you), ("top", baron), ("chance", half)],
        "prince_sure": [("target", bea), ("top", baron), ("chance", why.Chance(1.0))],
        "trade_sure": [("target", bea), ("kept", guard), ("top", baron), ("chance", why.Chance(1.0))],
        "look_sure": [("target", bea), ("top", baron), ("chance", why.Chance(1.0))],
        "protect": [("kept", king)],
        "chancellor": [],
        "spy": [("kept", king)],
        "quiet": [("card", why.Card("Countess")), ("kept", king)],
        "keeping": [("kept", king)],
    }  # fmt: skip
    for key, values in listed.items():
        console.print(reason_text(why.Reason(key, tuple(values)), view, NAMES))
    seven = deal(
        "premium", 7, hands=["Guard", "Priest", "Baron", "King", "Handmaid", "Prince", "Count"], draws=["Bishop"]
    )
    view = seven.view(0)
    hint = hint_for(view, budget=200)
    console.print(HintView(view, (*NAMES, "Fay", "Gus"), hint, height=24))
    console.print(HintView(view, (*NAMES, "Fay", "Gus"), hint, height=12))  # the odds of some players give way
    six = next(a for a in view.legal_actions if isinstance(a, Play) and a.card == "Guard" and a.named == 6)
    console.print(move_text(six, view, (*NAMES, "Fay", "Gus")))
    hopeless = deal("2019", 2, hands=["King", "Priest"], draws=["Guard"])
    view = hopeless.view(0)  # Ana holds the only King: a Guard naming it cannot hit
    console.print(HintView(view, NAMES, hint_for(view, budget=200), height=60))


def review(console: Console) -> None:
    with quick_reviews():
        record = blunder()
        judged = Review(record, 0)
        for line in judged.lines("partida.json"):
            console.print(line, markup=False, highlight=False)
        console.print(judged.body(1, 30))
        console.print(judged.body(len(judged.decisions), 30))
        first = judged.decisions[0]
        view, played = first.view, first.judged.played
        others = [a for a in view.legal_actions if a != played]
        for moves in (
            [(played, 0.6, 0.0, 0), (others[0], 0.5, 0.02, 1)],  # the best
            [(others[0], 0.62, 0.0, 0), (played, 0.6, 0.03, 0)],  # about equal
            [(others[0], 0.62, 0.0, 0), (played, 0.6, 0.01, 1)],  # close
            [(others[0], 0.72, 0.0, 0), (played, 0.4, 0.01, 1)],  # a mistake
        ):
            judgement = Judgement(tuple(Estimate(*m) for m in moves), exact=False, deals=100)
            decision = Decision(0, 1, 1, view, Assessment(played, judgement))
            console.print(judged.verdict(decision))
            console.print(judged.reason(decision))
        judged.model = GameReview(judged.seat, tuple(d for d in judged.decisions if not d.mistake))
        for summary in judged.summary_lines():
            console.print(summary)


def review_at_the_end(console: Console) -> None:
    """A game's end: the review chosen, of one of two people, stepped through to its end; then no other game."""
    from loveletter.tui.terminal import TerminalFrontend
    from tests.i18n.screens import fake_prompts  # here: tests.i18n.screens imports this module

    with quick_reviews():
        game = blunder().replay()
        with fake_prompts(console, 0, picks=["review", 0, False]), Screen(io.StringIO()) as screen:
            front = TerminalFrontend(Frames(console, screen), delay=0)
            front.start(GameLoop(game, [TableSeat("Ana"), TableSeat("Bea")], front))
            front.game_over()
            front.play_again = False
            front.game_over()


def review_errors(console: Console) -> None:
    from tests.i18n.screens import command, saved_games

    with tempfile.TemporaryDirectory() as folder:
        paths = saved_games(Path(folder))
        for name in ("unfinished", "solitaire"):
            command("review", str(paths[name]), home=Path(folder))(console)


def screens() -> dict[str, Draw]:
    return {
        "coach hints": hints,
        "coach reasons": reasons,
        "coach review": review,
        "coach review at a game's end": review_at_the_end,
        "coach review refusals": review_errors,
    }
