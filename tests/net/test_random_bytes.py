"""A property of hosting: whatever bytes guests send at whatever question they are asked, the host and
the other guests go on, and the game is played to its end.

Hypothesis draws the bytes: random ones mixed with the sequences of :mod:`tests.net.test_stranger_bytes`, sent by
a stranger at the join code's question, and by both guests at every question they reach (the code, the name, each
card and target, a confirmation, the round's and the game's end), each time before the keys that answer it. The
bytes may answer a question themselves, or step back: the guest then answers what comes next. The stranger's are
any bytes at all; the guests' leave out only what makes a guest leave (Ctrl-C, Ctrl-D), the keys that open another
screen of their own (the card reference, the log, the review), and, at a line of text, the control keys, which edit
the guest's own line (a guest whose code comes out wrong three times is refused, which is not the point here).

The host's terminal waits in its lobby and during the game as at a host's keyboard (prompt_toolkit applications).
"""

from __future__ import annotations

import asyncio
import io
import os
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rich.console import Console

from loveletter.i18n import t
from loveletter.table.seats import Seat
from tests.net.guest import CHOOSE, CONFIRM, LEAVE, READY, TIMEOUT, Guest, Table
from tests.net.screens import spectator
from tests.net.test_stranger_bytes import SEQUENCES

ROOT = Path(__file__).resolve().parents[2]
#: Bytes a guest never sends here: Ctrl-C and Ctrl-D (leaving), and the keys that open a screen of the guest's own.
NEVER = set(b"\x03\x04?lhrq")
#: And at a line of text (the code, the name), the control keys but Escape: they edit the guest's own line (end it,
#: mark a region, search...), which is the guest's business; the stranger sends those too.
LINE_CONTROLS = set(range(0x20)) - {0x1B}
#: Closes a bracketed paste the bytes may have opened, ends an incremental search (Escape), then empties the line
#: (Ctrl-A, Ctrl-K): what a guest types after it is read as typed.
CLEAR_LINE = b"\x1b[201~\x01\x0b"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
#: More questions than a one-round game asks, even with junk that steps back from some: past them, a loop.
QUESTIONS = 400


def _junk(never: set[int]) -> st.SearchStrategy[bytes]:
    piece = st.one_of(st.binary(max_size=24), st.sampled_from([s[:200] for s in SEQUENCES.values()]))
    return st.lists(piece, max_size=4).map(lambda parts: bytes(b for b in b"".join(parts) if b not in never))


LINE_JUNK = _junk(NEVER | LINE_CONTROLS)
KEY_JUNK = _junk(NEVER)
ANY_JUNK = _junk(set())


def one_round_ruleset(folder: Path) -> str:
    """The 2019 edition for two, won with one token: a game is one round (or a few, after a tie)."""
    text = (ROOT / "rulesets" / "2019.toml").read_text(encoding="utf-8").replace("{ 2 = 6,", "{ 2 = 1,")
    path = folder / "one-round.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


#: Three games a run by default (the first with no stray bytes), drawn afresh each time; ``LOVELETTER_NET_PROPERTY=N``
#: plays N of them.
EXAMPLES = int(os.environ.get("LOVELETTER_NET_PROPERTY") or 3)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    phases=[Phase.generate],
)
@given(data=st.data())
def test_random_bytes_at_every_question_a_guest_reaches(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder, spectator(Console(file=io.StringIO(), width=100)) as local:
        ruleset = one_round_ruleset(Path(folder))
        asyncio.run(_game(data, ruleset, local))


async def _game(data: st.DataObject, ruleset: str, local: object) -> None:
    table = Table(ruleset, [Seat(""), Seat("")], [0, 1], local=local).start()  # type: ignore[arg-type]
    try:
        eve = await Guest(table.port).connect(raw=True)  # a stranger, without the code
        await eve.wait_for(t("host.join.code").strip())
        eve.send(data.draw(ANY_JUNK, label="stranger"))
        eve.close()

        guests = []
        for name in ("Ana", "Bea"):
            guest = await Guest(table.port).connect(raw=True)
            await guest.wait_for(t("host.join.code").strip())
            guest.send(data.draw(LINE_JUNK, label=f"{name} at the code"), CLEAR_LINE, table.code, "enter")
            await guest.wait_for(t("host.join.name").strip())
            guest.send(data.draw(LINE_JUNK, label=f"{name} at the name"), CLEAR_LINE, name, "enter")
            guests.append(guest)
        game = await table.started()

        frames = [-1, -1]
        done = [False, False]
        for _ in range(QUESTIONS):
            if all(done):
                break
            # Whoever is asked next: the guest the game waits for, or one at the round's or the game's end.
            asked = await _next_asked(guests, frames, done)
            guest = guests[asked]
            prompt = await guest.next_prompt(frames[asked])
            frames[asked] = guest.frames
            junk = data.draw(KEY_JUNK, label=f"seat {asked} at {prompt}")
            # Close a paste the bytes opened; sent after anything else, its Escape would answer "no" to a question.
            guest.send(junk, PASTE_END if PASTE_START in junk else b"")
            if prompt == LEAVE:
                guest.send("enter")
                await guest.wait_until_closed()
                done[asked] = True
            else:
                guest.send("y" if prompt == CONFIRM else "enter")
        assert all(done), f"the game is not over after {QUESTIONS} questions"
        assert game.over and table.error is None  # played to its end; the host's loop is at its own end screens
        assert table.host.server.errors == []
    finally:
        await table.aclose()


async def _next_asked(guests: list[Guest], frames: list[int], done: list[bool]) -> int:
    """The first guest whose screen shows a question drawn after the last one they answered."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        for i, guest in enumerate(guests):
            if done[i] or guest.frames <= frames[i]:
                continue
            text = guest.text()
            if any(prompt in text for prompt in (CHOOSE, CONFIRM, READY, LEAVE)):
                return i
        await asyncio.sleep(0.01)
    raise AssertionError("no guest is asked anything:\n" + "\n\n".join(guest.text() for guest in guests))
