"""docs/rules.md §7.1 A-V* and the information model of §2.6 / §3.10: what each seat may see and know."""

from __future__ import annotations

import random
from pathlib import Path
from typing import NamedTuple

import pytest

from loveletter.engine import Game, Ruleset, load_ruleset
from loveletter.engine.events import (
    ChancellorCards,
    ComparedHands,
    Dealt,
    DrewCard,
    Event,
    Guessed,
    HandsRevealed,
    Played,
    Received,
    ReturnedCards,
    RoundEnded,
    SawHand,
)
from tests.engine.scenario import (
    AB,
    TWO_BARONS_SET_ASIDE,
    coast,
    known,
    mentioning,
    of_type,
    public,
    ruleset_with,
    two_barons,
)
from tests.support import deal, play

#: Private event types and who may see each (docs/rules.md §3.10): the seat they name, or the compared pair.
PRIVATE_TYPES = (Dealt, DrewCard, SawHand, ComparedHands, Received, ChancellorCards, ReturnedCards)


def _expected_audience(event: Event) -> tuple[int, ...]:
    if isinstance(event, ComparedHands):
        return (event.seat, event.target)
    assert isinstance(event, PRIVATE_TYPES)
    return (event.seat,)


@pytest.mark.parametrize("ruleset", AB)
def test_A_V1_private_events_reach_only_their_audience_in_random_games(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    rng = random.Random(1)
    for players in range(rs.min_players, rs.max_players + 1):
        game = Game(rs, players, seed=players)
        for _ in range(3):
            while game.decider is not None:
                game.push(rng.choice(game.legal_actions()))
            if game.over:
                break
            game.next_round()
        for event in game.log:
            if isinstance(event, PRIVATE_TYPES):
                assert event.audience == _expected_audience(event), event
                for seat in range(players):
                    assert (event in game.log_for(seat)) == (seat in _expected_audience(event))
            else:
                assert event.audience is None, event
        assert all(isinstance(e, PRIVATE_TYPES) for e in game.log if e.audience is not None)


class Twin(NamedTuple):
    hands: list[str]
    draws: list[str]
    actions: list[str]


# Twins: two games that differ only in a card some seats may not know. Those seats must see exactly the same
# events and views in both (docs/rules.md §3.10: nothing private leaks into the public log or other seats' views).
TWINS: dict[str, tuple[str, list[Twin], tuple[int, ...]]] = {
    "deal": (
        "2019",
        [Twin(["Guard", c, "Priest"], ["Guard", "Guard"], ["Guard>2=Baron"]) for c in ("King", "Countess")],
        (0, 2),
    ),
    "draw": (
        "2019",
        [Twin(["Guard", "Baron", "Priest"], [c, "Guard"], ["Guard>1=Princess"]) for c in ("Handmaid", "Spy")],
        (1, 2),
    ),
    "priest": (
        "2019",
        [Twin(["Guard", c, "Baron"], ["Priest", "Guard"], ["Priest>1"]) for c in ("King", "Countess")],
        (2,),
    ),
    "baron": (
        "2019",
        [Twin([c, "Guard", "Priest"], ["Baron", "Guard"], ["Baron>1"]) for c in ("King", "Countess")],
        (2,),
    ),
    "king": (
        "2019",
        [Twin([c, "Baron", "Priest"], ["King", "Guard"], ["King>1"]) for c in ("Handmaid", "Spy")],
        (2,),
    ),
    "prince": (
        "2019",
        [Twin(["Guard", "Baron", "Priest"], ["Prince", c, "Guard"], ["Prince>1"]) for c in ("King", "Countess")],
        (0, 2),
    ),
    "chancellor": (
        "2019",
        [
            Twin(
                ["Guard", "Baron", "Priest"],
                ["Chancellor", a, b, "Guard"],
                ["Chancellor", f"keep {a} return {b},Guard"],
            )
            for a, b in (("King", "Countess"), ("Handmaid", "Spy"))
        ],
        (1, 2),
    ),
    "countess": (
        "classic",
        [Twin(["Countess", "Baron", "Priest"], [c, "Guard"], ["Countess"]) for c in ("Prince", "Guard")],
        (1, 2),
    ),
}


@pytest.mark.parametrize("case", sorted(TWINS))
def test_A_V1_hidden_cards_never_change_what_other_seats_see(case: str) -> None:
    ruleset, twins, observers = TWINS[case]
    games = []
    for twin in twins:
        game = deal(ruleset, 3, hands=twin.hands, draws=twin.draws)
        play(game, *twin.actions)
        games.append(game)
    first, second = games
    assert repr(public(first.log)) == repr(public(second.log))
    for seat in observers:
        assert repr(first.log_for(seat)) == repr(second.log_for(seat))
        assert first.view(seat) == second.view(seat)
    # The twins do differ for some seat: the test compares something.
    assert any(first.view(p) != second.view(p) for p in range(3))


@pytest.mark.parametrize("ruleset", AB)
@pytest.mark.parametrize("card", ["Baron", "King"])
def test_A_V2_the_target_gets_its_private_result_in_its_own_log_only(ruleset: str, card: str) -> None:
    game = deal(ruleset, 3, hands=["Princess", "Handmaid", "Priest"], draws=[card])
    events = play(game, f"{card}>1")
    for_target = [e for e in events if e.audience is not None and 1 in e.audience]
    assert for_target, "the target learns something"
    for event in for_target:
        assert event in game.log_for(1)
        assert event not in public(game.log) and event not in game.log_for(2)
    # The target's view knows the actor's card at once, ready for its next hand-off.
    assert known(game, 1, 0) == (("Princess",) if card == "Baron" else ("Handmaid",))
    assert known(game, 2, 0) == known(game, 2, 1) == ()


@pytest.mark.parametrize("ruleset", AB)
def test_A_V3_a_knocked_out_player_keeps_what_it_learned(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Baron", "King", "Handmaid"], draws=["Priest", "Guard", "Priest"])
    play(game, "Priest>1", "Guard>0=Baron")
    assert not game.view(0).seats[0].in_round
    assert known(game, 0, 1) == ("King",)  # seat 1 played a Guard: it still holds the King
    events = play(game, "Priest>1")
    for event in public(events):
        assert event in game.log_for(0)
    assert known(game, 0, 1) == ("King",)


def shows(events: list[Event], card: str) -> list[Event]:
    """The events that show ``card`` as a real card (a Guard merely naming it shows nothing)."""
    return [e for e in mentioning(events, card) if not isinstance(e, Played | Guessed)]


def _deck_out_with_princess_set_aside(ruleset: Ruleset) -> Game:
    assert TWO_BARONS_SET_ASIDE == "Princess"
    return two_barons(ruleset, ())


def test_A_V4_the_face_down_set_aside_card_is_never_shown() -> None:
    game = _deck_out_with_princess_set_aside(load_ruleset("2019"))
    coast(game)
    assert game.result is not None and game.result.reason == "deck_out"
    for seat in range(2):
        assert not shows(game.log_for(seat), "Princess")
        assert game.view(seat).unseen()["Princess"] == 1
    assert game.result.set_aside is None
    assert of_type(game.log, RoundEnded)[-1].set_aside is None


def test_A_V4_with_the_flag_the_set_aside_card_is_shown_after_the_round_only(tmp_path: Path) -> None:
    game = _deck_out_with_princess_set_aside(ruleset_with(tmp_path, "2019", reveal_set_aside_at_round_end=True))
    events = coast(game, lambda g: g.view(0).deck_size == 0)
    for seat in range(2):
        assert not shows(game.log_for(seat), "Princess")
    events = coast(game)
    assert game.result is not None and game.result.set_aside == "Princess"
    ended = of_type(events, RoundEnded)
    assert ended and ended[0].set_aside == "Princess"
    assert shows(game.log, "Princess") == ended
    for seat in range(2):
        assert game.view(seat).unseen()["Princess"] == 0


# ------------------------------------------------------------------------- knowledge (docs/rules.md §2.6)


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_persists_while_the_holder_plays_other_cards(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "King", "Baron"], draws=["Priest", "Guard", "Handmaid", "Handmaid"])
    play(game, "Priest>1", "Guard>2=Princess", "Handmaid")
    assert known(game, 0, 1) == ("King",)


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_ends_when_the_holder_plays_that_card(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "Handmaid", "Baron"], draws=["Priest", "Guard"])
    play(game, "Priest>1")
    assert known(game, 0, 1) == ("Handmaid",)
    play(game, "Handmaid")  # it keeps the Guard it drew, which seat 0 has not seen
    assert known(game, 0, 1) == ()


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_ends_when_a_prince_discards_the_hand(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "King", "Baron"], draws=["Priest", "Guard", "Prince"])
    play(game, "Priest>1", "Guard>2=Princess", "Prince>1")
    assert known(game, 0, 1) == ()


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_ends_when_the_holder_is_knocked_out(ruleset: str) -> None:
    game = deal(ruleset, 3, hands=["Guard", "King", "Baron"], draws=["Priest", "Guard", "Guard"])
    play(game, "Priest>1", "Guard>2=Princess", "Guard>1=King")
    assert known(game, 0, 1) == () and game.view(0).seats[1].discards == ("Guard", "King")


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_moves_with_a_trade_the_knower_takes_part_in(ruleset: str) -> None:
    # Seat 0 sees seat 1's Baron, then trades hands with seat 2: seat 0 still knows seat 1 holds the Baron, and
    # knows seat 2 now holds seat 0's former card.
    game = deal(ruleset, 3, hands=["Guard", "Baron", "Handmaid"], draws=["Priest", "Guard", "Priest", "King"])
    play(game, "Priest>1", "Guard>2=Princess", "Priest>0")
    assert known(game, 2, 0) == ("Guard",)
    play(game, "King>2")
    assert known(game, 0, 1) == ("Baron",)
    assert known(game, 0, 2) == ("Guard",)
    assert known(game, 2, 0) == ("Handmaid",)


@pytest.mark.parametrize("ruleset", AB)
def test_knowledge_follows_a_public_trade_between_other_players(ruleset: str) -> None:
    # Reading of docs/rules.md §2.6 tested here: everyone sees "A and B swapped", so a third seat that knew B's card
    # now knows A holds it (and no longer places it with B).
    game = deal(ruleset, 3, hands=["Guard", "Baron", "Handmaid"], draws=["Priest", "King"])
    play(game, "Priest>1")
    assert known(game, 0, 1) == ("Baron",)
    play(game, "King>2")
    assert known(game, 0, 2) == ("Baron",)
    assert known(game, 0, 1) == ()


def test_knowledge_ends_when_a_chancellor_replaces_the_hand() -> None:
    game = deal("2019", 3, hands=["Guard", "King", "Baron"], draws=["Priest", "Chancellor", "Guard", "Handmaid"])
    play(game, "Priest>1", "Chancellor", "keep King return Guard,Handmaid")
    # Seat 1 kept the King, but seat 0 cannot tell: that knowledge ends.
    assert known(game, 0, 1) == ()


def test_chancellor_returned_cards_stay_known_at_their_place_in_the_deck() -> None:
    game = deal(
        "2019",
        3,
        hands=["Guard", "Baron", "Priest"],
        draws=["Chancellor", "King", "Countess", "Chancellor", "Handmaid", "Spy", "Guard"],
    )
    play(game, "Chancellor", "keep Guard return King,Countess")
    play(game, "Chancellor", "keep Baron return Handmaid,Spy")
    size = game.view(0).deck_size
    assert game.view(0).deck_known == ((size - 4, "King"), (size - 3, "Countess"))
    assert game.view(1).deck_known == ((size - 2, "Handmaid"), (size - 1, "Spy"))
    assert game.view(2).deck_known == ()
    play(game, "Guard>0=Princess")  # seat 2 plays; seat 0 draws from the top: the known cards keep their place
    assert game.view(0).deck_known == ((size - 5, "King"), (size - 4, "Countess"))


def test_a_deck_out_shows_every_remaining_hand_to_everyone() -> None:
    game = _deck_out_with_princess_set_aside(load_ruleset("2019"))
    events = coast(game)
    assert of_type(events, HandsRevealed)[0].hands == ((0, "Baron"), (1, "Baron"))
    assert known(game, 0, 1) == ("Baron",) and known(game, 1, 0) == ("Baron",)
