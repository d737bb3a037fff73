"""Game records: round-trips, clear errors for bad files, and atomic saves that survive SIGKILL."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.records import GameRecord, RecordError, Seat, sweep_temporaries, write_atomic

CASES = [("2019", 2), ("2019", 5), ("classic", 3), ("original2012", 4), ("premium", 2), ("premium", 6)]


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}", "computer" if i % 2 else "human", "random" if i % 2 else None) for i in range(n)]


def step(game: Game, rng: random.Random) -> None:
    if game.round_over:
        game.next_round()
    else:
        game.push(rng.choice(game.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_round_trip_at_every_action(ruleset: str, players: int) -> None:
    """Record -> JSON -> load -> replay gives the same state and every seat's view, at every point."""
    rng = random.Random(players)
    game = Game(ruleset, players, seed=11)
    record = GameRecord.start(game, seats(players), seed=11)
    while not game.over:
        step(game, rng)
        record.update(game)
        loaded = GameRecord.from_json(record.to_json(), "test")
        replayed = loaded.replay("test")
        assert [replayed.view(s) for s in range(players)] == [game.view(s) for s in range(players)]
        assert replayed.rng.getstate() == game.rng.getstate()
        assert replayed.tokens == game.tokens and replayed.phase is game.phase
    assert loaded.finished and loaded.result == {"winners": list(game.winners), "tokens": list(game.tokens)}


def test_a_resumed_game_deals_its_next_rounds_as_the_original() -> None:
    rng = random.Random(3)
    game = Game("2019", 3, seed=5)
    record = GameRecord.start(game, seats(3), seed=5)
    while game.state.round < 2 or not game.round_over:
        step(game, rng)
    record.update(game)
    resumed = GameRecord.from_json(record.to_json(), "test").replay("test")
    game.next_round()
    resumed.next_round()
    assert resumed.deals == game.deals


def test_a_user_ruleset_travels_inside_the_record(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "rulesets" / "classic.toml").read_text(encoding="utf-8")
    path = tmp_path / "six.toml"
    path.write_text(text.replace("Guard = 5 }", "Guard = 6 }"), encoding="utf-8")
    game = Game(str(path), 2, seed=1)
    record = GameRecord.start(game, seats(2), seed=1)
    path.unlink()  # the record must not depend on the file any more
    loaded = GameRecord.from_json(record.to_json(), "test").replay("test")
    assert loaded.ruleset.mode_for(2).copies["Guard"] == 6


def played_record(actions: int = 12) -> tuple[GameRecord, Game]:
    rng = random.Random(9)
    game = Game("classic", 3, seed=2)
    for _ in range(actions):
        step(game, rng)
    return GameRecord.start(game, seats(3), seed=2), game


def edit(record: GameRecord, change: object) -> str:
    data = json.loads(record.to_json())
    change(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (lambda d: d["rounds"][0]["actions"].__setitem__(2, "Princess>9"), "rounds[0].actions[2]", "is not legal"),
        (lambda d: d["rounds"][0]["actions"].__setitem__(1, "Gaurd>1=Priest"), "rounds[0].actions[1]", "notation"),
        (lambda d: d["rounds"][0]["deck"].pop(), "rounds[0].deck", "not this ruleset's deck of 16 cards"),
        (lambda d: d["rounds"][0].__setitem__("first_player", 7), "rounds[0].first_player", "seat 7 cannot start"),
        (lambda d: d.__setitem__("players", 9), "seats", "one seat per player: 3 listed, players = 9"),
        (lambda d: d.__setitem__("version", 99), "version", "newer loveletter"),
        (lambda d: d.__setitem__("version", 0), "version", "format 0 does not exist"),
        (lambda d: d.__setitem__("version", -3), "version", "format -3 does not exist"),
        (lambda d: d["ruleset"].__setitem__("name", "chess"), "ruleset.name", "chess is not a bundled ruleset"),
        (lambda d: d["ruleset"].__setitem__("name", "solitaire"), "ruleset.name", "(bundled: 2019, classic,"),
        (lambda d: d.__setitem__("rng_state", [3, [1, 2], None]), "rng_state", "not the state of a random"),
        (lambda d: d.__setitem__("result", "won"), "result", 'must be null or an object with "winners"'),
        (lambda d: d.__setitem__("result", {"winners": [3], "tokens": [0, 0, 0]}), "result", "must be null"),
        (lambda d: d.__setitem__("result", {"winners": [0], "tokens": [0]}), "result", "must be null"),
        (lambda d: d["seats"][1].__setitem__("kind", "alien"), "seats[1].kind", "human or computer"),
        (lambda d: d.__setitem__("rounds", "many"), "rounds", "must be a list"),
    ],
)
def test_a_bad_record_says_what_and_where(change: object, where: str, problem: str) -> None:
    record, _ = played_record()
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(edit(record, change), "saved.json").replay("saved.json")
    message = str(caught.value)
    assert message.startswith(f"saved.json: {where}: ") and problem in message and "\n" not in message


def test_truncated_and_corrupted_files_give_a_clear_error_and_stay_untouched(tmp_path: Path) -> None:
    record, _ = played_record()
    text = record.to_json()
    for name, broken in (("truncated", text[: len(text) // 2]), ("garbage", "\x00\x01 not json"), ("empty", "")):
        path = tmp_path / f"{name}.json"
        path.write_text(broken, encoding="utf-8")
        before = path.read_bytes()
        with pytest.raises(RecordError, match=f"^{path}: not a game record"):
            GameRecord.load(path)
        assert path.read_bytes() == before


def test_a_missing_file() -> None:
    with pytest.raises(RecordError, match="no such file"):
        GameRecord.load(Path("/nonexistent/game.json"))


def test_stale_temporaries_are_swept_and_records_kept(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    write_atomic(record, "{}")
    stale = tmp_path / ".game.json.123.tmp"
    stale.write_text("half a rec")
    fresh = tmp_path / f".other.json.{os.getpid()}.tmp"  # a save under way, in a program still running
    fresh.write_text("being written")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert sweep_temporaries(tmp_path) == [stale]
    assert record.exists() and fresh.exists() and not stale.exists()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="needs fork and SIGKILL")
def test_sigkill_at_random_instants_during_autosave_always_leaves_a_loadable_record(tmp_path: Path) -> None:
    """A child plays and saves after every action; we kill it at a random instant, 150 times
    (``LOVELETTER_KILL_TESTS=1000`` for a long hunt). Whatever the instant, the record on disk loads and replays.

    The child says when its first save is done, and the random instant is counted from then: on a busy machine a
    child may take longer than the whole window to be scheduled at all, and a kill before any save tests nothing."""
    kills = int(os.environ.get("LOVELETTER_KILL_TESTS", "200"))
    path = tmp_path / "game.json"
    rng = random.Random(2026)
    outcomes = {"mid-save": 0, "loaded": 0}
    for attempt in range(kills):
        path.unlink(missing_ok=True)
        ready_r, ready_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: save as fast as possible until killed
            try:
                os.close(ready_r)
                play_rng = random.Random(attempt)
                game = Game("2019", 4, seed=attempt)
                record = GameRecord.start(game, seats(4), seed=attempt)
                while True:
                    if game.over:
                        game = Game("2019", 4, seed=play_rng.randrange(10**6))
                        record = GameRecord.start(game, seats(4), seed=None)
                    step(game, play_rng)
                    record.update(game)
                    record.save(path)
                    if ready_w >= 0:
                        os.write(ready_w, b"s")
                        os.close(ready_w)
                        ready_w = -1
            finally:
                os._exit(0)
        os.close(ready_w)
        try:
            assert os.read(ready_r, 1) == b"s", "the child ended before its first save"
        finally:
            os.close(ready_r)
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if list(tmp_path.glob(".*.tmp")):
            outcomes["mid-save"] += 1
        GameRecord.load(path).replay(str(path))
        outcomes["loaded"] += 1
        for temporary in tmp_path.glob(".*.tmp"):
            temporary.unlink()
    # Saving takes much of the child's loop, so many kills must land in the middle of a save (a temporary left).
    # Since records are signed before the temporary is written, about a quarter do (23% measured on 150 kills):
    # asking for an eighth keeps the check meaningful and leaves chance failures near 1 in 4,000.
    assert outcomes["loaded"] == kills and outcomes["mid-save"] >= kills // 8, outcomes
