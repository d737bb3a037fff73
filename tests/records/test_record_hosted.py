"""A game record says whether it was hosted for friends over ssh, so that ``replay`` of an unfinished one suggests
``resume --host``, not the hot-seat ``resume``. Written only when true: every other record is as before, and older
records load (and verify) as they always did."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.i18n import set_language, t
from loveletter.records import GameRecord, RecordError, Seat
from loveletter.records.fileformat import Trust, trust_of
from loveletter.records.library import load_record
from loveletter.table.seats import Seat as TableSeat
from loveletter.tui.replay import Replay
from tests.net.guest import Table
from tests.support import random_playout


def unfinished(*, hosted: bool) -> GameRecord:
    game = Game("2019", 2, seed=5)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=5, hosted=hosted)
    random_playout(game, random.Random(5), stop_after=3)
    record.update(game)
    return record


@pytest.mark.parametrize("hosted", [True, False])
def test_the_record_says_whether_the_game_was_hosted(tmp_path: Path, hosted: bool) -> None:
    path = tmp_path / "game.json"
    unfinished(hosted=hosted).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert ("hosted" in data) is hosted  # only when true: other records keep their fields as before
    record = load_record(path)
    assert isinstance(record, GameRecord) and record.hosted is hosted and record.trust is Trust.SIGNED


def test_the_hosted_mark_is_signed_with_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    unfinished(hosted=True).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert trust_of(data) is Trust.SIGNED
    del data["hosted"]
    assert trust_of(data) is Trust.FOREIGN


def test_replay_of_an_unfinished_hosted_game_suggests_resume_host() -> None:
    set_language("en")
    with pytest.raises(RecordError) as caught:
        Replay(unfinished(hosted=True), None, "going.json")
    assert str(caught.value) == f"going.json: {t('records.replay.unfinished_hosted', people=2, name='going.json')}"
    assert "loveletter resume --host going.json" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        Replay(unfinished(hosted=False), None, "going.json")
    assert "--host" not in str(caught.value)


def test_a_hosted_game_is_saved_as_hosted() -> None:
    asyncio.run(_hosted())


async def _hosted() -> None:
    table = Table("2019", [TableSeat(""), TableSeat("Bot 1", "easy")], [0]).start()
    try:
        await table.seat("Ana")
        await table.started()
        record = load_record(table.saver.path)
        assert isinstance(record, GameRecord) and record.hosted
    finally:
        await table.aclose()


def test_a_hosted_game_resumed_at_one_computer_is_no_longer_hosted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from loveletter.commands.resume import play_on

    game = Game("2019", 2, seed=5)
    seats = [Seat("Bot 1", "computer", "random"), Seat("Bot 2", "computer", "random")]
    record = GameRecord.start(game, seats, seed=5, hosted=True)
    random_playout(game, random.Random(5), stop_after=3)
    record.update(game)
    path = tmp_path / "game.json"
    record.save(path)
    assert play_on(path, record, game, delay=0) == 0  # no terminal: played out as text, saved as it goes
    saved = load_record(path)
    assert isinstance(saved, GameRecord) and saved.finished and not saved.hosted
    capsys.readouterr()
