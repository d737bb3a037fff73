"""The replays refuse every hand (every face-down card) of an unfinished game however they are built; a record
saver finishes a save Ctrl-C cut short; the solitaire command reports a failed save and never calls it saved."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

# Before any test patches tui.screen.Screen: tui.lines subclasses the real one when it is first imported (run alone,
# this module would otherwise import it during a test, from the solitaire command, with the stand-in in its place).
import loveletter.tui.lines  # noqa: F401
from loveletter.commands import solitaire as command
from loveletter.engine import Game
from loveletter.i18n import set_language, t
from loveletter.records import GameRecord, RecordError, Seat
from loveletter.records import saver as saver_module
from loveletter.records.library import short_name
from loveletter.records.saver import RecordSaver
from loveletter.records.solitaire import SolitaireRecord
from loveletter.records.store import write_atomic
from loveletter.solitaire import SolitaireGame
from loveletter.tui.replay import Replay
from loveletter.tui.solitaire import app as app_module
from loveletter.tui.solitaire.replay import SolitaireReplay
from tests.support import random_playout


def unfinished_game() -> GameRecord:
    game = Game("classic", 2, seed=3)
    record = GameRecord.start(game, [Seat("Ana"), Seat("Bea")], seed=3)
    random_playout(game, random.Random(3), stop_after=3)
    record.update(game)
    return record


def test_replay_refuses_an_unfinished_game_of_two_people() -> None:
    set_language("en")
    record = unfinished_game()
    for seat in (None, 0, 1):
        with pytest.raises(RecordError) as caught:
            Replay(record, seat, "going.json")
        assert str(caught.value) == f"going.json: {t('records.replay.unfinished_people', people=2, name='going.json')}"


def test_solitaire_replay_refuses_every_face_down_card_of_an_unfinished_game() -> None:
    set_language("en")
    game = SolitaireGame(seed=3)
    game.push("draw")
    record = SolitaireRecord.start(game)
    with pytest.raises(RecordError) as caught:
        SolitaireReplay(record, every=True, source="going.json")
    assert str(caught.value) == f"going.json: {t('records.replay_solitaire.unfinished_all')}"
    assert len(SolitaireReplay(record, every=False).points) == 2


def test_flush_finishes_a_save_cut_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = SolitaireGame(seed=3)
    saver = RecordSaver.begin(SolitaireRecord.start(game), tmp_path)
    game.push("draw")
    saver.record.update(game)
    calls: list[Path] = []

    def interrupted_once(path: Path, text: str) -> None:
        calls.append(path)
        if len(calls) == 1:
            raise KeyboardInterrupt
        write_atomic(path, text)

    monkeypatch.setattr(saver_module, "write_atomic", interrupted_once)
    with pytest.raises(KeyboardInterrupt):
        saver.save()
    assert SolitaireRecord.load(saver.path).actions == []  # one action behind until flushed
    saver.flush()
    assert SolitaireRecord.load(saver.path).actions == ["draw"] and saver.problem is None
    saver.flush()  # nothing pending: no write
    assert len(calls) == 2


def session_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: Callable[[app_module.SolitaireApp], None]
) -> None:
    """Make the solitaire command's app start its game in a folder it cannot write, then do ``then``."""
    blocker = tmp_path / "not a folder"
    blocker.write_text("", encoding="utf-8")

    class Blocked(app_module.SolitaireApp):
        def session(self, game: SolitaireGame, **options: object) -> None:
            self.folder = blocker
            self.start(game, None, None)
            then(self)

    monkeypatch.setattr(app_module, "SolitaireApp", Blocked)


class _NoScreen:
    def __enter__(self) -> _NoScreen:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def run_session(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from loveletter.tui import screen

    monkeypatch.setattr(screen, "Screen", lambda *args, **kwargs: _NoScreen())
    code = command._session(SolitaireGame(seed=3), None, None, lambda: 1)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("interrupted", [True, False])
def test_a_failed_save_is_reported_and_not_called_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], interrupted: bool
) -> None:
    set_language("en")

    def then(app: app_module.SolitaireApp) -> None:
        assert app.saver is not None and app.saver.problem is not None
        assert app.status is not None and "Could not save" in app.status.plain  # the board says it at once
        if interrupted:
            raise KeyboardInterrupt

    session_with(tmp_path, monkeypatch, then)
    code, out, err = run_session(monkeypatch, capsys)
    assert code == (130 if interrupted else 0)
    assert "could not be saved" in err and "not a folder" in err
    assert "saved in" not in err.lower() and "the game is saved" not in err.lower()
    assert "Interrupted" not in err
    assert interrupted or out.startswith("Thanks for playing.")


def test_an_interrupted_game_that_saved_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    set_language("en")
    seen: list[Path] = []

    class Saving(app_module.SolitaireApp):
        def session(self, game: SolitaireGame, **options: object) -> None:
            self.folder = tmp_path
            self.start(game, None, None)
            assert self.path is not None
            seen.append(self.path)
            raise KeyboardInterrupt

    monkeypatch.setattr(app_module, "SolitaireApp", Saving)
    code, _, err = run_session(monkeypatch, capsys)
    said = t("records.interrupted", path=seen[0], name=short_name(seen[0]))
    assert code == 130 and seen and err.strip().endswith(said)
    assert "could not be saved" not in err
