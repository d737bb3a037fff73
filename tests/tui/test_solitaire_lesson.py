"""The solitaire lesson (``loveletter learn solitaire``): its script keeps the game, every asked step has its words
in both languages, a wrong answer is corrected at the part of the decision that went wrong, and the runner plays
the lesson to its end without saving anything."""

from __future__ import annotations

import io
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from loveletter.coach.solitaire import judge
from loveletter.coach.solitaire_lesson import SolitaireLesson, Step, load_solitaire_lesson, walk, wrong_part
from loveletter.i18n import catalog, set_language
from loveletter.solitaire import SolitaireView
from loveletter.solitaire.actions import Action
from loveletter.tui.prompts import Nav
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.plan import plan_for
from loveletter.tui.solitaire.tutor import SolitaireTutor
from loveletter.tui.surface import Frames

PARTS = ("turn", "threat", "card", "target", "own", "named")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def lesson() -> SolitaireLesson:
    return load_solitaire_lesson()


def wrong_answers(view: SolitaireView, step: Step) -> Iterator[tuple[str, list[tuple[str, Hashable]]]]:
    """For each part of the decision where another answer could be given: the part, and the answers up to and
    including the first wrong one there (the earlier ones as the lesson's move has them)."""
    plan = plan_for(view)
    while (question := plan.step()) is not None:
        expected = step.action if question.kind in ("turn", "threat") else getattr(step.action, question.kind)
        for option in question.options:
            if option.enabled and option.value != expected:
                yield question.kind, [*plan.answers, (question.kind, option.value)]
                break
        plan.answer(expected)


def test_the_script_is_legal_asks_only_real_choices_and_wins(lesson: SolitaireLesson) -> None:
    steps = [step for _, step in walk(lesson)]
    assert steps == list(lesson.steps)
    asked = [s.id for s in steps if s.asked]
    assert asked == [
        "draw", "priest", "draw_again", "guard_up", "threat",
        "draw_third", "guard_named", "agent", "draw_last", "finish",
    ]  # fmt: skip


def test_every_move_of_the_lesson_is_one_the_coach_ranks_among_the_best(lesson: SolitaireLesson) -> None:
    """The lesson never teaches a move the hint would rank below the best tier (nor the review mark)."""
    for view, step in walk(lesson):
        if step.asked:
            judged = judge(view)
            assert judged.of(step.action).tier == 0, step.id


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_asked_step_has_its_words_and_its_corrections_name_parts_that_can_go_wrong(
    lesson: SolitaireLesson, lang: str
) -> None:
    words = catalog(lang)
    for key in ("intro", "outro", "title", "ready"):
        assert words.get(f"learn.solitaire.{key}")
    for view, step in walk(lesson):
        if not step.asked:
            continue
        assert words.get(f"{step.key}.say") and words.get(f"{step.key}.do"), step.id
        possible = {part for part, _ in wrong_answers(view, step)}
        written = {part for part in PARTS if words.get(f"{step.key}.wrong_{part}")}
        assert written <= possible, (step.id, written - possible)
        assert written or len(view.legal_actions) == 1, f"step {step.id} explains no wrong answer"


def test_a_wrong_answer_is_told_at_the_part_that_went_wrong(lesson: SolitaireLesson) -> None:
    checked = 0
    for view, step in walk(lesson):
        if not step.asked:
            continue
        for part, answers in wrong_answers(view, step):
            assert wrong_part(step.action, answers) == part
            assert wrong_part(step.action, answers[:-1]) is None
            checked += 1
    assert checked >= 10


def answers_for(view: SolitaireView, action: Action) -> list[Hashable]:
    """The answers to every question of ``view``'s decision that make ``action``."""
    plan, out = plan_for(view), []
    while (question := plan.step()) is not None:
        expected = action if question.kind in ("turn", "threat") else getattr(action, question.kind)
        out.append(expected)
        plan.answer(expected)
    return out


class Scripted(SolitaireTutor):
    """The tutor answering its questions from ``script`` (values, as the prompts return them) and every Enter at
    once, drawing each question's title into the console (the keys themselves: tests/e2e/test_learn_solitaire.py)."""

    script: list[Hashable]

    def ask(self, title: str, choices: list[Any], hint: str, **options: Any) -> Hashable | Nav:
        self.surface.console.print(title)
        answer = self.script.pop(0)
        assert answer in [c.value for c in choices if c.enabled], (answer, title)
        return answer


class Pressed(Frames):
    """Frames where every Enter is pressed at once, the message drawn below its screen."""

    def press(self, body: Any, message: str, hint: str = "", **options: Any) -> object:
        self.draw(body, 1)
        self.console.print(message)
        return True


def test_the_lesson_plays_to_its_end_correcting_a_wrong_guess(
    lesson: SolitaireLesson, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    tutor = Scripted(lesson, Pressed(console, Screen(io.StringIO())))
    tutor.script = []
    for view, step in walk(lesson):
        right = answers_for(view, step.action) if step.asked else []
        if step.id == "guard_named":
            # The card and the target, then naming the King: corrected, and only the guess is asked again.
            right = [*right[:2], "King", right[2]]
        tutor.script.extend(right)
    assert tutor.run()
    assert not tutor.script
    assert tutor.game is not None and tutor.game.won
    assert tutor.corrections == [("guard_named", "named")]
    screen = out.getvalue()
    assert "Name the Prince: 2 of the unseen cards are Princes" in screen
    assert "You won: the line is empty." in screen
    assert not list(tmp_path.glob("**/*.json")), "a lesson saves nothing"
