"""Solitaire records: round trips at every action, the fields `loveletter games` reads, and bad files."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from loveletter.records.fileformat import opened
from loveletter.records.library import summarise
from loveletter.records.record import RecordError
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from tests.solitaire.support import play, sol

#: Enough random games to meet wins, losses and every kind of decision, quickly.
GAMES = 25


def random_game(seed: int) -> SolitaireGame:
    rng = random.Random(seed)
    game = SolitaireGame(seed=seed)
    while not game.over:
        game.push(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_record_replays_to_the_same_view_at_every_action(seed: int) -> None:
    game = random_game(seed)
    record = SolitaireRecord.start(game)
    text = record.to_json()
    loaded = SolitaireRecord.from_json(text, "r.json")
    for upto in range(len(game.actions) + 1):
        replayed = loaded.replay("r.json", upto=upto)
        expected = SolitaireGame.replay(game.layout, game.actions[:upto])
        assert replayed.view() == expected.view()
        assert [str(a) for a in replayed.actions] == [str(a) for a in game.actions[:upto]]
    final = loaded.replay("r.json")
    assert final.view() == game.view() and final.log == game.log
    assert loaded.result == {"won": game.won, "reason": game.reason, "winners": [0] if game.won else []}


def test_the_record_has_the_fields_the_saved_games_list_reads(tmp_path: Path) -> None:
    game = sol(["Guard"], hand="Priest", agent="Baron")
    record = SolitaireRecord.start(game)
    path = tmp_path / "s.json"
    record.save(path)
    summary = summarise(path)
    assert (summary.kind, summary.ruleset, summary.players, summary.finished) == ("solitaire", "solitaire", 1, False)
    assert summary.rounds == 1
    play(game, "draw", "Priest>Q1", "choose hand")  # the retinue's Guard strikes the known hand card
    record.update(game)
    record.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rounds"][0]["actions"] == ["draw", "Priest>Q1", "choose hand"]
    assert data["rounds"][0]["layout"] == list(game.layout) and len(game.layout) == 15
    assert data["result"] == {"won": False, "reason": "guard_hit", "winners": []}
    assert summarise(path).finished and summarise(path).winners == ()


def test_a_seeded_deal_keeps_its_number() -> None:
    game = SolitaireGame(seed=77)
    loaded = SolitaireRecord.from_json(SolitaireRecord.start(game).to_json(), "r.json").replay("r.json")
    assert loaded.seed == 77 and loaded.layout == game.layout


def saved(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    game = sol(["Guard"], hand="Priest", agent="Baron")
    play(game, "draw", "Priest>Q1")
    data = opened(json.loads(SolitaireRecord.start(game).to_json()))  # its sealed deal opened: edited in plain
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def set_action(data: dict[str, Any]) -> None:
    data["rounds"][0]["actions"][1] = "Guard>Q1=Priest"


def swap_layout(data: dict[str, Any]) -> None:
    data["rounds"][0]["layout"][0] = "Princess"


def claim_a_win(data: dict[str, Any]) -> None:
    data["result"] = {"won": True, "reason": "queue_empty", "winners": [0]}


def multiplayer(data: dict[str, Any]) -> None:
    data["kind"] = "game"


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (set_action, "rounds[0].actions[1]"),
        (swap_layout, "rounds[0].layout"),
        (claim_a_win, "result"),
        (multiplayer, "kind"),
    ],
)
def test_a_record_that_does_not_replay_is_one_clear_line_and_stays_untouched(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], where: str
) -> None:
    path = saved(tmp_path, edit)
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        SolitaireRecord.load(path).replay(str(path))
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: {where}: ")
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "other"}', "\x00\x01"])
def test_garbage_and_truncated_files_are_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "junk.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        SolitaireRecord.load(path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)
    assert path.read_text(encoding="utf-8") == text


def test_a_truncated_real_record(tmp_path: Path) -> None:
    text = SolitaireRecord.start(SolitaireGame(seed=2)).to_json()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(RecordError, match="invalid JSON"):
        SolitaireRecord.load(path)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        SolitaireRecord.load(tmp_path / "nope.json")
