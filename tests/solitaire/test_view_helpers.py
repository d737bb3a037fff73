"""SolitaireView.sure_loss and SolitaireView.kept: what the view alone says about an action, checked against what
the engine does when the action is pushed."""

from __future__ import annotations

import pytest

from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset
from loveletter.solitaire import events as ev
from loveletter.solitaire.actions import Action, Choose, Play
from loveletter.solitaire.bot import make_solitaire_bot
from loveletter.solitaire.events import EndReason

from .support import play, sol


def lost_at_once(game: SolitaireGame, action: Action) -> EndReason | None:
    """Why pushing ``action`` (on a copy) ends the game in a loss before the retinue moves, if it does."""
    for event in game.state.copy().apply(action):
        if isinstance(event, ev.TurnStarted) and event.side == "retinue":
            return None
        if isinstance(event, ev.GameEnded):
            return event.reason if event.outcome == "loss" else None
    return None


def judged(game: SolitaireGame) -> dict[str, EndReason | None]:
    """``sure_loss`` for every legal action, after checking each against the engine."""
    view = game.view()
    verdicts: dict[str, EndReason | None] = {}
    for action in game.legal_actions():
        verdict = view.sure_loss(action)
        if verdict is not None:
            assert lost_at_once(game, action) == verdict, action
        verdicts[str(action)] = verdict
    return verdicts


def d13_before_the_king() -> SolitaireGame:
    """The retinue's King is about to swap the princess with the player's hand card or agent."""
    game = sol(
        ["Countess", "Priest", "Priest", "King", "Baron", "Baron"],
        hand="Guard",
        agent="Prince",
        draws=["Guard", "Guard", "Handmaid", "Guard"],
    )
    play(game, "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron", "draw", "Handmaid", "draw", "Guard>Q4=Priest")
    return game


def test_the_princess_in_the_hand_surely_loses_when_played_or_discarded() -> None:
    game = d13_before_the_king()
    play(game, "choose hand", "draw")
    assert game.view().hand == ("Princess", "Prince")
    assert judged(game) == {
        "Princess": "princess_played",
        "Prince>Q7": None,
        "Prince>hand": "princess_discarded",
        "Prince>agent": None,
    }


def test_the_princess_as_the_agent_surely_loses_when_played_or_discarded() -> None:
    game = d13_before_the_king()
    play(game, "choose agent", "draw")
    assert game.view().agent == "Princess" and game.view().hand == ("Guard", "Prince")
    assert judged(game) == {
        "Guard>Q7": None,
        "Prince>Q7": None,
        "Prince>hand": None,
        "Prince>agent": "princess_discarded",
    }
    game = d13_before_the_king()
    play(game, "choose agent", "agent")
    assert judged(game) == {"Princess": "princess_played"}


@pytest.mark.parametrize("flag", ["replace", "remove", "replace_if_possible"])
def test_a_prince_needing_a_replacement_from_an_empty_pile(flag: str) -> None:
    game = sol(
        ["Handmaid", "Priest", "Countess", "Handmaid", "Priest", "King"],
        hand="Prince",
        agent="Guard",
        draws=["Baron", "Guard", "Baron", "Guard", "Guard", "Guard", "Prince"],
        sol_prince_queue=flag,
    )
    play(game, "draw", "Prince>hand", "draw", "Baron", "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Priest")
    play(game, "draw", "Guard", "draw")
    assert game.view().draw_size == 0
    verdicts = judged(game)
    # A queue card needs a replacement only under "replace"; the player's own cards always do.
    assert verdicts["Prince>Q6"] == ("draw_pile_empty" if flag == "replace" else None)
    assert verdicts["Prince>hand"] == verdicts["Prince>agent"] == "draw_pile_empty"
    assert lost_at_once(game, game.parse("Prince>Q6")) == verdicts["Prince>Q6"]
    assert {a for a, v in verdicts.items() if v is not None} <= {"Prince>Q6", "Prince>hand", "Prince>agent"}


def test_sure_loss_matches_the_engine_over_random_games() -> None:
    """Every princess or Prince play that loses at once is foreseen, an answer to "hand or agent?" is called a
    sure loss only when it is one (``judged`` checks), and no other action is ever called a sure loss (a Baron
    play is a gamble, not a foreseen loss)."""
    rs = load_solitaire_ruleset()
    foreseen: set[EndReason] = set()
    for seed in range(40):
        bot = make_solitaire_bot("easy" if seed % 2 else "random", seed=seed)  # the easy bot lives longer
        game = SolitaireGame(rs, seed=seed)
        while not game.over:
            verdicts = judged(game)
            for action in game.legal_actions():
                effect = rs.effect(action.card) if isinstance(action, Play) else None
                if effect in ("princess", "prince"):
                    assert verdicts[str(action)] == lost_at_once(game, action), (seed, action)
                elif not isinstance(action, Choose):
                    assert verdicts[str(action)] is None, (seed, action)
            foreseen.update(v for v in verdicts.values() if v is not None)
            game.push(bot.choose(game.view()))
    assert {"draw_pile_empty", "guard_hit"} <= foreseen  # the random games reach the interesting cases


def test_a_known_card_struck_by_the_retinues_guard_is_a_sure_loss() -> None:
    game = sol(["Guard"], hand="Countess", agent="Baron", draws=["Priest"])
    play(game, "draw", "Priest>Q2")
    assert game.view().threat is not None
    # The hand card is known: struck, it loses; the face-down agent survives unless the Guard names it.
    assert judged(game) == {"choose hand": "guard_hit", "choose agent": None}


def test_kept_is_the_hand_without_the_card_being_played() -> None:
    game = sol(["Priest"], hand="Guard", agent="Baron", draws=["Guard", "Handmaid"])
    view = game.view()
    assert view.kept("Guard") == ("Guard",) and view.kept(None) == ("Guard",)  # one card: nothing leaves yet
    play(game, "draw")
    view = game.view()
    assert view.hand == ("Guard", "Guard") and view.kept("Guard") == ("Guard",)  # one copy only
    assert view.kept(None) == ("Guard", "Guard")
    play(game, "Guard>Q1=Baron", "agent")
    view = game.view()
    assert view.playing == "Baron" and view.kept("Baron") == view.hand  # the flipped agent leaves the hand alone
