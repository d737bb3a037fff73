"""``loveletter simulate`` and the arena under it: reproducible runs, the JSON summary, errors, records."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from loveletter.arena.games import GameResult, GameSpec, Summary, make_specs, parse_level, play_game, run_games
from loveletter.cli import main
from tests.engine.scenario import ruleset_with

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "bots.py"


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["simulate", "--json", *args]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_the_same_seed_gives_the_same_games_whatever_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "8", "--seats", "easy,random,easy", "--seed", "42")
    one = simulate_json(capsys, *args, "--jobs", "1")
    two = simulate_json(capsys, *args, "--jobs", "2")
    one.pop("seconds")
    two.pop("seconds")
    assert one == two
    other = simulate_json(capsys, "--games", "8", "--seats", "easy,random,easy", "--seed", "43")
    other.pop("seconds")
    assert other != one  # the seed matters


def test_the_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--games", "10", "--seats", "easy,random,random", "--seed", "3")
    assert {"ruleset", "players", "games", "rounds", "turns", "seconds", "levels", "seats"} <= set(data)
    assert data["ruleset"] == "2019" and data["players"] == 3 and data["games"] == 10
    levels = data["levels"]
    assert isinstance(levels, dict)
    assert levels["easy"]["seats"] == 1 and levels["random"]["seats"] == 2
    seats = data["seats"]
    assert isinstance(seats, list)
    assert [s["level"] for s in seats] == ["easy", "random", "random"]
    # A level wins a game when any of its seats does; in 2019 co-winners are possible, so compare loosely.
    assert levels["random"]["wins"] <= seats[1]["wins"] + seats[2]["wins"]
    assert sum(s["wins"] for s in seats) >= 10
    rounds, turns = data["rounds"], data["turns"]
    assert isinstance(rounds, int) and isinstance(turns, int) and turns > rounds >= 10 * 3


def test_one_level_for_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--games", "3", "--seats", "random", "--players", "5", "--ruleset", "premium")
    levels = data["levels"]
    assert isinstance(levels, dict)
    assert data["players"] == 5 and list(levels) == ["random"]
    assert levels["random"]["seats"] == 5 and levels["random"]["wins"] == 3  # some seat wins every game


def test_the_seating_rotates() -> None:
    specs = make_specs("2019", ["hard", "easy", "easy", "random"], games=8, seed=1)
    first_seats = Counter(spec.levels[0] for spec in specs)
    assert first_seats == {"hard": 2, "easy": 4, "random": 2}
    for spec in specs:
        assert [["hard", "easy", "easy", "random"][slot] for slot in spec.slots] == list(spec.levels)
    assert len({spec.seed for spec in specs}) == 8


def test_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "4", "--seats", "easy,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for text in ("easy", "random", "95%", "Rounds per game", "Turns per round", "deck-out", "games/s", "--seed 1"):
        assert text in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "easy,grandmaster"], "unknown level 'grandmaster'"),
        (["--seats", "easy:5"], "only the hard level takes one"),
        (["--seats", "hard:0"], "a whole number from 1 up"),
        (["--seats", "hard:²"], "a whole number from 1 up"),  # a digit to str.isdigit(), not to int()
        (["--seats", "easy,easy", "--players", "3"], "--seats names 2 levels but --players says 3"),
        (["--players", "9"], "seats 2 to 6 players, not 9"),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--ruleset", "nowhere"], "no bundled ruleset"),
    ],
)
def test_mistakes_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_the_solitaire_variant_plugs_in(capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("loveletter.solitaire.simulate") is None:
        assert main(["simulate", "--ruleset", "solitaire", "--games", "1"]) == 2
        assert "solitaire" in capsys.readouterr().err
        return
    data = simulate_json(capsys, "--ruleset", "solitaire", "--seats", "easy", "--games", "6", "--seed", "2")
    assert data["players"] == 1 and data["games"] == 6 and data["rounds"] == 6
    assert main(["simulate", "--ruleset", "solitaire", "--seats", "easy,hard"]) == 2
    assert "one seat" in capsys.readouterr().err


@pytest.mark.parametrize("level", ["hard-v1", "hard-v1:50"])
def test_a_level_the_solitaire_does_not_have_is_one_line(capsys: pytest.CaptureFixture[str], level: str) -> None:
    # hard-v1 is a reference player of the card game only: the solitaire has no such level.
    assert main(["simulate", "--ruleset", "solitaire", "--seats", level, "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown level 'hard-v1'" in err[0] and "random, easy, hard" in err[0]


def test_records_are_saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("loveletter.records") is None:
        pytest.skip("no game records in this version")
    from loveletter.records import GameRecord

    data = simulate_json(capsys, "--games", "2", "--seats", "easy,random", "--seed", "9", "--save-dir", str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["game-00000.json", "game-00001.json"] and data["games"] == 2
    game = GameRecord.load(files[0]).replay()
    assert game.over


def test_solitaire_records_are_saved_whatever_the_ruleset_file_is_called(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from loveletter.records.solitaire import SolitaireRecord

    # The solitaire is recognised by its kind, not its name: a renamed copy of the bundled file is one too.
    bundled = Path(__file__).resolve().parents[2] / "rulesets" / "solitaire.toml"
    house = tmp_path / "mine.toml"
    house.write_text(bundled.read_text(encoding="utf-8").replace('name = "solitaire"', 'name = "mysol"'), "utf-8")
    folder = tmp_path / "records"
    args = ("--ruleset", str(house), "--seats", "easy", "--games", "3", "--seed", "4", "--save-dir", str(folder))
    data = simulate_json(capsys, *args)
    files = sorted(folder.glob("*.json"))
    assert data["games"] == 3 and len(files) == 3
    wins = 0
    for path in files:
        game = SolitaireRecord.from_json(path.read_text(encoding="utf-8"), str(path)).replay(str(path))
        assert game.over
        wins += game.won
    levels = data["levels"]
    assert isinstance(levels, dict) and levels["easy"]["wins"] == wins


@pytest.mark.slow
def test_the_solitaire_hard_level_takes_its_budget() -> None:
    from loveletter.solitaire.bot import HardBot, make_solitaire_bot
    from loveletter.solitaire.simulate import play_deal

    bot = make_solitaire_bot("hard", seed=1, budget=3)
    assert isinstance(bot, HardBot) and bot.budget == 3
    with pytest.raises(ValueError, match="only the hard level"):
        make_solitaire_bot("easy", seed=1, budget=3)
    # The budget is used, not just shown: with almost no exact search some decisions come out differently.
    decisions = {
        budget: [play_deal(s, "hard", s + 7, budget=budget)["decisions"] for s in range(6)] for budget in (1, 5000)
    }
    assert decisions[1] != decisions[5000]


def test_a_result_carries_what_a_record_needs() -> None:
    spec = make_specs("classic", ["easy", "random"], games=1, seed=5)[0]
    result = play_game(spec)
    data = result.to_json()
    assert data["ruleset"] == "classic" and data["levels"] == list(spec.levels) and data["seed"] == spec.seed
    assert len(data["rounds"]) == result.rounds and data["winners"] == list(result.winners)
    assert set(data["rounds"][0]) == {"first_player", "deck", "actions"}


def test_another_variant_plugs_in_its_own_games() -> None:
    def coin(spec: GameSpec) -> GameResult:
        return GameResult(spec, "coin", (0,) if spec.seed % 2 else (), (0,), [], [], 0, {})

    specs = make_specs("coin", ["easy"], games=20, seed=1)
    summary = Summary.of(run_games(specs, coin, jobs=1), levels=["easy"])
    assert summary.games == 20 and 0 < summary.level_wins["easy"] < 20


def test_levels_parse() -> None:
    assert parse_level("hard:5000") == ("hard", 5000)
    assert parse_level("easy") == ("easy", None)
    with pytest.raises(ValueError, match="known: random, easy, hard"):
        parse_level("expert")


@pytest.mark.slow
def test_the_benchmark_smoke_run(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bots_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick", "--jobs", "1"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.strip()}
    # Every match-up, at every table size, reports its games and its rounds.
    for name in module.MATCHUPS:
        assert " won " in lines[name] and "; rounds " in lines[name], lines.get(name)
    assert module.main(["--quick", "--jobs", "1", "--curve"]) == 0
    assert module.main(["--quick", "--jobs", "1", "--times"]) == 0


def test_the_budget_curve_takes_the_smallest_budget_within_the_best_ones_interval() -> None:
    spec = importlib.util.spec_from_file_location("bots_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rates = {250: (0.58, 0.56, 0.60), 1000: (0.63, 0.61, 0.65), 2000: (0.64, 0.62, 0.66), 4000: (0.62, 0.60, 0.64)}
    assert module.plateau(rates) == (2000, 1000)
    assert module.plateau({500: (0.3, 0.27, 0.33)}) == (500, 500)


@pytest.mark.slow
def test_the_solitaire_benchmark_smoke_run(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("solitaire_benchmark", BENCHMARK.with_name("solitaire.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert all(f"{level} " in out for level in ("random", "easy", "hard")) and "/20 = " in out


def test_a_ruleset_that_lets_the_host_choose_who_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = ruleset_with(tmp_path, "classic", first_player_mode="choose").source
    args = ("--ruleset", house, "--seats", "easy,random,random", "--games", "6", "--seed", "8")
    one = simulate_json(capsys, *args)
    two = simulate_json(capsys, *args, "--jobs", "2")
    one.pop("seconds")
    two.pop("seconds")
    assert one == two and one["games"] == 6
