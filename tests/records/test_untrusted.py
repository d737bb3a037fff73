"""Records are untrusted input: what a file, a folder or a name holds never deletes another
program's file, crashes, hangs, paints the terminal or shows a hand of a game still going on; the files are the
owner's alone, the round still being played is kept out of casual sight, and the system's failures are said in the
player's language."""

from __future__ import annotations

import errno
import json
import os
import random
import stat
import time
from pathlib import Path

import pytest

from loveletter.engine import Game
from loveletter.i18n import os_problem, set_language
from loveletter.records import GameRecord, RecordError, Seat, games_dir, load_record
from loveletter.records.fileformat import opened, unseal
from loveletter.records.library import find_record, list_records, record_name, summarise
from loveletter.records.saver import RecordSaver
from loveletter.records.store import write_atomic
from tests.records.support import USER_ERROR, assert_one_line_error, run
from tests.support import random_playout

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
ESCAPE = "\x1b]0;owned\x07\x1b[2J"  # retitles the window, clears the screen
MARKUP = "[/]"  # closes a tag nobody opened: rich raises MarkupError


def record(names: tuple[str, ...] = ("Ana", "Bea"), *, finished: bool = False, kinds: str = "hh") -> GameRecord:
    game = Game("classic", len(names), seed=4)
    seats = [Seat(n) if k == "h" else Seat(n, "computer", "random") for n, k in zip(names, kinds, strict=True)]
    random_playout(game, random.Random(4), stop_after=None if finished else 6)
    return GameRecord.start(game, seats, seed=4)


def in_games(name: str, text: str) -> Path:
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------ the temporary files (18)


def test_resume_deletes_no_other_programs_temporary_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`resume DIR/g.json` used to delete every `.*.tmp` older than a minute in DIR."""
    path = tmp_path / "g.json"
    record(kinds="hc").save(path)
    notes = tmp_path / ".notes.tmp"
    notes.write_text("notes", encoding="utf-8")
    looks_like_ours = tmp_path / ".g.json.123.tmp"  # our pattern, but not in our folder
    looks_like_ours.write_text("{", encoding="utf-8")
    two_hours_ago = time.time() - 7200
    for path_ in (notes, looks_like_ours):
        os.utime(path_, (two_hours_ago, two_hours_ago))
    RecordSaver.resume(load_record(path), path)
    run(capsys, "resume", str(path))  # needs a terminal: refused, after the record was read
    assert notes.read_text(encoding="utf-8") == "notes" and looks_like_ours.exists()


def test_in_the_games_folder_only_our_own_leftovers_go(capsys: pytest.CaptureFixture[str]) -> None:
    folder = games_dir()
    folder.mkdir(parents=True)
    ours = folder / ".20261122-153000-2019-1a2b3c4d5e6f.json.4242.tmp"
    others = [folder / ".notes.tmp", folder / ".x.json.tmp", folder / ".x.json.12.tmp.bak", folder / "y.tmp"]
    for path in [ours, *others]:
        path.write_text("x", encoding="utf-8")
        os.utime(path, (1, 1))
    assert run(capsys, "games")[0] == 0
    assert not ours.exists() and all(path.exists() for path in others)


# ---------------------------------------------------------------------------------- names and damage (18)


def test_names_that_are_markup_or_control_codes_are_shown_as_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`games` gave a MarkupError traceback for a seat named `[/]`; escape sequences in a shared record reached the
    terminal through `games` and `replay`."""
    monkeypatch.setenv("COLUMNS", "200")
    names = (MARKUP, f"Bea{ESCAPE}", "[link=https://example.com]x[/link]")
    finished = record(names, finished=True, kinds="hhh")
    path = games_dir() / "20261122-153000-classic-000000000001.json"
    finished.save(path)
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    assert "\x1b" not in out and "\x07" not in out and "\\x1b]0;owned" in out
    assert MARKUP in out and "[link=https://example.c…" in out  # as text (cut short: a long name)
    code, out, err = run(capsys, "replay", "1")  # its number in `games`
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert out.splitlines()[0].startswith(f"Replay of {path.name}: ") and "Bea\\x1b]0;owned" in out


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("players Infinity", lambda text: text.replace('"players": 2', '"players": Infinity')),
        ("players 1e400", lambda text: text.replace('"players": 2', '"players": 1e400')),
        ("a lone surrogate", lambda text: text.replace('"Ana"', '"\\ud800"')),
        ("NaN seed", lambda text: text.replace('"seed": 4', '"seed": NaN')),
    ],
)
def test_damaged_values_are_one_line_and_change_nothing(
    capsys: pytest.CaptureFixture[str], what: str, change: object
) -> None:
    """`"players": Infinity` or `1e400` (OverflowError) and a name `"\\ud800"` (UnicodeEncodeError) crashed the
    listing and resume."""
    assert callable(change)
    path = in_games("20261122-153000-classic-00000000000a.json", change(record().to_json()))
    before = path.read_bytes()
    code, out, err = run(capsys, "games")
    assert code == 0 and "Traceback" not in err and record_name(path) in out, what
    for command in (["resume", str(path)], ["replay", str(path)], ["resume"]):
        code, out, err = run(capsys, *command)
        if command == ["resume"]:  # the latest unfinished game: this one, unless it cannot be read at all
            assert code in (1, USER_ERROR) and "Traceback" not in err, (what, err)
            continue
        assert_one_line_error(code, out, err, path, what)
    assert path.read_bytes() == before


def test_a_name_no_file_can_hold_is_saved_as_a_question_mark(tmp_path: Path) -> None:
    """A stray byte of a command line (`--names $'\\xff'`) is a lone surrogate: the save used to fail on it."""
    game = Game("classic", 2, seed=1)
    path = tmp_path / "g.json"
    GameRecord.start(game, [Seat("\udcffAna"), Seat("Bea")], seed=1).save(path)
    assert load_record(path).seats[0].name == "?Ana"  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------- folders (18, 12.6)


def test_an_unreadable_games_folder_is_said_to_be_unreadable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`games` said "No saved games yet" (exit 0), `resume` that there was nothing to resume."""
    folder = games_dir()
    folder.mkdir(parents=True)
    record().save(folder / "20261122-153000-classic-00000000000b.json")
    real = os.scandir

    def scandir(path: object) -> object:
        if Path(str(path)) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", scandir)  # chmod does not stop root; the system's answer is the same
    for command in ("games", "resume"):
        code, out, err = run(capsys, command)
        assert code == USER_ERROR and out == "", command
        assert err == f"loveletter: error: {folder}: the saved games cannot be listed: permission denied\n"
    code, _, err = run(capsys, "games", lang="es")
    assert code == USER_ERROR and err.endswith("no se pueden listar las partidas guardadas: permiso denegado\n")


@pytest.mark.skipif(ROOT or not hasattr(os, "getuid"), reason="the owner only, and root reads anything")
def test_an_unreadable_games_folder_for_real(capsys: pytest.CaptureFixture[str]) -> None:
    folder = games_dir()
    folder.mkdir(parents=True)
    folder.chmod(0)
    try:
        code, _, err = run(capsys, "games")
    finally:
        folder.chmod(0o700)
    assert code == USER_ERROR and "cannot be listed: permission denied" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_device_a_pipe_or_a_huge_file_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """`resume /dev/zero` and `replay /dev/zero` read the whole "file" into memory (MemoryError); `resume FIFO`
    waited forever for a writer."""
    from loveletter.records.fileformat import MAX_BYTES

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    for path, problem in (
        (Path("/dev/zero"), "not a regular file"),
        (fifo, "not a regular file"),
        (huge, f"larger than {MAX_BYTES >> 20} MB"),
        (tmp_path, "a folder, not a game record"),
    ):
        code, out, err = run(capsys, command, str(path))
        assert_one_line_error(code, out, err, path)
        assert problem in err, err
    # The listing reads nothing it cannot: a pipe named like a record is listed as unreadable.
    games_dir().mkdir(parents=True)
    os.mkfifo(games_dir() / "20261122-153000-classic-00000000000c.json")
    assert [s.readable for s in list_records()] == [False]


# ------------------------------------------------------------------------------------- owner only (12.2)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_records_and_the_data_folder_are_the_owners_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records were written 0644 in a 0755 folder: anyone on the machine could read a game still going on."""
    monkeypatch.delenv("LOVELETTER_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the usual place, under a test folder
    old = os.umask(0o022)
    try:
        saver = RecordSaver.begin(record())
    finally:
        os.umask(old)
    home = games_dir().parent
    assert home == tmp_path / "data" / "loveletter"
    assert (mode(saver.path), mode(games_dir()), mode(home)) == (0o600, 0o700, 0o700)
    # What an older version left readable by all is made the owner's at the next save.
    home.chmod(0o755)
    games_dir().chmod(0o755)
    saver.path.chmod(0o644)
    saver.save()
    assert (mode(saver.path), mode(games_dir()), mode(home)) == (0o600, 0o700, 0o700)


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_folder_the_player_chose_keeps_its_mode_and_the_files_are_private(tmp_path: Path) -> None:
    chosen = tmp_path / "shared"
    chosen.mkdir(mode=0o755)
    chosen.chmod(0o755)
    write_atomic(chosen / "game-00000.json", "{}")
    assert mode(chosen) == 0o755 and mode(chosen / "game-00000.json") == 0o600


# -------------------------------------------------------------------------------- the round being played (18)


def test_an_unfinished_games_deal_is_sealed_and_a_finished_ones_is_plain() -> None:
    """A record held every hand and the draw order in plain JSON while the game went on."""
    going = record()
    text = going.to_json()
    cards = set(Game("classic", 2, seed=0).ruleset.cards)
    last = json.loads(text)["rounds"][-1]
    assert set(last) == {"first_player", "sealed"} and not any(card in last["sealed"] for card in cards)
    assert unseal(last["sealed"]) == {"deck": going.rounds[-1].deck, "actions": going.rounds[-1].actions}
    assert opened(json.loads(text))["rounds"][-1]["deck"] == going.rounds[-1].deck
    loaded = GameRecord.from_json(text, "g.json")
    assert loaded.rounds == going.rounds and loaded.replay("g.json").actions
    finished = json.loads(record(finished=True).to_json())
    assert all("deck" in entry and "sealed" not in entry for entry in finished["rounds"])


def test_a_damaged_seal_is_one_line() -> None:
    data = json.loads(record().to_json())
    data["rounds"][-1]["sealed"] = data["rounds"][-1]["sealed"][:-8] + "AAAAAAAA"
    with pytest.raises(RecordError, match=r"^g\.json: rounds\[\d\]\.sealed: the round still being played cannot"):
        GameRecord.from_json(json.dumps(data), "g.json")


def test_a_version_1_record_still_loads() -> None:
    """Records written before the seal: version 1, every round plain. Unsigned, its game in progress replays only
    once the player vouches for it (``resume --trust-unsigned``)."""
    from loveletter.records.fileformat import Trust

    data = opened(json.loads(record().to_json()))
    data["version"] = 1
    loaded = GameRecord.from_json(json.dumps(data), "old.json")
    assert loaded.rounds == record().rounds and loaded.trust is Trust.UNSIGNED
    with pytest.raises(RecordError):
        loaded.replay("old.json")
    loaded.trust = Trust.SIGNED
    assert loaded.replay("old.json").actions


def test_games_shows_no_hand(capsys: pytest.CaptureFixture[str]) -> None:
    record().save(games_dir() / "20261122-153000-classic-00000000000d.json")
    set_language("en")
    code, out, _ = run(capsys, "games")
    cards = set(Game("classic", 2, seed=0).ruleset.cards)
    assert code == 0 and not [card for card in cards if card in out]


# ------------------------------------------------------------------------------- names and numbers (17.4)


def test_resume_and_replay_take_the_name_or_the_number_games_shows(capsys: pytest.CaptureFixture[str]) -> None:
    folder = games_dir()
    first, second = (folder / f"2026112{i}-153000-classic-00000000000{i}.json" for i in (1, 2))
    record(finished=True).save(first)
    record(finished=True).save(second)
    assert find_record("1") == first and find_record("2") == second  # numbered from the oldest game
    assert find_record(record_name(second)) == second and find_record(second.stem) == second
    assert find_record(second.name) == second and record_name(second) == "classic-000000000002"
    assert find_record(str(second)) == second
    code, _, err = run(capsys, "replay", "3")
    assert code == USER_ERROR and err == (
        "loveletter: error: there is no saved game number 3: `loveletter games` lists 2\n"
    )
    code, out, _ = run(capsys, "replay", record_name(second))
    assert code == 0 and out.startswith(f"Replay of {second.name}")
    code, _, err = run(capsys, "resume", "1")
    assert code == USER_ERROR and f"watch it again with `loveletter replay {record_name(first)}`" in err


def test_games_lists_whole_names_and_local_times(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file column was folded at 80 columns, and the time was UTC."""
    if not hasattr(time, "tzset"):
        pytest.skip("time zones by TZ")
    monkeypatch.setenv("TZ", "America/Bogota")  # UTC-5, no summer time
    time.tzset()
    monkeypatch.setenv("COLUMNS", "80")
    try:
        going = record(("Ana Maria", "Bea Luisa"))
        going.updated = "2026-11-23T18:05:21+00:00"
        path = games_dir() / "20261123-180521-classic-0123456789ab.json"
        going.save(path)
        code, out, _ = run(capsys, "games")
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    assert code == 0
    row = next(line for line in out.splitlines() if record_name(path) in line)  # the whole name, on one line
    assert "2026-11-23 13:05" in row or "13:05" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "  loveletter resume NUMBER" in out.splitlines()  # a command to copy, on a line of its own


def test_messages_say_uv_run_when_that_is_how_the_program_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A newcomer who followed the Quick start has `uv run loveletter`, not `loveletter`."""
    monkeypatch.setenv("UV_RUN_RECURSION_DEPTH", "1")
    monkeypatch.setenv("PATH", str(tmp_path))  # no other loveletter on the path
    assert run(capsys, "resume")[1].splitlines()[-1] == "  uv run loveletter play"
    tools = tmp_path / "bin"  # `uv tool install .` puts one on the path
    tools.mkdir()
    (tools / "loveletter").write_text("#!/bin/sh\n", encoding="utf-8")
    (tools / "loveletter").chmod(0o755)
    monkeypatch.setenv("PATH", str(tools))
    assert run(capsys, "resume")[1].splitlines()[-1] == "  loveletter play"


# ----------------------------------------------------------------------------- the system's words (12.5)


@pytest.mark.parametrize(
    ("code", "english", "spanish"),
    [
        (errno.ENOENT, "no such file or folder", "no existe ese archivo o carpeta"),
        (errno.EACCES, "permission denied", "permiso denegado"),
        (errno.EISDIR, "it is a folder", "es una carpeta"),
        (errno.ENOSPC, "the disk is full", "el disco está lleno"),
        (errno.EROFS, "the disk is read-only", "el disco es de solo lectura"),
    ],
)
def test_a_failed_save_is_said_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, english: str, spanish: str
) -> None:
    """ "Is a directory" and "Permission denied" reached Spanish sentences in English."""
    from loveletter.records import saver as saver_module

    def failing(path: Path, text: str) -> None:
        raise OSError(code, os.strerror(code), str(path))

    saver = RecordSaver(record(), tmp_path / "g.json")
    monkeypatch.setattr(saver_module, "write_atomic", failing)
    for lang, words in (("en", english), ("es", spanish)):
        set_language(lang)
        saver.save()
        assert saver.problem == f"{tmp_path / 'g.json'}: {words}"
    set_language("en")
    assert os_problem(errno.EXDEV, "Invalid cross-device link") == "Invalid cross-device link"  # the fallback


def test_a_record_that_is_a_folder_is_said_so_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "g.json"
    folder.mkdir()
    code, _, err = run(capsys, "replay", str(folder), lang="es")
    assert code == USER_ERROR and err.strip().endswith("es una carpeta, no un registro de partida")
    summary = summarise(folder)
    assert not summary.readable


def test_record_messages_name_no_python_class() -> None:
    """ "must be a list, got dict" spoke Python; the file's own value, as JSON writes it, says more."""
    data = json.loads(record(finished=True).to_json())
    data["seats"] = {"Ana": None}
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(json.dumps(data), "g.json")
    assert str(caught.value) == 'g.json: seats: must be a list, got {"Ana": null}'


def test_a_file_name_with_control_codes_is_shown_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from loveletter.records.solitaire import SolitaireRecord
    from loveletter.solitaire import SolitaireGame

    game_path, solitaire_path = tmp_path / f"a{ESCAPE}.json", tmp_path / f"b{ESCAPE}.json"
    record(finished=True).save(game_path)
    deal = SolitaireGame(seed=3)
    deal.push("draw")
    SolitaireRecord.start(deal).save(solitaire_path)
    for path in (game_path, solitaire_path):
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0 and "\x1b" not in out + err and "\\x1b]0;owned" in out.splitlines()[0]
    broken = tmp_path / f"c{ESCAPE}.json"
    broken.write_text("{", encoding="utf-8")
    code, out, err = run(capsys, "replay", str(broken))
    assert code == USER_ERROR and "\x1b" not in err and err.startswith("loveletter: error: ")
