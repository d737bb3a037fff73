"""The strings of the table: every card worded in both languages, every key used exists (the same keys and
placeholders in both languages: tests/i18n/test_catalogs.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from loveletter.engine import bundled_names, load_ruleset
from loveletter.i18n import catalog, set_language
from loveletter.tui.cards import CARD_WIDTH, TEXT_LINES, CardFace

ROOT = Path(__file__).resolve().parents[2]


def multiplayer_cards() -> dict[str, set[str]]:
    """Card id -> the rulesets that have it."""
    cards: dict[str, set[str]] = {}
    for name in bundled_names():
        if name == "solitaire":
            continue
        for card in load_ruleset(name).cards:
            cards.setdefault(card, set()).add(name)
    return cards


def test_all_nineteen_cards_have_a_name_a_text_and_a_short_text() -> None:
    cards = multiplayer_cards()
    assert len(cards) == 19
    for lang in ("en", "es"):
        messages = catalog(lang)
        for card in cards:
            for part in ("name", "text", "short"):
                assert messages.get(f"card.{card}.{part}"), (lang, card, part)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_short_text_fits_on_its_card_face(lang: str) -> None:
    set_language(lang)
    console = Console(width=80, color_system=None)
    try:
        for card, rulesets in multiplayer_cards().items():
            for ruleset in rulesets:
                with console.capture() as capture:
                    console.print(CardFace(card, load_ruleset(ruleset)))
                lines = capture.get().splitlines()
                assert len(lines) == TEXT_LINES + 2
                # Nothing cut: every word of the short text is on the face.
                face = " ".join(line.strip("│ ") for line in lines[1:-1])
                from loveletter.tui.style import card_short

                assert " ".join(face.split()) == card_short(card, ruleset), (card, ruleset)
                assert all(len(line) == CARD_WIDTH for line in lines)
    finally:
        set_language("en")


def test_every_message_the_code_names_exists() -> None:
    """Literal keys in the front end's code (t("..."), fmt("...")) are in the English catalog."""
    messages = catalog("en")
    sources = [*(ROOT / "loveletter" / "tui").glob("*.py"), *(ROOT / "loveletter" / "commands").glob("*.py")]
    used: set[str] = set()
    for source in sources:
        used |= set(re.findall(r'"(play\.[a-z_.]+[a-z_])"', source.read_text(encoding="utf-8")))
    assert len(used) > 100
    missing = sorted(key for key in used if key not in messages)
    assert not missing
