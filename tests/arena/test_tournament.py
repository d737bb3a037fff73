"""Tournaments: the schedule and duplicate deals, bots that misbehave, reproducibility for any
``--jobs``, ratings, SPRT, results streamed and resumed, the command's output and its one-line errors."""

from __future__ import annotations

import csv
import json
import math
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from loveletter.arena import referee
from loveletter.arena import tournament as arena
from loveletter.arena.backends import Local
from loveletter.arena.games import wilson
from loveletter.arena.ratings import Ratings
from loveletter.arena.referee import close_all, play
from loveletter.arena.results import Outcome
from loveletter.arena.sprt import Sprt, expected_score
from loveletter.arena.standings import Standings
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import Entrant, PlayerError, bot_template, parse_player
from loveletter.cli import main
from loveletter.engine.ruleset import bundled_dir

HERE = Path(__file__).resolve().parent
MISBEHAVING = HERE / "misbehaving.py"


def line_of(text: str) -> int:
    """The line of ``misbehaving.py`` that holds ``text``."""
    lines = MISBEHAVING.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def players(*texts: str) -> tuple[Entrant, ...]:
    return tuple(parse_player(text) for text in texts)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", "tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code: int, err: str, expected: str) -> None:
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and expected in lines[0], err
    assert "Traceback" not in err


# ------------------------------------------------------------------------------------------------ the schedule


def test_round_robin_and_gauntlet_line_ups_at_any_table_size() -> None:
    four = players("random", "easy", "hard:10", "hard-v1:10")
    assert Tournament(four, "2019", 2).lineups() == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert Tournament(four, "2019", 2, "gauntlet").lineups() == [(0, 1), (0, 2), (0, 3)]
    assert Tournament(four, "classic", 3, "gauntlet").lineups() == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
    assert len(Tournament(four, "classic", 3).lineups()) == 4
    with pytest.raises(arena.FormatError):
        Tournament(four[:2], "classic", 3)


def test_a_duplicate_deal_is_played_once_per_seating_on_the_same_deck() -> None:
    three = players("random", "easy", "hard:10")
    tournament = Tournament(three, "classic", 3, deals=2, seed=4)
    games = list(tournament.iter_games())
    assert len(games) == tournament.games == 2 * 1 * 3
    first_deal = games[:3]
    assert {g.seed for g in first_deal} == {first_deal[0].seed} != {games[3].seed}
    # every player at every seat once
    assert {tuple(g.seats[s] for g in first_deal) for s in range(3)} == {(0, 2, 1), (1, 0, 2), (2, 1, 0)}
    # and the games really start from the same deck
    decks = {tuple(_first_deck(g)) for g in first_deal}
    assert len(decks) == 1


def _first_deck(game: arena.TableGame) -> list[str]:
    from loveletter.engine import Game

    return list(Game("classic", 3, seed=game.seed, record=False).deals[0].deck)


def test_without_duplicate_deals_each_deal_is_played_once_and_the_seating_rotates() -> None:
    tournament = Tournament(players("random", "easy"), "2019", 2, deals=4, duplicate=False, seed=1)
    games = list(tournament.iter_games())
    assert len(games) == 4 and len({g.seed for g in games}) == 4
    assert [g.seats for g in games] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_a_game_is_described_by_its_index_alone() -> None:
    tournament = Tournament(players("random", "easy", "hard:10"), "2019", 2, deals=3, seed=9)
    assert list(tournament.iter_games(7)) == list(tournament.iter_games())[7:]
    assert tournament.game(5) == list(tournament.iter_games())[5]


# ------------------------------------------------------------------------------------------------ players


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("genius", "unknown"),
        ("easy:5", "budget"),
        ("hard:0", "budget"),
        ("=easy", "name"),
        ("nowhere.py:Bot", "missing"),
        (f"{MISBEHAVING}:Absent", "no_class"),
        (f"{MISBEHAVING}:NoChoose", "not_a_bot"),
        (f"{MISBEHAVING}:not a class", "syntax"),
        (f"{MISBEHAVING}", "syntax"),
    ],
)
def test_a_player_that_cannot_play_is_refused_before_any_game(text: str, problem: str) -> None:
    with pytest.raises(PlayerError) as caught:
        parse_player(text)
    assert caught.value.problem == problem


def test_a_bot_file_that_does_not_load_says_where(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("class Bot:\n    def choose(self, view)\n", encoding="utf-8")
    with pytest.raises(PlayerError) as caught:
        parse_player(f"{broken}:Bot")
    assert caught.value.problem == "load" and caught.value.detail.endswith("(broken.py:2)")
    raising = tmp_path / "raising.py"
    raising.write_text("x = 1\nimport nonexistent_module_for_a_test\n", encoding="utf-8")
    with pytest.raises(PlayerError) as caught:
        parse_player(f"{raising}:Bot")
    assert caught.value.detail == "ModuleNotFoundError: No module named 'nonexistent_module_for_a_test' (raising.py:2)"


def test_names_levels_and_files() -> None:
    easy, fast, mine = players("easy", "fast=hard:500", f"Mine={MISBEHAVING}:Raises")
    assert (easy.name, easy.level) == ("easy", "easy")
    assert (fast.name, fast.level) == ("fast", "hard:500")
    assert (mine.name, mine.cls, mine.is_file) == ("Mine", "Raises", True)
    assert mine.identity()["sha256"] == __import__("hashlib").sha256(MISBEHAVING.read_bytes()).hexdigest()


# ------------------------------------------------------------------------------------------------ misbehaving


def test_the_same_bot_text_in_two_files_names_each_file_in_its_errors(tmp_path: Path) -> None:
    # Two entrants whose files hold the same text: each forfeit names its own file (the first loaded must not lend
    # its name to the other, as it did when files were kept by their text alone).
    copy = tmp_path / "copy.py"
    copy.write_text(MISBEHAVING.read_text(encoding="utf-8"), encoding="utf-8")
    tournament = Tournament(players("easy", f"{copy}:Raises", f"{MISBEHAVING}:Raises"), "2019", 2, "gauntlet", deals=1)
    details = {}
    for outcome in (play(game) for game in tournament.iter_games()):
        assert outcome.forfeit is not None
        details[tournament.entrants[outcome.seats[outcome.forfeit["seat"]]].path] = outcome.forfeit["detail"]
    line = line_of("out of ideas")
    assert details == {
        str(copy): f"RuntimeError: out of ideas (copy.py:{line})",
        str(MISBEHAVING): f"RuntimeError: out of ideas (misbehaving.py:{line})",
    }


def test_bots_that_misbehave_lose_with_the_reason_and_the_tournament_goes_on() -> None:
    field = [f"{MISBEHAVING}:{name}" for name in ("Raises", "Illegal", "Loops", "Stubborn", "BadInit")]
    tournament = Tournament(players("easy", *field), "2019", 2, "gauntlet", deals=1, seed=2, move_time=0.5)
    outcomes = [play(game) for game in tournament.iter_games()]
    assert len(outcomes) == tournament.games == 10
    reasons = {}
    for outcome in outcomes:
        assert outcome.forfeit is not None
        loser = outcome.seats[outcome.forfeit["seat"]]
        assert loser != 0 and outcome.winners == (outcome.seats.index(0),)
        reasons[tournament.entrants[loser].cls] = (outcome.forfeit["reason"], outcome.forfeit["detail"])
    assert reasons["Raises"] == ("exception", f"RuntimeError: out of ideas (misbehaving.py:{line_of('out of ideas')})")
    assert reasons["Illegal"] == ("illegal", "42")
    assert reasons["Loops"][0] == "time" and 0.5 <= float(reasons["Loops"][1].split()[0]) < 5
    # Killed at the limit: it catches everything but cannot catch the end of its process.
    assert reasons["Stubborn"][0] == "time" and 0.5 <= float(reasons["Stubborn"][1].split()[0]) < 1.0
    assert reasons["BadInit"] == (
        "exception",
        f"ValueError: no constructor today (misbehaving.py:{line_of('no constructor')})",
    )
    standings = Standings([e.name for e in tournament.entrants])
    for outcome in outcomes:
        standings.add(outcome)
    assert standings.totals[0].wins == 10
    assert [sum(t.forfeits.values()) for t in standings.totals] == [0, 2, 2, 2, 2, 2]


# ------------------------------------------------------------------------------------------------ reproducible


def test_the_results_are_the_same_for_any_number_of_processes(tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text(bot_template("mine"), encoding="utf-8")
    tournament = Tournament(players("random", "easy", f"{mine}:Mine"), "2019", 2, deals=3, seed=11)
    mine.unlink()  # the file's text travels with the games: the workers never read it
    alone = [o.key() for o in Local(1).stream(tournament.iter_games(), play, total=tournament.games, finish=close_all)]
    two = [o.key() for o in Local(2).stream(tournament.iter_games(), play, total=tournament.games, finish=close_all)]
    assert alone == two and len(alone) == 18
    assert len({json.dumps(k["tokens"]) for k in alone}) > 1  # real games, not one copied


# ------------------------------------------------------------------------------------------------ figures


def test_ratings_order_the_players_and_their_history_stays_small() -> None:
    ratings = Ratings(["strong", "weak"], history_points=10)
    for _ in range(1000):
        ratings.rate([0, 1], [0, 1])
    assert ratings.mu(0) > ratings.mu(1) and ratings.sigma(0) < 25 / 3
    assert len(ratings.history) <= 21 and ratings.history[-1][0] <= 1000
    steps = {b[0] - a[0] for a, b in zip(ratings.history[1:], ratings.history[2:], strict=False)}
    assert len(steps) == 1  # evenly spaced


def test_head_to_head_counts_who_finished_ahead() -> None:
    standings = Standings(["a", "b", "c"])
    base: dict[str, Any] = {"deal": 0, "lineup": 0, "rotation": 0, "rounds": 3, "turns": 9}
    standings.add(Outcome(index=0, seats=(0, 1, 2), winners=(1,), tokens=(2, 5, 2), decisions=(3, 3, 3),
                          seconds=(0.1, 0.2, 0.3), **base))  # fmt: skip
    standings.add(Outcome(index=1, seats=(2, 0, 1), winners=(1,), tokens=(1, 5, 3), decisions=(3, 3, 3),
                          seconds=(0.1, 0.2, 0.3), **base))  # fmt: skip
    # game 0: b first, a and c tied; game 1: a first, b second, c third
    assert standings.head_to_head(0, 1)[0] == 0.5  # type: ignore[index]
    assert standings.head_to_head(0, 2)[0] == 0.75  # type: ignore[index]
    assert standings.head_to_head(2, 0)[0] == 0.25  # type: ignore[index]
    assert standings.totals[0].mean_decision() == pytest.approx(0.3 / 6)


def test_sprt_without_draws_is_the_binomial_likelihood_ratio() -> None:
    test = Sprt(0, 50)
    wins, losses = 70, 50
    for _ in range(wins):
        test.add(1.0)
    for _ in range(losses):
        test.add(0.0)
    s0, s1 = expected_score(0), expected_score(50)
    binomial = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    assert test.llr() == pytest.approx(binomial, abs=0.01)
    assert test.bounds() == pytest.approx((-2.944, 2.944), abs=1e-3)


def test_sprt_pairs_and_verdicts() -> None:
    test = Sprt(-20, 20, pairs=True)
    for _ in range(200):
        test.add(1.0)  # every deal split: no evidence of a difference, but little variance
    assert test.counts == [0, 0, 200, 0, 0] and test.llr() == pytest.approx(0, abs=1e-6)
    for _ in range(30):
        test.add(2.0)
    assert test.verdict() == "H1"
    losing = Sprt(0, 50)  # even: each pair of games costs 2 log(4 s1 (1 - s1)) = -0.041 of LLR
    for _ in range(100):
        losing.add(0.0)
        losing.add(1.0)
    assert losing.verdict() is None and losing.llr() == pytest.approx(-2.07, abs=0.01)
    for _ in range(50):
        losing.add(0.0)
        losing.add(1.0)
    assert losing.verdict() == "H0"


# ------------------------------------------------------------------------------------------------ the command


def test_a_tournament_prints_its_tables_chart_and_forfeits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    code, out, err = run(
        capsys, "--player", "easy", "--player", "random", "--player", f"Oops={MISBEHAVING}:Raises",
        "--deals", "3", "--seed", "5", "--csv", "standings.csv",
    )  # fmt: skip
    assert code == 0, err
    assert "Round-robin of 2019, 2 players a game: 18 games" in out
    assert re.search(r"\n +easy +\d+\.\d±\d+\.\d +12 +\d+ +\d+\.\d% \(\d+\.\d–\d+\.\d\) ", out), out
    assert "Head to head" in out and "Ratings as the games accumulate" in out and "● easy" in out
    where = f"misbehaving.py:{line_of('out of ideas')}"
    assert f"Oops lost by raising an error or giving up (RuntimeError: out of ideas ({where}))" in out
    assert "Seed: 5" in out and "tournament-5.jsonl" in out
    assert "95% intervals by deal" in " ".join(out.split())
    lines = (tmp_path / "tournament-5.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["tournament"]["seed"] == 5 and len(lines) == 19
    rows = list(csv.DictReader((tmp_path / "standings.csv").open(encoding="utf-8")))
    assert [r["player"] for r in rows] == ["easy", "random", "Oops"] and rows[2]["forfeits"] == "12"


def test_json_output_and_reproducibility_across_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = run(
            capsys, "--player", "easy", "--player", "random", "--player", "hard:20", "--players", "3",
            "--ruleset", "classic", "--deals", "2", "--seed", "8", "--jobs", jobs, "--oversubscribe", "--json",
            "--results", str(tmp_path / f"jobs{jobs}.jsonl"),
        )  # fmt: skip
        assert code == 0, err
        data = json.loads(out)
        for player in data["players"]:
            del player["mean_decision_ms"]
        del data["seconds"], data["results_file"]
        outputs.append(data)
    assert outputs[0] == outputs[1] and outputs[0]["games"] == 6
    assert outputs[0]["intervals"] == "deals"
    assert {p["name"]: p["games"] for p in outputs[0]["players"]} == {"easy": 6, "random": 6, "hard:20": 6}


def test_without_duplicate_deals_the_intervals_are_wilsons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--player", "easy", "--player", "random", "--deals", "6", "--seed", "2",
                         "--no-duplicate", "--json", "--results", str(tmp_path / "r.jsonl"))  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["intervals"] == "wilson"
    easy = data["players"][0]
    assert easy["ci95"] == [round(x, 4) for x in wilson(easy["wins"], easy["games"])]


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, games: int) -> None:
    real = referee.play
    played = Counter[str]()

    def play_some(spec: arena.TableGame) -> Outcome:
        if played["n"] >= games:
            raise KeyboardInterrupt
        played["n"] += 1
        return real(spec)

    monkeypatch.setattr(referee, "play", play_some)


def test_ctrl_c_then_resume_gives_the_uninterrupted_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("--player", "easy", "--player", "random", "--deals", "6", "--json")
    code, out, _ = run(capsys, *args, "--seed", "3", "--results", str(tmp_path / "whole.jsonl"))
    whole = json.loads(out)
    with monkeypatch.context() as patch:
        _interrupt_after(patch, 5)
        code, out, err = run(capsys, *args, "--seed", "3", "--results", str(tmp_path / "cut.jsonl"))
    assert code == 130 and "Interrupted after 5 of 12 games" in err and f"--resume {tmp_path / 'cut.jsonl'}" in err
    cut = tmp_path / "cut.jsonl"
    cut.write_text(cut.read_text(encoding="utf-8") + '{"index": 5, "deal"', encoding="utf-8")  # a line cut short
    code, out, err = run(capsys, *args, "--resume", str(cut))  # the seed is the file's
    assert code == 0, err
    resumed = json.loads(out)
    for data in (whole, resumed):
        del data["seconds"], data["results_file"]
        for player in data["players"]:
            del player["mean_decision_ms"]
    assert resumed == whole
    whole_lines = (tmp_path / "whole.jsonl").read_text(encoding="utf-8").splitlines()
    cut_lines = cut.read_text(encoding="utf-8").splitlines()
    assert [_key(line) for line in cut_lines] == [_key(line) for line in whole_lines]


def test_resume_file_alone_continues_the_tournament_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The results file knows its players (a bot file by its path), ruleset, table, deals, seating, seed, time and
    memory per bot, and its SPRT: ``--resume FILE`` alone plays the rest, as if never stopped."""
    mine = tmp_path / "mine.py"
    mine.write_text(bot_template("mine"), encoding="utf-8")
    args = ("--player", "easy", "--player", "Rand=random", "--player", f"{mine}:Mine", "--ruleset", "classic",
            "--players", "3", "--deals", "3", "--no-duplicate", "--move-time", "7", "--bot-memory", "1500")  # fmt: skip
    code, out, err = run(capsys, *args, "--seed", "8", "--json", "--results", str(tmp_path / "whole.jsonl"))
    assert code == 0, err
    whole = _without_timings(out)
    cut = tmp_path / "cut.jsonl"
    with monkeypatch.context() as patch:
        _interrupt_after(patch, 1)
        code, _, err = run(capsys, *args, "--seed", "8", "--results", str(cut))
    assert code == 130 and "Interrupted after 1 of 3 games" in err, err
    advice = re.search(r"continue with: (\S+) tournament (.*)$", err.strip())
    assert advice is not None and advice[2] == f"--resume {cut}", err
    code, out, err = run(capsys, *advice[2].split(), "--json")
    assert code == 0, err
    assert _without_timings(out) == {**whole, "bot_logs": str(tmp_path / "cut.logs")}
    head = json.loads(cut.read_text(encoding="utf-8").splitlines()[0])["tournament"]
    assert (head["deals"], head["table"], head["move_time"], head["bot_memory"]) == (3, 3, 7.0, 1500)


def test_resume_file_alone_keeps_the_sprt_and_says_how_to_continue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("--player", "easy", "--player", "random", "--sprt", "0,300", "--alpha", "0.1", "--deals", "40")
    cut = tmp_path / "cut.jsonl"
    with monkeypatch.context() as patch:
        _interrupt_after(patch, 2)
        code, _, err = run(capsys, *args, "--seed", "5", "--results", str(cut))
    assert code == 130, err
    code, out, err = run(capsys, "--resume", str(cut))
    assert code == 0, err
    assert "SPRT [0, 300] (logistic Elo, α=0.1, β=0.05)" in out
    said = f"continue it with: loveletter tournament --resume {cut}"
    assert re.sub(r"\s", "", said) in re.sub(r"\s", "", out)  # the terminal's width may break the line anywhere
    code, _, err = run(capsys, "--resume", str(cut), "--deals", "41")
    one_line(code, err, "--deals is 41 here, 40 in the file")


def _key(line: str) -> object:
    data = json.loads(line)
    data.pop("seconds", None)
    return data


def test_a_resume_file_from_another_tournament_is_refused_saying_what_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    code, _, err = run(capsys, "--player", "easy", "--player", "random", "--deals", "1", "--seed", "1",
                       "--results", str(results), "--json")  # fmt: skip
    assert code == 0, err
    code, _, err = run(capsys, "--player", "easy", "--player", "hard", "--deals", "2", "--resume", str(results))
    one_line(code, err, f"{results} holds another tournament: ")
    assert "--deals is 2 here, 1 in the file" in err and "--player is easy, hard here, easy, random in the file" in err
    code, _, err = run(capsys, "--player", "easy", "--player", "random", "--deals", "1", "--seed", "2",
                       "--resume", str(results))  # fmt: skip
    one_line(code, err, "--seed is 2 here, 1 in the file")
    other = tmp_path / "other.jsonl"
    other.write_text('{"something": "else"}\n', encoding="utf-8")
    code, _, err = run(capsys, "--player", "easy", "--player", "random", "--resume", str(other))
    one_line(code, err, f"{other} holds no tournament's results")


def test_a_changed_bot_file_is_another_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bot = tmp_path / "mine.py"
    bot.write_text(bot_template("mine"), encoding="utf-8")
    results = tmp_path / "r.jsonl"
    base = ("--player", "easy", "--player", f"{bot}:Mine", "--deals", "1", "--seed", "1", "--json")
    assert run(capsys, *base, "--results", str(results))[0] == 0
    bot.write_text(bot_template("mine") + "\n# changed\n", encoding="utf-8")
    code, _, err = run(capsys, *base, "--resume", str(results))
    one_line(code, err, "--player Mine is Mine (sha256 ")


def _without_timings(output: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(output)
    del data["seconds"], data["results_file"]
    for player in data["players"]:
        del player["mean_decision_ms"]
    return data


def test_a_custom_ruleset_is_known_by_its_contents_not_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    classic = (bundled_dir() / "classic.toml").read_text(encoding="utf-8")
    rules = tmp_path / "house.toml"
    rules.write_text(classic, encoding="utf-8")
    args = ("--player", "easy", "--player", "random", "--deals", "3", "--seed", "4", "--json")
    code, out, err = run(capsys, *args, "--ruleset", str(rules), "--results", str(tmp_path / "whole.jsonl"))
    assert code == 0, err
    whole = _without_timings(out)
    with monkeypatch.context() as patch:
        _interrupt_after(patch, 2)
        code, _, err = run(capsys, *args, "--ruleset", str(rules), "--results", str(tmp_path / "cut.jsonl"))
    assert code == 130, err
    # the same data elsewhere, laid out otherwise (a comment, spacing): the same ruleset, and the same results
    moved = tmp_path / "elsewhere" / "mine.toml"
    moved.parent.mkdir()
    moved.write_text("# my copy\n\n" + classic.replace(" = ", "   =   "), encoding="utf-8")
    code, out, err = run(capsys, *args, "--ruleset", str(moved), "--resume", str(tmp_path / "cut.jsonl"))
    assert code == 0, err
    resumed = _without_timings(out)
    assert resumed.pop("ruleset") == str(moved) and whole.pop("ruleset") == str(rules)
    assert resumed == whole
    # the same path, other contents: refused, saying so
    rules.write_text(classic.replace("value = 7", "value = 6"), encoding="utf-8")
    digest = arena.ruleset_digest(str(rules))[:12]
    code, _, err = run(capsys, *args, "--ruleset", str(rules), "--resume", str(tmp_path / "whole.jsonl"))
    shown = str(rules) if len(str(rules)) <= 40 else "…" + str(rules)[-39:]
    old = arena.ruleset_digest(str(moved))[:12]
    one_line(code, err, f"--ruleset is {shown} (sha256 {digest}) here, {shown} (sha256 {old}) in the file")


def test_a_results_file_from_before_the_ruleset_digest_is_still_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "old.jsonl"
    args = ("--player", "easy", "--player", "random", "--deals", "2", "--seed", "6", "--json")
    code, out, err = run(capsys, *args, "--results", str(results))
    assert code == 0, err
    lines = results.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert len(head["tournament"].pop("ruleset_sha256")) == 64
    results.write_text("\n".join([json.dumps(head), *lines[1:3]]) + "\n", encoding="utf-8")  # an older, cut file
    code, resumed, err = run(capsys, *args, "--resume", str(results))
    assert code == 0, err
    assert _without_timings(resumed) == _without_timings(out)
    code, _, err = run(capsys, *args, "--ruleset", "classic", "--resume", str(results))
    one_line(code, err, "--ruleset is classic here, 2019 in the file")


def test_sprt_stops_the_tournament_once_it_decides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "--player", "easy", "--player", "random", "--deals", "500", "--seed", "1", "--sprt", "0,100",
        "--results", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert code == 0, err
    found = re.search(r"SPRT \[0, 100\] \(logistic Elo, α=0\.05, β=0\.05\) after (\d+) deal pairs: LLR (\S+) ", out)
    assert found, out
    pairs, llr = int(found[1]), float(found[2])
    assert llr >= 2.94 and 0 < pairs < 500 and "Verdict: H1 accepted" in out
    assert len((tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()) == 1 + 2 * pairs


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--player", "easy"), "a tournament needs at least two --player options (1 given)"),
        (("--player", "easy", "--player", "genius"), "--player genius: no such level or bot file"),
        (("--player", "easy", "--player", "nowhere.py:Bot"), "--player: no such file: nowhere.py"),
        (("--player", "easy", "--player", f"{MISBEHAVING}:Absent"), f"{MISBEHAVING} has no class Absent"),
        (("--player", "easy", "--player", "random", "--players", "3", "--ruleset", "classic"),
         "a round-robin at this table size needs at least 3 players; 2 given"),
        (("--player", "easy", "--player", "random", "--player", "hard", "--sprt", "0,50"),
         "--sprt compares two players at two-player tables (3 players, 2 a table)"),
        (("--player", "easy", "--player", "random", "--sprt", "50,0"), "--sprt 50,0: give two Elo differences"),
        (("--player", "easy", "--player", "random", "--deals", "0"), "--deals must be 1 or more, not 0"),
        (("--player", "easy", "--player", "random", "--move-time", "0"), "--move-time must be more than 0"),
        (("--player", "easy", "--player", "random", "--address", "x:1"), "add --backend ray"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], expected: str) -> None:
    code, out, err = run(capsys, *args)
    one_line(code, err, expected)
    assert out == ""


def test_simulate_takes_an_address_only_with_the_ray_backend(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--lang", "en", "simulate", "--seats", "easy,random", "--address", "x:1"])
    one_line(code, capsys.readouterr().err, "--address is the address of a Ray cluster: add --backend ray")


def test_an_existing_results_file_is_not_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text("precious\n", encoding="utf-8")
    code, _, err = run(capsys, "--player", "easy", "--player", "random", "--results", str(results))
    one_line(code, err, f"{results} already exists: continue it with --resume {results}")
    assert results.read_text(encoding="utf-8") == "precious\n"


# ------------------------------------------------------------------------------------------------ bot new


def test_bot_new_writes_a_bot_that_plays_legal_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "bot", "new", "cautious", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "cautious.py"
    assert f"Wrote {path}" in out and f"--player {path}:Cautious" in out
    tournament = Tournament(players("easy", "random", "easy", f"{path}:Cautious"), "premium", 4, deals=1, seed=3)
    outcomes = [play(game) for game in tournament.iter_games()]
    assert outcomes and all(o.forfeit is None for o in outcomes)
    assert main(["--lang", "en", "bot", "new", "cautious", "--dir", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["--lang", "en", "bot", "new", "2fast", "--dir", str(tmp_path)]) == 2


def test_the_docs_example_bot_is_the_one_bot_new_writes() -> None:
    page = (HERE.parents[1] / "docs" / "how-to" / "bots-and-tournaments.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    example = next(block for block in blocks if "class MyBot" in block)
    assert example == bot_template("my_bot")
    assert len(example.strip().splitlines()) <= 22


#: Players a tournament of a minute can afford on two cores: no search, or a search at a small effort.
QUICK = re.compile(r"(?:\w+=)?(?:random|easy|hard(?:-v[12])?:(?:[1-9]\d?|1\d\d|200))")


def test_the_docs_first_tournament_is_quick_and_the_heavy_ones_say_how_long() -> None:
    """Issue 48 item 13: the first tournament the docs show sets no search beyond a small effort (it finishes
    within a minute on two cores); every other that sets a search at more than a small effort says how long
    it takes."""
    docs = HERE.parents[1] / "docs"
    pages = [docs / "how-to" / "bots-and-tournaments.md", docs / "how-to" / "ray.md"]
    examples = [
        line
        for page in pages
        for block in re.findall(r"^```\w*\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
        for line in block.splitlines()
        if line.startswith("loveletter tournament --player")
    ]
    took = re.compile(r"#.*~\s*[\d-]+\s*(?:s|min|minutes?|hours?)\b")
    full = re.compile(r"(?:\w+=)?hard(?:-v[12])?(?::\d+)?")  # a search (bot files: as quick as their author made them)

    def searches(line: str) -> bool:
        return any(full.fullmatch(p) and not QUICK.fullmatch(p) for p in re.findall(r"--player (\S+)", line))

    first, *others = examples
    assert not searches(first), first
    heavy = [line for line in others if searches(line)]
    assert heavy and all(took.search(line) for line in heavy), heavy


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="Ctrl-C as a signal to the group")
def test_a_real_ctrl_c_in_processes_then_resume(tmp_path: Path) -> None:
    """Ctrl-C at the terminal while two processes play: exit 130 with whole lines in the results file; resumed,
    the file holds the games of the tournament played without a stop."""
    args = ["--player", "random", "--player", "easy", "--deals", "400", "--seed", "6", "--json"]
    results = tmp_path / "cut.jsonl"
    command = [sys.executable, "-m", "loveletter", "--lang", "en", "tournament", *args]
    process = subprocess.Popen(
        [*command, "--jobs", "2", "--oversubscribe", "--results", str(results)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while _lines(results) < 50:  # wait for games to be written, not a fixed time
            assert process.poll() is None and time.monotonic() < deadline, process.communicate()
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        err = process.communicate(timeout=60)[1]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130 and "Interrupted after" in err and "Traceback" not in err, err
    cut = _lines(results)
    assert 50 <= cut < 801
    resumed = subprocess.run(
        [*command, "--resume", str(results)], capture_output=True, text=True, timeout=600, check=False
    )
    assert resumed.returncode == 0, resumed.stderr
    lines = results.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 801 and [json.loads(line)["index"] for line in lines[1:]] == list(range(800))
    whole = Tournament(players("random", "easy"), "2019", 2, deals=400, seed=6)
    direct = tournament_keys(whole, range(cut - 1, cut + 3))  # the games either side of the stop
    assert [_key(line) for line in lines[cut : cut + 4]] == direct


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def tournament_keys(tournament: Tournament, indices: range) -> list[object]:
    keys: list[object] = []
    for index in indices:
        key = play(tournament.game(index)).to_json()
        key.pop("seconds")
        keys.append(key)
    return keys
