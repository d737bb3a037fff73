"""A turn's questions are built from the engine's legal actions, and lead to exactly those actions."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from loveletter.engine import Action, Game, Keep, Phase, Play, Redraw
from loveletter.i18n import set_language, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.choices import plan_for
from loveletter.tui.plan import ActionPlan
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.support import deal, play


def every_action(plan: ActionPlan[Action]) -> set[Action]:
    """Every action some sequence of answers leads to."""
    step = plan.step()
    if step is None:
        return {plan.action()}
    found: set[Action] = set()
    for option in step.options:
        if option.enabled:
            plan.answer(option.value)
            found |= every_action(plan)
            assert plan.back()
    return found


def kinds(plan: ActionPlan[Action], answers: list[object]) -> list[str]:
    """The kinds of the questions asked while giving ``answers`` in order."""
    asked = []
    for answer in answers:
        step = plan.step()
        assert step is not None
        asked.append(step.kind)
        plan.answer(answer)
    return asked


def test_countess_keeps_the_king_from_being_played_and_says_why() -> None:
    game = deal("2019", 2, hands=["Countess", "Guard"], draws=["King"])
    step = plan_for(game.view(0)).step()
    assert step is not None and step.kind == "card"
    assert [(o.value, o.enabled, o.note) for o in step.options] == [
        ("Countess", True, ""),
        ("King", False, "play.note.must_play"),
    ]


def test_two_copies_of_a_card_are_one_choice_and_a_lone_target_is_not_asked() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Guard"])
    plan = plan_for(game.view(0))
    assert kinds(plan, ["Guard", "Priest"]) == ["card", "named"]
    assert plan.step() is None and plan.action() == Play("Guard", (1,), "Priest")


def test_protected_players_are_shown_but_cannot_be_chosen() -> None:
    game = deal("classic", 3, hands=["Guard", "Handmaid", "Baron"], draws=["Priest", "Guard"], first_player=1)
    play(game, "Handmaid")  # seat 1 is protected
    plan = plan_for(game.view(2))
    plan.answer("Baron")
    step = plan.step()
    # Seat 0 is the only legal target, so nothing is asked at all: the Baron goes to seat 0.
    assert step is None and plan.action() == Play("Baron", (0,))
    plan = plan_for(game.view(2))
    plan.answer("Guard")
    assert plan.step() is not None and plan.step().kind == "named"  # type: ignore[union-attr]


def test_escape_goes_back_past_questions_answered_automatically() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    plan = plan_for(game.view(0))
    plan.answer("Guard")
    assert plan.step().kind == "named"  # type: ignore[union-attr]  # the target (seat 1) was answered for us
    assert plan.answers == [("card", "Guard"), ("target", 1)]
    assert plan.back()
    assert plan.step().kind == "card" and plan.answers == []  # type: ignore[union-attr]
    assert not plan.back()  # nothing left to undo


def test_a_wrong_answer_is_refused() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    plan = plan_for(game.view(0))
    with pytest.raises(ValueError, match="not an answer"):
        plan.answer("Princess")


def test_only_the_deciding_seat_has_a_plan() -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    with pytest.raises(ValueError, match="nothing to decide"):
        plan_for(game.view(1))


def test_chancellor_keep_then_order_under_the_deck() -> None:
    game = deal("2019", 2, hands=["Chancellor", "Priest"], draws=["Guard", "Baron", "King"])
    play(game, "Chancellor")
    plan = plan_for(game.view(0))
    assert game.view(0).phase is Phase.CHANCELLOR
    assert kinds(plan, ["Guard", ("King", "Baron")]) == ["keep", "order"]
    assert plan.action() == Keep("Guard", ("King", "Baron"))


def test_premium_numbers_baroness_cardinal_and_the_bishop_target() -> None:
    game = deal("premium", 5, hands=["Guard", "Princess", "Priest", "Baron", "Handmaid"], draws=["Bishop", "Cardinal"])
    plan = plan_for(game.view(0))
    assert kinds(plan, ["Bishop", 1, 8]) == ["card", "target", "named"]
    step_numbers = plan_for(game.view(0))
    step_numbers.answer("Bishop")
    step_numbers.answer(1)
    named = step_numbers.step()
    assert named is not None and named.numeric and 1 not in [o.value for o in named.options]
    play(game, "Bishop>1=8")
    redraw = plan_for(game.view(1))
    assert redraw.step().kind == "redraw"  # type: ignore[union-attr]
    assert every_action(redraw) == {Redraw(True), Redraw(False)}


@pytest.mark.parametrize("card", ["Baroness", "Cardinal"])
def test_two_player_cards_reach_every_legal_action(card: str) -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "Handmaid", "King"], draws=[card])
    plan = plan_for(game.view(0))
    plan.answer(card)
    legal = {a for a in game.legal_actions() if isinstance(a, Play) and a.card == card}
    assert every_action(plan) == legal
    first = plan.step()
    assert first is not None and first.kind == "target"
    plan.answer(3)  # whoever is picked first, the partner can be any other (pairs are unordered)
    second = plan.step()
    assert second is not None and second.kind == "second"
    partners = {o.value for o in second.options}
    if card == "Baroness":
        assert partners == {1, 2, 4, None}  # None: "nobody else"
    else:
        assert partners == {0, 1, 2, 4}


@pytest.mark.parametrize("ruleset,players", [("2019", 4), ("classic", 3), ("premium", 2), ("premium", 6)])
def test_every_legal_action_is_reachable_and_nothing_else(ruleset: str, players: int) -> None:
    """Throughout random games: the questions lead to exactly the engine's legal actions."""
    rng = random.Random(f"{ruleset}-{players}")
    game = Game(ruleset, players, seed=rng.randrange(1000))
    checked = 0
    while not game.over and checked < 150:
        if game.round_over:
            game.next_round()
            continue
        seat = game.decider
        assert seat is not None
        assert every_action(plan_for(game.view(seat))) == set(game.legal_actions())
        checked += 1
        game.push(rng.choice(game.legal_actions()))
    assert checked > 20


def test_a_card_that_would_do_nothing_says_so_before_it_is_played() -> None:
    """Bea is protected: Ana's Guard can choose nobody, and says "(no effect now)" among the cards (issue 48,
    item 6); her Prince can still choose herself, and says nothing."""
    set_language("en")
    game = deal("2019", 2, hands=["Priest", "Handmaid"], draws=["Guard", "Baron", "Prince"])
    play(game, "Priest>1", "Handmaid")
    step = plan_for(game.view(0)).step()
    assert step is not None and step.kind == "card"
    assert [(o.value, o.enabled, o.note) for o in step.options] == [
        ("Guard", True, "play.note.no_effect"),
        ("Prince", True, ""),
    ]
    front = TerminalFrontend(Frames(Console(file=io.StringIO()), Screen(io.StringIO())))
    front.start(GameLoop(game, [Seat("Ana"), Seat("Bea")], front))
    notes = [c.note for c in front.choices(step, game.view(0))]
    assert notes == [t("play.note.no_effect"), ""] and t("play.note.no_effect") == "no effect now"
