"""``loveletter replay``: the plain-text replay (every hand, or one seat's view), the refusal to show every hand
of an unfinished game, and the terminal viewer's keys (next, previous, first, last, go to a round, quit)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.cli import main
from loveletter.engine import Game
from loveletter.i18n import set_language
from loveletter.records import GameRecord, Seat
from loveletter.tui.replay import Replay, ReplayViewer
from loveletter.tui.screen import Screen
from loveletter.tui.surface import Frames
from tests.support import random_playout

NAMES = ("Ana", "Bea", "Cal")
POINT = re.compile(r"^\[(\d+)\] ")


def recorded(tmp_path: Path, *, finished: bool, seed: int = 6, person: int | None = None) -> tuple[Path, Game]:
    """A 3-player classic game played at random, to its end or for 20 actions, saved as a record: three people,
    or one ``person`` and two computer players."""
    rng = random.Random(seed)
    game = Game("classic", 3, seed=seed)
    seats = [Seat(n) if person in (None, i) else Seat(n, "computer", "random") for i, n in enumerate(NAMES)]
    record = GameRecord.start(game, seats, seed=seed)
    random_playout(game, rng, stop_after=None if finished else 20)
    record.update(game)
    path = tmp_path / "game.json"
    record.save(path)
    return path, game


def replay_text(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["--lang", "en", "replay", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_a_finished_game_with_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, game = recorded(tmp_path, finished=True)
    code, lines, _ = replay_text(capsys, str(path), "--all")
    assert code == 0
    title = game.ruleset.title
    assert lines[0] == f"Replay of game.json: {title}, {', '.join(NAMES)}. Every hand shown."
    numbered = [int(m.group(1)) for line in lines if (m := POINT.match(line))]
    points = sum(len(a) for a in game.actions) + len(game.deals)  # after each deal and each action
    assert numbered == list(range(points))
    # Under each point, a line with every seat: its hand, or that it is out of the round.
    hands = [lines[i + 1] for i, line in enumerate(lines) if POINT.match(line)]
    assert all(all(f"{n}: " in h for n in NAMES) for h in hands)
    winners = ", ".join(NAMES[w] for w in game.winners)
    assert lines[-1].startswith(f"Result: {winners} won the game.")
    assert main(["--lang", "en", "replay", str(path)]) == 0  # --all is the default for a finished game
    assert capsys.readouterr().out.splitlines() == lines


def test_a_finished_game_as_one_seat_saw_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, game = recorded(tmp_path, finished=True)
    code, lines, _ = replay_text(capsys, str(path), "--seat", "1")
    assert code == 0 and lines[0].endswith("As Bea saw it.")
    hands = [lines[i + 1] for i, line in enumerate(lines) if POINT.match(line)]
    assert hands and all(h.strip().startswith("Bea: ") and "Ana:" not in h and "Cal:" not in h for h in hands)
    # Bea's own secrets are told to her; nobody else's.
    everything = "\n".join(lines)
    seen_by_bea = game.log_for(1)
    assert ("secret" in everything) == any(not e.public for e in seen_by_bea)


def test_an_unfinished_game_of_people_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three people play it: no seat's view of it, nor every hand, until it is over (no peeking at a shared
    laptop through the saved game)."""
    path, _ = recorded(tmp_path, finished=False)
    before = path.read_bytes()
    for args in ([str(path), "--all"], [str(path)], [str(path), "--seat", "2"]):
        code, lines, err = replay_text(capsys, *args)
        assert code == 2 and lines == []
        assert err.splitlines() == [
            f"loveletter: error: {path}: this game is not over and 3 people play it, so it cannot be replayed yet "
            f"(it would show their hands): finish it first, with `loveletter resume {path}`"
        ]
    code, lines, err = replay_text(capsys, str(path), "--seat", "3")
    assert code == 2 and err.strip() == "loveletter: error: --seat 3: this game has seats 0 to 2"
    assert path.read_bytes() == before


def test_an_unfinished_game_of_one_person_replays_as_that_person_saw_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = recorded(tmp_path, finished=False, person=1)
    for args in ([str(path)], [str(path), "--seat", "1"]):  # the person's own seat is the default
        code, lines, _ = replay_text(capsys, *args)
        assert code == 0 and lines[0].endswith("As Bea saw it.")
        assert lines[-1].startswith("The record ends here: the game is not over.")
    for args in ([str(path), "--all"], [str(path), "--seat", "0"]):
        code, lines, err = replay_text(capsys, *args)
        assert (
            code == 2
            and lines == []
            and err.splitlines()
            == [
                f"loveletter: error: {path}: this game is not over, so it can only be replayed as Bea saw it: "
                "leave out --all, or give --seat 1"
            ]
        )


def test_an_unfinished_game_of_computer_players_replays_freely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = recorded(tmp_path, finished=False, person=9)  # nobody's hand is anybody's secret
    code, lines, _ = replay_text(capsys, str(path))
    assert code == 0 and lines[0].endswith("Every hand shown.")


def viewer_run(path: Path, seat: int | None, keys: str) -> tuple[Replay, list[int]]:
    set_language("en")
    replay = Replay(GameRecord.load(path), seat)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    with create_pipe_input() as pipe, Screen(io.StringIO()) as screen:
        pipe.send_text(keys)
        shown = ReplayViewer(replay, Frames(console, screen, input=pipe, output=DummyOutput())).run()
    return replay, shown


def test_the_viewer_steps_forward_back_and_to_a_round(tmp_path: Path) -> None:
    path, game = recorded(tmp_path, finished=True)
    assert len(game.deals) >= 2, "the test needs a second round to jump to"
    # Enter, n, right: next; p, left: previous; g 2 Enter: round 2; End, Home; q quits.
    replay, shown = viewer_run(path, None, "\rn\x1b[Cp\x1b[Dg2\r\x1b[F\x1b[Hq")
    last = len(replay.points) - 1
    assert shown == [0, 1, 2, 3, 2, 1, replay.round_index(2), last, 0]
    assert replay.points[replay.round_index(2)].round == 2 and replay.points[replay.round_index(2)].step == 0


def test_the_viewer_stays_at_the_ends(tmp_path: Path) -> None:
    path, _ = recorded(tmp_path, finished=False, person=0)
    replay, shown = viewer_run(path, 0, "p\x1b[F nq")
    last = len(replay.points) - 1
    assert shown == [0, 0, last, last, last]
    assert viewer_run(path, 0, "\x1b")[1] == [0]  # Escape quits too


def test_a_points_table_holds_only_the_seats_view(tmp_path: Path) -> None:
    path, game = recorded(tmp_path, finished=False, person=2)
    replay = Replay(GameRecord.load(path), 2)
    assert all(set(p.views) == {2} for p in replay.points)
    model = replay.model(len(replay.points) - 1)
    assert model.viewer == 2 and model.view == game.view(2)
