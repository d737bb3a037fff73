"""``loveletter play`` and ``loveletter rules`` from the command line: arguments, errors, no-terminal games."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loveletter.cli import main
from loveletter.engine import Game, bundled_names, load_ruleset
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.spectator import SpectatorFrontend


def rulesets_and_counts() -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for name in bundled_names():
        if name == "solitaire":
            continue
        rs = load_ruleset(name)
        out.extend((name, n) for n in range(rs.min_players, rs.max_players + 1))
    return out


@pytest.mark.parametrize(("ruleset", "players"), rulesets_and_counts())
def test_all_computer_games_run_to_the_end_without_a_terminal(ruleset: str, players: int) -> None:
    out = io.StringIO()
    game = Game(ruleset, players, seed=players)
    seats = [Seat(f"Bot {i + 1}", "random") for i in range(players)]
    GameLoop(game, seats, SpectatorFrontend(out), seed=players).run()
    assert game.over
    text = out.getvalue()
    winners = ", ".join(f"Bot {w + 1}" for w in game.winners)
    assert text.splitlines()[-1].startswith(f"Result: {winners} won the game.")
    assert "secret" not in text  # a spectator's log: public events only


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    # A bare environment (no terminal settings, no locale), but the test's private data folder: never the real one.
    env = {"LOVELETTER_LANG": "en", "PATH": "/usr/bin:/bin", "LOVELETTER_HOME": os.environ["LOVELETTER_HOME"]}
    return subprocess.run(
        [sys.executable, "-m", "loveletter", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_an_all_computer_game_can_be_piped() -> None:
    done = run("play", "--players", "3", "--bots", "3", "--seed", "7", "--level", "random")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Love Letter (2019 edition): Bot 1, Bot 2, Bot 3"
    assert "Round 1: " in done.stdout and lines[-1].startswith("Result: ")
    assert "\x1b" not in done.stdout  # plain text
    again = run("play", "--players", "3", "--bots", "3", "--seed", "7", "--level", "random")
    assert again.stdout == done.stdout  # the same seed, the same game


def test_people_need_a_terminal() -> None:
    done = run("play")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "loveletter: error: playing with people needs a terminal (stdin and stdout must be a TTY); "
        "an all-computer game (--bots equal to --players) runs without one"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "nope"], "no bundled ruleset has this name"),
        (["--ruleset", "classic", "--players", "5"], "5 players cannot play the classic ruleset: it seats 2 to 4"),
        (["--players", "1"], "--players 1 is too few: the 2019 ruleset seats 2 to 6 players"),
        (["--players", "2", "--bots", "3"], "--bots 3 is more computer players than the 2 seats"),
        (["--players", "3", "--names", "Ana,Bea"], "--names lists 2; give 3 names, one for each seat"),
        (
            ["--players", "3", "--bots", "1", "--names", "Ana"],
            "--names lists 1; give 3 names (every seat) or 2 (the people only)",
        ),
        (["--players", "2", "--names", "Ana,ana"], "bad --names: ana is already taken"),
        (["--players", "2", "--names", "Ana,"], "bad --names: A name cannot be empty."),
        (["--players", "2", "--names", "Ana,Bartholomew-the-Great"], "is too long"),
        (
            ["--players", "2", "--level", "expert"],
            "--level expert: no such level or bot file; levels are random, easy, hard",
        ),
        (["--ruleset", "solitaire"], "loveletter solitaire"),
        (["--players", "2", "--bots", "2", "--deal-file", "/nonexistent.json"], "does not exist"),
        (["--pace", "-1"], "argument --pace: takes a number of seconds from 0 to 60, not -1"),
        (["--pace", "nan"], "argument --pace: takes a number of seconds from 0 to 60, not nan"),
        (["--pace", "soon"], "argument --pace: takes a number of seconds from 0 to 60, not soon"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        raise SystemExit(main(["--lang", "en", "play", *args]))
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_a_deal_file_must_hold_the_rulesets_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.json"
    path.write_text(json.dumps([{"deck": ["Guard"] * 16, "first_player": 0}]))
    assert (
        main(
            ["--lang", "en", "play", "--ruleset", "classic", "--bots", "2", "--players", "2", "--deal-file", str(path)]
        )
        == 2
    )
    assert "round 1: the deck is not the classic deck for 2 players" in capsys.readouterr().err


def test_a_deal_file_plays_the_known_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from loveletter.engine import stacked_deck

    rs = load_ruleset("classic")
    deck = stacked_deck(rs, 2, hands=["Princess", "Guard"], draws=["Countess"], first_player=1)
    path = tmp_path / "deals.json"
    path.write_text(json.dumps([{"deck": deck, "first_player": 1}]))
    args = ["--lang", "en", "play", "--ruleset", "classic", "--players", "2", "--bots", "2", "--seed", "3"]
    assert main([*args, "--level", "random", "--deal-file", str(path)]) == 0
    assert "Round 1: Bot 2 plays first." in capsys.readouterr().out


def test_rules_prints_the_card_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "rules", "--ruleset", "premium"]) == 0
    out = capsys.readouterr().out
    for text in ("Love Letter Premium", "Bishop", "Assassin", "2–4 pl.", "5–8 pl.", "2–8 players", "tokens to win"):
        assert text in out
    assert main(["--lang", "es", "rules", "--ruleset", "classic", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "Princesa" in out and "3 jugadores · 5 fichas para ganar" in out and "Chanciller" not in out


def test_rules_rejects_a_player_count_the_ruleset_does_not_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "rules", "--ruleset", "classic", "--players", "6"]) == 2
    assert "6 players cannot play the classic ruleset" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("ruleset", "facts"),
    [
        ("2019", ["Countess when your other card is the King or Prince", "all win the round", "at the same time all"]),
        ("classic", ["With two players, 3 more cards", "Players tied for the highest card all win the round"]),
        ("original2012", ["higher total of card values in their discard pile"]),
        ("premium", ["higher total of card values in their discard pile", "play one more round among themselves"]),
    ],
)
def test_rules_explain_a_turn_a_round_and_the_game(
    ruleset: str, facts: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", "rules", "--ruleset", ruleset]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert all(heading in text for heading in ("How a game goes", "A turn", "A round", "The game")), text
    assert "draw the top card of the deck, then play one of your two cards" in text
    assert "the deck is empty at the end of a turn" in text and "favor token" in text
    for fact in facts:
        assert fact in text, (fact, text)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Love Letter Solitaire: how it plays", "When the retinue plays it", "Goal: empty the queue"]),
        ("es", ["Cuando la juega el séquito", "Princesa"]),
    ],
)
def test_rules_of_the_solitaire_are_its_reference(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from loveletter.i18n import set_language, t

    assert main(["--lang", lang, "rules", "--ruleset", "solitaire"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    set_language(lang)
    assert " ".join(t("solitaire.reference.goal").split()) in out  # what its ? shows, word for word
    for word in words:
        assert word in out
    assert main(["--lang", "en", "rules", "--ruleset", "solitaire", "--players", "2"]) == 2
    assert "one player" in capsys.readouterr().err


def test_pace_is_an_option_of_play_learn_resume_and_host(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "learn", "resume", "host"):
        with pytest.raises(SystemExit):
            main(["--lang", "en", command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert "--pace SECONDS how many seconds a computer player's move stays on the screen" in out, out
        assert "--delay" not in out  # the older name still works, unlisted


@pytest.mark.parametrize("command", ["resume", "host"])
def test_resume_and_host_check_pace_as_play_does(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--lang", "en", command, "--pace", "-1"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "argument --pace: takes a number of seconds from 0 to 60" in err


def resumed_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[dict[str, object]]]:
    """A saved game of computer players in a data folder of its own, and the options each ``resume`` of it hands
    the game runner (``tui.session.play_game``, stood in for: the game is not played)."""
    from loveletter.records import GameRecord
    from loveletter.records import Seat as Sitting
    from loveletter.tui import session

    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path))
    monkeypatch.delenv("LOVELETTER_SCREEN_READER", raising=False)
    runs: list[dict[str, object]] = []

    def play_game(*_: object, **options: object) -> int:
        runs.append(options)
        return 0

    monkeypatch.setattr(session, "play_game", play_game)
    game = Game("2019", 2, seed=3)
    record = GameRecord.start(game, [Sitting("Bot 1", "computer", "random"), Sitting("Bot 2", "computer", "random")], 3)
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "game.json"
    record.save(path)
    return path, runs


def test_resume_plays_on_at_the_pace_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``resume --pace`` (and its older name ``--delay``) reaches the game it continues."""
    path, runs = resumed_with(tmp_path, monkeypatch)
    for option, pace in (("--pace", 0.0), ("--pace", 2.5), ("--delay", 0.0)):
        assert main(["--lang", "en", "resume", str(path), option, str(pace)]) == 0
    assert main(["--lang", "en", "resume", str(path)]) == 0
    assert [run["delay"] for run in runs] == [0.0, 2.5, 0.0, 1.2]


def test_resume_plays_on_in_screen_reader_mode_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``resume --screen-reader`` (or ``LOVELETTER_SCREEN_READER=1``) plays on as plain lines, as ``play`` does."""
    path, runs = resumed_with(tmp_path, monkeypatch)
    assert main(["--lang", "en", "resume", str(path), "--screen-reader"]) == 0
    assert main(["--lang", "en", "resume", str(path)]) == 0
    monkeypatch.setenv("LOVELETTER_SCREEN_READER", "1")
    assert main(["--lang", "en", "resume", str(path)]) == 0
    assert [run["reader"] for run in runs] == [True, False, True]


def test_pace_zero_plays_an_all_computer_game_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--lang", "en", "play", "--players", "2", "--bots", "2", "--seed", "4", "--level", "random"]
    assert main([*args, "--pace", "0"]) == 0
    assert main([*args, "--delay", "0"]) == 0  # the older name
    first, second = capsys.readouterr().out.split("Love Letter")[1:3]
    assert first == second


@pytest.mark.parametrize("asked", ["option", "environment"])
def test_the_solitaire_lesson_says_it_has_no_screen_reader_mode_yet(
    asked: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reader who asks for ``learn solitaire`` gets one line saying where to go instead of a board drawn for eyes."""
    monkeypatch.delenv("LOVELETTER_SCREEN_READER", raising=False)
    args = ["--lang", "en", "learn", "solitaire"]
    if asked == "option":
        args.append("--screen-reader")
    else:
        monkeypatch.setenv("LOVELETTER_SCREEN_READER", "1")
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert "no screen-reader mode yet" in err and "loveletter solitaire --screen-reader" in err


def test_the_yardstick_levels_are_taken_but_not_offered() -> None:
    from loveletter.bots import LEVELS, REFERENCE_LEVELS
    from loveletter.commands.options import LEVEL_CHOICES, LEVEL_METAVAR, REFERENCE_LEVEL_CHOICES

    assert (LEVEL_CHOICES, REFERENCE_LEVEL_CHOICES) == (LEVELS, REFERENCE_LEVELS)
    shown = run("play", "--help").stdout
    assert LEVEL_METAVAR in shown and "hard-v2" not in shown
