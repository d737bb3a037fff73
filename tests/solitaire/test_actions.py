"""The solitaire action notation: it prints and parses both ways, and rejects what is not an action."""

from __future__ import annotations

import pytest

from loveletter.engine.errors import NotationError
from loveletter.solitaire import Choose, Draw, Play, PlayAgent, load_solitaire_ruleset, parse_action

CARDS = load_solitaire_ruleset().cards


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw", Draw()),
        ("agent", PlayAgent()),
        ("choose hand", Choose("hand")),
        ("choose agent", Choose("agent")),
        ("Guard>Q3=Priest", Play("Guard", 3, None, "Priest")),
        ("Guard>Q5", Play("Guard", 5)),
        ("Guard", Play("Guard")),
        ("Priest>agent", Play("Priest", "agent")),
        ("Prince>hand", Play("Prince", "hand")),
        ("Prince>Q7", Play("Prince", 7)),
        ("Baron>Q2/agent", Play("Baron", 2, "agent")),
        ("Baron>Q2", Play("Baron", 2)),
        ("King>Q6/hand", Play("King", 6, "hand")),
        ("Handmaid", Play("Handmaid")),
    ],
)
def test_notation_prints_and_parses_both_ways(text: str, action: object) -> None:
    assert str(action) == text
    assert parse_action(text, CARDS) == action
    assert parse_action(f"  {text.upper()} ", CARDS) == action


@pytest.mark.parametrize(
    "text", ["", "hand", "choose", "choose queen", "Guard>Q0", "Guard>P", "Guard>>Q1", "draw 2", "King>Q2/queue"]
)
def test_what_is_not_an_action_is_refused_with_examples(text: str) -> None:
    with pytest.raises(NotationError, match="examples: draw, agent"):
        parse_action(text, CARDS)


def test_unknown_cards_are_named_when_the_card_list_is_given() -> None:
    with pytest.raises(NotationError, match="unknown card 'Spy'"):
        parse_action("Spy", CARDS)
    with pytest.raises(NotationError, match="unknown card 'Chancellor'"):
        parse_action("Guard>Q1=Chancellor", CARDS)
    assert parse_action("Spy") == Play("Spy")  # without the list, names are taken as written
