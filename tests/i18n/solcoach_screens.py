"""The solitaire coach's screens for the catalog tests (:mod:`tests.i18n.screens` imports this module): the hint
(every reason and every way of wording a move, exact and estimated, every key line), reviews (as text and as
screens, with none, one and several mistakes) and the review at a game's end."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING

from rich.console import Console

from loveletter.coach.reasons import Card
from loveletter.coach.solitaire import Mine, Reason, hint_for, judge
from loveletter.i18n import catalog, language
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
from loveletter.solitaire.actions import Choose, Draw, Play, PlayAgent
from loveletter.tui.prompts import Choice, Nav
from loveletter.tui.solitaire.coach import SolitaireHintView, hint_keys, move_text, reason_text
from loveletter.tui.solitaire.plan import plan_for
from loveletter.tui.solitaire.review import SolitaireReview

if TYPE_CHECKING:
    from tests.i18n.screens import Draw as DrawScreen

#: A placeholder's value in a reason drawn for its words alone.
SAMPLE: dict[str, object] = {
    "card": Card("Prince"),
    "mine": Mine("Baron"),
    "slot": "Q3",
    "count": 2,
    "total": 9,
    "wins": 4,
    "losses": 3,
}


def every_reason(console: Console) -> None:
    """Every reason of the catalog, its placeholders filled (the face-down agent as well as a card for
    ``{mine}``), and every kind of move in words."""
    for key in sorted(k for k in catalog(language()) if k.startswith("solcoach.reason.")):
        names = {n for _, n, _, _ in Formatter().parse(catalog(language())[key]) if n}
        for mine in (Mine("Baron"), Mine(None)):
            values = tuple((n, mine if n == "mine" else SAMPLE[n]) for n in sorted(names))
            console.print(reason_text(Reason(key.removeprefix("solcoach.reason."), values)))  # type: ignore[arg-type]
    game = SolitaireGame(seed=2)
    console.print(move_text(Draw(), game.view()), move_text(PlayAgent(), game.view()))
    game.push("agent")
    view = game.view()
    for action in view.legal_actions:
        console.print(move_text(action, view))
    rs = load_solitaire_ruleset()
    known = SolitaireGame(rs, layout=stacked_layout(rs, queue=["Priest"], hand="King", agent="Baron", draws=["Guard"]))
    known.push("draw")
    known.push("Guard>Q1=Baron")  # a miss: Q1 is turned up; the retinue's Priest shows the agent
    view = known.view()
    console.print(move_text(PlayAgent(), view))
    for action in (*view.legal_actions, Play("King", 2, "agent"), Play("Prince", "hand"), Choose("hand")):
        console.print(move_text(action, view))


def hints(console: Console) -> None:
    """Hints at the start (estimated) and near the end (exact), at several heights, and the key lines."""
    for seed in (3, 8):
        game, rng = SolitaireGame(seed=seed), random.Random(seed)
        while not game.over:
            view = game.view()
            if len(view.legal_actions) > 1 and rng.random() < 0.3:
                for height in (8, 20):
                    console.print(SolitaireHintView(view, hint_for(view), height=height))
            game.push(judge(view).best.action if len(view.legal_actions) > 1 else view.legal_actions[0])
    plain = [Choice("Guard", "Guard"), Choice("Priest", "Priest")]
    typed = [Choice("Guard", "Guard"), Choice("Handmaid", "Handmaid")]
    for choices in (plain, typed):
        for showing in (False, True):
            console.print(hint_keys(choices, showing=showing))


def reviews(console: Console) -> None:
    """Reviews as text and as screens: games played well and badly, a stacked deal."""
    for seed, follow in ((1, 1.0), (5, 0.3), (6, 0.0)):
        game, rng = SolitaireGame(seed=seed), random.Random(seed)
        record = SolitaireRecord.start(game)
        while not game.over:
            view = game.view()
            game.push(judge(view).best.action if rng.random() < follow else rng.choice(view.legal_actions))
        record.update(game)
        review = SolitaireReview(record)
        for line in review.lines():
            console.print(line, markup=False, highlight=False)
        for position in range(len(review.decisions) + 1):
            console.print(review.body(position, 24))
    rs = load_solitaire_ruleset()
    game = SolitaireGame(
        rs, layout=stacked_layout(rs, queue=["Guard"], hand="Countess", agent="Baron", draws=["Priest"])
    )
    record = SolitaireRecord.start(game)
    for action in ("draw", "Priest>Q2", "choose hand"):
        game.push(action)
    record.update(game)
    for line in SolitaireReview(record).lines():
        console.print(line, markup=False, highlight=False)


def review_at_the_end(console: Console) -> None:
    """``loveletter solitaire`` to a game's end, the hint asked on the way, the review opened from the end screen."""
    from tests.i18n.screens import command, fake_prompts

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        layout = home / "layout.json"
        layout.write_text(
            '{"queue": ["Guard"], "hand": "Priest", "agent": "Countess", "draws": ["Priest"]}', encoding="utf-8"
        )
        picks = [Nav.HINT, Nav.HINT, Draw(), 2, Choose("agent"), "review", False]
        with fake_prompts(console, 0, picks=picks, script=[True] * 10):
            command("solitaire", "--layout-file", str(layout), home=home, terminal=True)(console)


def lesson_picks() -> list[object]:
    """The answers to every question of the solitaire lesson, each part with words for a wrong answer first
    answered wrong (to draw that correction), then right."""
    from loveletter.coach.solitaire_lesson import load_solitaire_lesson, walk
    from loveletter.i18n import has

    picks: list[object] = []
    for view, step in walk(load_solitaire_lesson()):
        if not step.asked:
            continue
        plan = plan_for(view)
        while (question := plan.step()) is not None:
            kind = question.kind
            right = step.action if kind in ("turn", "threat") else getattr(step.action, kind)
            wrong = [o.value for o in question.options if o.enabled and o.value != right]
            if wrong and has(f"{step.key}.wrong_{kind}"):
                picks.append(wrong[0])
            picks.append(right)
            plan.answer(right)
    return picks


def lesson(console: Console) -> None:
    """``loveletter learn solitaire`` from its introduction to its last words, every correction drawn."""
    from tests.i18n.screens import command, fake_prompts

    with tempfile.TemporaryDirectory() as folder, fake_prompts(console, 0, picks=lesson_picks()):
        command("learn", "solitaire", home=Path(folder), terminal=True)(console)


def screens() -> dict[str, DrawScreen]:
    return {
        "solitaire lesson": lesson,
        "solitaire coach reasons": every_reason,
        "solitaire coach hints": hints,
        "solitaire coach reviews": reviews,
        "solitaire coach review at a game's end": review_at_the_end,
    }
