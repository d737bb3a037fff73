"""``loveletter replay`` on a solitaire record: the plain-text replay as the player saw it (never a face-down
card), ``--all`` with every face-down card (finished games only), and the terminal viewer's keys."""

from __future__ import annotations

import hashlib
import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.i18n import card_name, set_language
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.replay import SolitaireReplay, SolitaireReplayViewer, hidden_cards
from loveletter.tui.surface import Frames
from tests.i18n.leaks import leaks

POINT = re.compile(r"^\[(\d+)\] ")


def saved(folder: Path, *, finished: bool, seed: int = 4, name: str = "sol.json") -> tuple[Path, SolitaireGame]:
    game, rng = SolitaireGame(seed=seed), random.Random(seed)
    game.push("draw")
    while finished and not game.over:
        game.push(rng.choice(game.legal_actions()))
    path = folder / name
    SolitaireRecord.start(game).save(path)
    return path, game


def replay(path: Path, *args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    """``loveletter replay`` in a subprocess, its output a pipe (so the plain-text replay)."""
    return subprocess.run(
        [sys.executable, "-m", "loveletter", "--lang", lang, "replay", str(path), *args],
        capture_output=True,
        check=False,
        text=True,
        env=os.environ.copy(),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


@pytest.mark.slow
def test_a_finished_game_as_the_player_saw_it(tmp_path: Path) -> None:
    path, game = saved(tmp_path, finished=True)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    done = replay(path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Replay of sol.json: Love Letter Solitaire (fan variant), deal 4. As you saw it."
    numbered = [int(m.group(1)) for line in lines if (m := POINT.match(line))]
    assert numbered == list(range(len(game.actions) + 1))  # the deal, then every action
    tables = [lines[i + 1] for i, line in enumerate(lines) if POINT.match(line)]
    assert all(t.strip().startswith("Queue: ") and "[" not in t for t in tables)
    # A face-down card is a "?", never named.
    assert "Q1 ?" in tables[0] and "agent: face down" in tables[0]
    ending = "Result: you won." if game.won else "Result: you lost."
    assert lines[-1].startswith(ending)
    assert replay(path, "--seat", "0").stdout == done.stdout  # the one seat says the same
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.slow
def test_every_face_down_card_of_a_finished_game(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, finished=True)
    done = replay(path, "--all")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("Every face-down card shown [in brackets].")
    first = SolitaireGame(seed=4)
    hidden = hidden_cards(first)
    table = lines[3]
    assert lines[2].startswith("[0] ") and table.strip().startswith("Queue: ")
    for slot, card in hidden.queue:
        assert f"Q{slot} [{card_name(card)}]" in table
    assert f"agent: [{card_name(hidden.agent or '')}]" in table
    assert "draw pile: 7 [" + ", ".join(card_name(c) for c in hidden.draw) + "]" in table


@pytest.mark.slow
def test_an_unfinished_game_only_as_the_player_saw_it(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, finished=False)
    before = path.read_bytes()
    refused = replay(path, "--all")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        f"loveletter: error: {path}: this solitaire game is not over, so it can only be replayed as you saw it: "
        "leave out --all"
    ]
    seat = replay(path, "--seat", "1")
    assert seat.returncode == 2 and seat.stderr.strip() == "loveletter: error: --seat 1: this game has seats 0 to 0"
    done = replay(path)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "The record ends here: the game is not over."
    assert "[" not in "".join(line for line in done.stdout.splitlines() if not POINT.match(line))
    assert path.read_bytes() == before


@pytest.mark.slow
def test_spanish_has_no_english(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, finished=True)
    for args in ((), ("--all",)):
        done = replay(path, *args, lang="es")
        assert done.returncode == 0, done.stderr
        text = done.stdout.replace(path.name, "")
        assert not leaks(text), leaks(text)
    unfinished, _ = saved(tmp_path, finished=False, name="going.json")
    refused = replay(unfinished, "--all", lang="es")
    assert refused.returncode == 2 and not leaks(refused.stderr.replace(str(unfinished), ""))


def viewer_run(path: Path, every: bool, keys: str) -> tuple[SolitaireReplay, list[int], str]:
    set_language("en")
    shown_replay = SolitaireReplay(SolitaireRecord.load(path), every)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    with create_pipe_input() as pipe, Screen(io.StringIO()) as screen:
        pipe.send_text(keys)
        shown = SolitaireReplayViewer(shown_replay, Frames(console, screen, input=pipe, output=DummyOutput())).run()
    return shown_replay, shown, out.getvalue()


def test_the_viewer_steps_forward_back_first_last_and_quits(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, finished=True)
    # Enter, n, right, space: next; p, left: previous; End, Home; q quits.
    played, shown, drawn = viewer_run(path, False, "\rn\x1b[C p\x1b[D\x1b[F\x1b[Hq")
    last = len(played.points) - 1
    assert last >= 4, "the test needs a few actions"
    assert shown == [0, 1, 2, 3, 4, 3, 2, last, 0]
    assert "Replay 0/" in drawn and f"Replay {last}/{last}" in drawn
    assert "Face down" not in drawn
    assert viewer_run(path, False, "\x1b")[1] == [0]  # Escape quits too


def test_the_viewer_stays_at_the_ends_and_shows_the_face_down_cards_with_all(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, finished=True)
    played, shown, drawn = viewer_run(path, True, "p\x1b[Fnq")
    last = len(played.points) - 1
    assert shown == [0, 0, last, last]
    assert "Face down" in drawn and "Result: you" in drawn


def test_each_point_shows_the_players_view_at_that_moment(tmp_path: Path) -> None:
    path, game = saved(tmp_path, finished=True)
    record = SolitaireRecord.load(path)
    played = SolitaireReplay(record, every=False)
    again = SolitaireGame(game.ruleset, layout=record.layout)
    for index, point in enumerate(played.points):
        if index:
            again.push(record.actions[index - 1])
        assert point.view == again.view() and point.hidden is None
        assert played.model(index).view == again.view()
    every = SolitaireReplay(record, every=True)
    assert every.points[0].hidden == hidden_cards(SolitaireGame(game.ruleset, layout=record.layout))


def test_a_solitaire_game_sweeps_stale_temporaries_when_it_starts(tmp_path: Path) -> None:
    """What a killed save left behind goes when the next game starts, as with a multi-player game."""
    from loveletter.records import games_dir
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.streak import Streak

    folder = games_dir()  # only the saved-games folder is swept
    folder.mkdir(parents=True)
    stale, fresh = folder / ".old.json.1.tmp", folder / ".new.json.2.tmp"
    stale.write_text("half", encoding="utf-8")
    fresh.write_text("being written", encoding="utf-8")
    os.utime(stale, (1, 1))
    console = Console(file=io.StringIO(), width=80, height=24)
    with Screen(io.StringIO()) as screen:
        app = SolitaireApp(Frames(console, screen), Streak(), streak_path=tmp_path / "streak.json", folder=folder)
        app.start(SolitaireGame(seed=2), None, None)
    assert not stale.exists() and fresh.exists()
    assert app.path is not None and SolitaireRecord.load(app.path).replay(str(app.path)).actions == []
