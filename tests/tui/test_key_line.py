"""A question's line of keys takes one line at 80 columns, in English and in Spanish: it wrapped over two or three
(``… · Ctrl-C quits · h hints · / or type a card's name (several alike: the first listed)``; issue 48). Where
everything does not fit, it says less, leaving out the least needed keys first: moving and picking, Esc back and
the coach's key always stay."""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Iterator

import pytest
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth
from rich.console import Console

from loveletter.engine import Game, View
from loveletter.i18n import set_language, t
from loveletter.solitaire import SolitaireGame
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui import prompts
from loveletter.tui.coach import hint_keys
from loveletter.tui.plan import Step
from loveletter.tui.prompts import Choice
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire import coach as solitaire_coach
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.plan import plan_for as solitaire_plan
from loveletter.tui.solitaire.tutor import SolitaireTutor
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend, decision_keys
from tests.support import decisions, random_playout

WIDTH = 80


def text(line: StyleAndTextTuples) -> str:
    return "".join(fragment[1] for fragment in line)


def questions(ruleset: str, players: int, seed: int) -> Iterator[tuple[View, Step, list[Choice[object]]]]:
    """The first question of the deciding seat at moments of a random game, with its options as the table words
    them."""
    from loveletter.tui.choices import plan_for

    rng = random.Random(seed)
    game = Game(ruleset, players, seed=seed)
    front = TerminalFrontend(Frames(Console(file=io.StringIO()), Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat(f"P{i}") for i in range(players)], front))
    for view in itertools.islice(decisions(game), 12):
        step = plan_for(view).step()
        if step is not None:
            yield view, step, front.choices(step, view)
        random_playout(game, rng, stop_after=1)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("classic", 4), ("premium", 8)])
def test_a_decisions_keys_take_one_line_at_80_columns(lang: str, ruleset: str, players: int) -> None:
    set_language(lang)
    try:
        seen = 0
        for seed in range(3):
            for _, _, choices in questions(ruleset, players, seed):
                for back in (False, True):
                    for showing in (False, True):
                        coach = hint_keys(choices, showing=showing)
                        for side in ((), (t("host.hint.code_key"),)):
                            hint = decision_keys(back=back, coach=coach, side=side)
                            lines = [text(line) for line in prompts.hint_lines(hint, choices, WIDTH)]
                            assert len(lines) == 1 and get_cwidth(lines[0]) <= WIDTH, lines
                            assert lines[0].startswith(t("play.hint.choose"))
                            assert (t("play.hint.back") in lines[0]) == back and coach in lines[0], lines
                            seen += 1
                            if len(hint) < 70:  # room for all: nothing is left out
                                assert lines[0].startswith(hint)
        assert seen > 50
        # What was typed shows, in the same one line.
        for _, step, choices in questions(ruleset, players, 0):
            if step.kind == "card":
                hint = decision_keys(back=False, coach=hint_keys(choices, showing=False))
                typed = [text(line) for line in prompts.hint_lines(hint, choices, WIDTH, "gu")]
                assert len(typed) == 1 and typed[0].endswith(t("play.hint.typed", typed="gu"))
                break
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("app", [SolitaireApp, SolitaireTutor])
def test_a_solitaire_decisions_keys_take_one_line_at_80_columns(lang: str, app: type[SolitaireApp]) -> None:
    set_language(lang)
    try:
        seen = 0
        for seed in range(1, 30):
            game = SolitaireGame(seed=seed)
            rng = random.Random(seed)
            while not game.over:
                view = game.view()
                plan = solitaire_plan(view)
                step = plan.step()
                if step is None:  # one move only: nothing is asked
                    game.push(plan.action())
                    continue
                maker = app.__new__(app)  # its words only: no screen needed
                choices = [Choice(o.value, maker.label(step, o.value, view)) for o in step.options]
                for back in (False, True):
                    for showing in (False, True):
                        hint = maker.key_hint(choices, back=back, showing=showing)
                        lines = [text(line) for line in prompts.hint_lines(hint, choices, WIDTH)]
                        assert len(lines) == 1 and get_cwidth(lines[0]) <= WIDTH, lines
                        assert (t("solitaire.hint.back") in lines[0]) == back
                        assert solitaire_coach.hint_keys(choices, showing=showing) in lines[0], lines
                        seen += 1
                game.push(rng.choice(game.legal_actions()))
        assert seen > 100
    finally:
        set_language("en")


def test_a_key_line_says_less_from_its_last_part() -> None:
    hint = prompts.KEYS_SEP.join(["←→ move", "Enter picks", "Esc back", "? cards", "Ctrl-C quits"])
    assert [text(line) for line in prompts.key_line(hint, 80)] == [hint]
    assert [text(line) for line in prompts.key_line(hint, 40)] == ["←→ move · Enter picks · Esc back"]
    assert [text(line) for line in prompts.key_line(hint, 40, "typed: g")] == ["←→ move · Enter picks · typed: g"]
    assert [text(line) for line in prompts.key_line(hint, 5)] == ["←→", "move"]  # the first part, wrapped
