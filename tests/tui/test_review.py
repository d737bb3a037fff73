"""The review after a game: a known blunder is marked, the review is the same every time, it is offered at a
game's end, and ``loveletter review`` refuses what it cannot review in one line."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.coach import advice
from loveletter.engine import Keep, Play
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat as TableSeat
from loveletter.tui.review import Review
from loveletter.tui.screen import Screen
from loveletter.tui.style import NBSP
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.coach.games import blunder
from tests.records.support import USER_ERROR, assert_one_line_error, run

#: A small search keeps these quick: a blunder this big shows at any budget.
BUDGET = 400


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_BUDGET", BUDGET)


def test_a_baron_played_on_a_known_king_with_a_guard_in_hand_is_the_worst_mistake() -> None:
    review = Review(blunder(), 0)
    worst = review.worst[0]
    assert (worst.round, worst.turn) == (1, 3)
    assert worst.judged.played == Play("Baron", (1,)) and worst.mistake
    assert worst.judged.best[0] == Play("Guard", (1,), named="King")
    assert worst.judged.loss == pytest.approx(1.0)
    assert review.verdict(worst).plain == "−100% · better: Guard on Bot, naming King (100%)"
    assert review.situation(worst).plain.replace(NBSP, " ") == (
        "Round 1, turn 3: holding Baron, Guard; knowing Bot holds King"
    )
    # Why, in words from what Ana knew: her Guard loses to the King, and the Guard naming it is a sure hit.
    assert review.reason(worst).plain == (
        "your move: you know Bot holds the King: your Guard loses the comparison · "
        "the better one: Bot holds the King (you saw it with your Priest): a sure hit"
    )
    first = review.decisions[0]  # the Priest before it: not a mistake
    assert first.judged.played == Play("Priest", (1,)) and first.judged.loss < 1.0


def test_a_review_is_the_same_every_time_and_reads_only_the_seat_s_views() -> None:
    record = blunder()
    one, two = Review(record, 0), Review(record, 0)
    assert list(one.lines("game.json")) == list(two.lines("game.json"))
    seen = [d.view for d in one.decisions]
    assert all(view.seat == 0 for view in seen)
    assert [len(v.legal_actions) > 1 for v in seen] == [True] * len(seen)


def test_the_summary_names_the_biggest_mistakes_with_their_moment() -> None:
    lines = [line.replace(NBSP, " ") for line in Review(blunder(), 0).lines("game.json")]
    at = lines.index("The biggest mistakes:")
    assert lines[at + 1] == "1. Round 1, turn 3: holding Baron, Guard; knowing Bot holds King"
    assert "better: Guard on Bot, naming King" in lines[at + 2]
    assert any("decisions weighed; mistakes: " in line for line in lines)


# ------------------------------------------------------------------------------------------- the command


@pytest.mark.parametrize("lang", ["en", "es"])
def test_two_reasons_say_what_differs_between_the_two_moves(lang: str) -> None:
    """Issue 48 item 10: the basic lesson's Chancellor keep (the King, where the coach keeps a Guard): the reasons
    of the two keeps name the card each keeps, and what both would say (the others go under the deck) is said by
    neither."""
    from loveletter.coach.advice import assess
    from loveletter.coach.lesson import load_lesson, walk
    from loveletter.coach.review import Decision
    from loveletter.i18n import set_language, t

    step, view = next((s, v) for s, v, _ in walk(load_lesson("basic")) if s.id == "keep")
    judged = assess(view, step.moves[0], budget=BUDGET * 5)
    assert judged.mistake and judged.best[0] == Keep("Guard", ("King", "Guard"))
    set_language(lang)
    try:
        why = Review(blunder(), 0).reason(Decision(0, 2, 9, view, judged)).plain
        tail = t("coach.reason.keep", card="X").split("; ")[1]
        king, guard = t("card.King.name"), t("card.Guard.name")
    finally:
        set_language("en")
    mine, theirs = why.split(" · ")
    assert king in mine and guard in theirs, why
    assert tail not in why and mine.split(": ", 1)[1] != theirs.split(": ", 1)[1], why


def test_the_summary_s_reasons_wrap_under_their_own_indent_on_a_narrow_screen() -> None:
    """Issue 48 item 10: a long reason in the summary wraps; its continuation lines keep the reason's indent."""
    review = Review(blunder(), 0)
    console = Console(width=50, record=True, color_system=None, file=io.StringIO())
    console.print(review.body(len(review.decisions), 24))
    text = console.export_text().replace(NBSP, " ")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("   your move:"))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip() or lines[i][0].isdigit()), None)
    reason = lines[start:end]
    assert len(reason) >= 3  # it does wrap at this width
    assert all(line.startswith("   ") and line[3] != " " for line in reason), reason


@pytest.mark.slow
def test_review_prints_the_review_without_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    blunder().save(path)
    code, out, err = run(capsys, "review", str(path))
    assert code == 0, err
    assert out.startswith("Review of game.json: Love Letter (2019 edition). Ana's decisions")
    assert "your choice: Baron on Bot (0% to win the round) · −100% · better: Guard on Bot, naming King" in out
    code, spanish, _ = run(capsys, "review", str(path), "--seat", "1", lang="es")
    assert code == 0 and spanish.startswith("Repaso de game.json") and "Las decisiones de Bot" in spanish


def test_review_refuses_a_game_not_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    blunder(finish=False).save(path)
    code, out, err = run(capsys, "review", str(path))
    assert_one_line_error(code, out, err, path)
    assert "this game is not over, so it cannot be reviewed yet" in err


def test_review_takes_a_finished_solitaire_game_and_refuses_a_seat_not_at_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = SolitaireGame(seed=3)
    rng = random.Random(3)
    record = SolitaireRecord.start(game)
    path = tmp_path / "solitaire.json"
    record.save(path)
    code, out, err = run(capsys, "review", str(path))
    assert_one_line_error(code, out, err, path)
    assert "is still going on: a review would give away advice" in err
    while not game.over:
        game.push(rng.choice(game.legal_actions()))
    record.update(game)
    record.save(path)
    code, out, err = run(capsys, "review", str(path))
    assert code == 0, err
    assert out.startswith("Review of your solitaire game, deal 3") and "Decision 1 of" in out
    code, out, err = run(capsys, "review", str(path), "--seat", "1")
    assert code == USER_ERROR and "--seat 1: this game has seats 0 to 0" in err
    path = tmp_path / "game.json"
    blunder().save(path)
    code, out, err = run(capsys, "review", str(path), "--seat", "2")
    assert code == USER_ERROR and "--seat 2: this game has seats 0 to 1" in err


def test_review_says_a_damaged_record_is_damaged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    blunder().save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rounds"][0]["actions"][0] = "Princess>7"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path))
    assert_one_line_error(code, out, err, path)


# ---------------------------------------------------------------------------------------- at a game's end


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def test_the_game_s_end_offers_its_review(keys: PipeInput) -> None:
    record = blunder()
    game = record.replay()
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    with Screen(io.StringIO()) as screen:
        front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
        front.start(GameLoop(game, [TableSeat("Ana"), TableSeat("Bot", "easy")], front))
        # Enter: the summary; r: the review (its first decision, the second one, the summary at the end); q: back to
        # the summary; n: no other game.
        keys.send_text("\r" + "r" + "n" + "\x1b[F" + "q" + "n")
        assert front.game_over() is False
    drawn = " ".join(out.getvalue().replace(NBSP, " ").split())
    assert "Weighing Ana's decisions" in drawn
    assert "Decision 1 of" in drawn and "Decision 2 of" in drawn and "The coach" in drawn
    assert "The biggest mistakes:" in drawn


def test_a_move_as_good_as_the_best_is_called_the_best_and_a_close_one_close() -> None:
    from loveletter.coach.advice import Assessment
    from loveletter.coach.judge import Estimate, Judgement
    from loveletter.engine import Action
    from loveletter.tui.review import Decision

    review = Review(blunder(), 0)
    view = review.decisions[0].view
    played, other = view.legal_actions[0], view.legal_actions[1]

    def judged(*moves: tuple[Action, float, float, int]) -> Assessment:
        return Assessment(played, Judgement(tuple(Estimate(*m) for m in moves), exact=False, deals=100))

    tie = Decision(0, 1, 1, view, judged((other, 0.5, 0.0, 0), (played, 0.5, 0.01, 0)))
    close = Decision(0, 1, 1, view, judged((other, 0.52, 0.0, 0), (played, 0.5, 0.01, 1)))
    equal = Decision(0, 1, 1, view, judged((other, 0.6, 0.0, 0), (played, 0.5, 0.12, 0)))
    noisy = Decision(0, 1, 1, view, judged((other, 0.6, 0.0, 0), (played, 0.5, 0.06, 1)))
    clear = Decision(0, 1, 1, view, judged((other, 0.6, 0.0, 0), (played, 0.5, 0.04, 1)))
    assert review.verdict(tie).plain == "the best move"
    assert review.verdict(close).plain == "close to the best (−2%)" and not close.mistake
    assert review.verdict(equal).plain.startswith("about as good as the best") and not equal.mistake
    assert not noisy.mistake  # 10 points lost, but 5 of them could be the estimate's error
    assert clear.mistake and review.verdict(clear).plain.startswith("−10%")


def test_the_review_never_marks_the_move_the_hint_listed_first() -> None:
    """At every decision of a finished game: the hint the player could have asked for and the review (here both
    at this file's small budget) judge the decision alike, so the hint's first move is never a mistake there."""
    from loveletter.coach.hint import hint_for

    review = Review(blunder(), 0)
    assert review.decisions
    for decision in review.decisions:
        hint = hint_for(decision.view, budget=BUDGET)
        assert hint.moves == decision.judged.judgement.moves
        first = hint.moves[0].action
        assert not decision.judged.judgement.mistake(first)
