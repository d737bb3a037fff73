"""The examples and the benchmarks run: the random-agent script plays its games and tallies them; the training
scripts (MaskablePPO, self-play) run their smoke mode where sb3-contrib is installed and say what they need where it
is not; ``benchmarks/env.py --quick`` and ``benchmarks/exploitability.py --quick`` print their figures."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import extras
from tests.rl.conftest import NO_RL

pytest.importorskip("pettingzoo", reason=NO_RL)

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=check, timeout=timeout, cwd=ROOT
    )


def test_the_random_agent_example_plays_and_tallies_its_games() -> None:
    out = run("examples/random_agent.py", "--ruleset", "premium", "--players", "5", "--games", "3").stdout
    wins = [int(m) for m in re.findall(r"^player_\d: (\d+) of 3 games won$", out, re.M)]
    assert len(wins) == 5 and sum(wins) >= 3  # every game has a winner (a shared win counts for each)


def test_the_random_agent_example_reports_bad_input_in_one_line() -> None:
    result = run("examples/random_agent.py", "--ruleset", "classic", "--players", "7", check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == "random_agent.py: the classic ruleset seats 2 to 4 players, not 7"


HAVE_SB3 = importlib.util.find_spec("sb3_contrib") is not None
NO_SB3 = "sb3-contrib is not installed (it needs torch; docs/how-to/research.md gives the install lines)"
TRAINING = ("examples/maskable_ppo.py", "examples/self_play.py")


@pytest.mark.skipif(HAVE_SB3, reason="sb3-contrib is installed: the smoke runs below run the examples instead")
@pytest.mark.parametrize("example", TRAINING)
def test_the_training_examples_name_what_they_need(example: str) -> None:
    result = run(example, "--smoke", check=False)
    assert result.returncode == 2
    assert "sb3-contrib" in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_SB3, reason=NO_SB3)
def test_the_maskable_ppo_example_trains_saves_and_measures_its_agent() -> None:
    out = run("examples/maskable_ppo.py", "--smoke").stdout
    assert re.search(r"^trained [\d,]+ steps", out, re.M) and re.search(r"^saved to .+agent\.zip$", out, re.M)
    for level in ("random", "easy"):
        found = re.search(
            rf"^trained: +([\d.]+)% of \d+ games against {level} .+95% interval ([\d.]+)%-([\d.]+)%", out, re.M
        )
        assert found is not None, out
        rate, low, high = map(float, found.groups())
        assert low <= rate <= high


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_SB3, reason=NO_SB3)
def test_the_self_play_example_plays_its_generations() -> None:
    out = run("examples/self_play.py", "--smoke").stdout
    lines = [line for line in out.splitlines() if line.startswith("generation ")]
    assert len(lines) == 2 and "pool of 2" in lines[1] and "easy" in lines[1]


def test_the_environment_benchmark_prints_its_figures() -> None:
    out = run("benchmarks/env.py", "--quick").stdout
    for players in (2, 4):
        workloads = ("Game.push", "raw_env.step", "raw_env.step alone", "raw_env.step + observe", "env.step + observe")
        for workload in workloads:
            line = next(line for line in out.splitlines() if line.startswith(f"{players}p, {workload} "))
            rate, ratio = line.split()[-3], line.split()[-1]
            assert float(rate.replace(",", "")) > 0 and ratio.endswith("%"), line


@pytest.mark.slow
@pytest.mark.extra("openspiel")
def test_the_exploitability_benchmark_prints_its_curve_and_the_players() -> None:
    pytest.importorskip("pyspiel", reason=extras.reason("openspiel"))
    out = run(
        "benchmarks/exploitability.py", "--quick", timeout=900
    ).stdout  # it walks the whole game: minutes at load 18
    rows = [line.split() for line in out.splitlines() if line.split() and line.split()[0].replace(",", "").isdigit()]
    cfr_plus = [float(row[2]) for row in rows]
    assert len(cfr_plus) >= 3 and cfr_plus[-1] < cfr_plus[0]  # CFR+ closes in on an equilibrium
    for level in ("random", "easy"):
        line = next(line for line in out.splitlines() if line.startswith(level + " "))
        assert 0.0 < float(line.split()[1]) <= 0.5, line
