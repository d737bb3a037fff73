"""docs/rules.md §7.5: every solitaire edge case D-1 .. D-23, from stacked layouts, named by case ID.

Layouts list the retinue Q1..Q6, the hand card, the secret agent and the top of the draw pile; turn numbers in
the comments count the player's turns (T1, T2, ...), each followed by one retinue turn.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loveletter.engine.errors import IllegalActionError
from loveletter.solitaire import (
    Choose,
    Draw,
    Phase,
    Play,
    PlayAgent,
    QueueCard,
    SolitaireGame,
    Threat,
    load_solitaire_ruleset,
)
from loveletter.solitaire import events as ev
from tests.solitaire.support import legal, one, only, play, shown, sol, threat

RS = load_solitaire_ruleset()

# ------------------------------------------------------------------------------------------------- setup


def test_D_1_setup_princess_last_six_face_down_hand_agent_seven_to_draw_no_set_aside() -> None:
    game = SolitaireGame(seed=11)
    state, view = game.state, game.view()
    assert state.queue[6] == "Princess" and state.up == [False] * 6 + [True]
    assert [q.slot for q in view.queue] == [1, 2, 3, 4, 5, 6, 7]
    assert [q.card for q in view.queue] == [None] * 6 + ["Princess"]
    assert len(view.hand) == 1 and view.agent_state == "face_down" and view.agent is None
    assert view.draw_size == 7 and view.discards == ()
    # No set-aside card: the princess, 6 + 1 + 1 + 7 dealt cards make the whole 16-card deck.
    assert state.all_cards() == Counter(RS.deck()) and RS.deck_size == 16
    assert SolitaireGame(seed=11).layout == game.layout
    assert len({SolitaireGame(seed=s).layout for s in range(20)}) == 20


def test_D_1_layout_is_dealt_in_the_documented_order() -> None:
    layout = ["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Guard"]
    layout += ["Baron", "Priest", "Handmaid", "Prince", "Guard", "Guard", "Guard"]
    game = SolitaireGame(layout=layout)
    assert game.state.queue == [*layout[:6], "Princess"]
    assert game.state.hand == ["Countess"] and game.state.agent == "Guard"
    events = game.push("draw")
    assert one(events, ev.Drew) == ev.Drew("Baron", 6)  # the first card after the agent is the top of the pile
    assert game.state.draw == layout[9:]


def test_D_1_a_bad_layout_is_refused_in_one_line() -> None:
    from loveletter.engine.errors import SetupError

    with pytest.raises(SetupError, match="too many: 1 Princess; missing: 1 Guard"):
        SolitaireGame(
            layout=["Princess"]
            + ["Guard"] * 4
            + ["Priest"] * 2
            + ["Baron"] * 2
            + ["Handmaid"] * 2
            + ["Prince"] * 2
            + ["King", "Countess"]
        )


def test_D_2_player_always_starts_and_never_sees_the_agent() -> None:
    for seed in range(30):
        game = SolitaireGame(seed=seed)
        assert isinstance(game.log[1], ev.TurnStarted) and game.log[1] == ev.TurnStarted("player", 1)
        assert game.phase is Phase.TURN
        assert game.view().agent is None
    # Two layouts that differ only in the agent give the same view.
    a = sol(["Guard"] * 5 + ["Baron"], hand="Priest", agent="King", draws=["Countess"])
    b = sol(["Guard"] * 5 + ["Baron"], hand="Priest", agent="Countess", draws=["King"])
    assert a.view() == b.view()
    play(a, "draw")
    play(b, "draw")
    assert a.view() != b.view()  # the drawn card differs: views do tell what the player can see


# ------------------------------------------------------------------------------------------ turn options


def test_D_3_playing_the_agent_instead_of_drawing_empties_the_slot_then_a_guard_hits_the_hand() -> None:
    game = sol(["Guard", "Priest", "Priest", "Baron", "Baron", "King"], hand="Prince", agent="Countess")
    events = play(game, "agent")
    assert one(events, ev.AgentFlipped) == ev.AgentFlipped("Countess", was_face_up=False)
    view = game.view()
    assert view.agent_state == "empty" and view.playing == "Countess" and view.draw_size == 7
    assert view.hand == ("Prince",)
    assert legal(game) == {"Countess"}
    events = play(game, "Countess")
    assert one(events, ev.Played) == ev.Played("Countess", None, None, None, from_agent=True)
    # The retinue's Guard (Q1) must take the hand: there is no agent, so no question is asked.
    assert one(events, ev.RetinueTargeted) == ev.RetinueTargeted("Guard", "hand", automatic=True)
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "hand", "Prince", True, automatic=True)
    assert (game.outcome, game.reason) == ("loss", "guard_hit")
    assert game.view().agent_state == "empty"


# A layout where the draw pile runs out: two Prince replacements and five draws use all seven cards.
D4_QUEUE = ["Handmaid", "Priest", "Countess", "Handmaid", "Priest", "King"]
D4_DRAWS = ["Baron", "Prince", "Baron", "Guard", "Guard", "Guard", "Guard"]


def test_D_4_empty_draw_pile_with_an_agent_the_agent_must_be_played() -> None:
    game = sol(D4_QUEUE, hand="Prince", agent="Guard", draws=D4_DRAWS)
    play(game, "draw", "Prince>hand")  # T1: the Baron drawn is discarded, the second Prince replaces it
    assert game.view().draw_size == 5 and game.view().queue_protected  # the retinue played its Handmaid
    play(game, "draw", "Prince>hand")  # T2: the queue is protected, so the Prince takes the player's own card
    play(game, "draw", "Guard>Q6=Priest")  # T3: a miss, the King at Q6 is face up
    play(game, "draw", "Guard>Q5=Baron")  # T4: a miss on the Priest
    play(game, "draw", "Guard")  # T5: the queue is protected, the Guard has no effect
    view = game.view()
    assert view.draw_size == 0 and view.agent_state == "face_up" and not game.over
    assert game.legal_actions() == (PlayAgent(),)
    with pytest.raises(IllegalActionError):
        game.push(Draw())


def test_D_4_empty_draw_pile_without_an_agent_is_a_loss() -> None:
    game = sol(D4_QUEUE, hand="Prince", agent="Guard", draws=D4_DRAWS)
    play(game, "agent", "Guard>Q5=Baron")  # T1: the agent is played (the pile is untouched)
    play(game, "draw", "Prince>hand")  # T2
    play(game, "draw", "Prince>hand")  # T3
    play(game, "draw", "Guard>Q4=Priest")  # T4: a miss on the Handmaid
    play(game, "draw", "Guard")  # T5: protected queue
    assert game.view().draw_size == 1
    events = play(game, "draw", "Guard>Q6=Priest")  # T6: the last card is drawn; the King is face up
    # The retinue's King takes the hand (no agent) and swaps it with the princess; then the player's turn
    # starts with nothing to draw and no agent.
    assert one(events, ev.Swapped) == ev.Swapped("retinue", "hand", 7, "Princess", "Guard")
    assert events[-2:] == [ev.TurnStarted("player", 13), ev.GameEnded("loss", "draw_pile_empty")]


def test_D_5_the_retinue_plays_its_leftmost_card_face_up_onto_the_shared_discard_pile() -> None:
    game = sol(
        ["Countess", "Handmaid", "Priest", "Baron", "Guard", "King"],
        hand="Priest",
        agent="Guard",
        draws=["Guard", "Prince"],
    )
    events = play(game, "draw", "Priest>Q3")  # T1: reveal Q3 (the Priest)
    assert one(events, ev.RetinuePlayed) == ev.RetinuePlayed(1, "Countess", was_face_up=False)
    assert game.view().discards == ("Priest", "Countess")
    events = play(game, "draw", "Guard>Q4=Priest")  # T2: a miss, Q4 is the Baron
    assert one(events, ev.RetinuePlayed) == ev.RetinuePlayed(2, "Handmaid", was_face_up=False)
    assert game.view().discards == ("Priest", "Countess", "Guard", "Handmaid")
    assert [q.slot for q in game.view().queue] == [3, 4, 5, 6, 7]
    assert game.view().queue[0].card == "Priest"


# ---------------------------------------------------------------------------------------- retinue cards


def test_D_6_opponent_guard_on_the_hand_always_hits() -> None:
    game = sol(
        ["Guard"] + ["Priest"] * 2 + ["Baron"] * 2 + ["King"], hand="Handmaid", agent="Countess", draws=["Prince"]
    )
    events = play(game, "draw", "Prince>Q2")
    assert game.phase is Phase.CHOOSE and game.view().threat is not None
    assert set(game.legal_actions()) == {Choose("hand"), Choose("agent")}
    events = play(game, "choose hand")
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "hand", "Handmaid", True, automatic=True)
    assert (game.outcome, game.reason) == ("loss", "guard_hit")


def test_D_6_opponent_guard_on_a_face_up_agent_always_hits() -> None:
    game = sol(
        ["Handmaid", "Guard", "Priest", "Baron", "Baron", "King"], hand="Priest", agent="Countess", draws=["Prince"]
    )
    play(game, "draw", "Priest>agent")  # T1: the player looks at their own agent: it is now face up
    assert game.view().agent == "Countess"
    play(game, "draw")  # T2
    play(game, "Prince>hand")  # the Handmaid protects the queue: the Prince takes the player's hand
    events = play(game, "choose agent")
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "agent", "Countess", True, automatic=True)
    assert (game.outcome, game.reason) == ("loss", "guard_hit")


def seed_example(agent: str) -> SolitaireGame:
    """The seed's worked example: when the retinue's Guard plays, the player holds the Countess, the King is on
    the discard pile and one Prince is face up in the queue."""
    game = sol(
        ["King", "Guard", "Prince", "Guard", "Handmaid", "Baron"],
        hand="Handmaid",
        agent=agent,
        draws=["Countess", "Priest"],
    )
    events = play(game, "draw", "Handmaid")  # T1: protected, so the retinue's King (Q1) has no effect
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "King", "protected")
    play(game, "draw", "Priest>Q3")  # T2: the Prince at Q3 is now face up; the retinue plays its Guard (Q2)
    view = game.view()
    assert view.hand == ("Countess",) and "King" in view.discards and view.slot(3) is not None
    assert shown(game, 3) == "Prince"
    assert view.threat is not None and view.threat.card == "Guard"
    return game


def test_D_6_opponent_guard_on_face_down_agent_guesses_highest_unaccounted_seed_example() -> None:
    game = seed_example(agent="Baron")
    view = game.view()
    # 9, 8 and 7 are accounted for; one Prince of two is not: the retinue names the Prince.
    assert view.unseen()["Princess"] == view.unseen()["Countess"] == view.unseen()["King"] == 0
    assert view.unseen()["Prince"] == 1
    assert view.threat is not None and view.threat.guess == "Prince" and view.guard_guess() == "Prince"
    events = play(game, "choose agent")
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "agent", "Prince", False, unaccounted=1)
    # A miss turns the agent face up; the game goes on.
    assert one(events, ev.Revealed) == ev.Revealed("agent", "Baron", "Guard")
    assert game.view().agent == "Baron" and game.phase is Phase.TURN


def test_D_6_opponent_guard_guessing_the_face_down_agent_right_is_a_loss() -> None:
    game = seed_example(agent="Prince")
    events = play(game, "choose agent")
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "agent", "Prince", True, unaccounted=1)
    assert (game.outcome, game.reason) == ("loss", "guard_hit")


def test_D_7_the_guess_names_the_guard_when_only_guards_are_unaccounted() -> None:
    game = sol(
        ["Handmaid", "Countess", "Handmaid", "Baron", "Guard", "Guard"],
        hand="Priest",
        agent="Guard",
        draws=["Priest", "Baron", "Prince", "King", "Prince", "Guard", "Guard"],
    )
    play(game, "draw", "Priest>Q1")  # T1
    play(game, "draw", "Baron")  # T2: the queue is protected: no effect
    play(game, "draw", "Priest>Q6")  # T3: Q6 is a Guard
    play(game, "draw", "King")  # T4: protected again; the retinue's Baron then compares with Q5 (a Guard)
    events = play(game, "choose hand")
    assert one(events, ev.Compared) == ev.Compared("retinue", "hand", "Prince", 5, "Guard", "retinue")
    play(game, "draw", "Prince>hand")  # T5: the hand becomes a Guard from the pile
    view = game.view()
    assert {card for card, n in view.unseen().items() if n} == {"Guard"}
    assert view.threat is not None and view.threat.guess == "Guard"
    events = play(game, "choose agent")
    assert one(events, ev.Guessed) == ev.Guessed("retinue", "agent", "Guard", True, unaccounted=2)
    assert (game.outcome, game.reason) == ("loss", "guard_hit")


def test_D_8_opponent_priest_turns_the_face_down_agent_face_up() -> None:
    game = sol(
        ["Priest", "Countess", "Handmaid", "Baron", "Baron", "King"], hand="Guard", agent="Prince", draws=["Guard"]
    )
    events = play(game, "draw", "Guard>Q2=Priest")
    assert only(events, ev.Revealed) == [ev.Revealed(2, "Countess", "Guard"), ev.Revealed("agent", "Prince", "Priest")]
    assert game.view().agent_state == "face_up" and game.view().agent == "Prince"


def test_D_8_opponent_priest_without_a_face_down_agent_has_no_effect() -> None:
    game = sol(["Priest", "Countess", "Handmaid", "Baron", "Baron", "King"], hand="Guard", agent="Handmaid")
    events = play(game, "agent", "Handmaid")  # the agent is gone; the Handmaid also protects the player
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "Priest", "protected")
    game = sol(["Priest", "Countess", "Handmaid", "Baron", "Baron", "King"], hand="Guard", agent="Guard")
    events = play(game, "agent", "Guard>Q2=Priest")
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "Priest", "no_agent")


# The retinue's Baron at Q4 ends up directly before the princess: the player's Guards remove Q5 and Q6 (T1, T2),
# the retinue plays Q1 (Countess), Q2 (Handmaid) and Q3 (Priest).
D9_QUEUE = ["Countess", "Handmaid", "Priest", "Baron", "Prince", "King"]
D9_DRAWS = ["Guard", "Guard", "Priest", "Handmaid", "Guard"]


def d9_before_the_baron() -> SolitaireGame:
    game = sol(D9_QUEUE, hand="Guard", agent="Baron", draws=D9_DRAWS)
    events = play(game, "draw", "Guard>Q5=Prince", "draw", "Guard>Q6=King")
    assert only(events, ev.Discarded) == [ev.Discarded(5, "Prince", "Guard"), ev.Discarded(6, "King", "Guard")]
    play(game, "draw", "Guard")  # T3: the retinue's Handmaid protects the queue; then its Priest shows the agent
    play(game, "draw")  # T4: hand Priest + Handmaid; the Baron at Q4 is next, then the princess
    assert [q.slot for q in game.view().queue] == [4, 7]
    return game


def test_D_9_opponent_baron_against_the_princess_next_in_line_beats_the_player() -> None:
    game = d9_before_the_baron()
    events = play(game, "Priest>Q4", "choose hand")
    assert one(events, ev.Compared) == ev.Compared("retinue", "hand", "Handmaid", 7, "Princess", "player")
    assert (game.outcome, game.reason) == ("loss", "baron_lost")


def test_D_9_opponent_baron_against_the_princess_has_no_effect_on_a_protected_player() -> None:
    game = d9_before_the_baron()
    events = play(game, "Handmaid")
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "Baron", "protected")
    # The princess is alone and unprotected on the player's turn: a Guard discards her and wins (D-22).
    assert not game.view().princess_protected
    events = play(game, "draw", "Guard>Q7")
    assert events[-2:] == [ev.Discarded(7, "Princess", "Guard"), ev.GameEnded("win", "queue_empty")]


def test_D_9_opponent_baron_lower_reference_stays_face_up_in_the_queue() -> None:
    game = sol(
        ["Baron", "Guard", "Priest", "Handmaid", "King", "Countess"], hand="Prince", agent="Guard", draws=["Handmaid"]
    )
    events = play(game, "draw", "Handmaid")
    assert one(events, ev.NoEffect).reason == "protected"  # first: a protected player is not compared
    game = sol(
        ["Baron", "Guard", "Priest", "Handmaid", "King", "Countess"], hand="Prince", agent="Guard", draws=["Priest"]
    )
    play(game, "draw", "Priest>Q3")
    assert threat(game).reference == 2
    events = play(game, "choose hand")
    assert one(events, ev.Compared) == ev.Compared("retinue", "hand", "Prince", 2, "Guard", "retinue")
    view = game.view()
    assert view.queue[0].slot == 2 and view.queue[0].card == "Guard"  # the reference stays, face up
    assert view.agent_state == "face_down" and not game.over


def test_D_9_opponent_baron_tie_does_nothing_and_both_cards_stay_face_up() -> None:
    game = sol(
        ["Baron", "Priest", "Guard", "Handmaid", "King", "Countess"], hand="Guard", agent="Priest", draws=["Guard"]
    )
    play(game, "draw", "Guard>Q4=Priest")
    events = play(game, "choose agent")
    assert one(events, ev.Compared) == ev.Compared("retinue", "agent", "Priest", 2, "Priest", None)
    view = game.view()
    assert view.agent == "Priest" and shown(game, 2) == "Priest"
    assert not game.over


def test_D_9_opponent_baron_with_no_next_card_has_no_effect() -> None:
    # The player's King takes the lone princess and gives a Baron; the Baron has nothing to compare with.
    game = d18_princess_alone(give="Baron")
    events = play(game, "King>Q7/hand")
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "Baron", "no_next_card")
    assert events[-1] == ev.GameEnded("win", "queue_empty")


def test_D_10_opponent_handmaid_protects_every_queue_card_for_the_players_next_turn() -> None:
    game = sol(
        ["Handmaid", "Countess", "Priest", "Baron", "Guard", "Guard"],
        hand="Handmaid",
        agent="King",
        draws=["Priest", "Guard"],
    )
    events = play(game, "draw", "Priest>Q3")
    assert one(events, ev.Protected) == ev.Protected("retinue")
    view = game.view()
    assert view.queue_protected and all(q.protected for q in view.queue) and view.princess_protected
    play(game, "draw")  # hand: Handmaid + Guard
    assert legal(game) == {"Handmaid", "Guard"}  # the Guard has no target: it can only be played for nothing
    events = play(game, "Guard")
    assert one(events, ev.NoEffect) == ev.NoEffect("player", "Guard", "no_target")
    # The protection ends when the retinue's next turn starts.
    assert ev.ProtectionEnded("retinue") in events
    assert not game.view().queue_protected


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("Guard", {"Guard"}),
        ("Baron", {"Baron"}),
        ("King", {"King"}),
        ("Prince", {"Prince>hand", "Prince>agent"}),
        ("Priest", {"Priest>agent"}),
    ],
)
def test_D_10_under_the_retinues_handmaid_cards_have_no_queue_target(card: str, expected: set[str]) -> None:
    rest = [c for c in ("Guard", "Baron", "King", "Prince", "Priest") if c != card]
    game = sol(
        ["Handmaid", "Countess", "Guard", "Baron", "Guard", "Guard"],
        hand="Handmaid",
        agent=rest[0],
        draws=["Priest", card, *rest[1:]],
    )
    play(game, "draw", "Priest>Q3", "draw")
    assert game.view().queue_protected and game.view().hand == ("Handmaid", card)
    assert legal(game) == {"Handmaid"} | expected


def test_D_11_a_handmaid_as_the_last_retinue_card_is_lethal() -> None:
    game = sol(
        ["Countess", "Priest", "Handmaid", "King", "Prince", "Baron"],
        hand="Guard",
        agent="Priest",
        draws=["Guard", "Guard", "Guard", "Prince"],
    )
    play(game, "draw", "Guard>Q4=King", "draw", "Guard>Q5=Prince", "draw", "Guard>Q6=Baron")
    view = game.view()
    assert [q.slot for q in view.queue] == [7] and view.queue_protected and view.princess_protected
    play(game, "draw")
    assert legal(game) == {"Guard", "Prince>hand", "Prince>agent"}  # nothing can reach the princess
    events = play(game, "Guard")
    assert events[-1] == ev.GameEnded("loss", "princess_retired")


def test_D_12_opponent_prince_has_no_effect_on_a_protected_player() -> None:
    game = sol(["Prince", "Countess", "Guard", "Baron", "Guard", "Guard"], hand="Handmaid", agent="Priest")
    events = play(game, "draw", "Handmaid")
    assert one(events, ev.NoEffect) == ev.NoEffect("retinue", "Prince", "protected")


def test_D_12_opponent_prince_discards_the_chosen_card_and_refills_it() -> None:
    game = sol(
        ["Prince", "Countess", "Guard", "Baron", "Guard", "Guard"],
        hand="Handmaid",
        agent="Priest",
        draws=["Guard", "King", "Baron"],
    )
    play(game, "draw", "Guard>Q3=Priest")
    events = play(game, "choose agent")
    assert one(events, ev.Discarded) == ev.Discarded("agent", "Priest", "Prince")
    assert one(events, ev.Replaced) == ev.Replaced("agent", None, 5)  # a face-down agent: the King
    view = game.view()
    assert view.agent_state == "face_down" and game.state.agent == "King" and view.draw_size == 5
    game = sol(
        ["Prince", "Countess", "Guard", "Baron", "Guard", "Guard"],
        hand="Handmaid",
        agent="Priest",
        draws=["Guard", "King", "Baron"],
    )
    play(game, "draw", "Guard>Q3=Priest")
    events = play(game, "choose hand")
    assert one(events, ev.Discarded) == ev.Discarded("hand", "Handmaid", "Prince")
    assert one(events, ev.Replaced) == ev.Replaced("hand", "King", 5)
    assert game.view().hand == ("King",) and game.view().agent_state == "face_down"


def test_D_12_opponent_prince_with_an_empty_draw_pile_is_a_loss() -> None:
    # Six draws and one Prince replacement use the pile up just before the retinue's Prince (Q6) plays.
    game = sol(
        ["Handmaid", "Priest", "Countess", "Handmaid", "Priest", "Prince"],
        hand="Prince",
        agent="Guard",
        draws=["Baron", "Guard", "King", "Guard", "Guard", "Baron", "Guard"],
    )
    play(game, "draw", "Prince>hand")  # T1: the Baron drawn is discarded, a Guard replaces it
    play(game, "draw", "King")  # T2: the queue is protected: the King has no effect
    play(game, "draw", "Guard>Q5=Baron", "draw", "Guard>Q4=Priest")  # T3, T4: misses
    play(game, "draw", "Baron")  # T5: protected again
    play(game, "draw", "Guard>Q6=Baron")  # T6: the last card is drawn; the Prince at Q6 is shown, then plays
    assert game.view().draw_size == 0 and game.view().threat is not None
    events = play(game, "choose hand")
    assert events[-2:] == [ev.Discarded("hand", "Guard", "Prince"), ev.GameEnded("loss", "draw_pile_empty")]


def test_D_12_opponent_prince_on_a_held_princess_is_a_loss() -> None:
    game = sol(
        ["Countess", "Priest", "Priest", "Handmaid", "Baron", "Baron"],
        hand="Prince",
        agent="Guard",
        draws=["Guard", "Guard", "King"],
    )
    play(game, "agent", "Guard>Q4=Handmaid", "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron")
    play(game, "draw")
    assert game.view().hand == ("Prince", "King") and [q.slot for q in game.view().queue] == [7]
    events = play(game, "King>Q7/hand")  # the princess comes to the hand; the Prince goes to the queue
    assert one(events, ev.Swapped) == ev.Swapped("player", "hand", 7, "Princess", "Prince")
    assert one(events, ev.RetinueTargeted) == ev.RetinueTargeted("Prince", "hand", automatic=True)
    assert events[-2:] == [ev.Discarded("hand", "Princess", "Prince"), ev.GameEnded("loss", "princess_discarded")]


def d13_before_the_king() -> SolitaireGame:
    """The retinue's King (Q4) ends up directly before the princess."""
    game = sol(
        ["Countess", "Priest", "Priest", "King", "Baron", "Baron"],
        hand="Guard",
        agent="Prince",
        draws=["Guard", "Guard", "Handmaid", "Guard"],
    )
    play(game, "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron", "draw", "Handmaid")
    play(game, "draw", "Guard>Q4=Priest")  # T4: a miss shows the King
    assert threat(game).reference == 7
    return game


def test_D_13_opponent_king_with_the_princess_next_gives_her_to_the_player() -> None:
    game = d13_before_the_king()
    events = play(game, "choose agent")  # the agent (a Prince) was shown by the retinue's Priest at T2
    assert one(events, ev.Swapped) == ev.Swapped("retinue", "agent", 7, "Princess", "Prince")
    view = game.view()
    assert view.agent == "Princess" and view.agent_state == "face_up"  # she is always face up
    assert [(q.slot, q.card) for q in view.queue] == [(7, "Prince")]  # the face-up agent stays face up
    assert not view.princess_in_queue and not game.over


def test_D_13_opponent_king_swaps_with_the_next_card_keeping_faces() -> None:
    game = sol(
        ["King", "Baron", "Guard", "Handmaid", "Priest", "Countess"], hand="Priest", agent="Prince", draws=["Guard"]
    )
    play(game, "draw", "Guard>Q3=Priest")
    assert game.view().threat == Threat("retinue", "King", 2, None)
    events = play(game, "choose agent")  # face-down agent <-> face-down Baron: both stay face down
    assert one(events, ev.Swapped) == ev.Swapped("retinue", "agent", 2, None, None)
    assert game.state.agent == "Baron" and game.state.queue[1] == "Prince" and not game.state.up[1]
    assert game.view().agent_state == "face_down"
    game = sol(
        ["King", "Baron", "Guard", "Handmaid", "Priest", "Countess"], hand="Priest", agent="Prince", draws=["Guard"]
    )
    play(game, "draw", "Guard>Q3=Priest")
    events = play(game, "choose hand")  # the hand card enters the queue face up; the Baron is now known
    assert one(events, ev.Swapped) == ev.Swapped("retinue", "hand", 2, "Baron", "Priest")
    view = game.view()
    assert view.hand == ("Baron",) and view.queue[0].slot == 2 and view.queue[0].card == "Priest"


# ------------------------------------------------------------------------------------------ player cards


def test_D_14_player_guard_face_up_target_is_discarded_without_a_name() -> None:
    game = sol(
        ["Countess", "Baron", "Priest", "Handmaid", "King", "Guard"],
        hand="Guard",
        agent="Prince",
        draws=["Priest", "Guard"],
    )
    play(game, "draw", "Priest>Q5")
    play(game, "draw")
    assert "Guard>Q5" in legal(game) and not any(a.startswith("Guard>Q5=") for a in legal(game))
    events = play(game, "Guard>Q5")
    assert one(events, ev.Discarded) == ev.Discarded(5, "King", "Guard")
    assert game.view().slot(5) is None


def test_D_14_player_guard_correct_discards_wrong_turns_face_up() -> None:
    game = sol(
        ["Countess", "Baron", "Priest", "Handmaid", "King", "Guard"],
        hand="Guard",
        agent="Prince",
        draws=["Guard", "Guard"],
    )
    events = play(game, "draw", "Guard>Q5=King")
    assert one(events, ev.Guessed) == ev.Guessed("player", 5, "King", True)
    assert one(events, ev.Discarded) == ev.Discarded(5, "King", "Guard")
    events = play(game, "draw", "Guard>Q3=Baron")
    assert one(events, ev.Guessed) == ev.Guessed("player", 3, "Baron", False)
    assert one(events, ev.Revealed) == ev.Revealed(3, "Priest", "Guard")
    assert shown(game, 3) == "Priest"


def test_D_14_player_guard_cannot_name_guard_nor_hit_own_cards_nor_a_protected_princess() -> None:
    game = sol(
        ["Countess", "Baron", "Priest", "Handmaid", "King", "Guard"], hand="Guard", agent="Prince", draws=["Guard"]
    )
    play(game, "draw")
    actions = game.legal_actions()
    guards = [a for a in actions if isinstance(a, Play) and a.card == "Guard"]
    assert len(guards) == 6 * len(RS.guard_names)  # six face-down targets, seven names each
    assert all(a.named != "Guard" and isinstance(a.target, int) and a.target != 7 for a in guards)
    for text in ("Guard>Q1=Guard", "Guard>agent", "Guard>hand", "Guard>Q7", "Guard>Q7=Princess"):
        with pytest.raises(IllegalActionError):
            game.push(text)


def test_D_14_player_guard_on_the_unprotected_princess_wins() -> None:
    game = d9_before_the_baron()
    play(game, "Handmaid")
    events = play(game, "draw")
    assert "Guard>Q7" in legal(game)
    events = play(game, "Guard>Q7")
    assert only(events, ev.TurnStarted) == []  # no retinue turn: the win is immediate
    assert (game.outcome, game.reason) == ("win", "queue_empty")


def test_D_15_player_priest_reveals_a_queue_card_or_the_own_agent() -> None:
    game = sol(
        ["Countess", "Baron", "Guard", "Handmaid", "King", "Guard"],
        hand="Priest",
        agent="Prince",
        draws=["Priest", "Guard"],
    )
    play(game, "draw")
    assert "Priest>agent" in legal(game) and "Priest>hand" not in legal(game)
    events = play(game, "Priest>agent")
    assert one(events, ev.Revealed) == ev.Revealed("agent", "Prince", "Priest")
    assert game.view().agent == "Prince"
    play(game, "draw")
    events = play(game, "Priest>Q6")
    assert one(events, ev.Revealed) == ev.Revealed(6, "Guard", "Priest")
    assert game.view().slot(6) == QueueCard(6, "Guard", protected=False)


def test_D_15_face_up_cards_are_not_priest_targets() -> None:
    game = sol(
        ["Countess", "Baron", "Guard", "Handmaid", "King", "Guard"],
        hand="Priest",
        agent="Prince",
        draws=["Priest", "Guard"],
    )
    play(game, "draw", "Priest>agent", "draw")
    # The agent is face up now, and Q1 has been played: the face-down Q2..Q6 are the only targets.
    assert {a for a in legal(game) if a.startswith("Priest")} == {f"Priest>Q{i}" for i in range(2, 7)}


@pytest.mark.parametrize("reveal_first", [False, True])
def test_D_16_player_baron_lower_player_card_loses(reveal_first: bool) -> None:
    game = sol(
        ["Countess", "King", "Priest", "Handmaid", "Prince", "Guard"],
        hand="Baron",
        agent="Guard",
        draws=["Priest"],
        sol_baron_reveal_first=reveal_first,
    )
    play(game, "draw")
    if reveal_first:
        assert "Baron>Q2" in legal(game) and "Baron>Q2/hand" not in legal(game)
        events = play(game, "Baron>Q2")
        assert one(events, ev.Revealed) == ev.Revealed(2, "King", "Baron")  # shown before the player commits
        assert threat(game).by == "player"
        events += play(game, "choose hand")
    else:
        assert {"Baron>Q2/hand", "Baron>Q2/agent"} <= legal(game)
        events = play(game, "Baron>Q2/hand")
    assert one(events, ev.Compared) == ev.Compared("player", "hand", "Priest", 2, "King", "player")
    assert (game.outcome, game.reason) == ("loss", "baron_lost")


def baron(reveal_first: bool, slot: int, own: str) -> tuple[str, ...]:
    """A player's Baron in notation: one decision, or two with the reveal-first flag."""
    return (f"Baron>Q{slot}", f"choose {own}") if reveal_first else (f"Baron>Q{slot}/{own}",)


@pytest.mark.parametrize("reveal_first", [False, True])
def test_D_16_player_baron_lower_queue_card_is_discarded_and_a_tie_shows_both(reveal_first: bool) -> None:
    game = sol(
        ["Countess", "Guard", "Priest", "Handmaid", "Prince", "Guard"],
        hand="Baron",
        agent="Priest",
        draws=["King", "Baron"],
        sol_baron_reveal_first=reveal_first,
    )
    events = play(game, "draw", *baron(reveal_first, 2, "hand"))
    assert one(events, ev.Compared) == ev.Compared("player", "hand", "King", 2, "Guard", "retinue")
    assert one(events, ev.Discarded) == ev.Discarded(2, "Guard", "Baron")
    events = play(game, "draw", *baron(reveal_first, 3, "agent"))
    assert one(events, ev.Compared) == ev.Compared("player", "agent", "Priest", 3, "Priest", None)
    # Both stay: the agent face up, and the Priest at Q3, which the retinue plays next, face up.
    assert game.view().agent == "Priest"
    assert one(events, ev.RetinuePlayed) == ev.RetinuePlayed(3, "Priest", was_face_up=True)


def test_D_16_reveal_first_with_no_agent_compares_the_hand_without_asking() -> None:
    game = sol(
        ["Countess", "Guard", "Priest", "Handmaid", "Prince", "Guard"],
        hand="King",
        agent="Baron",
        sol_baron_reveal_first=True,
    )
    events = play(game, "agent", "Baron>Q2")
    assert one(events, ev.Compared) == ev.Compared("player", "hand", "King", 2, "Guard", "retinue")


@pytest.mark.parametrize(
    ("flag", "slot_after"),
    [("replace", "Baron"), ("remove", None), ("replace_if_possible", "Baron")],
)
def test_D_17_player_prince_on_a_queue_card(flag: str, slot_after: str | None) -> None:
    game = sol(
        ["Countess", "King", "Priest", "Handmaid", "Guard", "Guard"],
        hand="Prince",
        agent="Guard",
        draws=["Priest", "Baron"],
        sol_prince_queue=flag,
    )
    events = play(game, "draw", "Prince>Q2")
    assert one(events, ev.Discarded) == ev.Discarded(2, "King", "Prince")
    if slot_after is None:
        assert one(events, ev.NoReplacement) == ev.NoReplacement(2, "flag")
        assert game.view().slot(2) is None
    else:
        assert one(events, ev.Replaced) == ev.Replaced(2, None, 5)  # face down, in the same place
        assert game.state.queue[1] == slot_after and game.view().slot(2) == game.view().queue[0]
        assert game.view().queue[0].card is None


def test_D_17_player_prince_on_the_unprotected_princess_wins() -> None:
    game = sol(
        ["Countess", "Priest", "Priest", "Handmaid", "Baron", "Baron"],
        hand="Guard",
        agent="Guard",
        draws=["Guard", "Guard", "Prince"],
    )
    play(game, "agent", "Guard>Q4=Handmaid", "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron", "draw")
    events = play(game, "Prince>Q7")
    assert events[-3:] == [
        ev.Discarded(7, "Princess", "Prince"),
        ev.NoReplacement(7, "princess"),
        ev.GameEnded("win", "queue_empty"),
    ]


@pytest.mark.parametrize("flag", ["replace", "remove", "replace_if_possible"])
def test_D_17_player_prince_needing_a_replacement_from_an_empty_pile(flag: str) -> None:
    game = sol(
        D4_QUEUE,
        hand="Prince",
        agent="Guard",
        draws=["Baron", "Guard", "Baron", "Guard", "Guard", "Guard", "Prince"],
        sol_prince_queue=flag,
    )
    play(game, "draw", "Prince>hand")  # T1: one replacement ...
    play(game, "draw", "Baron", "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Priest", "draw", "Guard")
    play(game, "draw")  # ... and six draws: T6 takes the last card, the second Prince
    assert game.view().draw_size == 0 and "Prince>Q6" in legal(game)
    events = play(game, "Prince>Q6")
    assert one(events, ev.Discarded) == ev.Discarded(6, "King", "Prince")
    if flag == "replace":
        assert events[-1] == ev.GameEnded("loss", "draw_pile_empty")
    else:
        assert one(events, ev.NoReplacement) == ev.NoReplacement(6, "flag" if flag == "remove" else "empty_pile")
        assert game.view().slot(6) is None


def test_D_17_player_prince_on_the_own_hand_or_agent() -> None:
    game = sol(
        ["Countess", "King", "Priest", "Handmaid", "Guard", "Guard"],
        hand="Prince",
        agent="Guard",
        draws=["Priest", "Baron", "Handmaid"],
    )
    events = play(game, "draw", "Prince>agent")
    assert one(events, ev.Discarded) == ev.Discarded("agent", "Guard", "Prince")
    assert one(events, ev.Replaced) == ev.Replaced("agent", None, 5)
    assert game.view().agent_state == "face_down" and game.state.agent == "Baron"
    events = play(game, "draw")
    assert game.view().hand == ("Priest", "Handmaid")


def d18_princess_alone(give: str) -> SolitaireGame:
    """The princess alone and unprotected on the player's turn, who holds the King and ``give``."""
    game = sol(
        ["Countess", "Priest", "Priest", "Handmaid", "Baron", "Prince"],
        hand=give,
        agent="Guard",
        draws=["Guard", "Guard", "King"],
    )
    play(game, "agent", "Guard>Q4=Handmaid", "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Prince", "draw")
    assert game.view().hand == (give, "King") and [q.slot for q in game.view().queue] == [7]
    assert not game.view().princess_protected
    return game


def test_D_18_player_king_takes_the_unprotected_princess_then_the_retinue_plays_the_given_card() -> None:
    game = d18_princess_alone(give="Handmaid")
    events = play(game, "King>Q7/hand")
    assert one(events, ev.Swapped) == ev.Swapped("player", "hand", 7, "Princess", "Handmaid")
    assert one(events, ev.RetinuePlayed) == ev.RetinuePlayed(7, "Handmaid", was_face_up=True)
    assert events[-1] == ev.GameEnded("win", "queue_empty")


def test_D_18_the_given_card_can_still_beat_the_player() -> None:
    game = d18_princess_alone(give="Guard")
    events = play(game, "King>Q7/hand")  # the Guard goes to the queue; the hand (the princess) is known
    assert one(events, ev.RetinueTargeted) == ev.RetinueTargeted("Guard", "hand", automatic=True)
    assert events[-1] == ev.GameEnded("loss", "guard_hit")


def test_D_18_player_king_trades_a_face_up_agent_for_a_face_down_queue_card() -> None:
    game = sol(
        ["Countess", "Baron", "Priest", "Handmaid", "Guard", "Guard"], hand="Priest", agent="Prince", draws=["King"]
    )
    play(game, "draw", "Priest>agent")
    play(game, "draw")  # hand: King + the next card
    events = play(game, "King>Q3/agent")
    assert one(events, ev.Swapped) == ev.Swapped("player", "agent", 3, None, "Prince")
    view = game.view()
    assert view.agent_state == "face_down" and game.state.agent == "Priest"
    assert shown(game, 3) == "Prince"


def test_D_18_player_king_gives_the_hand_card_face_up() -> None:
    game = sol(
        ["Countess", "Baron", "Priest", "Handmaid", "Guard", "Guard"], hand="Handmaid", agent="Prince", draws=["King"]
    )
    events = play(game, "draw", "King>Q4/hand")
    assert one(events, ev.Swapped) == ev.Swapped("player", "hand", 4, "Handmaid", "Handmaid")
    assert game.view().hand == ("Handmaid",) and shown(game, 4) == "Handmaid"


def test_D_19_countess_is_forced_with_king_or_prince_in_hand_but_not_by_the_agent() -> None:
    for other in ("King", "Prince"):
        game = sol(["Guard"] * 5 + ["Baron"], hand="Countess", agent="Priest", draws=[other])
        play(game, "draw")
        assert legal(game) == {"Countess"}
    game = sol(["Guard"] * 5 + ["Baron"], hand="Countess", agent="King", draws=["Handmaid"])
    play(game, "agent")
    assert game.view().playing == "King" and "King>Q1/hand" in legal(game)  # the agent's King may be played
    game = sol(["Guard"] * 5 + ["Baron"], hand="Prince", agent="Countess", draws=["Handmaid"])
    play(game, "draw")
    assert "Prince>Q1" in legal(game)  # a face-down Countess agent forces nothing


def test_D_20_player_playing_the_princess_loses() -> None:
    game = d13_before_the_king()
    play(game, "choose agent")  # the princess is now the face-up agent
    events = play(game, "agent")
    assert legal(game) == {"Princess"}
    events = play(game, "Princess")
    assert events[-1] == ev.GameEnded("loss", "princess_played")


def test_D_20_player_prince_on_the_held_princess_loses() -> None:
    game = d13_before_the_king()
    play(game, "choose hand")  # the princess comes to the hand
    assert game.view().hand == ("Princess",)
    play(game, "draw")
    assert game.view().hand == ("Princess", "Prince")
    events = play(game, "Prince>hand")
    assert events[-2:] == [ev.Discarded("hand", "Princess", "Prince"), ev.GameEnded("loss", "princess_discarded")]


def test_D_21_emptying_the_retinue_by_the_players_own_action_loses() -> None:
    game = sol(
        ["Countess", "Priest", "Priest", "Handmaid", "Baron", "Baron"],
        hand="Guard",
        agent="Guard",
        draws=["Guard", "Guard", "Guard"],
    )
    play(game, "agent", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron", "draw", "Guard>Q4=Priest")
    assert [q.slot for q in game.view().queue] == [4, 7]
    events = play(game, "draw", "Guard>Q4")  # the player removes the last retinue card ...
    assert one(events, ev.Discarded) == ev.Discarded(4, "Handmaid", "Guard")
    # ... but the princess cannot be reached in the same turn: the retinue's turn starts with her.
    assert events[-2:] == [ev.TurnStarted("retinue", 8), ev.GameEnded("loss", "princess_retired")]


def test_D_22_win_is_checked_after_the_retinues_last_card() -> None:
    game = d13_before_the_king()
    play(game, "choose agent")  # the queue holds only the player's old agent, a face-up Prince
    events = play(game, "draw", "Prince>hand")
    assert one(events, ev.RetinuePlayed) == ev.RetinuePlayed(7, "Prince", was_face_up=True)
    assert game.view().threat is not None and not game.over  # the Prince still resolves first
    events = play(game, "choose hand")
    assert events[-3:] == [
        ev.Discarded("hand", "Handmaid", "Prince"),
        ev.Replaced("hand", "Guard", 0),
        ev.GameEnded("win", "queue_empty"),
    ]


@pytest.mark.parametrize(("flag", "won"), [("replace", False), ("remove", True), ("replace_if_possible", False)])
def test_D_22_a_prince_discard_and_its_replacement_are_one_step(flag: str, won: bool) -> None:
    game = sol(
        ["Countess", "Priest", "Priest", "King", "Baron", "Baron"],
        hand="Guard",
        agent="Prince",
        draws=["Guard", "Guard", "Handmaid", "Guard", "Prince"],
        sol_prince_queue=flag,
    )
    play(game, "draw", "Guard>Q5=Baron", "draw", "Guard>Q6=Baron", "draw", "Handmaid", "draw", "Guard>Q4=Priest")
    play(game, "choose agent")  # the queue: only the player's old agent (a Prince) at Q7
    events = play(game, "draw", "Prince>Q7")
    assert events[:3] == [
        ev.Drew("Prince", 2),
        ev.Played("Prince", 7, None, None, False),
        ev.Discarded(7, "Prince", "Prince"),
    ]
    if won:  # removed: the queue is empty at once
        assert events[3:] == [ev.NoReplacement(7, "flag"), ev.GameEnded("win", "queue_empty")]
    else:  # replaced in the same step: no win yet; the retinue plays the replacement (a Handmaid) first
        assert events[3:6] == [
            ev.Replaced(7, None, 1),
            ev.TurnStarted("retinue", 10),
            ev.RetinuePlayed(7, "Handmaid", False),
        ]
        assert events[-1] == ev.GameEnded("win", "queue_empty")


def test_D_23_same_seed_and_decisions_give_the_same_game() -> None:
    for seed in range(25):
        rng = random.Random(seed)
        game = SolitaireGame(seed=seed)
        while not game.over:
            game.push(rng.choice(game.legal_actions()))
        again = SolitaireGame(seed=seed)
        for action in game.actions:
            again.push(str(action))
        assert again.log == game.log and again.view() == game.view()
        replayed = SolitaireGame.replay(game.layout, game.actions)
        assert replayed.log == game.log and replayed.state.discards == game.state.discards
