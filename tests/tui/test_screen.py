"""The screen: a wipe clears the scrollback too, and the terminal is always left as it was found."""

from __future__ import annotations

import io

import pytest

from loveletter.tui.screen import (
    ENTER_ALT,
    HIDE_CURSOR,
    LEAVE_ALT,
    POP_TITLE,
    PUSH_TITLE,
    SHOW_CURSOR,
    WIPE,
    Screen,
    title_sequence,
)


def test_a_wipe_is_home_erase_display_erase_scrollback_in_that_order() -> None:
    assert WIPE == "\x1b[H\x1b[2J\x1b[3J"
    out = io.StringIO()
    Screen(out).wipe()
    assert WIPE in out.getvalue()


def test_entering_and_leaving() -> None:
    out = io.StringIO()
    with Screen(out, title="Love Letter"):
        entered = out.getvalue()
        assert entered.index(PUSH_TITLE) < entered.index(ENTER_ALT) < entered.index(HIDE_CURSOR)
        assert title_sequence("Love Letter") in entered
        out.write("Ana's hand")
    left = out.getvalue()[len(entered) :]
    # The private screen is wiped before the alternate screen is left; the cursor comes back; the title too.
    assert left.index(WIPE) < left.index(SHOW_CURSOR) < left.index(LEAVE_ALT) < left.index(POP_TITLE)


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError, SystemExit])
def test_the_terminal_is_restored_whatever_ends_the_game(error: type[BaseException]) -> None:
    out = io.StringIO()
    with pytest.raises(error), Screen(out):
        raise error()
    assert out.getvalue().endswith(SHOW_CURSOR + LEAVE_ALT + POP_TITLE)


def test_a_title_never_carries_control_characters() -> None:
    assert title_sequence("Love\x1b]0;evil\x07 Letter") == "\x1b]0;Love]0;evil Letter\x07"
