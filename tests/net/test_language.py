"""Each guest over SSH reads the game in their own language: the one their SSH client's environment names
(``LANG``, which OpenSSH clients send by default, or ``LOVELETTER_LANG``), else the host's. The host's own
words stay in the host's language."""

from __future__ import annotations

import asyncio
import threading

from loveletter.i18n import language, named_language, set_language, speaking, t
from loveletter.table.seats import Seat
from tests.net.guest import Guest, Table

SEATS = [Seat(""), Seat(""), Seat("Bot 1", "easy")]


def prompts(lang: str) -> tuple[str, str, str, str]:
    """The prompts a guest meets in ``lang`` (choose, confirm, ready, leave), by a text shown while each is asked."""
    with speaking(lang):
        return (
            t("play.hint.choose").split(" · ")[1],
            t("play.hint.confirm"),
            t("host.round.ready"),
            t("play.game.leave"),
        )


async def play_through(guest: Guest, lang: str) -> list[str]:
    """Answer every question ``guest`` is asked with its first option (yes to a warning) until the game's end
    lets them leave; every screen they were asked on."""
    asked = prompts(lang)
    confirm, leave = asked[1], asked[3]
    with speaking(lang):
        yes = t("play.hint.confirm")[0]
    screens = []
    frame = -1
    while True:
        prompt = await guest.next_prompt(frame, prompts=asked, timeout=60)
        frame = guest.frames
        screens.append(guest.text())
        if prompt == leave:
            guest.send("enter")
            return screens
        guest.send(yes if prompt == confirm else "enter")


def test_a_guest_reads_the_game_in_the_language_their_ssh_client_names() -> None:
    asyncio.run(_two_languages())


async def _two_languages() -> None:
    assert language() == "en"
    table = Table("2019", SEATS, [0, 1], seed=3).start()
    try:
        ana = await Guest(table.port).connect(env={"LANG": "es_ES.UTF-8"})
        with speaking("es"):
            await ana.join(table.code, "Ana")  # the code and the name are asked in Spanish
        bea = await Guest(table.port).connect()  # her client names no language: the host's
        await bea.join(table.code, "Bea")
        await table.started()
        ana_screens, bea_screens = await asyncio.gather(play_through(ana, "es"), play_through(bea, "en"))
        ana_home, bea_home = await ana.wait_until_closed(), await bea.wait_until_closed()
        await table.finished()
    finally:
        await table.aclose()

    with speaking("es"):
        card_es, over_es = t("play.ask.card"), t("play.summary.over", winners="", tokens="").split(":")[0]
    card_en, over_en = t("play.ask.card"), t("play.summary.over", winners="", tokens="").split(":")[0]
    assert any(card_es in s for s in ana_screens) and not any(card_en in s for s in ana_screens)
    assert any(card_en in s for s in bea_screens) and not any(card_es in s for s in bea_screens)
    # Each takes the game's summary home in their language; the host's is the host's.
    assert over_es in ana_home and over_en not in ana_home
    assert over_en in bea_home and over_es not in bea_home
    assert table.host.summary().startswith(over_en)
    assert table.host.server.errors == []
    assert language() == "en"


def test_the_environment_names_a_language_or_leaves_the_hosts() -> None:
    assert named_language({"LANG": "es_ES.UTF-8"}) == "es"
    assert named_language({"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"}) == "en"  # LC_ALL first, as gettext
    assert named_language({"LOVELETTER_LANG": "es", "LANG": "en_US.UTF-8"}) == "es"
    for environ in ({}, {"LANG": "C.UTF-8"}, {"LANG": "POSIX"}, {"LANG": "fr_FR.UTF-8"}, {"LANG": ""}):
        assert named_language(environ) is None, environ


def test_speaking_holds_for_its_own_thread_only() -> None:
    set_language("en")
    other: list[str] = []
    inside = threading.Event()
    checked = threading.Event()

    def elsewhere() -> None:
        inside.wait(5)
        other.append(t("play.ask.card"))
        checked.set()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    with speaking("es"):
        here = t("play.ask.card")
        inside.set()
        checked.wait(5)
    thread.join(5)
    assert here != other[0] and other == [t("play.ask.card")]
    with speaking("es"):
        assert language() == "es"
        with speaking(None):  # None: the process's language again
            assert language() == "en"
    assert language() == "en"
