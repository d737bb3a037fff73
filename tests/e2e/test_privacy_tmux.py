"""Privacy between players, checked the way a curious player would: after a hand-off, neither the screen nor
the scrollback of a real terminal (tmux: ``capture-pane -S -``) shows the previous player's hand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.deals import deal, write_deals
from tests.e2e.terminal import TIMEOUT, program_env

#: Ana is dealt a Handmaid and draws a Prince; Bea holds a Baron and will draw a Guard.
ROUND = deal("2019", 2, hands=["Handmaid", "Baron"], draws=["Prince", "Guard"])
#: Text found only on the face of Ana's Prince card (never in the tracker, the log or a hand-off screen).
PRINCE_FACE = "and draws anew"
PRINCE_CARD = "5 Prince"


#: The server's settings, read before the pane is made (so they hold from its first line): a long scrollback,
#: and a pane that stays, its last screen readable, after its program exits (the test reads it afterwards).
CONFIG = "set-option -g history-limit 5000\nset-option -g remain-on-exit on\n"


class Tmux:
    """A detached tmux session on its own server socket and settings (:data:`CONFIG`, never the user's), 80x24
    unless told. ``cpr``: the program may ask the terminal where its cursor is, as it does outside the tests
    (tmux answers; the other end-to-end tests turn it off, since pyte does not)."""

    def __init__(
        self,
        command: list[str],
        cwd: str,
        *,
        shell_command: str | None = None,
        columns: int = 80,
        rows: int = 24,
        cpr: bool = False,
    ) -> None:
        self.socket = f"loveletter-test-{uuid.uuid4().hex[:8]}"
        self.config = Path(tempfile.mkdtemp(prefix="loveletter-tmux-")) / "tmux.conf"
        self.config.write_text(CONFIG, encoding="utf-8")
        self.session = "game"
        env = program_env()
        exports = [
            f"{key}={value}"
            for key, value in env.items()
            if key in ("PROMPT_TOOLKIT_NO_CPR", "LOVELETTER_LANG", "NO_COLOR", "LANG")
            and not (cpr and key == "PROMPT_TOOLKIT_NO_CPR")
        ]
        # A shell command gets the same exports as a program does (the pane's language and terminal settings).
        program = shell_command if shell_command is not None else " ".join(_quote(part) for part in command)
        shell = " ".join(["env", *exports, program])
        self.run("new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", self.session, "-c", cwd, shell)

    def run(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", str(self.config), *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=True,
        )
        return done.stdout

    def resize(self, columns: int, rows: int) -> None:
        """Resize the window (the program gets SIGWINCH), as dragging a terminal's corner does."""
        self.run("resize-window", "-t", self.session, "-x", str(columns), "-y", str(rows))

    def screen(self) -> str:
        """The visible screen only."""
        return self.run("capture-pane", "-p", "-t", self.session)

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.session, *keys)

    def capture(self) -> str:
        """The visible screen and the whole scrollback."""
        return self.run("capture-pane", "-p", "-S", "-", "-t", self.session)

    def wait_for(self, *texts: str) -> str:
        """Wait until the pane (or its scrollback) shows every one of ``texts``; the capture."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            screen = self.capture()
            if all(text in screen for text in texts):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {texts!r}; tmux shows:\n{screen}")
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=TIMEOUT, check=False)
        shutil.rmtree(self.config.parent, ignore_errors=True)


def _quote(part: str) -> str:
    import shlex

    return shlex.quote(part)


def need_tmux() -> None:
    """Skip without tmux on a developer's machine; under CI (``CI=true``) a missing tmux is a failure, so the
    privacy checks can never be skipped there unnoticed."""
    if shutil.which("tmux") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("tmux is not installed: CI must install it (.ci/run) to check privacy on a real terminal")
        pytest.skip("tmux is not installed (CI installs it: .ci/run)")


@pytest.fixture
def tmux_game(tmp_path: Path) -> Iterator[Tmux]:
    need_tmux()
    deals = write_deals(tmp_path / "deals.json", [ROUND])
    command = [sys.executable, "-m", "loveletter", "play", "--players", "2", "--names", "Ana,Bea", "--deal-file", deals]
    session = Tmux(command, cwd=str(Path.cwd()))
    try:
        yield session
    finally:
        session.close()


def test_the_next_player_cannot_see_or_scroll_back_to_the_previous_hand(tmux_game: Tmux) -> None:
    tmux = tmux_game
    tmux.wait_for("Pass the computer to Ana", "Ana: press Enter to see your cards.")
    tmux.keys("Enter")
    screen = tmux.wait_for("Which card do you play?")
    # Ana's own screen shows her Prince: the check below can fail.
    assert PRINCE_FACE in screen and PRINCE_CARD in screen

    tmux.keys("1")  # the Handmaid
    tmux.wait_for("Your turn is over")
    tmux.keys("Enter")

    handoff = tmux.wait_for("Pass the computer to Bea", "Bea: press Enter to see your cards.")
    assert PRINCE_FACE not in handoff and PRINCE_CARD not in handoff
    assert "Prince" not in handoff  # not even a card name: the hand-off screen is public

    tmux.keys("Enter")
    bea = tmux.wait_for("Which card do you play?")
    assert "3 Baron" in bea and "1 Guard" in bea  # Bea's hand...
    assert PRINCE_FACE not in bea and PRINCE_CARD not in bea  # ...and nothing of Ana's, screen or scrollback

    tmux.keys("C-c")
    after = tmux.wait_for("Interrupted.")
    # After leaving the game nothing private is left behind either.
    assert PRINCE_FACE not in after and "3 Baron" not in after


#: Lines printed on the normal screen, many more than its 24 rows: most of them go to the scrollback.
SECRETS = 60


def _wipe_in_a_pane(wipe: str, cwd: str) -> str:
    """Print secret lines on tmux's NORMAL screen (whose scrollback tmux keeps), then write ``wipe`` from a tiny
    Python program in the same pane (which then prints a marker: it ran to its end); the pane's screen and whole
    scrollback afterwards."""
    printer = f"for i in $(seq 1 {SECRETS}); do echo secret-line-$i; done"
    # The marker is put together when the program runs, so no error message can show it.
    program = wipe + "; print('wiped-' + 'here')"
    writer = f"{_quote(sys.executable)} -c {_quote(program)}"
    script = f"{printer}; {writer}"  # the pane stays when it ends (CONFIG)
    tmux = Tmux([], cwd, shell_command=f"sh -c {_quote(script)}")
    try:
        tmux.wait_for("wiped-here")
        return tmux.capture()
    finally:
        tmux.close()


def test_the_programs_wipe_clears_the_scrollback_of_the_normal_screen() -> None:
    need_tmux()
    cwd = str(Path.cwd())
    # The program's own wipe, as the game writes it between players.
    program = "import sys; from loveletter.tui.screen import Screen; Screen(sys.stdout).wipe()"
    after = _wipe_in_a_pane(program, cwd)
    assert "wiped-here" in after and "secret-line" not in after, after
    # The same without "erase the scrollback" (ESC[3J) leaves the secrets a scroll away: the check above can fail.
    partial = (
        "import sys; from loveletter.tui.screen import WIPE; assert '\\x1b[3J' in WIPE; "
        "sys.stdout.write(WIPE.replace('\\x1b[3J', '')); sys.stdout.flush()"
    )
    leaky = _wipe_in_a_pane(partial, cwd)
    assert "wiped-here" in leaky and f"secret-line-{SECRETS // 2}" in leaky
