"""A guest of ``host`` who asks for screen-reader mode from their ssh client's environment
(``LOVELETTER_SCREEN_READER=1``, as ``ssh -o SetEnv=...`` sends it), read from the raw stream they are sent as a
screen reader reads it: from the join code on, plain ASCII lines on the normal screen (no alternate screen, no control
sequence), their seat's events one line each, their labelled hand at their decisions, numbered options answered
by typed lines (echoed back), the game's result; and only their own seat's secrets, ever."""

from __future__ import annotations

import asyncio
import re
import time

from loveletter.engine import Game
from loveletter.i18n import card_name
from loveletter.net.link import Link
from loveletter.net.remote import RemoteFrontend
from loveletter.table.seats import Seat
from loveletter.tui.lines import Lines
from loveletter.tui.screen import ENTER_ALT
from loveletter.tui.surface import Frames
from tests.net.guest import TIMEOUT, Guest, Table
from tests.net.privacy import secrets_of, squeeze

SEATS = [Seat(""), Seat("Bot 1", "easy"), Seat("Bot 2", "easy")]
CHOICE = "Your choice (a number"
READY = "Press Enter when you are ready for the next round."
LEAVE = "Press Enter to leave the table."


def sent(guest: Guest) -> str:
    return "".join(guest.raw).replace("\r\n", "\n")


async def next_prompt(guest: Guest, after: int) -> tuple[str, int]:
    """Wait until the stream, past ``after``, ends with a prompt waiting for a typed line (it ends no line); the
    prompt's line and where the stream ends."""
    deadline = time.monotonic() + TIMEOUT * 3
    while True:
        text = sent(guest)
        last = text[text.rfind("\n") + 1 :]
        if len(text) > after and last.startswith((CHOICE, READY, LEAVE)) and last.endswith(" "):
            return last, len(text)
        assert time.monotonic() < deadline and not guest.closed, f"no prompt after {after}:\n{text[-2000:]}"
        await asyncio.sleep(0.01)


def test_a_reader_guest_plays_a_whole_game_in_lines_and_hears_only_their_seat() -> None:
    asyncio.run(_whole_game())


async def _whole_game() -> None:
    table = Table("2019", SEATS, [0], seed=5).start()
    try:
        ana = await Guest(table.port).connect(env={"LOVELETTER_SCREEN_READER": "1"})
        await ana.join(table.code, "Ana")
        game = await table.started()
        at, hands, decisions = 0, 0, 0
        while True:
            prompt, at = await next_prompt(ana, at)
            if prompt.startswith(LEAVE):
                ana.send("enter")
                break
            if prompt.startswith(CHOICE):
                question = sent(ana)[:at]
                last_question = max(question.rfind("?\n"), question.rfind(":\n"))
                keys = re.findall(r"^([0-9a-z]+): ", question[last_question:], re.MULTILINE)  # the options said
                if "y" in keys:  # a warning: yes, play it
                    ana.send("y", "enter")
                    continue
                if "Which card do you play?" in question[question.rfind("Your hand:") :]:
                    # The game waits for Ana: the hand said is her seat's.
                    assert game.decider == 0
                    said = question[question.rfind("Your hand: ") + len("Your hand: ") :].split(".\n")[0]
                    assert sorted(said.split(", ")) == sorted(card_name(c) for c in game.view(0).hand)
                    hands += 1
                decisions += 1
                assert decisions < 500, "the game goes on and on"
                ana.send(keys[0], "enter")  # the first option, typed as a line
            else:
                ana.send("enter")
        await ana.wait_until_closed()
        await table.finished()
    finally:
        await table.aclose()

    assert hands >= 3 and decisions >= hands
    text = sent(ana)
    # From the first byte: the join code and the name asked as plain lines too, then the game.
    assert ENTER_ALT not in text and "\x1b" not in text and text.isascii(), "lines only"
    assert f"Join code: {table.code}\nYour name: Ana\n" in text  # each question one line, the answer echoed
    game_part = text[text.index("Round 1: ") :]
    assert any(line.startswith("The game is over: ") for line in game_part.splitlines())
    assert "Your choice (a number): 1\n" in game_part  # the answers typed are echoed back
    _only_her_secrets(game, ana)
    assert table.host.server.errors == []


def _only_her_secrets(game: Game, ana: Guest) -> None:
    names = ["Ana", "Bot 1", "Bot 2"]
    heard = squeeze(sent(ana))
    own = secrets_of(game, 0, names)
    assert any(secret in heard for secret in own)  # her own secrets reach her: the check below can fail
    for seat in (1, 2):
        for secret in secrets_of(game, seat, names) - own:
            assert secret not in heard, f"Ana heard a secret of seat {seat}: {secret}"


def test_a_seat_swaps_its_surface_as_its_guest_reads_or_looks() -> None:
    """A guest with a screen reader gets the seat's front end on lines, one without it on frames, and nobody frames
    drawn nowhere: the front end is the same, its surface swapped (the game is asked the same way)."""
    loop = asyncio.new_event_loop()
    try:
        front = RemoteFrontend(0, delay=0)
        looking, reading = Link(loop, None), Link(loop, None)
        reading.screen_reader = True
        front.follow(looking)
        assert isinstance(front.surface, Frames) and front.surface.screen is looking.screen
        front.follow(reading)
        assert isinstance(front.surface, Lines) and front.surface.stream is reading.stream
        front.follow(None)
        assert isinstance(front.surface, Frames) and front.surface.screen is not looking.screen
        front.follow(looking)
        assert isinstance(front.surface, Frames) and front.surface.screen is looking.screen
    finally:
        loop.close()
