"""The example bot in a second language, examples/shell_bot.sh (POSIX shell: sed, grep, head, tr), plays whole
tournaments through the bot protocol, as a path to an executable and as a command, without a forfeit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter.arena import referee
from loveletter.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "shell_bot.sh"


@pytest.mark.parametrize(
    ("player", "ruleset"), [(f"Shell={EXAMPLE}", "premium"), (f"cmd:sh {EXAMPLE}", "2019")], ids=["path", "command"]
)
def test_the_shell_example_plays_a_tournament(
    player: str, ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    args = ["--player", "easy", "--player", player, "--ruleset", ruleset, "--players", "2", "--deals", "2"]
    try:
        code = main(["--lang", "en", "tournament", *args, "--seed", "2", "--json", "--results", str(results)])
    finally:
        referee.close_all()
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    data = json.loads(out)
    shell = next(p for p in data["players"] if p["name"] in ("Shell", "shell"))  # its own name without NAME=
    assert data["games"] == 4 and shell["games"] == 4 and shell["forfeits"] == {} and data["forfeits"] == []
    log = (tmp_path / "r.logs" / f"{shell['name']}.log").read_text(encoding="utf-8")
    assert log.count("seat's choice at question") >= 20
