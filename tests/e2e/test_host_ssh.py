"""``loveletter host`` end to end: the real program in one pseudo-terminal (Ana plays at the host's keyboard), a
friend joining with the real ``ssh`` client in another (Bea). Two short rounds of a house ruleset won with two
tokens: Bea checks the host key against the fingerprint the host shows, sees only her own cards, follows Ana's
moves live, loses her connection in the middle of her turn, comes back with the same code and name, and the
game goes on from the same point to its end.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pexpect
import pyte
import pytest

from tests.e2e.deals import GUARD_ROUND, deal, write_deals
from tests.e2e.terminal import COLUMNS, ROWS, Terminal, left_clean, program_env

#: Round 2: Ana holds a Handmaid and draws a Guard; Bea holds a Priest and draws a Baron; Ana then draws a Prince.
SECOND_ROUND = deal("2019", 2, hands=["Handmaid", "Priest"], draws=["Guard", "Baron", "Prince"])
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")


def need_ssh() -> str:
    """The ssh client; a missing one skips on a developer's machine and fails under CI, which installs it."""
    found = shutil.which("ssh")
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("the ssh client is not installed: CI must install it (.ci/run) to test hosting end to end")
        pytest.skip("the ssh client is not installed (CI installs it: .ci/run)")
    return found


class SshTerminal(Terminal):
    """The ``ssh`` client in an 80x24 pseudo-terminal, with no configuration, keys or agent of the user's; its
    locale ``lang`` is sent to the server (``SendEnv LANG``, as most systems' ssh configuration does)."""

    def __init__(self, ssh: str, args: Sequence[str], home: Path, *, lang: str = "C.UTF-8") -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        env = {
            "HOME": str(home),
            "PATH": os.environ.get("PATH", ""),
            "TERM": "xterm-256color",
            "LANG": lang,
        }
        options = ["-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=no"]
        options += ["-o", "SendEnv=LANG"]
        self.child = pexpect.spawn(ssh, [*options, *args], dimensions=(ROWS, COLUMNS), env=env)


def faces(raw: bytes) -> set[str]:
    """The card faces ever drawn in ``raw`` (a terminal's whole output): "1 Guard", "2 Priest"..."""
    text = ESCAPES.sub(b"", raw).decode("utf-8", "replace")
    return set(re.findall(r"╭─ (\d+ [A-Z][a-z]+) ─", text))


@pytest.fixture
def short_rules(tmp_path: Path) -> str:
    root = Path(__file__).resolve().parents[2]
    text = (root / "rulesets" / "2019.toml").read_text(encoding="utf-8").replace("{ 2 = 6,", "{ 2 = 2,")
    path = tmp_path / "short.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    try:
        yield opened
    finally:
        for term in opened:
            term.close()


def test_a_friend_joins_with_ssh_drops_out_and_comes_back(
    tmp_path: Path, short_rules: str, terminals: list[Terminal]
) -> None:
    ssh = need_ssh()
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND, SECOND_ROUND])
    home = tmp_path / "home"
    args = ["host", "--ruleset", short_rules, "--port", "0", "--bind", "127.0.0.1", "--deal-file", deals]
    host = Terminal([*args, "--seed", "1", "--delay", "0"], env=program_env(LOVELETTER_HOME=str(home)))
    terminals.append(host)
    host.wait_for("Player 1, your name?")
    host.press("Ana", "enter")
    lobby = host.wait_for("Friends join with:", "Join code:", "Host key:", "free: waiting for a friend")
    assert re.search(r"1\.\s+Ana\s+here, at the host's computer", lobby), lobby
    port, code = _join_info(lobby)
    shown_key = re.search(r"SHA256:\S+", lobby)
    assert shown_key, lobby

    # The fingerprint the host shows is the key's own (as ssh-keygen computes it), and ssh checks it.
    known_hosts = tmp_path / "known_hosts"
    public = _public_key(home / "host_key")
    known_hosts.write_text(f"[127.0.0.1]:{port} {public}\n", encoding="utf-8")
    if shutil.which("ssh-keygen"):
        listed = subprocess.run(["ssh-keygen", "-lf", str(known_hosts)], capture_output=True, text=True, check=True)
        assert shown_key[0] in listed.stdout
    client = tmp_path / "client"
    client.mkdir()
    join = ["-p", port, "-o", "StrictHostKeyChecking=yes", "-o", f"UserKnownHostsFile={known_hosts}"]
    bea = SshTerminal(ssh, [*join, "play@127.0.0.1"], client)
    terminals.append(bea)
    bea.wait_for("Join code:")
    bea.press(code.lower(), "enter")  # any case
    bea.wait_for("Your name:")
    bea.press("Bea", "enter")

    # Round 1: Ana decides at the host's keyboard; Bea watches her own table.
    ana_screen = host.wait_for("Which card do you play?", "1 Guard", "3 Baron")
    assert "2 Priest" not in ana_screen
    bea.wait_for("Ana is choosing…", "2 Priest", "Bea (you)")
    host.press("1")
    host.wait_for("Name a card:")
    host.press("2")
    host.wait_for("Round 1 is over", "Press Enter to deal the next round.")
    bea.wait_for("Round 1 is over", "Bea is out, showing Priest", "Press Enter when you are ready")
    bea.press("enter")
    host.press("enter")

    # Round 2: Ana plays her Handmaid; Bea sees it in her log as it happens, and it is her turn.
    screen = host.wait_for("Which card do you play?", "4 Handmaid", "round 2")
    host.press(_key("Handmaid", screen))
    host.wait_for("Bea is choosing…")
    bea.wait_for("Ana plays Handmaid.", "Which card do you play?", "3 Baron")
    bea.close()  # her connection goes away in the middle of her turn
    host.wait_for("Waiting for Bea to come back")

    bea = SshTerminal(ssh, [*join, "play@127.0.0.1"], client)
    terminals.append(bea)
    bea.wait_for("Join code:")
    bea.press(code, "enter")
    bea.wait_for("Your name:")
    bea.press("bea", "enter")
    screen = bea.wait_for("Which card do you play?", "2 Priest", "3 Baron", "Ana plays Handmaid.")
    bea.press(_key("Priest", screen))  # Ana is protected: the Priest chooses nobody
    screen = host.wait_for("Bea plays Priest.", "Which card do you play?", "1 Guard", "5 Prince")
    host.press(_key("Guard", screen))
    host.wait_for("Name a card:")
    host.press("3")  # the Baron

    host.wait_for("The game is over", "Ana wins the game!", "Press Enter for the game's summary.")
    bea.wait_for("The game is over", "Ana wins the game!", "Press Enter when you are done")
    bea.press("enter")
    bea.wait_for("The host decides whether to play another game")
    host.press("enter")
    # Another game at the same table: Bea stays connected, and it begins on her screen too.
    host.wait_for("The game, round by round", "Play again, with the same players and rules?")
    marks = len(host.raw), len(bea.raw)  # the first game's screens end here
    host.press("y")
    bea.wait_for("round 1", "Bea (you)")
    host.wait_for("round 1")
    host.press("ctrl-c")  # the host stops the second game: it is saved, and Bea is told so
    assert host.finish() == 130
    assert bea.finish() == 0
    assert bea.says("The host stopped the game. It is saved")
    assert left_clean(bytes(bea.raw))
    assert len(list((home / "games").glob("*.json"))) == 2  # the first game and the second

    # Nobody ever saw the other's cards: Bea held the Priest and the Baron, Ana the others.
    first_bea = terminals[1]
    seen_by_bea = faces(bytes(first_bea.raw)) | faces(bytes(bea.raw[: marks[1]]))
    assert seen_by_bea == {"2 Priest", "3 Baron"}
    assert faces(bytes(host.raw[: marks[0]])) == {"1 Guard", "3 Baron", "4 Handmaid", "5 Prince"}


def test_the_host_stops_the_game_and_hosts_it_again(
    tmp_path: Path, short_rules: str, terminals: list[Terminal]
) -> None:
    ssh = need_ssh()
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND, SECOND_ROUND])
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"))
    client = tmp_path / "client"
    client.mkdir()
    where = ["--port", "0", "--bind", "127.0.0.1", "--delay", "0"]
    host = Terminal(["host", "--ruleset", short_rules, "--deal-file", deals, "--seed", "1", *where], env=env)
    terminals.append(host)
    host.wait_for("Player 1, your name?")
    host.press("Ana", "enter")
    port, code = _join_info(host.wait_for("Join code:", "free: waiting for a friend"))
    bea = _join(ssh, port, code, "Bea", client)
    terminals.append(bea)
    before = host.wait_for("Which card do you play?", "1 Guard", "3 Baron")
    bea.wait_for("Ana is choosing…")

    host.press("ctrl-c")  # the host stops the game: it is saved, and Bea is told so
    assert host.finish() == 130
    assert left_clean(bytes(host.raw))
    assert host.says("Interrupted. The game is saved: host it again with `loveletter resume --host`")
    assert bea.finish() == 0
    assert bea.says("The host stopped the game. It is saved")

    host = Terminal(["resume", "--host", *where], env=env)
    terminals.append(host)
    lobby = host.wait_for("Join code:", "here, at the host's computer", "not connected yet")
    assert re.search(r"1\.\s+Ana\s+here, at the host's computer\s+│\s+│\s+2\.\s+Bea\s+not connected yet", lobby)
    assert "Guard" not in lobby
    port, again = _join_info(lobby)
    assert again == code  # a game hosted again keeps its code: Bea knows it
    # Bea comes back from a computer whose locale is Spanish: her screens are in Spanish, the host's in English.
    bea = _join(ssh, port, code, "Bea", client, spanish=True)
    terminals.append(bea)
    host.wait_for("Ana: press Enter to see your cards.")  # nothing of Ana's before she says she holds the laptop
    host.press("enter")
    after = host.wait_for("Which card do you play?", "1 Guard", "3 Baron")
    assert before.splitlines()[0] == after.splitlines()[0]  # the same round, deck and turn
    bea.wait_for("Ana está eligiendo…", "2 Sacerdote")
    host.press("1")
    host.wait_for("Name a card:")
    host.press("2")
    host.wait_for("Round 1 is over", "Press Enter to deal the next round.")
    bea.wait_for("Pulsa Intro cuando estés listo")
    host.press("q")  # stop after the round
    assert host.finish() == 0
    assert host.says("Saved as") and host.says("host it again with `loveletter resume --host`")
    assert bea.finish() == 0
    assert "Partida detenida tras la ronda 1. Fichas: Ana 1, Bea 0." in bea.text()


def _join_info(lobby: str) -> tuple[str, str]:
    """The port and the join code the host's screen shows."""
    port = re.search(r"ssh -p (\d+) [0-9A-Z]{3}-[0-9A-Z]{3}@127\.0\.0\.1", lobby)
    code = re.search(r"Join code: +([0-9A-Z]{3}-[0-9A-Z]{3})", lobby)
    assert port and code, lobby
    return port[1], code[1]


def _join(ssh: str, port: str, code: str, name: str, home: Path, *, spanish: bool = False) -> SshTerminal:
    """A friend joins (trusting the host key on first use, as ssh asks them to); ``spanish``: from a computer
    whose locale is Spanish."""
    options = ["-p", port, "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={home / 'known_hosts'}"]
    lang = "es_ES.UTF-8" if spanish else "C.UTF-8"
    guest = SshTerminal(ssh, [*options, "play@127.0.0.1"], home, lang=lang)
    guest.wait_for("Código para unirte:" if spanish else "Join code:")
    guest.press(code, "enter")
    guest.wait_for("Tu nombre:" if spanish else "Your name:")
    guest.press(name, "enter")
    return guest


def _key(card: str, screen: str) -> str:
    found = re.search(rf"(\d)\) {card}", screen)
    assert found, screen
    return found[1]


def _public_key(path: Path) -> str:
    import asyncssh

    return asyncssh.read_private_key(str(path)).export_public_key().decode().strip()


def test_a_friend_whose_network_went_silent_takes_the_seat_back_at_once(
    tmp_path: Path, terminals: list[Terminal]
) -> None:
    import signal

    from loveletter.table.seats import Seat
    from tests.net.guest import Table

    ssh = need_ssh()
    client = tmp_path / "client"
    client.mkdir()
    table = Table("2019", [Seat(""), Seat("Bot 1", "easy")], [0]).start()
    try:
        code, port = table.code, str(table.port)
        ana = _join(ssh, port, code, "Ana", client)
        terminals.append(ana)
        ana.wait_for("Ana (you)")
        ana.child.kill(signal.SIGSTOP)  # her network goes quiet: nothing is closed, nothing answers
        try:
            back = _join(ssh, port, code, "Ana", client)  # a full table, yet she is let in: her seat is silent
            terminals.append(back)
            back.wait_for("Ana (you)", timeout=15)
        finally:
            ana.child.kill(signal.SIGCONT)
        assert ana.finish() == 255  # the old connection was closed by the host: ssh says so and ends
    finally:
        table.close()
