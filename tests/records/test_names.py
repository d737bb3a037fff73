"""Names are kept in NFC; two names that look the same (case, accents composed or not,
look-alike letters of other scripts, invisible characters) are refused at the table; names are measured in
terminal cells; a zero-width character in a name read from a record is escaped as control characters are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loveletter.i18n import printable
from loveletter.records.auth import sign
from loveletter.records.names import cell_width, name_key, normalize_name, same_name
from loveletter.table.setup import MAX_NAME, check_name, plan_seats
from tests.records.support import run
from tests.records.test_commands import saved

LOOK_THE_SAME = [
    ("Ana", "ANA"),
    ("José", "Jose\u0301"),  # composed, and e + combining acute
    ("Ana", "\u0410na"),  # Cyrillic A
    ("Pepa", "\u0420ep\u0430"),  # Cyrillic Er and a
    ("Olga", "\u039flga"),  # Greek Omicron
    ("Ana", "Ana\u3164"),  # Hangul filler
    ("Ana", "A\u200bna"),  # zero-width space
    ("Ana", "Ａｎａ"),  # full-width letters
    # By Unicode's rules (UTS #39 skeletons, Default_Ignorable_Code_Point).
    ("Ann", "Ann\u034f"),  # combining grapheme joiner
    ("Ann", "Ann\ufe00"),  # a variation selector
    ("Ann", "An\ufe0fn"),
    ("Ann", "Ann\U000e0100"),  # a supplementary variation selector
    ("Ann", "Ann\u17b4"),  # Khmer vowel inherent AQ
    ("Hosty", "H\u0585sty"),  # Armenian small letter oh
    ("Bill", "B\u0131ll"),  # dotless i
    ("Ann", "\u0251nn"),  # Latin small letter alpha
    ("Bob", "\u13f4ob"),  # Cherokee letter yv, a capital B
    ("bob", "\u13f4ob"),
    ("Arna", "Ama"),  # rn and m
]


@pytest.mark.parametrize(("first", "second"), LOOK_THE_SAME)
def test_two_names_that_look_the_same_are_refused_at_the_table(first: str, second: str) -> None:
    assert same_name(first, second)
    assert check_name(second, [first]) is not None
    with pytest.raises(ValueError, match=r"taken|control characters|show nothing"):
        plan_seats(2, 0, "easy", [first, second])


@pytest.mark.parametrize("other", ["Ama", "Anna", "Jose", "Bea"])
def test_names_that_differ_are_not_refused(other: str) -> None:
    assert not same_name("Ana", other) and check_name(other, ["Ana", "José"] if other != "Jose" else ["Ana"]) is None


def test_a_name_of_invisible_characters_only_is_empty() -> None:
    assert name_key("\u3164\u200b") == "" and check_name("\u3164\u200b", []) is not None


def test_names_are_kept_in_nfc() -> None:
    seats = plan_seats(2, 0, "easy", ["Jose\u0301", " Zoe\u0308 "])
    assert [s.name for s in seats] == ["José", "Zoë"] == [normalize_name("Jose\u0301"), "Zoë"]


@pytest.mark.parametrize(("name", "cells"), [("👍🏽", 2), ("🇪🇸", 2), ("e\u0301", 1), ("Zoë", 3), ("李雷", 4)])
def test_names_are_measured_in_terminal_cells(name: str, cells: int) -> None:
    assert cell_width(name) == cells


def test_the_longest_name_is_counted_in_cells_not_code_points() -> None:
    flags = "🇪🇸" * (MAX_NAME // 2)  # 16 cells, 16 code points... of pairs
    assert len(flags) == MAX_NAME and check_name(flags, []) is None
    assert check_name("👍🏽" * (MAX_NAME // 2), []) is None  # 32 code points, 16 cells
    assert check_name("李" * (MAX_NAME // 2 + 1), []) is not None  # 9 code points, 18 cells


@pytest.mark.parametrize("hidden", ["\u200b", "\u3164", "\ufeff", "\u2060", "\u061c", "\u180e", "\u206a"])
def test_a_zero_width_character_from_a_record_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hidden: str
) -> None:
    assert printable(f"Ana{hidden}") == f"Ana\\u{ord(hidden):04x}"
    path = saved(tmp_path, finished=True, computers=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"][0]["name"] = f"Ana{hidden}"
    data["mac"] = sign(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and hidden not in out and f"Ana\\u{ord(hidden):04x}" in out


@pytest.mark.parametrize(
    ("name", "code"),
    [("Ann\u200d", "U+200D"), ("An\u200cn", "U+200C"), ("Ann\u034f", "U+034F"), ("\u2060Bea", "U+2060"),
     ("Ann\u17b4", "U+17B4"), ("Ana\u00a0Bel", "U+00A0"), ("Ana\ufe0f", None), ("\u2764\ufe0f Ana", None)],
)  # fmt: skip
def test_a_character_that_shows_nothing_is_named_as_such(name: str, code: str | None) -> None:
    """A zero-width joiner was refused for "control characters"; a variation selector that draws the
    character before it (an emoji's) is no invisible character."""
    problem = check_name(name, [])
    if code is None:
        assert problem is None
    else:
        assert (
            problem == f"A name cannot contain characters that show nothing ({code}): names are compared as they look."
        )


def test_control_characters_are_still_called_so() -> None:
    assert check_name("Ana\x1b[31m", []) == "A name cannot contain control characters."
