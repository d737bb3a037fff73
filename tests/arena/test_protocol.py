"""The protocol's decision message holds exactly what its seat may know: every card the seat cannot see re-dealt,
the message is the same, byte for byte; and the view a bot's runner rebuilds from it is the seat's very view, its
history included. (tests/rl/test_hidden.py checks the research observations the same way.)"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from loveletter.arena.protocol import PROTOCOL, Decisions, read
from loveletter.arena.referee import FORFEITS
from loveletter.engine import Game
from loveletter.engine.viewjson import EVENTS, view_from_json, view_to_json
from tests.properties.redeal import redeal

TABLES = [("2019", 2), ("2019", 4), ("classic", 3), ("premium", 2), ("premium", 6), ("premium", 8)]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_a_decision_message_does_not_depend_on_a_card_its_seat_cannot_see(name: str, players: int) -> None:
    rng = random.Random(f"protocol/{name}/{players}")
    compared = moved = 0
    for seed in range(2):
        game = Game(name, players, seed=seed)
        writers = [Decisions() for _ in range(players)]  # one per seat through the game, as the referee keeps
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            for seat in range(players):
                view = game.view(seat)
                message = writers[seat].message(view, 1)
                other = redeal(game.state, seat, rng)
                moved += other.changed
                assert Decisions().message(other.state.view(seat), 1) == message
                data = read(message.rstrip(b"\n"))
                assert data["type"] == "decide" and data["id"] == 1
                assert view_from_json(json.loads(json.dumps(data["view"])), game.ruleset) == view
                compared += 1
            game.push(rng.choice(game.legal_actions()))
    assert compared > 100 and moved > compared // 2


def test_the_reference_page_names_every_field_event_and_forfeit() -> None:
    """docs/reference/bot-protocol.md lists every field of a view, every event type with its fields, and every
    reason a bot can lose by: what the referee sends and decides, as the page says."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "bot-protocol.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in page.splitlines() if line.startswith("| `")}
    game = Game("premium", 5, seed=1)
    for name in view_to_json(game.view(0)):
        assert name in rows, f"the page does not describe the view's field {name}"
    for name, (_, fields) in EVENTS.items():
        assert name in rows and all(f"`{field}`" in rows[name] for field in fields), name
    for reason in FORFEITS:
        assert reason in rows, reason
    assert f"version **{PROTOCOL}**" in page
