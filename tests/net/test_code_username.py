"""The join code as the SSH username (``ssh -p PORT 7KQ-M4T@HOST``) proves it before the session: such a friend
never waits in the pools of connections without the code, so no flood of sessions at the code's question keeps
them out, and goes straight to their name. A wrong code there is a wrong answer like one at the question (the
same :data:`~loveletter.net.server.CODE_TRIES` in all), and that connection is asked the code as any other."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from loveletter.i18n import t
from loveletter.net.code import shown
from loveletter.net.limits import GRACE_SECONDS, IN_SESSION, Gate
from loveletter.net.server import CODE_TRIES
from loveletter.table.seats import Seat
from tests.net.guest import Guest, Table
from tests.net.test_admission import code_askers
from tests.net.test_refusals import ssh

SEATS = [Seat(""), Seat("Bot 1", "easy")]
ROOM = 4
FRIENDS = Path(__file__).parents[2] / "docs" / "tutorial" / "friends.md"


def _wrong(code: str) -> str:
    """A code-like username that is not ``code``."""
    return shown(("2" if code[0] != "2" else "3") + code[1:])


def test_a_friend_with_the_code_as_username_is_seated_while_the_code_question_is_held_full() -> None:
    asyncio.run(_through_a_full_question())


async def _through_a_full_question() -> None:
    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    now = [0.0]  # the pool's clock, moved by the test: places expire when it says
    server.gate = Gate(1, rate=10_000, ceiling=10_000, hasty=10_000, asking=ROOM, clock=lambda: now[0])
    held: list[Guest] = []
    try:
        held += await code_askers(table.port, ROOM)
        late = await Guest(table.port).connect()  # every place in its grace: a newcomer without the code is turned away
        assert late.shows(await late.wait_until_closed(), t("host.join.crowded"))
        now[0] += GRACE_SECONDS  # the places expire, and the flood takes them again
        held += await code_askers(table.port, ROOM)
        assert all(guest.closed for guest in held[:ROOM])

        ana = await Guest(table.port).connect(username=shown(table.code))
        await ana.wait_for(t("host.join.name").strip())
        assert t("host.join.code").strip() not in ana.everything()  # not asked again
        ana.send("Ana", "enter")
        await table.started()
        await ana.wait_for("Ana (you)")
        # Ana took nobody's place: the flood's sessions still wait, as many as the pool holds.
        asking = [w for w in server.gate.waiting.values() if w.stage == IN_SESSION]
        assert len(asking) == ROOM and not any(guest.closed for guest in held[ROOM:])
        assert server.errors == []
    finally:
        for guest in held:
            guest.close()
        await table.aclose()


def test_a_wrong_code_as_username_is_asked_the_code() -> None:
    asyncio.run(_wrong_username())


async def _wrong_username() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        ana = await Guest(table.port).connect(username=_wrong(table.code))
        await ana.wait_for(t("host.join.wrong_username_code"), t("host.join.code").strip())
        await ana.join(table.code, "Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
    finally:
        await table.aclose()


def test_a_wrong_code_as_username_counts_against_the_tries() -> None:
    asyncio.run(_tries())


async def _tries() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        eve = await Guest(table.port).connect(username=_wrong(table.code))
        for attempt in range(CODE_TRIES - 1):
            await eve.wait_for(t("host.join.code").strip(), count=attempt + 1)
            eve.send(f"WRONG{attempt}", "enter")
        refused = await eve.wait_until_closed()
        assert refused.count(t("host.join.wrong_code")) == CODE_TRIES - 1
        assert t("host.join.name").strip() not in refused
        # A username that is not code-like is no guess: all the tries at the question.
        bea = await Guest(table.port).connect(username="play")
        for attempt in range(CODE_TRIES):
            await bea.wait_for(t("host.join.code").strip(), count=attempt + 1)
            bea.send(f"WRONG{attempt}", "enter")
        refused = await bea.wait_until_closed()
        assert refused.count(t("host.join.wrong_code")) == CODE_TRIES
    finally:
        await table.aclose()


def test_the_join_command_has_the_code_in_the_username() -> None:
    asyncio.run(_join_command())


async def _join_command() -> None:
    table = Table("2019", SEATS, [0]).start()
    try:
        command = f"ssh -p {table.port} {shown(table.code)}@127.0.0.1"
        lines = table.host.join_lines()
        assert lines[0] == t("host.info.command", command=command)
        assert lines[1] == t("host.info.code", code=shown(table.code))  # still said, for other usernames
        # The real ssh client takes the code as its username; a client that gave it is told the command with it.
        out, _, status = await ssh(table.port, f"{shown(table.code)}@127.0.0.1", "loveletter")
        assert out.strip() == t("host.join.command", command=command) and status == 1
    finally:
        await table.aclose()


def test_the_docs_join_with_the_code_as_username() -> None:
    text = FRIENDS.read_text(encoding="utf-8")
    joined = re.search(r"Friends join with:  ssh -p 8022 ([0-9A-Z]{3}-[0-9A-Z]{3})@192\.168\.1\.20", text)
    assert joined and f"Join code:          {joined[1]}" in text


def test_a_code_changed_since_the_login_is_asked_and_never_told() -> None:
    asyncio.run(_code_changed())


async def _code_changed() -> None:
    import asyncssh

    from loveletter.net.code import new_code
    from tests.net.guest import CLIENT

    table = Table("2019", SEATS, [0]).start()
    server = table.host.server
    old = shown(table.code)
    try:
        async with asyncssh.connect("127.0.0.1", table.port, **CLIENT | {"username": old}) as conn:
            while server.code == table.code:  # a seat freed (Host.free_seat): the code changes
                server.code = new_code()
            result = await conn.run("loveletter")  # told how to join, without the new code
            assert str(result.stdout).strip() == t("host.join.command", command=server.join_command(code=False))
        ana = await Guest(table.port).connect(username=old)
        await ana.wait_for(t("host.join.code").strip())  # the old code proves nothing now
        await ana.join(server.code, "Ana")
        await table.started()
        await ana.wait_for("Ana (you)")
    finally:
        await table.aclose()
