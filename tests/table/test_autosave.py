"""Autosave: a record on disk after the deal and after every action, that loads back to the same game; Ctrl-C
saves and says how to resume; a resumed game starts with a hand-off."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from loveletter.cli import main
from loveletter.engine import Action, Game
from loveletter.engine import events as ev
from loveletter.records import GameRecord
from loveletter.records.library import record_name
from loveletter.table.autosave import Autosave, table_seats
from loveletter.table.loop import GameLoop, Observer
from loveletter.table.seats import Seat
from loveletter.tui import prompts
from loveletter.tui.spectator import SpectatorFrontend
from tests.table.test_loop import Recorder

SIGINT_STATUS = 130


class Checker(Observer):
    """Runs after the autosave: the file on disk must replay to the game as it is now."""

    def __init__(self, saver: Autosave) -> None:
        self.saver = saver
        self.checked = 0

    def round_dealt(self, game: Game, events: Sequence[ev.Event]) -> None:
        self.check(game)

    def action_applied(self, game: Game, seat: int, action: Action, events: Sequence[ev.Event]) -> None:
        self.check(game)

    def check(self, game: Game) -> None:
        loaded = GameRecord.load(self.saver.path).replay("saved")
        assert [loaded.view(s) for s in range(game.players)] == [game.view(s) for s in range(game.players)]
        assert loaded.rng.getstate() == game.rng.getstate()
        self.checked += 1


def test_every_deal_and_action_is_saved_and_loads_back(tmp_path: Path) -> None:
    game = Game("premium", 5, seed=8)
    seats = [Seat("Ana"), Seat("Bea"), Seat("Cal", "random"), Seat("Dan", "easy"), Seat("Eve", "random")]
    saver = Autosave.begin(game, seats, seed=8, folder=tmp_path)
    checker = Checker(saver)
    GameLoop(game, seats, Recorder(seed=2), seed=8, observers=[saver, checker]).run()
    assert game.over
    decisions = sum(len(actions) for actions in game.actions)
    assert checker.checked == decisions + len(game.deals)  # every action, every deal (the first one included)
    data = json.loads(saver.path.read_text(encoding="utf-8"))
    assert data["result"] == {"winners": list(game.winners), "tokens": list(game.tokens)}
    assert data["seed"] == 8
    assert data["seats"][3] == {"name": "Dan", "kind": "computer", "level": "easy"}
    assert [s.level for s in table_seats(GameRecord.load(saver.path))] == [s.level for s in seats]
    assert list(tmp_path.iterdir()) == [saver.path]  # no temporary file left


def test_a_save_that_fails_does_not_stop_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    game = Game("classic", 2, seed=1)
    saver = Autosave.begin(game, [Seat("A", "random"), Seat("B", "random")], seed=1, folder=blocker)
    GameLoop(
        game, [Seat("A", "random"), Seat("B", "random")], SpectatorFrontend(io.StringIO()), observers=[saver]
    ).run()
    assert game.over and saver.problem is not None and str(blocker) in saver.problem


def test_a_resumed_game_hands_the_laptop_over_first() -> None:
    game = Game("classic", 3, seed=5)
    front = Recorder(seed=1, rounds=1)
    seats = [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")]
    while game.decider is None or game.decider == 2:
        game.push(game.legal_actions()[0])
    decider = game.decider
    GameLoop(game, seats, front, seed=3, resumed=True).run()
    assert front.calls[:2] == [("hand_off", decider), ("decide", decider)]


@pytest.mark.parametrize("first", [0, 1])
def test_one_person_resuming_gets_no_hand_off(first: int) -> None:
    """Nobody to pass the computer to: the game goes on at once, on Ana's turn or the computer's."""
    game = Game("classic", 2, seed=5, first_player=first)
    front = Recorder(seed=1, rounds=1)
    GameLoop(game, [Seat("Ana"), Seat("Bot", "random")], front, seed=3, resumed=True).run()
    assert front.calls[0] == (("decide", 0) if first == 0 else ("computer", 1))
    assert not [call for call in front.calls if call[0] == "hand_off"], front.calls


def test_an_all_computer_piped_game_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    args = ["--lang", "en", "play", "--players", "3", "--bots", "3", "--seed", "4", "--level", "random"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    [path] = (tmp_path / "games").glob("*.json")
    assert out.splitlines()[-1].startswith("Result: ")  # the public log stays the output
    # The command to copy is on a line of its own, with the name `games` shows (never wrapped inside).
    assert err.splitlines() == [f"Saved as {path}. To watch it again:", f"  loveletter replay {record_name(path)}"]
    record = GameRecord.load(path)
    assert record.finished and record.seed == 4 and [s.kind for s in record.seats] == ["computer"] * 3
    assert record.replay(str(path)).over


def test_ctrl_c_during_a_game_saves_it_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = {"count": 0}

    def interrupted(self: SpectatorFrontend, seat: int, action: Action, since: int) -> None:
        moves["count"] += 1
        if moves["count"] == 5:
            raise KeyboardInterrupt

    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.setattr(SpectatorFrontend, "computer_moved", interrupted)
    assert main(["--lang", "en", "play", "--players", "2", "--bots", "2", "--seed", "4"]) == SIGINT_STATUS
    [path] = (tmp_path / "games").glob("*.json")
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "Interrupted. The game is saved; to continue it:",
        f"  loveletter resume {record_name(path)}",
    ]
    record = GameRecord.load(path)
    assert record.action_count == 5 and not record.finished


def test_ctrl_c_during_a_computer_players_pause_interrupts() -> None:
    with create_pipe_input() as keys:
        keys.send_text("\x03")
        with pytest.raises(KeyboardInterrupt):
            prompts.pause("Bot 1 plays.", 30, input=keys, output=DummyOutput())


def test_stale_temporaries_are_swept_when_saving_starts(tmp_path: Path) -> None:
    import os

    from loveletter.records import games_dir
    from loveletter.records.store import STALE_SECONDS

    folder = games_dir()  # only the saved-games folder is swept
    folder.mkdir(parents=True)
    stale = folder / ".old-game.json.999.tmp"
    stale.write_text("{half a record")
    old = stale.stat().st_mtime - STALE_SECONDS - 1
    os.utime(stale, (old, old))
    game = Game("classic", 2, seed=1)
    saver = Autosave.begin(game, [Seat("A"), Seat("B", "random")], seed=1, folder=folder)
    saver.release()  # the game's lock, beside it while it is open
    assert list(folder.iterdir()) == [saver.path]


def test_a_game_against_a_yardstick_level_is_saved_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --level hard-v2`` seats the benchmarks' fixed yardstick (not shown in the help), and its record
    resumes with that level."""
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    moves = {"count": 0}

    def interrupted(self: SpectatorFrontend, seat: int, action: Action, since: int) -> None:
        moves["count"] += 1
        if moves["count"] == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(SpectatorFrontend, "computer_moved", interrupted)
    args = ["--lang", "en", "play", "--players", "2", "--bots", "2", "--seed", "4", "--level", "hard-v2"]
    assert main(args) == SIGINT_STATUS
    [path] = (tmp_path / "games").glob("*.json")
    capsys.readouterr()
    record = GameRecord.load(path)
    assert [s.level for s in record.seats] == ["hard-v2", "hard-v2"]
    assert [s.level for s in table_seats(record)] == ["hard-v2", "hard-v2"]
