"""The Ray backend on a local instance of two workers: the same results as the local backend, a
user's bot file carried to the workers, ``simulate`` on the same backend, and an unreachable cluster in one line."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from loveletter.arena.backends import Local, RayCluster
from loveletter.arena.referee import close_all, play
from loveletter.arena.tournament import Tournament
from loveletter.arena.userbots import bot_template, parse_player
from loveletter.cli import main
from tests.arena.test_referee import assert_stopped, children_of

pytestmark = pytest.mark.extra("ray")


def outcomes(tournament: Tournament, backend: Local | RayCluster) -> list[Any]:
    """Every game's outcome (its key: who won, how, in what order) played on ``backend``, opened and closed here."""
    backend.open()
    try:
        return [
            o.key() for o in backend.stream(tournament.iter_games(), play, total=tournament.games, finish=close_all)
        ]
    finally:
        backend.close()


def test_ray_gives_the_results_of_the_local_backend(ray_cluster: Any, tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text(bot_template("mine"), encoding="utf-8")
    entrants = tuple(parse_player(p) for p in ("random", "easy", f"{mine}:Mine"))
    mine.unlink()  # the workers get the file's text, never its path
    tournament = Tournament(entrants, "2019", 2, deals=2, seed=21)
    local = outcomes(tournament, Local(1))
    assert outcomes(tournament, RayCluster(jobs=2)) == local and len(local) == 12
    assert ray_cluster.is_initialized()  # the session's instance is left to the fixture


def test_a_users_ruleset_file_travels_to_the_workers(ray_cluster: Any, tmp_path: Path) -> None:
    from tests.arena.test_ruleset_travels import house_rules

    path = house_rules(tmp_path)
    tournament = Tournament(tuple(parse_player(p) for p in ("random", "easy")), str(path), 2, deals=2, seed=5)
    local = outcomes(tournament, Local(1))
    path.unlink()  # a worker on another machine has no such file: only the text the games carry
    assert outcomes(tournament, RayCluster(jobs=2)) == local and len(local) == tournament.games


def test_simulate_and_tournament_on_ray_as_locally(
    ray_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for backend in ("local", "ray"):
        assert main(["--lang", "en", "simulate", "--seats", "easy,random", "--games", "8", "--seed", "4", "--json",
                     "--backend", backend]) == 0  # fmt: skip
        data = json.loads(capsys.readouterr().out)
        del data["seconds"]
        outputs.append(data)
        args = ("--player", "easy", "--player", "random", "--deals", "2", "--seed", "4", "--json")
        results = tmp_path / f"{backend}.jsonl"
        assert main(["--lang", "en", "tournament", *args, "--backend", backend, "--results", str(results)]) == 0
        data = json.loads(capsys.readouterr().out)
        del data["seconds"], data["results_file"]
        for player in data["players"]:
            del player["mean_decision_ms"]
        outputs.append(data)
    assert outputs[0] == outputs[2] and outputs[1] == outputs[3]


def test_an_unreachable_cluster_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    results = tmp_path / "r.jsonl"
    code = main(["--lang", "en", "tournament", "--player", "easy", "--player", "random", "--backend", "ray",
                 "--address", f"127.0.0.1:{port}", "--results", str(results)])  # fmt: skip
    err = capsys.readouterr().err
    expected = f"cannot reach the Ray cluster at 127.0.0.1:{port}: nothing answers at that address"
    assert code == 2 and err == f"loveletter: error: {expected}\n"
    assert len(err.strip().splitlines()) == 1 and not results.exists()


def test_bots_in_their_own_process_on_ray_workers(ray_cluster: Any, tmp_path: Path) -> None:
    """A Ray worker starts the bots' processes as a local worker does: a bot class that never returns is killed at
    the time limit, the shell example plays, and when the run ends every process a bot started is stopped."""
    here = Path(__file__).resolve().parent
    loops = f"{here / 'misbehaving.py'}:Loops"
    shell = f"Shell={here.parents[1] / 'examples' / 'shell_bot.sh'}"
    forked = f"F=cmd:{shlex.quote(sys.executable)} {here / 'wild_bot.py'} forked {tmp_path}"
    entrants = tuple(parse_player(p) for p in ("easy", loops, shell, forked))
    tournament = Tournament(entrants, "2019", 2, "gauntlet", deals=1, move_time=3.0, bot_logs=str(tmp_path))
    cluster = RayCluster(jobs=2)
    outcomes = list(cluster.stream(tournament.iter_games(), play, total=tournament.games, finish=close_all))
    lost = {tournament.entrants[o.seats[o.forfeit["seat"]]].name: o.forfeit for o in outcomes if o.forfeit}
    assert set(lost) == {"Loops"} and lost["Loops"]["reason"] == "time", lost
    assert 3.0 <= float(lost["Loops"]["detail"].split()[0]) < 8
    children = children_of(tmp_path)
    assert children  # the program forked on a worker, and that worker stopped it at the run's end
    assert_stopped(children)
