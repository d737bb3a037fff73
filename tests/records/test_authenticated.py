"""Records carry a MAC made with a key in the user's data folder (owner-only, made on first use). A game in
progress whose record was edited outside the program (a seat's kind, seats swapped, a flipped bit of the random
state) or signed with another key is refused. A finished game is shown from anywhere (it hides nothing:
``tests/records/test_trust.py``), and records of the formats from before MACs are read as they always were only
once finished."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from loveletter.records import GameRecord, RecordError, load_record
from loveletter.records.auth import KEY_NAME
from tests.records.support import run
from tests.records.test_commands import saved

USER_ERROR = 2
EDITED = (
    "mac: this game is not over and its record was saved with another account's key, or changed outside loveletter:"
    " a game in progress opens only on the account that saved it, since its hands and deck could have been changed"
    " (a finished game opens anywhere)"
)


def edit(path: Path, change: str) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    if change == "seat kind":
        data["seats"][0]["kind"] = "computer"
        data["seats"][0]["level"] = "easy"
    elif change == "seats swapped":
        data["seats"].reverse()
    elif change == "random state":
        data["rng_state"][1][100] ^= 1 << 7
    elif change == "mac removed":
        del data["mac"]
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


@pytest.mark.parametrize("change", ["seat kind", "seats swapped", "random state", "mac removed"])
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_an_edited_record_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, command: str
) -> None:
    path = saved(tmp_path, finished=False)
    edit(path, change)
    before = path.read_bytes()
    code, out, err = run(capsys, command, str(path))
    assert (code, out, err.strip()) == (USER_ERROR, "", f"loveletter: error: {path}: {EDITED}")
    assert path.read_bytes() == before


def test_a_game_in_progress_signed_with_another_key_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path, finished=False)
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "someone-else"))
    with pytest.raises(RecordError) as refused:
        GameRecord.load(path).replay(str(path))
    assert str(refused.value) == f"{path}: {EDITED}"


def test_the_key_is_made_on_first_use_readable_by_its_owner_only(tmp_path: Path) -> None:
    key = Path(os.environ["LOVELETTER_HOME"]) / KEY_NAME
    assert not key.exists()
    path = saved(tmp_path, finished=True)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_text().strip()) == 64
    first = key.read_bytes()
    saved(tmp_path, finished=True, name="other.json")
    assert key.read_bytes() == first  # made once
    assert load_record(path).replay().over


def test_a_finished_record_from_before_macs_is_read_as_it_always_was(tmp_path: Path) -> None:
    path = saved(tmp_path, finished=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["mac"]
    data["version"] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    game = GameRecord.load(path).replay(str(path))
    assert game.over


def test_an_edited_solitaire_record_is_refused_while_its_game_goes_on(tmp_path: Path) -> None:
    import random

    from loveletter.records.fileformat import Trust
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame

    game = SolitaireGame(seed=3)
    rng = random.Random(3)
    game.push(rng.choice(game.legal_actions()))
    path = tmp_path / "solitaire.json"
    SolitaireRecord.start(game).save(path)
    assert not SolitaireRecord.load(path).replay(str(path)).over
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seed"] = 4
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        SolitaireRecord.load(path).replay(str(path))
    assert str(refused.value) == f"{path}: {EDITED}"

    while not game.over:  # finished, the same edit is shown, not verified
        game.push(rng.choice(game.legal_actions()))
    SolitaireRecord.start(game).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seed"] = 4
    path.write_text(json.dumps(data), encoding="utf-8")
    record = SolitaireRecord.load(path)
    assert record.replay(str(path)).over and record.trust is Trust.FOREIGN
