"""The strings of the table: both languages complete, every card worded, every key used exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from string import Formatter

import pytest
from rich.console import Console

from loveletter.engine import bundled_names, load_ruleset
from loveletter.i18n import catalog, set_language
from loveletter.tui.cards import CARD_WIDTH, TEXT_LINES, CardFace

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "loveletter" / "i18n"
FILES = ("play.toml", "cards.toml")


def flat(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, object]) -> None:
        for key, value in node.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(full, value)
            else:
                out[full] = str(value)

    with path.open("rb") as f:
        walk("", tomllib.load(f))
    return out


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def multiplayer_cards() -> dict[str, set[str]]:
    """Card id -> the rulesets that have it."""
    cards: dict[str, set[str]] = {}
    for name in bundled_names():
        if name == "solitaire":
            continue
        for card in load_ruleset(name).cards:
            cards.setdefault(card, set()).add(name)
    return cards


@pytest.mark.parametrize("filename", FILES)
def test_english_and_spanish_have_the_same_keys_and_placeholders(filename: str) -> None:
    english, spanish = flat(I18N / "en" / filename), flat(I18N / "es" / filename)
    assert english.keys() == spanish.keys()
    for key, text in english.items():
        assert fields(text) == fields(spanish[key]), key


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
