"""The solitaire's coach: one judge from the view alone, reasons the player can check, a review that agrees with
the hint (loveletter/coach/solitaire.py, loveletter/tui/solitaire/review.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from loveletter.coach.reasons import Card
from loveletter.coach.solitaire import ESTIMATE_ERROR, MISTAKE, Judgement, Mine, judge, reason
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame, SolitaireView
from loveletter.solitaire.search import Search
from loveletter.tui.solitaire.review import SolitaireReview
from tests.solitaire.support import play, redeal_hidden, sol


def decisions(games: int, seed: int = 0, follow: float = 0.7) -> Iterator[tuple[SolitaireGame, SolitaireView]]:
    """Every decision (more than one legal action) of ``games`` deals, the player taking the judge's first move
    with chance ``follow`` and a random legal action otherwise; yields before each action is pushed."""
    for number in range(games):
        rng = random.Random(f"solcoach/{seed}/{number}")
        game = SolitaireGame(seed=seed * 100 + number)
        while not game.over:
            view = game.view()
            if len(view.legal_actions) > 1:
                yield game, view
                action = judge(view).best.action if rng.random() < follow else rng.choice(view.legal_actions)
            else:
                action = view.legal_actions[0]
            game.push(action)


def finished(seed: int, follow: float) -> SolitaireRecord:
    rng = random.Random(seed)
    game = SolitaireGame(seed=seed)
    record = SolitaireRecord.start(game)
    while not game.over:
        view = game.view()
        game.push(judge(view).best.action if rng.random() < follow else rng.choice(view.legal_actions))
    record.update(game)
    return record


def test_the_judge_is_the_searchers_value_of_every_legal_action() -> None:
    for _, view in decisions(3):
        judged = judge(view)
        verdict = Search(view.ruleset).values(view)
        assert {m.action for m in judged.moves} == set(view.legal_actions)
        assert judged.exact == verdict.exact
        for move in judged.moves:
            assert move.chance == pytest.approx(verdict.values[move.action])


def test_the_judge_depends_on_the_view_alone() -> None:
    """The same view judged again, after other judgements, and with the hidden cards re-dealt: the same."""
    rng = random.Random(5)
    checked = changed = 0
    for game, view in decisions(4, seed=1):
        other = redeal_hidden(game.state, rng)
        assert other.view() == view
        judge(SolitaireGame(seed=checked).view())  # another judgement in between changes nothing
        assert judge(other.view()) == judge(view)
        checked += 1
        changed += other.queue != game.state.queue or other.draw != game.state.draw or other.agent != game.state.agent
    assert checked >= 20 and changed >= checked // 2


def test_reasons_never_change_with_the_cards_the_player_cannot_see() -> None:
    rng = random.Random(7)
    checked = 0
    for game, view in decisions(6, seed=2, follow=0.5):
        for _ in range(3):
            twin = redeal_hidden(game.state, rng).view()
            for action in view.legal_actions:
                assert reason(twin, action) == reason(view, action), action
        checked += 1
    assert checked >= 30


def test_reasons_name_only_cards_the_player_can_count() -> None:
    """A card in a reason is one the player sees, one still unseen (a guess, an odds), or the card played on."""
    for _, view in decisions(6, seed=3, follow=0.5):
        allowed = set(view.visible()) | {c for c, n in view.unseen().items() if n}
        for action in view.legal_actions:
            why = reason(view, action)
            for _, value in why.values:
                card = value.id if isinstance(value, Card) else value.card if isinstance(value, Mine) else None
                named = getattr(action, "named", None)
                assert card is None or card in allowed or card == named, (why, action)


def test_a_guess_with_no_unseen_copy_cannot_hit_and_one_with_copies_gives_its_odds() -> None:
    game = sol(["Guard", "Priest", "Baron", "Handmaid", "Prince", "Countess"], "Guard", "Baron", ["King"])
    play(game, "draw")  # the hand: Guard, King; the only King is in the hand
    view = game.view()
    assert reason(view, game.parse("Guard>Q1=King")).key == "guard_cannot_hit"
    odds = reason(view, game.parse("Guard>Q1=Priest"))
    unseen = view.unseen()
    assert odds.key == "guard_odds" and odds.get("count") == unseen["Priest"]
    assert odds.get("total") == sum(unseen.values())


def test_a_sure_loss_is_said_to_be_one() -> None:
    game = sol(["Guard"], "Countess", "Baron", ["Priest"])
    play(game, "draw", "Priest>Q2")  # the retinue's Guard attacks: the hand is known to it
    view = game.view()
    assert reason(view, game.parse("choose hand")).key == "sure_guard_hit"
    assert reason(view, game.parse("choose agent")).key == "threat_guard"


def tiers_hold(judged: Judgement) -> None:
    best = judged.best
    for move in judged.moves:
        assert move.chance <= best.chance + 1e-9
        if move.tier == 0:
            assert best.chance - move.chance <= move.error + 1e-9
            assert not judged.mistake(move.action)
        if judged.mistake(move.action):
            assert best.chance - move.chance >= MISTAKE + move.error
    assert not judged.mistake(best.action)


def test_tiers_and_mistakes_keep_to_the_error() -> None:
    exact = estimated = 0
    for _, view in decisions(5, seed=4):
        judged = judge(view)
        tiers_hold(judged)
        errors = {m.error for m in judged.moves[1:]}
        if judged.exact:
            exact += 1
            assert errors <= {0.0}
        else:
            estimated += 1
            assert errors <= {0.0, ESTIMATE_ERROR}
    assert exact and estimated


@pytest.mark.parametrize("seed", range(4))
def test_the_review_never_marks_the_hints_first_move(seed: int) -> None:
    """At every decision of a finished game the review's judgement is the hint's, and the move the hint listed
    first is never a mistake."""
    from loveletter.coach.solitaire import hint_for

    record = finished(seed, follow=0.6)
    review = SolitaireReview(record)
    assert review.decisions
    for decision in review.decisions:
        hint = hint_for(decision.view)
        assert hint.judgement == decision.judged
        assert not decision.judged.mistake(hint.judgement.best.action)
        if decision.played == hint.judgement.best.action:
            assert not decision.mistake


def test_the_review_marks_a_clear_mistake() -> None:
    """Offering the hand card the retinue's Guard knows is a sure loss: marked, with the better move and both
    reasons."""
    game = sol(["Guard"], "Countess", "Baron", ["Priest"])
    record = SolitaireRecord.start(game)
    play(game, "draw", "Priest>Q2", "choose hand")
    record.update(game)
    review = SolitaireReview(record)
    last = review.decisions[-1]
    assert str(last.played) == "choose hand" and last.mistake
    assert str(last.judged.best.action) == "choose agent"
    why = review.reasons(last)
    assert len(why) == 2 and "always hits" in why[0] and "the Guard names" in why[1]
    text = "\n".join(review.lines())
    assert "a mistake" in text and "1 mistake in" in text


def test_a_review_of_a_game_still_going_on_is_refused() -> None:
    from loveletter.records import RecordError

    with pytest.raises(RecordError, match="still going on"):
        SolitaireReview(SolitaireRecord.start(SolitaireGame(seed=2)))
