"""docs/rules.md §7.1 A-S*: deck, setup and turn flow (2019; the classic rulesets where the cards exist)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from loveletter.engine import Game, SetupError, load_ruleset, stacked_deck
from loveletter.engine.events import (
    ChancellorDrew,
    Dealt,
    Drew,
    Event,
    ProtectionEnded,
    ReturnedToDeck,
    RoundStarted,
    TurnStarted,
)
from tests.engine.scenario import AB, at_deck, coast, of_type, swept_game, targets_of
from tests.support import deal, play

#: docs/rules.md §3.1: value and copies of every 2019 card.
CARDS_2019 = {
    "Princess": (9, 1),
    "Countess": (8, 1),
    "King": (7, 1),
    "Chancellor": (6, 2),
    "Prince": (5, 2),
    "Handmaid": (4, 2),
    "Baron": (3, 2),
    "Priest": (2, 2),
    "Guard": (1, 6),
    "Spy": (0, 2),
}
#: docs/rules.md §2.1: cards left in the deck once the round is dealt (before the first draw).
DECK_AFTER_SETUP = {
    "2019": {2: 15, 3: 17, 4: 16, 5: 15, 6: 14},
    "classic": {2: 10, 3: 12, 4: 11},
    "original2012": {2: 10, 3: 12, 4: 11},
}
#: docs/rules.md §2.1 / §3.3: face-down and (two players) face-up set-aside cards.
FACE_DOWN = 1
FACE_UP_TWO_PLAYERS = 3


def all_cards(game: Game) -> Counter[str]:
    """Every card of the round wherever it is: set aside, face up, hands, discard piles, deck."""
    s = game.state
    cards: Counter[str] = Counter(s.face_up)
    if s.set_aside is not None:
        cards[s.set_aside] += 1
    for seat in range(s.n):
        cards.update(s.hands[seat])
        cards.update(s.discards[seat])
    cards.update(s.deck)
    return cards


@pytest.mark.parametrize("players", range(2, 7))
def test_A_S1_the_2019_deck_has_21_cards_with_the_rulebook_counts(players: int) -> None:
    rs = load_ruleset("2019")
    mode = rs.mode_for(players)
    assert dict(mode.copies) == {card: copies for card, (_, copies) in CARDS_2019.items()}
    assert {card: rs.value(card) for card in mode.copies} == {card: value for card, (value, _) in CARDS_2019.items()}
    assert mode.deck_size == sum(copies for _, copies in CARDS_2019.values()) == 21
    assert set(mode.values) == set(range(10))
    game = Game(rs, players, seed=players)
    assert all_cards(game) == Counter(mode.deck())


@pytest.mark.parametrize(("ruleset", "players"), [(name, n) for name, table in DECK_AFTER_SETUP.items() for n in table])
def test_A_S2_set_aside_cards_and_deck_size_after_setup(ruleset: str, players: int) -> None:
    game = Game(ruleset, players, seed=11)
    started = of_type(game.log, RoundStarted)[0]
    expected_face_up = FACE_UP_TWO_PLAYERS if players == 2 else 0
    assert len(started.face_up) == expected_face_up
    assert started.deck_size == DECK_AFTER_SETUP[ruleset][players]
    deck_size = game.ruleset.mode_for(players).deck_size
    # What is not in the deck, face up or dealt is the one face-down set-aside card.
    assert deck_size - started.deck_size - expected_face_up - players == FACE_DOWN
    assert game.state.set_aside is not None
    for seat in range(players):
        view = game.view(seat)
        assert view.face_up == started.face_up
        assert view.deck_size == started.deck_size - 1  # the first player has drawn
        assert view.set_aside_taken_by is None


@pytest.mark.parametrize(("ruleset", "players"), [("2019", 1), ("2019", 7), ("2019", 8), ("classic", 1)])
def test_A_S3_player_counts_outside_the_range_are_rejected(ruleset: str, players: int) -> None:
    with pytest.raises(SetupError, match=f"not {players}"):
        Game(ruleset, players, seed=1)


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("first_player", [0, 2])
def test_A_S4_one_card_each_and_the_first_player_draws_a_second(ruleset: str, first_player: int) -> None:
    players = 3
    game = Game(ruleset, players, seed=5, first_player=first_player)
    assert game.decider == first_player
    for seat in range(players):
        view = game.view(seat)
        assert len(view.hand) == (2 if seat == first_player else 1)
        assert [sv.hand_size for sv in view.seats] == [2 if p == first_player else 1 for p in range(players)]
        dealt = of_type(game.log_for(seat), Dealt)
        assert [(e.seat, e.card) for e in dealt] == [(seat, view.hand[0])]


@pytest.mark.parametrize("ruleset", AB)
def test_A_S5_turn_order_skips_knocked_out_players(ruleset: str) -> None:
    game = deal(ruleset, 4, hands=["Priest", "Baron", "Handmaid", "Priest"], draws=["Guard", "Guard", "Guard"])
    events = play(game, "Guard>1=Baron")
    assert not game.view(1).seats[1].in_round
    assert [e.seat for e in of_type(events, TurnStarted)] == [2]
    events = play(game, "Guard>0=Princess", "Guard>0=King")
    assert [e.seat for e in of_type(events, TurnStarted)] == [3, 0]
    assert 1 not in targets_of(game.legal_actions(), "Priest")


@pytest.mark.parametrize("ruleset", AB)
def test_A_S5_seat_order_never_changes_between_rounds(ruleset: str) -> None:
    players = 4
    game = swept_game(ruleset, players, winner=2)
    assert game.state.next_first == (2,)
    deck = stacked_deck(
        game.ruleset, players, hands=["Countess", "King", "Princess", "Baron"], draws=["Guard"] * 5, first_player=2
    )
    events = game.next_round(deck=deck, first_player=2)
    started = of_type(events, RoundStarted)[0]
    assert started.seats == tuple(range(players)) and started.first_player == 2
    events += play(game, "Guard>3=Priest", "Guard>0=Priest", "Guard>1=Priest", "Guard>2=Priest")
    assert [e.seat for e in of_type(events, TurnStarted)] == [2, 3, 0, 1, 2]


@pytest.mark.parametrize("ruleset", AB)
def test_A_S6_protection_lasts_until_the_protected_players_own_next_turn(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Priest", "Priest"], draws=["Handmaid", "Guard", "Guard", "Guard"])
    events = play(game, "Handmaid")
    for seat in range(3):
        assert game.view(seat).seats[0].protected
    assert game.decider == 1 and targets_of(game.legal_actions(), "Guard") == {2}
    events = play(game, "Guard>2=Princess")
    # Still protected on the last turn of the round-robin.
    assert game.decider == 2 and targets_of(game.legal_actions(), "Guard") == {1}
    assert not of_type(events, ProtectionEnded)
    events = play(game, "Guard>1=Princess")
    # It ends as seat 0's own turn starts, before the draw.
    ended = of_type(events, ProtectionEnded)
    assert [e.seat for e in ended] == [0]
    assert events.index(ended[0]) < events.index(of_type(events, TurnStarted)[0])
    for seat in range(3):
        assert not game.view(seat).seats[0].protected
    play(game, "Guard>1=Princess")
    assert targets_of(game.legal_actions(), "Priest") == {0, 2}


@pytest.mark.parametrize("ruleset", AB)
def test_A_S6_protection_ends_with_the_round(ruleset: str) -> None:
    game = deal(ruleset, 2, hands=["Guard", "Princess"], draws=["Handmaid", "Guard"])
    play(game, "Handmaid", "Princess")
    assert game.round_over
    # docs/rules.md §3.6: protection ends at the protected player's next turn or when the round ends.
    for seat in range(2):
        assert not game.view(seat).seats[0].protected
    events = game.next_round()
    assert not any(sv.protected for sv in game.view(0).seats)
    assert not of_type(events, ProtectionEnded)


@pytest.mark.parametrize("ruleset", AB)
def test_A_S7_the_round_ends_once_the_last_card_is_drawn_and_played(ruleset: str) -> None:
    game = deal(
        ruleset,
        2,
        hands=["Prince", "Priest"],
        face_up=["Princess", "King", "Baron"],
        set_aside="Prince",
        draws=["Handmaid", "Baron"],  # seat 1 draws the Baron while seat 0 is protected
    )
    coast(game, at_deck(0))
    assert game.view(0).deck_size == 0 and not game.round_over
    events = coast(game)
    assert game.round_over and game.result is not None and game.result.reason == "deck_out"
    assert not of_type(events, TurnStarted)
    # Every card of the deck was drawn at the start of a turn: one turn per card.
    assert len(of_type(game.log, TurnStarted)) == DECK_AFTER_SETUP[ruleset][2]


def _check_deck_counts(events: list[Event], size: int) -> int:
    """Follow the deck size through ``events``; every turn must start with a card to draw."""
    for event in events:
        if isinstance(event, RoundStarted):
            size = event.deck_size
        elif isinstance(event, TurnStarted):
            assert size >= 1, "a turn started with an empty deck"
            size -= 1
        elif isinstance(event, Drew) and not event.from_set_aside:
            size -= 1
        elif isinstance(event, ChancellorDrew):
            size -= event.count
        elif isinstance(event, ReturnedToDeck):
            size += event.count
    return size


@pytest.mark.parametrize("ruleset", AB)
def test_A_S7_no_turn_ever_starts_with_an_empty_deck(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    rng = random.Random(7)
    for players in range(rs.min_players, rs.max_players + 1):
        for seed in range(3):
            game = Game(rs, players, seed=seed)
            size = _check_deck_counts(game.log, 0)
            while not game.over:
                events = game.next_round() if game.round_over else game.push(rng.choice(game.legal_actions()))
                size = _check_deck_counts(events, size)
                assert size == game.view(0).deck_size


def test_stacked_deck_helper_deals_in_turn_order() -> None:
    # A guard for the other tests: the stacked deck deals hands[i] to seat i and draws in the given order.
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 3, hands=["Guard", "Priest", "Baron"], draws=["King"], set_aside="Spy", first_player=1)
    game = Game(rs, 3, deck=deck, first_player=1)
    assert [game.view(p).hand[0] for p in range(3)] == ["Guard", "Priest", "Baron"]
    assert game.view(1).hand == ("Priest", "King")
