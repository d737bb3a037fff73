"""A record is replayed once to step through it (the points are kept by ``replay(each=...)``), read once to load
it whichever its kind, and ruleset problems are worded by one function."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.engine import events as ev
from loveletter.i18n import catalog, ruleset_problem, set_language
from loveletter.records import GameRecord, RecordError, Seat, library, load_record
from loveletter.records.fileformat import read_text
from loveletter.records.solitaire import SolitaireRecord
from loveletter.records.timeline import round_start, timeline
from loveletter.solitaire import SolitaireGame
from loveletter.tui.solitaire.replay import SolitaireReplay
from tests.support import random_playout


def finished_game(seed: int = 5) -> tuple[Game, GameRecord]:
    game = Game("classic", 3, seed=seed)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea"), Seat("Cal")], seed=seed)
    random_playout(game, random.Random(seed), stop_after=None)
    record.update(game)
    return game, record


def test_each_is_called_after_every_deal_and_action_with_the_seat_that_decided() -> None:
    game, record = finished_game()
    seen: list[tuple[int | None, str | None, int]] = []
    final = record.replay(each=lambda g, seat, action: seen.append((seat, action, len(g.log))))
    # The same game by hand: who was to decide before each action.
    again = Game(game.ruleset, game.players, deck=game.deals[0].deck, first_player=game.deals[0].first_player)
    expected: list[tuple[int | None, str | None, int]] = []
    for number, (deal, actions) in enumerate(zip(game.deals, game.actions, strict=True)):
        if number:
            again.next_round(deck=deal.deck, first_player=deal.first_player)
        expected.append((None, None, len(again.log)))
        for action in actions:
            seat = again.decider
            again.push(action)
            expected.append((seat, str(action), len(again.log)))
    assert seen == expected
    assert any(seat not in (None, 0) for seat, _, _ in seen)  # more than one seat decided
    assert final.log == game.log


def test_a_timeline_pushes_every_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    _, record = finished_game(seed=7)
    pushed: list[object] = []
    push = Game.push

    def counting(self: Game, action: object) -> object:
        pushed.append(action)
        return push(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "push", counting)
    final, points = timeline(record, seats=(0,))
    assert len(pushed) == record.action_count
    assert len(points) == record.action_count + len(record.rounds)
    assert [p.round for p in points if p.step == 0] == list(range(1, len(record.rounds) + 1))
    assert points[-1].views[0] == final.view(0) and points[-1].log_end == len(final.log)
    # Every point's round begins at that round's RoundStarted event.
    assert all(isinstance(final.log[p.round_start], ev.RoundStarted) for p in points)
    assert len({p.round_start for p in points}) == len(record.rounds)


def test_a_solitaire_replay_pushes_every_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game, rng = SolitaireGame(seed=9), random.Random(9)
    while not game.over:
        game.push(rng.choice(game.legal_actions()))
    record = SolitaireRecord.start(game)
    pushed: list[object] = []
    push = SolitaireGame.push

    def counting(self: SolitaireGame, action: object) -> object:
        pushed.append(action)
        return push(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(SolitaireGame, "push", counting)
    replay = SolitaireReplay(record, every=True)
    assert len(pushed) == len(record.actions)
    assert [p.step for p in replay.points] == list(range(len(record.actions) + 1))
    assert [p.action for p in replay.points[1:]] == record.actions
    assert replay.points[-1].view == game.view() and replay.game.log == game.log


def test_round_start_finds_the_last_round_started() -> None:
    game, _ = finished_game()
    starts = [i for i, e in enumerate(game.log) if isinstance(e, ev.RoundStarted)]
    assert len(starts) >= 2 and round_start(game.log) == starts[-1]
    assert round_start(game.log[: starts[1]]) == starts[0]
    assert round_start([]) == 0


def test_load_record_reads_the_file_once_and_returns_its_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, record = finished_game()
    game_path = tmp_path / "game.json"
    record.save(game_path)
    solitaire_path = tmp_path / "sol.json"
    SolitaireRecord.start(SolitaireGame(seed=2)).save(solitaire_path)
    reads: list[Path] = []

    def counting(path: Path) -> str:
        reads.append(path)
        return read_text(path)

    monkeypatch.setattr(library, "read_text", counting)
    loaded = load_record(game_path)
    assert isinstance(loaded, GameRecord) and loaded.game_id == record.game_id and reads == [game_path]
    assert isinstance(load_record(solitaire_path), SolitaireRecord)
    assert reads == [game_path, solitaire_path]


def test_load_record_refuses_an_unknown_kind_and_a_broken_file(tmp_path: Path) -> None:
    set_language("en")
    _, record = finished_game()
    path = tmp_path / "odd.json"
    data = json.loads(record.to_json())
    data["kind"] = "chess"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.where == "kind" and "chess" in caught.value.problem
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.where == "" and "line 1" in caught.value.problem
    with pytest.raises(RecordError):
        load_record(tmp_path / "missing.json")


def test_ruleset_problem_words_a_known_code_and_nothing_else() -> None:
    set_language("en")
    prefix = "ruleset.problem."
    problems = {k.removeprefix(prefix): v for k, v in catalog("en").items() if k.startswith(prefix)}
    # A code whose message has details to fill in.
    code, text = next((c, v) for c, v in problems.items() if any(n for _, n, _, _ in string.Formatter().parse(v)))
    fields = {name: "X" for _, name, _, _ in string.Formatter().parse(text) if name}
    assert ruleset_problem(code, fields) == text.format(**fields)
    assert ruleset_problem(code, {"unrelated": "X"}) is None  # details that do not fit its message
    assert ruleset_problem("no_such_code", {}) is None
    assert ruleset_problem("", {}) is None
