"""Game records are language-neutral: card ids and action notation, never a translated name; a game saved while
the program speaks Spanish loads and replays in English, and the other way round."""

from __future__ import annotations

import json
import random
import re

import pytest

from loveletter.engine import Game
from loveletter.i18n import catalog, set_language
from loveletter.records import GameRecord, Seat
from loveletter.tui.log import narrate
from tests.support import random_playout

SPANISH_ONLY = sorted(
    {
        text
        for key, text in catalog("es").items()
        if key.startswith("card.") and key.endswith(".name") and text != catalog("en")[key]
    }
)


def played(ruleset: str, players: int, seed: int) -> tuple[Game, GameRecord]:
    game = Game(ruleset, players, seed=seed)
    record = GameRecord.start(game, [Seat(f"P{i}") for i in range(players)], seed=seed)
    random_playout(game, random.Random(seed))
    record.update(game)
    return game, record


@pytest.mark.parametrize(("saved_in", "loaded_in"), [("es", "en"), ("en", "es")])
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 3), ("premium", 6)])
def test_a_game_saved_in_one_language_replays_in_the_other(
    saved_in: str, loaded_in: str, ruleset: str, players: int
) -> None:
    set_language(saved_in)
    game, record = played(ruleset, players, seed=players)
    text = record.to_json()
    for name in SPANISH_ONLY:
        assert not re.search(rf"\b{re.escape(name)}\b", text), name
    set_language(loaded_in)
    replayed = GameRecord.from_json(text, "saved.json").replay("saved.json")
    assert replayed.tokens == game.tokens and replayed.winners == game.winners
    assert replayed.actions == game.actions
    # ...and it reads in the language of the reader: Spanish card names exactly when loaded in Spanish.
    log = narrate(replayed.log, None, [s.name for s in record.seats], replayed.ruleset, goal=1)
    shown = "\n".join(entry.text.plain for entry in log)
    spanish = [name for name in SPANISH_ONLY if re.search(rf"\b{re.escape(name)}\b", shown)]
    assert log and bool(spanish) == (loaded_in == "es"), spanish


def test_records_hold_card_ids_and_notation() -> None:
    set_language("es")
    _, record = played("premium", 5, seed=3)
    data = json.loads(record.to_json())
    ids = set(Game("premium", 5, seed=0).ruleset.cards)
    for entry in data["rounds"]:
        assert set(entry["deck"]) <= ids
        for action in entry["actions"]:
            words = set(re.findall(r"[A-Za-z]+", action)) - {"keep", "return", "redraw", "pass"}
            assert words <= ids, action
