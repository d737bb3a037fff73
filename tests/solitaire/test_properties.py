"""Random-game invariants: cards are conserved, every game ends in a win or a loss, the player's view and log
never reveal a hidden card, views agree with the shared-knowledge card count, every legal action round-trips
through the notation. Every flag value is played."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from loveletter.solitaire import Phase, SolitaireGame, SolitaireState, load_solitaire_ruleset, parse_action
from loveletter.solitaire import events as ev
from tests.solitaire.support import redeal_hidden

GAMES = 150  # per flag setting; a game is about 15 decisions
MAX_ACTIONS = 100  # a game has at most 7 draws, 7 retinue cards and a few extra decisions
RS = load_solitaire_ruleset()
FLAG_SETTINGS: list[dict[str, object]] = [
    {},
    {"sol_prince_queue": "remove"},
    {"sol_prince_queue": "replace_if_possible", "sol_baron_reveal_first": True},
]


def random_games(flags: dict[str, object], seed: int) -> Iterator[tuple[SolitaireGame, random.Random]]:
    """Games of the ruleset with ``flags``, each dealt and played with its own seeded random source; the
    caller plays them (yielding lets the caller check every step)."""
    rs = RS.with_flags(**flags) if flags else RS
    for i in range(GAMES):
        rng = random.Random(seed * 100_003 + i)
        yield SolitaireGame(rs, seed=rng.getrandbits(32)), rng


def check_state(state: SolitaireState) -> None:
    assert state.all_cards() == Counter(RS.deck()), "every one of the 16 cards is somewhere"
    view = state.view()
    assert view.unseen() == {card: state.unaccounted()[card] for card in RS.copies}
    for place in view.queue:
        assert place.card == (state.queue[place.slot - 1] if state.up[place.slot - 1] else None)
    assert view.agent == (state.agent if state.agent_up else None)
    assert len(view.hand) == (2 if state.phase is Phase.PLAY and state.playing is None else 1)
    if state.over:
        assert view.legal_actions == () and view.outcome in ("win", "loss")
        assert (view.outcome == "win") == (view.reason == "queue_empty")
    else:
        assert view.legal_actions and view.outcome is None


@pytest.mark.parametrize("flags", FLAG_SETTINGS, ids=["defaults", "remove", "replace_if_possible+reveal_first"])
def test_random_games_conserve_cards_and_end_in_a_win_or_a_loss(flags: dict[str, object]) -> None:
    outcomes: Counter[str] = Counter()
    for game, rng in random_games(flags, seed=1):
        check_state(game.state)
        for _ in range(MAX_ACTIONS):
            game.push(rng.choice(game.legal_actions()))
            check_state(game.state)
            if game.over:
                break
        assert game.over, "the game did not end"
        outcomes[game.outcome or ""] += 1
    assert set(outcomes) <= {"win", "loss"} and outcomes["loss"] > 0


@pytest.mark.parametrize("flags", FLAG_SETTINGS, ids=["defaults", "remove", "replace_if_possible+reveal_first"])
def test_the_view_never_shows_a_hidden_card(flags: dict[str, object]) -> None:
    """Re-deal the hidden cards in a way the player cannot tell apart: the view must not change. Then play the
    same action in both: where the views still agree afterwards, the events must agree too."""
    compared = 0
    for game, rng in random_games(flags, seed=2):
        while not game.over:
            state = game.state
            other = redeal_hidden(state, rng)
            assert other.view() == state.view()
            action = rng.choice(game.legal_actions())
            mine, theirs = state.copy(), other.copy()
            events, other_events = mine.apply(action), theirs.apply(action)
            if mine.view() == theirs.view():
                assert events == other_events, f"{action}: the log tells apart two states the view does not"
                compared += 1
            game.push(action)
    assert compared > GAMES  # the check did run


def test_every_legal_action_met_round_trips_through_the_notation() -> None:
    met: set[str] = set()
    for flags in FLAG_SETTINGS:
        for game, rng in random_games(flags, seed=3):
            while not game.over:
                for action in game.legal_actions():
                    text = str(action)
                    assert parse_action(text, RS.cards) == action
                    assert parse_action(text.lower(), RS.cards) == action
                    met.add(text)
                game.push(rng.choice(game.legal_actions()))
    # Every kind of decision was met: both turn options, both answers, and each card's forms.
    expected = ["draw", "agent", "choose hand", "choose agent", "Handmaid", "Countess", "Prince>hand"]
    expected += ["Prince>agent", "Priest>agent", "Baron>Q2/agent", "King>Q3/hand", "Baron>Q2", "Guard>Q4=Priest"]
    assert set(expected) <= met


def test_the_draw_pile_order_is_never_in_the_view() -> None:
    game = SolitaireGame(seed=5)
    other = game.state.copy()
    other.draw.reverse()
    assert other.draw != game.state.draw and other.view() == game.view()


def test_a_state_rebuilt_from_the_view_has_the_same_view_and_plays_on() -> None:
    for game, rng in random_games({}, seed=4):
        while not game.over:
            view = game.view()
            hidden = list(Counter(view.unseen()).elements())
            rng.shuffle(hidden)
            world = SolitaireState.from_view(view, hidden)
            assert world.view() == view and world.all_cards() == Counter(RS.deck())
            action = rng.choice(view.legal_actions)
            world.apply(action, record=False)
            game.push(action)


def test_rebuilding_from_a_view_needs_exactly_the_hidden_cards() -> None:
    from loveletter.engine.errors import SetupError

    view = SolitaireGame(seed=6).view()
    hidden = list(Counter(view.unseen()).elements())
    assert len(hidden) == view.hidden_places == 6 + 1 + 7
    for wrong in (hidden[:-1], [*hidden, "Guard"]):
        with pytest.raises(SetupError, match="14 hidden places"):
            SolitaireState.from_view(view, wrong)


EXPLAINED_BY = {
    "guard": (ev.Guessed, ev.NoEffect),
    "priest": (ev.Revealed, ev.NoEffect),
    "baron": (ev.Compared, ev.NoEffect),
    "handmaid": (ev.Protected,),
    "prince": (ev.Discarded, ev.NoEffect),
    "king": (ev.Swapped, ev.NoEffect),
}


def test_the_log_explains_every_retinue_card() -> None:
    """After the retinue plays a card, the log says what it did before the next turn starts: whom it targeted
    (the player's choice, or automatically), and its effect or why it had none."""
    for game, rng in random_games({}, seed=7):
        while not game.over:
            game.push(rng.choice(game.legal_actions()))
        log = game.log
        for i, event in enumerate(log):
            if not isinstance(event, ev.RetinuePlayed) or RS.effect(event.card) == "countess":
                continue
            following = []
            for later in log[i + 1 :]:
                if isinstance(later, ev.TurnStarted):
                    break
                following.append(later)
            assert any(isinstance(e, EXPLAINED_BY[RS.effect(event.card)]) for e in following), (event, following)
            if RS.effect(event.card) in ("guard", "baron", "prince", "king") and not any(
                isinstance(e, ev.NoEffect) for e in following
            ):
                assert any(isinstance(e, ev.RetinueTargeted) for e in following)
