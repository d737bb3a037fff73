"""The action notation round-trips: every legal action met in random games of every ruleset prints as a text
that parses back to the very same (interned) action, and malformed texts raise NotationError saying what is
wrong and what a good text looks like."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loveletter.engine import Action, Game, Keep, NotationError, Play, Redraw, load_ruleset, parse_action
from tests.properties.test_invariants import PLAYER_RANGES

#: Random games per ruleset and player count; every legal action of every step is collected.
GAMES = 25


@cache
def actions_met(name: str) -> tuple[Action, ...]:
    """Every legal action offered in some seeded random games of the ruleset ``name``, at every player count."""
    lo, hi = PLAYER_RANGES[name]
    met: dict[Action, None] = {}
    for players in range(lo, hi + 1):
        for seed in range(GAMES):
            game = Game(name, players, seed=seed)
            rng = random.Random(seed)
            while not game.over:
                if game.round_over:
                    game.next_round()
                    continue
                legal = game.legal_actions()
                met.update(dict.fromkeys(legal))
                game.push(legal[rng.randrange(len(legal))])
    return tuple(met)


@pytest.mark.parametrize("name", list(PLAYER_RANGES))
def test_every_legal_action_round_trips(name: str) -> None:
    card_ids = list(load_ruleset(name).cards)
    actions = actions_met(name)
    for action in actions:
        text = str(action)
        assert parse_action(text, card_ids) is action, text
        assert parse_action(text) is action, text
        assert str(parse_action(text)) == text
        # Card names are matched without regard to case, and spaces around the text do not matter.
        assert parse_action(f"  {text.lower()}\t", card_ids) is action, text
        assert parse_action(text.upper(), card_ids) is action, text
    # The games met the kinds of action the ruleset has: plays with targets, and a Chancellor's keep (2019)
    # or a Bishop target's decision (premium 5-8).
    kinds = {type(a) for a in actions}
    assert Play in kinds
    assert any(isinstance(a, Play) and a.targets for a in actions)
    assert any(isinstance(a, Play) and a.named is not None for a in actions)
    if name == "2019":
        assert Keep in kinds
    if name == "premium":
        assert Redraw in kinds
        assert any(isinstance(a, Play) and a.look is not None for a in actions)
        assert any(isinstance(a, Play) and len(a.targets) == 2 for a in actions)


def test_game_push_accepts_the_notation() -> None:
    """Pushing an action's text is the same as pushing the action: the same game results."""
    by_text = Game("premium", 6, seed=4)
    by_action = Game("premium", 6, seed=4)
    rng = random.Random(4)
    while not by_action.over:
        if by_action.round_over:
            by_action.next_round()
            by_text.next_round()
            continue
        legal = by_action.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert by_text.parse(str(action)) is action
        by_text.push(str(action))
        by_action.push(action)
    assert by_text.log == by_action.log


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "Guard>",
        "Guard>x",
        "Guard>-1",
        "Guard>1=",
        "Guard>1,",
        "Guard>>1",
        ">1",
        "=Priest",
        "Guard 1",
        "Guard>1=Priest?",
        "Cardinal>1,3?",
        "Cardinal>1,3?3?1",
        "Baroness>1;3",
        "keep",
        "keep Guard",
        "keep Guard return",
        "keep Guard return Baron,",
        "keep return Baron",
        "redraw now",
        "Guard>1=Priest extra",
        "123",
        "Guárd>1=Priest",
    ],
)
def test_malformed_texts_raise_a_helpful_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text, ["Guard", "Priest", "Baron", "Cardinal", "Baroness"])
    message = str(caught.value)
    assert "\n" not in message
    assert repr(text) in message
    assert "examples:" in message  # shows what a good text looks like


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("Nobody", "Nobody"),
        ("passed", "passed"),
        ("Guard>1=Nobody", "Nobody"),
        ("keep Nobody return Guard", "Nobody"),
        ("Gaurd>1", "Gaurd"),
    ],
)
def test_unknown_cards_are_named_with_the_known_ones(text: str, unknown: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text, ["Guard", "Priest"])
    message = str(caught.value)
    assert f"unknown card {unknown!r}" in message
    assert "known: Guard, Priest" in message


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    """Parsing never fails in another way, and a parsed action's text is canonical: it parses to itself."""
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) is action


@given(
    card=st.sampled_from(["Guard", "Priest", "Cardinal"]),
    targets=st.lists(st.integers(0, 7), max_size=2),
    named=st.none() | st.integers(0, 9) | st.sampled_from(["Priest", "Baron"]),
    look=st.none() | st.integers(0, 7),
)
def test_any_play_round_trips(card: str, targets: list[int], named: str | int | None, look: int | None) -> None:
    """Beyond the actions games offer: any play prints as a text that parses back to it."""
    action = Play(card, targets, named, look)
    assert parse_action(str(action), ["Guard", "Priest", "Cardinal", "Baron"]) is action
