"""The lessons of ``loveletter learn`` (data: ``loveletter/coach/lessons/*.toml``) and their runner.

The data: every step is the deciding seat's and its moves are legal at that point, each round ends after its last
step, the texts exist in both languages, every card is introduced no later than it is first played, and each
lesson covers what it claims (the 2019 cards and rules; the ten premium cards), checked on the engine's events.
The runner: a whole lesson at the terminal front end, driven with prompt_toolkit's pipe input.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.coach.lesson import Lesson, LessonError, Step, lesson_names, load_lesson, walk
from loveletter.commands import learn
from loveletter.engine import Action, Keep, Play, View, load_ruleset, parse_action
from loveletter.engine import events as ev
from loveletter.i18n import LANGUAGES, catalog, set_language, t
from loveletter.tui.choices import keeps, plan_for
from loveletter.tui.screen import Screen
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.tutor import first_wrong, play_lesson

LESSONS = lesson_names()


@dataclass(frozen=True)
class Moment:
    """A step as the lesson plays it: the deciding seat's view before it, and the events of its (first) move."""

    step: Step
    view: View
    events: list[ev.Event]


def playthrough(lesson: Lesson) -> list[Moment]:
    return [Moment(*walked) for walked in walk(lesson)]


def played_cards(step: Step) -> set[str]:
    return {m.card for m in step.moves if isinstance(m, Play | Keep)}


# ------------------------------------------------------------------------------------------------ the data


def test_the_command_offers_every_lesson_the_default_first() -> None:
    assert tuple(LESSONS) == learn.LESSONS
    assert LESSONS[0] == "basic"


@pytest.mark.parametrize("name", LESSONS)
def test_every_step_is_legal_when_it_comes_and_every_round_ends_after_its_last(name: str) -> None:
    moments = playthrough(load_lesson(name))  # walk raises LessonError where the script does not fit
    assert any(m.step.person for m in moments)
    assert [m.step for m in moments] == load_lesson(name).steps()


@pytest.mark.parametrize(
    ("seat", "move", "problem"),
    [
        (0, "Guard>1=Guard", "step 'priest': Guard>1=Guard not legal"),
        (1, "Guard>0=Priest", "step 'priest' is seat 1's, not 0's"),
    ],
)
def test_a_script_that_does_not_fit_the_game_is_found(seat: int, move: str, problem: str) -> None:
    lesson = load_lesson("basic")
    first = lesson.rounds[0]
    step = replace(first.steps[0], seat=seat, moves=(parse_action(move),))
    broken = replace(lesson, rounds=(replace(first, steps=(step, *first.steps[1:])), *lesson.rounds[1:]))
    with pytest.raises(LessonError, match=re.escape(problem)):
        list(walk(broken))


def test_a_round_that_goes_on_after_its_last_step_is_found() -> None:
    lesson = load_lesson("basic")
    first = lesson.rounds[0]
    broken = replace(lesson, rounds=(replace(first, steps=first.steps[:-1]),))
    with pytest.raises(LessonError, match="round 1 goes on after its last step"):
        list(walk(broken))


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_a_lesson_is_in_both_languages_and_no_other(name: str, lang: str) -> None:
    lesson = load_lesson(name)
    words = catalog(lang)
    needed = {f"{lesson.key}.{k}" for k in ("title", "intro", "outro")}
    needed |= {f"{r.key}.end" for r in lesson.rounds}
    needed |= {f"{s.key}.{k}" for s in lesson.steps() if s.person for k in ("say", "do")}
    needed |= {f"{s.key}.{k}" for s in lesson.steps() if s.hint for k in ("ask", "hinted")}
    assert needed <= set(words)
    # Every text belongs to a step or a round (a misspelt id would never be shown).
    known = {f"{lesson.key}.{k}" for k in ("title", "intro", "outro")} | {f"{r.key}.end" for r in lesson.rounds}
    known |= {f"{s.key}.{k}" for s in lesson.steps() for k in ("say", "do", "done", "coach", *WRONG)}
    known |= {f"{s.key}.{k}" for s in lesson.steps() if s.hint for k in ("ask", "hinted")}
    assert {k for k in words if k.startswith(lesson.key + ".")} <= known
    # A computer player's step has nothing to ask: no instruction, no wrong choice.
    assert not {f"{s.key}.{k}" for s in lesson.steps() if not s.person for k in ("do", *WRONG)} & set(words)
    # Spanish and English word the same corrections.
    assert {k for k in catalog("en") if k.startswith(lesson.key + ".")} == {
        k for k in catalog("es") if k.startswith(lesson.key + ".")
    }


#: A step's own corrections: of the card (or a keep), of the target, of the guess.
WRONG = ("wrong", "wrong_target", "wrong_named")


def answers_for(view: View, action: Action) -> list[tuple[str, Hashable]]:
    """The answers the questions of ``view``'s decision get on the way to ``action`` (automatic ones included)."""
    plan = plan_for(view)
    while (step := plan.step()) is not None:
        value = next(o.value for o in step.options if o.enabled and keeps(step.kind, action, o.value))
        plan.answer(value)
    assert plan.action() == action
    return list(plan.answers)


@pytest.mark.parametrize("name", LESSONS)
def test_every_correction_is_of_the_question_that_went_wrong(name: str) -> None:
    """For every legal move a step does not ask for, the correction comes at the first answer no move of the step
    agrees with (the card, then the target, then the guess), and says what that answer was."""
    checked: set[str] = set()
    for moment in playthrough(load_lesson(name)):
        step = moment.step
        if not step.person:
            continue
        for action in moment.view.legal_actions:
            answers = answers_for(moment.view, action)
            wrong = first_wrong(step.moves, answers)
            if action in step.moves:
                assert wrong is None
                continue
            assert wrong is not None, (step.id, action)
            kind = wrong[0]
            index = answers.index(wrong)
            # Every answer before it agrees with one of the step's moves; this one with none of them.
            assert any(all(keeps(k, m, v) for k, v in answers[:index]) for m in step.moves)
            assert not any(all(keeps(k, m, v) for k, v in answers[: index + 1]) for m in step.moves)
            checked.add(kind)
    assert {"card", "named"} <= checked if name == "basic" else {"card", "target"} <= checked


@pytest.mark.parametrize("name", LESSONS)
def test_a_wrong_choice_text_belongs_to_a_step_where_another_move_is_legal(name: str) -> None:
    for moment in playthrough(load_lesson(name)):
        if f"{moment.step.key}.wrong" in catalog("en"):
            assert set(moment.view.legal_actions) - set(moment.step.moves), moment.step.id


@pytest.mark.parametrize("name", LESSONS)
def test_every_step_that_allows_another_move_explains_it_in_its_own_words(name: str) -> None:
    for moment in playthrough(load_lesson(name)):
        if moment.step.person and set(moment.view.legal_actions) - set(moment.step.moves):
            assert f"{moment.step.key}.wrong" in catalog("en"), moment.step.id


@pytest.mark.parametrize("name", LESSONS)
def test_a_card_is_introduced_no_later_than_it_is_first_played(name: str) -> None:
    introduced: set[str] = set()
    for step in load_lesson(name).steps():
        introduced |= set(step.cards)
        assert played_cards(step) <= introduced, step.id


def test_the_first_lesson_introduces_every_card_of_the_2019_edition() -> None:
    lesson = load_lesson("basic")
    assert lesson.ruleset.name == "2019" and lesson.players == 2
    introduced = [c for s in lesson.steps() for c in s.cards]
    assert sorted(introduced) == sorted(lesson.ruleset.cards)  # each once


def test_the_learner_plays_every_card_of_the_2019_edition_but_the_princess() -> None:
    """The first lesson has the person play each card (the Baron included); the Princess is held, never played:
    playing her is a knock-out."""
    lesson = load_lesson("basic")
    played = {c for s in lesson.steps() if s.person for c in played_cards(s)}
    assert played == set(lesson.ruleset.cards) - {"Princess"}


def test_the_premium_lesson_s_count_of_new_cards_is_what_the_game_deals() -> None:
    lesson = load_lesson("premium")
    classic, large = load_ruleset("classic").mode_for(4), lesson.ruleset.mode_for(5)
    new = {c: n for c, n in large.copies.items() if c not in classic.copies}
    more_guards = large.copies["Guard"] - classic.copies["Guard"]
    assert (len(new), sum(new.values()), more_guards, sum(large.copies.values())) == (9, 13, 3, 32)
    intro = t("learn.premium.intro")
    assert "32 cards" in intro and "three more Guards" in intro and "thirteen cards of nine new characters" in intro


def test_the_premium_lesson_introduces_the_ten_cards_of_the_large_game() -> None:
    lesson = load_lesson("premium")
    small, large = lesson.ruleset.mode_for(2), lesson.ruleset.mode_for(5)
    assert lesson.ruleset.mode_for(lesson.players) is large
    # The cards the 5-8 player game adds: nine new characters and three more Guards (a second Guard character).
    added = {c for c, n in large.copies.items() if n > small.copies.get(c, 0)}
    assert len(added) == 10 and "Guard" in added
    assert {c for s in lesson.steps() for c in s.cards} == added


#: What the engine shows when a step shows a rule (``topics``).
SHOWN: dict[str, Callable[[Moment], object]] = {
    "protection": lambda m: any(isinstance(e, ev.Protected) for e in m.events),
    "knock_out": lambda m: any(isinstance(e, ev.KnockedOut) for e in m.events),
    "token": lambda m: any(isinstance(e, ev.TokenAwarded) for e in m.events),
    "spy_token": lambda m: any(isinstance(e, ev.TokenAwarded) and e.reason == "spy" for e in m.events),
    "deck_out": lambda m: any(isinstance(e, ev.RoundEnded) and e.reason == "deck_out" for e in m.events),
    # The Countess is the only card that may be played, the King or a Prince beside her.
    "countess": lambda m: (
        {a.card for a in m.view.legal_actions if isinstance(a, Play)} == {"Countess"}
        and set(m.view.hand) & {"King", "Prince"}
    ),
}


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_shows_the_rules_it_claims(name: str) -> None:
    for moment in playthrough(load_lesson(name)):
        for topic in moment.step.topics:
            assert SHOWN[topic](moment), f"step {moment.step.id!r} does not show {topic}"


def test_the_first_lesson_shows_every_rule_a_first_game_needs() -> None:
    claimed = {x for s in load_lesson("basic").steps() for x in s.topics}
    assert claimed == {"protection", "knock_out", "countess", "spy_token", "deck_out", "token"}


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_closing_words_say_how_many_tokens_win_the_lessons_game(name: str, lang: str) -> None:
    lesson = load_lesson(name)
    set_language(lang)
    assert str(lesson.ruleset.tokens_to_win(lesson.players)) in t(f"{lesson.key}.outro")


def test_an_unknown_lesson_is_one_clear_error() -> None:
    with pytest.raises(LessonError, match="no lesson 'advanced'; there are: basic, premium"):
        load_lesson("advanced")


# ---------------------------------------------------------------------------------------------- the runner

#: The first lesson's keys, typed ahead: Enter on every screen that only tells, a number for every choice.
BASIC_KEYS = [
    "\r",  # the introduction
    "2",  # the Priest (its only target is chosen for you)
    "\r",  # the table after it: the tracker and the set-aside cards
    "\r",  # Bot's Guard
    "2",  # the Baron: not the lesson's move...
    "\r",  # ...explained: try again
    "1",
    "3",  # the Guard, naming the Baron (by its value)
    "\r",  # round 1 is over
    "2",  # the Spy
    "\r",  # Bot's Priest
    "1",  # the Handmaid
    "\r",  # the table after it: the learner's ◆
    "\r",  # Bot's Prince
    "2",
    "2",  # the Prince, on Bot
    "2",  # the Chancellor
    "2",  # keep the King
    "2",  # the Priest
    "\r",  # Bot's Handmaid
    "2",  # the Countess (the King cannot be chosen)
    "1",  # the King: the last turn
    "\r",  # round 2 is over
    "h",  # round 3: the coach's hint, as the lesson asks...
    "1",  # ...then the Baron (on Bot, the only target)
]
#: The lesson's last question: the review of the learner's moves (1), or the end of the lesson (2).
REVIEW, SKIP = "1", "2"


#: Alex's Baron played, as the log or the last plays tell it.
BARON_PLAYED = r"Alex plays Baron|Alex ─Baron→"


def run_lesson(name: str, keys: list[str]) -> tuple[bool, str]:
    """Play lesson ``name`` with ``keys`` typed ahead; whether it was finished, and what the screen showed."""
    console = Console(file=io.StringIO(), width=80, height=30, color_system=None)
    with create_pipe_input() as pipe, Screen(io.StringIO()) as screen:
        pipe.send_text("".join(keys))
        finished = play_lesson(
            load_lesson(name), Frames(console, screen, input=pipe, output=DummyOutput(), guards=TYPED_AHEAD), delay=0
        )
    return finished, console.file.getvalue()  # type: ignore[attr-defined]


def test_the_runner_plays_a_lesson_to_its_end_through_the_normal_prompts() -> None:
    finished, drawn = run_lesson("basic", [*BASIC_KEYS, SKIP])
    assert finished
    for text in (t("learn.basic.intro"), t("learn.basic.guard.wrong"), t("learn.basic.round3.end")):
        assert " ".join(text.split()[:6]) in " ".join(drawn.split()), text
    assert "Lesson: the basics · not that one" in drawn
    assert "Bot is out, showing Baron" in drawn  # the table's own log, under the lesson
    assert "▶ You are ready: play a game with `loveletter play`." in drawn
    # After the Handmaid, the table as the move left it: the learner's own ◆, explained.
    flat = " ".join(drawn.replace("│", " ").split())
    assert " ".join(t("learn.basic.handmaid.done").split()[:6]) in flat
    assert re.search(r"◆ Alex \(you\)", drawn) and "◆ protected" in drawn.replace("\u00a0", " ")


def test_a_wrong_choice_changes_nothing_and_is_asked_again() -> None:
    # The Baron, explained, then the Baron again: the lesson keeps asking (and nothing was played: the round
    # goes on, and the lesson's move still wins it).
    keys = [*BASIC_KEYS[:6], "2", "\r", *BASIC_KEYS[6:], SKIP]
    finished, drawn = run_lesson("basic", keys)
    assert finished
    assert drawn.count("Lesson: the basics · not that one") == 2
    before_round_3 = drawn.split("Round 3. You hold a Baron")[0]
    # Played in round 3 only (told in the log, or in the last plays where the card tracker leaves the log no room).
    assert not re.search(BARON_PLAYED, before_round_3) and re.search(BARON_PLAYED, drawn)


def test_a_wrong_guess_is_corrected_at_the_guess() -> None:
    # At the Guard: the Baron (the card is wrong), then the Guard naming the Priest (the guess is wrong).
    keys = [*BASIC_KEYS[:6], "1", "2", "\r", *BASIC_KEYS[6:], SKIP]
    finished, drawn = run_lesson("basic", keys)
    flat = " ".join(drawn.replace("│", " ").split())
    assert finished
    assert "Not the Baron now." in flat
    assert "The right card and player, but not naming Priest." in flat
    assert " ".join(t("learn.basic.guard.wrong_named").split()[:6]) in flat
    assert "Alex plays Guard on Bot, naming Priest" not in flat


def test_q_at_a_rounds_end_stops_the_lesson() -> None:
    finished, drawn = run_lesson("basic", [*BASIC_KEYS[:8], "q"])
    assert not finished
    assert "Round 1 is over" in drawn and "round 2" not in drawn


# ------------------------------------------------------------------------------- the hint and the review


def flat_text(drawn: str) -> str:
    return " ".join(drawn.replace("│", " ").replace("\u00a0", " ").split())


def test_the_first_lesson_asks_for_the_hint_once_and_its_coach_agrees_with_the_lesson() -> None:
    from loveletter.coach.hint import hint_for

    asking = [m for m in playthrough(load_lesson("basic")) if m.step.hint]
    assert [m.step.id for m in asking] == ["baron"]
    # The words over the hint say the coach agrees: its first move is the lesson's.
    moment = asking[0]
    assert hint_for(moment.view).moves[0].action in moment.step.moves


def test_a_lesson_never_asks_for_a_move_its_review_marks_without_saying_why() -> None:
    """Issue 48 item 10: where the coach's review (the judge at the hint's budget) marks a move a lesson asks for
    as a mistake, the step says why, in every language, on the screen of that step."""
    from loveletter.coach.advice import assess

    marked = [
        step
        for name in lesson_names()
        for step, view, _ in walk(load_lesson(name))
        if step.person and len(view.legal_actions) > 1 and assess(view, step.moves[0]).mistake
    ]
    assert [step.key for step in marked] == ["learn.basic.keep"]  # the King shown, though a Guard does better
    for step in marked:
        assert all(f"{step.key}.coach" in catalog(lang) for lang in LANGUAGES)
    _, drawn = run_lesson("basic", [*BASIC_KEYS, SKIP])
    assert " ".join(t("learn.basic.keep.coach").split()[:8]) in flat_text(drawn)


def test_a_move_before_the_hint_is_answered_with_the_key_and_the_hint_shows_over_the_table() -> None:
    # At the Baron: the Baron before h (not yet: ask the coach), then h, then the Baron.
    keys = [*BASIC_KEYS[:-2], "1", "\r", "h", "1", SKIP]
    finished, drawn = run_lesson("basic", keys)
    flat = flat_text(drawn)
    assert finished
    assert "▶ Before you play, ask the coach: press h." in flat
    assert "First ask the coach: press h." in flat
    assert " ".join(t("learn.basic.baron.hinted").split()[:6]) in flat
    assert "Hints for Alex" in flat and "Baron on Bot" in flat  # the hint itself: the moves, named
    played = re.search(BARON_PLAYED, flat)
    assert played is not None and flat.index("First ask the coach") < played.start()


def test_the_lesson_ends_with_the_review_of_the_learner_s_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    from loveletter.coach import advice

    monkeypatch.setattr(advice, "REVIEW_BUDGET", 300)  # a quick weighing: the screens are what is tested here
    finished, drawn = run_lesson("basic", [*BASIC_KEYS, REVIEW, "q"])
    flat = flat_text(drawn)
    assert finished
    assert "Weighing Alex's decisions" in flat
    assert "Decision 1 of" in flat and "The coach" in flat
    # Declined, the lesson ends at once without weighing anything.
    finished, drawn = run_lesson("basic", [*BASIC_KEYS, SKIP])
    assert finished and "Weighing Alex's decisions" not in flat_text(drawn)
