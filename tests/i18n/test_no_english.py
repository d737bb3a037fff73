"""No English on a Spanish screen: every screen of :mod:`tests.i18n.screens`, drawn in Spanish at 80 and 120
columns, holds no English catalog text (see :mod:`tests.i18n.leaks`), and together the screens use every
message of the catalogs (so that no screen is forgotten)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

import pytest
from rich.console import Console

import loveletter.i18n
from loveletter.i18n import set_language
from tests.i18n.leaks import ascii_leaks, english_words, leaks
from tests.i18n.screens import ROWS, SCREENS

#: The screens at 80 columns and the test that every message is drawn run on one test worker (``--dist
#: loadgroup``), so that the second reads the first's drawings instead of drawing every screen again.
AT_80 = pytest.mark.xdist_group("spanish screens at 80 columns")
WIDTHS = (pytest.param(80, marks=AT_80), 120)

#: Messages no screen here shows (regular expressions over keys), and why.
NOT_DRAWN = {
    r"solitaire\.ask\.(target|own)": "fallbacks for a card with no question of its own: every solitaire card "
    "that chooses has one (ask.target_guard, ask.own_baron, ...)",
    r"solitaire\.choice\.no_target": "a play with no target is offered only alone, and one answer is never asked",
    r"solitaire\.log\.no_effect_protected_player": "the engine tells a card played on a protected queue as "
    "no_effect_no_target",
    r"play\.ask\.(action|second)|play\.note\.not_allowed": "only a house-rule card shaped unlike the bundled ones",
    r"play\.error\.level|simulate\.error\.(records|solitaire)": "every level, records and the solitaire exist",
    r"cli\.argparse\.(expected_at_\w+|expected_n\w*|one_of|unexpected|unknown_parser)": "argparse cases our "
    "parsers cannot produce (no such nargs, no required groups; an unknown command fails as an invalid choice)",
    r"play\.summary\.\w+": "printed by `loveletter play` after a terminal game: tests/e2e/test_spanish_round.py",
    r"learn\.wrong": "the general word on a wrong choice in a lesson: every step of the bundled lessons that allows "
    "one explains it in its own words (tests/tui/test_lesson.py)",
    r"play\.window_title": "the terminal's title, the same in both languages",
    r"play\.hint\.too_small": "drawn on a terminal too small for a question: tests/e2e/test_small_terminal.py",
    r"records\.(saving_stopped|saving_banner|save_failed_since)": "a save that fails: tests/records/test_full_disk.py",
    r"simulate\.progress": "the progress bar, shown on a terminal only",
    r"records\.error\.\w+": "a record damaged in each possible way: tests/records builds them (the catalog tests check "
    "that the words are Spanish)",
    r"records\.(interrupted\w*|saved_\w+|save_failed)": "printed after a terminal game (e2e tests)",
    r"system\.error\.\w+": "the system's own failures (a full disk, a read-only disk...), worded by os_problem: "
    "tests/records/test_untrusted.py provokes each one",
    r"records\.replay\.(no_cards|action)": "cannot happen with this version's records "
    "(every action but a Chancellor's keep is told by the log)",
    r"simulate\.reason\.(draw_pile_empty|princess_discarded|princess_played)": "solitaire endings a short random "
    "simulation does not reach",
    r"host\.(interrupted|saved_stopped|lobby\.here)": "printed after a hosted game, or with a person playing at the "
    "host: tests/e2e/test_host_ssh.py",
    r"host\.join\.no_session": "the reason a connection that opens no session is closed with, which its ssh client "
    "prints: tests/net/test_security.py",
    r"host\.error\.(key_unreadable|key_unwritable|port|port_denied)": "the operating system refusing the data "
    "folder or a port (which ports depends on the user)",
}


class _Recording(dict[str, str]):
    """A catalog that notes which messages were looked up."""

    used: set[str]

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        self.used.add(key)
        return super().get(key, default)


@cache
def drawn(name: str, width: int, lang: str = "es") -> tuple[str, frozenset[str]]:
    """The screen ``name`` drawn at ``width`` columns in ``lang``, and the catalog keys it looked up."""
    real = loveletter.i18n.catalog
    recording = _Recording(real(lang))
    recording.used = set()

    def catalog(code: str) -> Mapping[str, str]:
        return recording if code == lang else real(code)

    loveletter.i18n.catalog = catalog  # type: ignore[assignment]
    try:
        set_language(lang)
        console = Console(width=width, height=ROWS, color_system=None, force_terminal=False)
        with console.capture() as capture:
            SCREENS[name](console)
    finally:
        loveletter.i18n.catalog = real
        set_language("en")
    return capture.get(), frozenset(recording.used)


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(SCREENS))
def test_no_english_on_a_spanish_screen(name: str, width: int) -> None:
    screen, _ = drawn(name, width)
    assert screen.strip(), "the screen drew nothing"
    found = ascii_leaks(screen) if name.startswith("screen reader") else leaks(screen)
    assert not found, f"English on the {name!r} screen at {width} columns: {found}"


@pytest.mark.slow  # draws every screen (the test above draws them too, and shares its drawings)
@AT_80
def test_the_screens_show_every_message() -> None:
    used = set().union(*(drawn(name, 80)[1] for name in SCREENS))
    keys = loveletter.i18n.catalog("en")
    missing = sorted(k for k in keys if k not in used and not any(re.fullmatch(p, k) for p in NOT_DRAWN))
    assert not missing, f"no screen shows these messages (add a screen to tests/i18n/screens.py): {missing}"


@pytest.mark.slow
def test_the_net_catches_english() -> None:
    """The same screens drawn in English are caught: the test above can fail."""
    for name in (
        "table premium markers",
        "help play",
        "rules command",
        "log of rare events",
        "errors",
        "solitaire situations",
        "solitaire at the terminal",
    ):
        assert leaks(drawn(name, 80, "en")[0]), name


def test_a_path_on_a_screen_is_not_wording() -> None:
    # CI's checkout is /check/work/main: the interpreter's path on the own-bots screen once read as English.
    assert "check" in english_words()
    shown = "El bot cmd:/check/work/main/.venv/bin/python /tmp/w.py se detuvo (~/games/check.json)."
    assert leaks(shown) == []
    assert leaks(shown + " check") == ["check"]  # the word alone still counts
