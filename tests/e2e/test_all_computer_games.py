"""Every bundled ruleset at every player count, played by computer players to the end through the real command,
with no terminal: ``loveletter play --ruleset R --players N --bots N --level random --seed 1``."""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from tests.e2e.terminal import program_env
from tests.tui.test_commands import rulesets_and_counts

#: Games at once: the machine has two cores, and each game is mostly the interpreter starting.
PARALLEL = 4


def play(case: tuple[str, int]) -> subprocess.CompletedProcess[str]:
    ruleset, players = case
    args = ["play", "--ruleset", ruleset, "--players", str(players), "--bots", str(players)]
    return subprocess.run(
        [sys.executable, "-m", "loveletter", *args, "--level", "random", "--seed", "1"],
        stdin=subprocess.DEVNULL,  # neither stdin nor stdout is a terminal
        capture_output=True,
        text=True,
        env=program_env(),
        timeout=120,
        check=False,
    )


def test_every_ruleset_and_player_count_plays_to_the_end_without_a_terminal() -> None:
    games = rulesets_and_counts()
    counts = {name: sorted(n for r, n in games if r == name) for name, _ in games}
    expected = {"2019": range(2, 7), "classic": range(2, 5), "original2012": range(2, 5), "premium": range(2, 9)}
    assert all(counts.get(name) == list(seats) for name, seats in expected.items()), counts
    with ThreadPoolExecutor(PARALLEL) as pool:
        results = list(pool.map(play, games))
    for (ruleset, players), done in zip(games, results, strict=True):
        where = f"{ruleset} with {players}: {done.stderr[-500:]}"
        assert done.returncode == 0, where
        last = done.stdout.splitlines()[-1]
        found = re.fullmatch(r"Result: (.+) won the game\. Tokens: (.+)\.", last)
        assert found, (where, last)
        seats = {f"Bot {i}" for i in range(1, players + 1)}
        winners = set(found.group(1).split(", "))
        assert winners and winners <= seats, (where, last)
