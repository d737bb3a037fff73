"""What `play` prints on the normal screen when a game stops (``q`` at a round's end) is wrapped between words at
the terminal's width: the terminal itself cut it mid-word (``…Bot 4, B`` / ``ot 5 1…``, ``To contin`` / ``ue
it:``) (issue 48, item 9). Piped, the lines go as they are."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

from loveletter.engine import Game
from loveletter.i18n import set_language, t
from loveletter.tui.session import tell

NAMES = ["Anastasia", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_stopped_game_message_wraps_between_words(
    lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    set_language(lang)
    game = Game("premium", len(NAMES), seed=1)
    path = tmp_path / "games" / "2026-11-29-0123-premium-6.json"
    saver = SimpleNamespace(
        record=SimpleNamespace(seats=[SimpleNamespace(name=n) for n in NAMES]), path=path, problem=None
    )
    for stdout, wrapped in ((Tty(), True), (io.StringIO(), False)):
        monkeypatch.setattr("sys.stdout", stdout)
        monkeypatch.setenv("COLUMNS", "80")
        tell(game, saver)  # type: ignore[arg-type]
        printed = stdout.getvalue()
        said = t("play.summary.stopped", round=1, tokens=", ".join(f"{n} 0" for n in NAMES))
        assert said.split() == printed.split()[: len(said.split())]  # every word whole, in order
        lines = printed.splitlines()
        if wrapped:
            assert all(len(line) <= 80 or str(path) in line for line in lines), printed
        else:
            assert any(len(line) > 80 for line in lines)  # the summary line as it is
