"""No edit changes a game in progress, and finished games travel.

The attacks on a game in progress: open the sealed round, put the Princess in one's own hand, call the record an
old unsigned one (``"version": 3``, no ``mac``) and resume it; or add a second ``"version"`` to a signed record
(JSON keeps the last of two equal keys). Both are refused; an old unfinished game is accepted once, on the player's
word (``resume --trust-unsigned``), and signed from then on. A finished game from another account replays and is
reviewed, with one line saying it is not verified; an unfinished one from elsewhere is refused, saying why.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from loveletter.engine import Game
from loveletter.records import GameRecord, RecordError, Seat, load_record
from loveletter.records.fileformat import Trust, opened, seal
from tests.records.support import USER_ERROR, run
from tests.records.test_commands import saved
from tests.support import random_playout

UNVERIFIED = (
    "Not verified: this game was saved on another account or computer, by an older loveletter, or changed since;"
    " it is shown as its file has it (a finished game hides nothing)."
)
UNSIGNED = (
    "mac: this game is not over and its record has no signature (saved by an older loveletter, or edited since), so"
    " its hands and deck could have been changed: it is not opened. If it is your own game, left as it was, accept"
    " it once with `loveletter resume --trust-unsigned`"
)
ELSEWHERE = "a game in progress opens only on the account that saved it"


def fresh_round(folder: Path) -> tuple[Path, Game]:
    """An all-computer game saved just after a round was dealt (not its first), nobody having played in it."""
    rng = random.Random(5)
    game = Game("2019", 2, seed=7)
    seats = [Seat("Ana", "computer", "random"), Seat("Bot", "computer", "random")]
    while True:
        random_playout(game, rng, stop_after=1)
        if game.round_over:
            game.next_round()
            break
    record = GameRecord.start(game, seats, 7)
    path = folder / "game.json"
    record.save(path)
    return path, game


def with_the_princess(path: Path, game: Game) -> dict[str, Any]:
    """The record with the sealed round opened and the Princess dealt to the seat that plays first."""
    data: dict[str, Any] = opened(json.loads(path.read_text(encoding="utf-8")))
    entry = data["rounds"][-1]
    deck = list(entry["deck"])
    assert game.decider is not None
    own = deck.index(game.state.hands[game.decider][0])
    princess = deck.index("Princess")
    deck[own], deck[princess] = deck[princess], deck[own]
    data["rounds"][-1] = {"first_player": entry["first_player"], "sealed": seal({"deck": deck, "actions": []})}
    return data


def test_the_princess_dealt_into_an_old_looking_record_is_not_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, game = fresh_round(tmp_path)
    if "Princess" in [hand[0] for hand in game.state.hands if hand]:
        pytest.skip("the Princess was dealt already")  # (seed 7 deals it into the deck: checked below)
    data = with_the_princess(path, game)
    data["version"] = 3
    del data["mac"]
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    before = path.read_bytes()
    for command in ("resume", "replay"):
        code, out, err = run(capsys, command, str(path))
        assert (code, out, err.strip()) == (USER_ERROR, "", f"loveletter: error: {path}: {UNSIGNED}")
    assert path.read_bytes() == before
    # The record does replay: what refuses it is only that nothing vouches for it.
    record = GameRecord.load(path)
    record.trust = Trust.SIGNED
    assert game.decider is not None and record.replay().state.hands[game.decider][0] == "Princess"


def test_the_deal_edited_in_a_signed_record_is_not_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, game = fresh_round(tmp_path)
    data = with_the_princess(path, game)  # the mac left as it was
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    code, out, err = run(capsys, "resume", str(path))
    assert code == USER_ERROR and out == "" and ELSEWHERE in err


@pytest.mark.parametrize(
    "where",
    ["top", "seat", "sealed round"],
)
def test_a_key_given_twice_anywhere_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    path, _ = fresh_round(tmp_path)
    text = path.read_text(encoding="utf-8")
    if where == "top":  # a second "version" after the signed text: JSON would keep this one
        text = text[: text.rindex("}")].rstrip() + ',\n "version": 3\n}\n'
        key = "version"
    elif where == "seat":
        text = text.replace('"name": "Ana"', '"name": "Ana", "name": "Bea"', 1)
        key = "name"
    else:
        data = json.loads(text)
        sealed = data["rounds"][-1]["sealed"]
        import base64
        import zlib

        inner = zlib.decompress(base64.b64decode(sealed)).decode()
        twice = inner.replace('"actions":[]', '"actions":[],"actions":[]')
        assert twice != inner
        text = text.replace(sealed, base64.b64encode(zlib.compress(twice.encode())).decode())
        key = ""
    path.write_text(text, encoding="utf-8")
    for command in ("resume", "replay"):
        code, out, err = run(capsys, command, str(path))
        assert code == USER_ERROR and out == "" and len(err.splitlines()) == 1, err
        if key:
            assert f'"{key}" is given twice in one object' in err
        else:
            assert "rounds[" in err and "sealed" in err


def test_an_old_unfinished_game_is_accepted_once_on_the_players_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(tmp_path, finished=False, computers=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 3
    del data["mac"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_record(path).trust is Trust.UNSIGNED

    code, _, err = run(capsys, "resume", "--trust-unsigned", str(path))
    assert code == 0, err
    assert f"{path} had no signature: accepted on your word (--trust-unsigned)" in err
    record = load_record(path)
    assert record.trust is Trust.SIGNED and record.finished  # signed, then played to its end here


def test_a_finished_game_from_another_account_replays_and_is_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path / "ana", finished=True)
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "bea"))  # a friend's account, with a key of her own
    own = run(capsys, "replay", str(path))
    assert own[0] == 0 and own[2].strip() == UNVERIFIED
    assert own[1].startswith("Replay of game.json") and "Result:" in own[1]
    code, out, err = run(capsys, "review", str(path))
    assert code == 0 and err.strip() == UNVERIFIED and "Ana" in out


def test_a_finished_game_of_ones_own_says_nothing_more(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, finished=True)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == "" and "Result:" in out


def test_an_unfinished_game_from_another_account_is_refused_saying_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path / "ana", finished=False)
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "bea"))
    for command in ("resume", "replay"):
        code, out, err = run(capsys, command, str(path))
        assert code == USER_ERROR and out == "" and len(err.splitlines()) == 1
        assert ELSEWHERE in err and "a finished game opens anywhere" in err


def test_a_finished_game_whose_result_was_made_up_is_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Finished" is what the replay shows, not what the file claims: an unfinished game from elsewhere with a
    result written in is refused."""
    path = saved(tmp_path / "ana", finished=False)
    data = json.loads(path.read_text(encoding="utf-8"))
    data = opened(data)
    data["result"] = {"winners": [0], "tokens": [6, 0]}
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("LOVELETTER_HOME", str(tmp_path / "bea"))
    with pytest.raises(RecordError):
        GameRecord.load(path).replay(str(path))
