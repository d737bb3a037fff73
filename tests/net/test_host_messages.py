"""What `host` prints on the normal screen (the table, how to join, where troubles are written; where the game is
saved when it stops) is wrapped between words at the terminal's width, a line's indent kept, as `play`'s messages
are (:func:`loveletter.tui.screen.echo`): the terminal itself cut them mid-word. Piped, the lines go as they are."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from loveletter.engine import load_ruleset
from loveletter.i18n import set_language, t
from loveletter.net import session
from loveletter.net.host import Host
from loveletter.net.hostkey import load_or_create
from loveletter.table.seats import Seat
from loveletter.table.setup import NewGame

WIDTH = 80


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def new_host() -> Host:
    seats = [Seat("Ana"), Seat(""), Seat("Bot 1", "easy")]
    return Host(load_ruleset("2019"), seats, [1], load_or_create(), bind="127.0.0.1", port=0, delay=0)


def hosted(monkeypatch: pytest.MonkeyPatch, saved: Path | None, tty: bool) -> tuple[list[str], str, str]:
    """Host a game that the host stops (Ctrl-C) in the lobby, once saved in ``saved`` (``None``: before it began):
    the messages it printed, as they are, and what it printed on standard output and on standard error."""
    host = new_host()
    out, err = (Tty(), Tty()) if tty else (io.StringIO(), io.StringIO())
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setenv("COLUMNS", str(WIDTH))

    def stopped(_: Host, __: Any, state: dict[str, Any], **___: Any) -> None:
        if saved is not None:
            state["saver"] = SimpleNamespace(path=saved, problem=None, flush=lambda: None)
        raise KeyboardInterrupt

    monkeypatch.setattr(session, "play_hosted", stopped)
    try:
        assert session.host_game(host, NewGame(host.ruleset, 3, 1, None), seed=1, delay=0) == 130
    finally:
        host.close()
    opening = [host.describe(), *("  " + line for line in host.join_lines())]
    opening += [t("host.info.check"), t("host.info.log", path=str(host.server.log.path))]
    closing = t("host.interrupted", path=str(saved)) if saved is not None else t("records.interrupted_unsaved")
    return [*opening, closing], out.getvalue(), err.getvalue()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("saved", [False, True])
def test_the_hosting_messages_wrap_between_words(
    lang: str, saved: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    set_language(lang)
    path = tmp_path / "games" / "2026-11-29-0123-2019-3.json" if saved else None
    messages, out, err = hosted(monkeypatch, path, tty=True)
    assert " ".join(messages).split() == (out + err).split()  # every word whole, in order
    long_words = [word for word in (out + err).split() if len(word) > WIDTH // 2]  # a path, never cut
    lines = (out + err).splitlines()
    assert all(len(line) <= WIDTH or any(w in line for w in long_words) for line in lines), out + err
    assert len(lines) > len(messages)  # some did need wrapping
    # The join lines are indented, the lines their wrapping adds too.
    shown = out.splitlines()
    check = next(i for i, line in enumerate(shown) if line.startswith(t("host.info.check").split()[0]))
    assert check > 3 and all(line.startswith("  ") for line in shown[1:check]), out
    piped, piped_out, piped_err = hosted(monkeypatch, path, tty=False)
    assert (piped_out + piped_err).splitlines() == piped  # piped: the lines as they are
