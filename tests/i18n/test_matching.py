"""Typed card names: case, accents and spaces do not matter; Spanish, English and ids all find the card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from loveletter.engine import load_ruleset
from loveletter.i18n import card_name, fold, match_card, set_language

PREMIUM = list(load_ruleset("premium").cards)
CLASSIC_2019 = list(load_ruleset("2019").cards)


@pytest.fixture(autouse=True)
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("en")


def test_fold_drops_case_and_accents() -> None:
    assert fold("Príncipe") == fold("PRINCIPE") == fold("príncipe") == "principe"
    assert fold("Bufón") == "bufon" and fold("Espía") == "espia" and fold("Barón") == "baron"
    assert fold("Ñ") == "n"  # a typist without the key still gets there


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("principe", "Prince"),
        ("PRÍNCIPE", "Prince"),
        ("Principe ", "Prince"),
        ("espia", "Spy"),
        ("baron", "Baron"),
        ("guardia", "Guard"),
        ("reina viuda", "DowagerQueen"),
        ("ReinaViuda", "DowagerQueen"),
        ("bufon", "Jester"),
        ("Prince", "Prince"),  # the English name, as in the action notation
        ("dowager queen", "DowagerQueen"),
        ("DowagerQueen", "DowagerQueen"),  # the id
    ],
)
def test_a_typed_name_finds_its_card(typed: str, card: str) -> None:
    assert match_card(typed, [*PREMIUM, "Spy", "Chancellor"]) == card


def test_every_spanish_name_typed_plainly_finds_its_card() -> None:
    for card in [*PREMIUM, *CLASSIC_2019]:
        plain = fold(card_name(card))
        assert match_card(plain, [*PREMIUM, *CLASSIC_2019]) == card, plain
        assert match_card(plain.upper(), [*PREMIUM, *CLASSIC_2019]) == card, plain


def test_no_match() -> None:
    assert match_card("princesa", ["Prince"]) is None  # close is not enough
    assert match_card("condesa", CLASSIC_2019) == "Countess"
    assert match_card("", CLASSIC_2019) is None
    assert match_card("   ", CLASSIC_2019) is None
    assert match_card("Obispo", CLASSIC_2019) is None  # not a card of this ruleset
