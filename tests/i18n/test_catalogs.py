"""The catalogs: the same files, keys and placeholders in both languages; Spanish really translated; card names
as the Spanish edition prints them. Files are found by globbing, so a catalog another area adds is covered."""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

import pytest

from loveletter.engine import bundled_names, load_ruleset
from loveletter.i18n import LANGUAGES, card_name, catalog, catalog_file, fold, set_language

I18N = Path(__file__).resolve().parents[2] / "loveletter" / "i18n"
FILES = sorted(p.name for p in (I18N / "en").glob("*.toml"))

#: The 2019 and classic cards as the Spanish edition of 2019 prints them.
SPANISH_EDITION = {
    "Spy": "Espía",
    "Guard": "Guardia",
    "Priest": "Sacerdote",
    "Baron": "Barón",
    "Handmaid": "Doncella",
    "Prince": "Príncipe",
    "Chancellor": "Chanciller",
    "King": "Rey",
    "Countess": "Condesa",
    "Princess": "Princesa",
}
#: The Premium cards, named once for this program.
PREMIUM = {
    "Bishop": "Obispo",
    "DowagerQueen": "Reina Viuda",
    "Constable": "Condestable",
    "Count": "Conde",
    "Sycophant": "Adulador",
    "Baroness": "Baronesa",
    "Cardinal": "Cardenal",
    "Jester": "Bufón",
    "Assassin": "Asesino",
}
#: Words a Spanish text may share with its English one: names, notation.
SAME_IN_BOTH = {"loveletter", "Love", "Letter", "Premium", "error", "Bot", "No"}


def placeholders(text: str) -> tuple[set[str], list[str]]:
    """``{name}`` fields (as ``str.format`` reads them) and ``%(name)s``/``%s`` fields (argparse's texts)."""
    fields = {name for _, name, _, _ in Formatter().parse(text) if name is not None}
    return fields, sorted(re.findall(r"%\(\w+\)[sdr]|%[sdr]", text))


def untranslated_words(text: str) -> list[str]:
    """Words of 4 letters or more left once placeholders, flags, commands and shared names are taken out."""
    text = re.sub(r"\{[^}]*\}|--[\w-]+|`[^`]*`|%\(\w+\)[sdr]|\w*_\w*|\b[A-Z]{2,}\b", " ", text)
    return [w for w in re.findall(r"[A-Za-z]{4,}", text) if w not in SAME_IN_BOTH]


def test_both_languages_have_the_same_catalog_files() -> None:
    # The table's and solitaire's catalogs are checked here only (their areas' tests no longer copy the check).
    assert {"cards.toml", "play.toml", "solitaire.toml"} <= set(FILES), FILES
    for lang in LANGUAGES:
        assert sorted(p.name for p in (I18N / lang).glob("*.toml")) == FILES, lang


@pytest.mark.parametrize("filename", FILES)
def test_same_keys_and_placeholders(filename: str) -> None:
    english = catalog_file(I18N / "en" / filename)
    spanish = catalog_file(I18N / "es" / filename)
    assert sorted(english.keys() - spanish.keys()) == [], "keys missing in Spanish"
    assert sorted(spanish.keys() - english.keys()) == [], "keys only in Spanish"
    for key, text in english.items():
        assert placeholders(text) == placeholders(spanish[key]), key
        text.format(**dict.fromkeys(placeholders(text)[0], "x"))  # a text that does not format is a bug


@pytest.mark.parametrize("filename", FILES)
def test_spanish_is_translated(filename: str) -> None:
    """A Spanish text equal to its English one holds only names and notation."""
    english = catalog_file(I18N / "en" / filename)
    spanish = catalog_file(I18N / "es" / filename)
    left = {key: text for key, text in spanish.items() if english.get(key) == text and untranslated_words(text)}
    assert not left, f"still in English in es/{filename}: {left}"


def test_the_nets_for_english_can_fail() -> None:
    assert untranslated_words("{player} plays the {card}") == ["plays"]
    assert untranslated_words("--seats: {problem}") == []


def multiplayer_cards() -> set[str]:
    return {c for name in bundled_names() if name != "solitaire" for c in load_ruleset(name).cards}


def test_card_names_as_the_spanish_edition_prints_them() -> None:
    set_language("es")
    try:
        assert {card: card_name(card) for card in SPANISH_EDITION} == SPANISH_EDITION
        assert {card: card_name(card) for card in PREMIUM} == PREMIUM
    finally:
        set_language("en")
    assert set(SPANISH_EDITION) | set(PREMIUM) == multiplayer_cards()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names_differ_once_folded(lang: str) -> None:
    """Typing a name without accents or capitals still points at one card only."""
    names = [catalog(lang)[f"card.{card}.name"] for card in multiplayer_cards()]
    assert len({fold(n) for n in names}) == len(names)


def test_every_card_text_in_spanish_names_cards_in_spanish() -> None:
    """No English card name inside a Spanish effect text (the Spanish names are used throughout)."""
    english_names = {catalog("en")[f"card.{c}.name"] for c in multiplayer_cards()}
    english_names -= {catalog("es")[f"card.{c}.name"] for c in multiplayer_cards()}
    for key, text in catalog("es").items():
        for name in english_names:
            assert not re.search(rf"\b{name}\b", text), (key, name)


#: The Spanish catalogs of the cards, the command line and the game (the others are checked by their own areas'
#: tests, and listed in the Spanish report when they stray).
OWN = ("cards.toml", "cli.toml", "play.toml", "simulate.toml")


@pytest.mark.parametrize("filename", OWN)
def test_spanish_cards_keep_their_printed_gender(filename: str) -> None:
    """The Spanish edition says "la Guardia", "la Espía": no masculine article before them."""
    for key, text in catalog_file(I18N / "es" / filename).items():
        assert not re.search(r"\b(?:[Ee]l|[Uu]n|[Dd]el|[Aa]l|[Oo]tro)\s+(?:Guardia|Espía)\b", text), (key, text)
