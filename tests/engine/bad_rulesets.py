"""One broken ruleset file for every problem the loader and the validator report (``PROBLEMS`` in
``loveletter/engine/ruleset.py``): for the validator's tests and the Spanish screens of ``tests/i18n``.

The files use no English words of their own (their bad values are Spanish or nonsense), so a message drawn in
Spanish shows English only where the file itself does: in the keys and names it must spell as they are.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from loveletter.engine import RulesetError, load_ruleset
from loveletter.engine.ruleset import MAX_BYTES
from loveletter.solitaire.ruleset import load_solitaire_ruleset

CARDS = """\
[cards.Guard]
value = 1
effect = "guard"
[cards.Princess]
value = 8
effect = "princess"
"""
MODE = """\
[[modes]]
players = [2, 4]
tokens_to_win = { 2 = 3, 3 = 3, 4 = 3 }
copies = { Guard = 6, Princess = 1 }
"""
#: A small valid house ruleset: Guards and a Princess, 2 to 4 players.
HOUSE = f'name = "casa"\n{CARDS}{MODE}'
SMALL_MODE_5_6 = """\
[[modes]]
players = [5, 6]
tokens_to_win = { 5 = 3, 6 = 3 }
copies = { Guard = 7, Princess = 1 }
"""


def _mode(old: str, new: str) -> str:
    assert old in MODE
    return f'name = "casa"\n{CARDS}{MODE.replace(old, new)}'


BARONS = """\
name = "barones"
[cards.Baron]
value = 3
effect = "baron"
[[modes]]
players = [2, 4]
tokens_to_win = { 2 = 1, 3 = 1, 4 = 1 }
copies = { Baron = 8 }
"""

#: problem code -> the file's text (``None``: not a file's text, see :func:`raise_problem`).
BAD: dict[str, str | None] = {
    "unknown_ruleset": None,
    "empty_ruleset": None,
    "file_not_found": None,
    "file_folder": None,
    "file_permission": None,
    "file_not_regular": None,
    "unreadable": None,
    "file_too_large": "#" * (MAX_BYTES + 1),
    "file_not_text": None,
    "invalid_toml": 'name = "casa"\nvalue =\n',
    "toml_too_deep": "a = " + "[" * 2000 + "]" * 2000 + "\n",
    "toml_number_too_long": "a = " + "9" * 5000 + "\n",
    "solitaire_kind": f'kind = "solitaire"\n{HOUSE}',
    "unknown_key": f"sabor = 1\n{HOUSE}",
    "missing": f"{CARDS}{MODE}",
    "not_table": f"flags = 1\n{HOUSE}",
    "not_array": f'name = "casa"\nmodes = 1\n{CARDS}',
    "not_string": f"title = 7\n{HOUSE}",
    "not_integer": HOUSE.replace("value = 1\n", "value = 100\n"),
    "not_choice": f'guard_naming = "dedo"\n{HOUSE}',
    "not_bool": f'{HOUSE}[flags]\nbishop_may_name_1 = "si"\n',
    "bad_kind": f'kind = "otro"\n{HOUSE}',
    "no_cards": f'name = "casa"\ncards = {{}}\n{MODE}',
    "bad_card_id": HOUSE.replace("[cards.Princess]", "[cards.princesa]"),
    "card_id_case": f'{HOUSE}[cards.GUARD]\nvalue = 2\neffect = "priest"\n',
    "card_id_word": HOUSE.replace("[cards.Princess]", "[cards.Redraw]"),
    "text_too_long": HOUSE.replace('name = "casa"', f'name = "{"casa" * 20}"'),
    "text_not_printable": f'title = "casa\\u001b[2J"\n{HOUSE}',
    "text_invisible": f'title = "casa\\u3164"\n{HOUSE}',
    "title_alike": HOUSE.replace('effect = "guard"', 'effect = "guard"\ntitle = "Sol"').replace(
        'effect = "princess"', 'effect = "princess"\ntitle = "S\\u043el"'
    ),
    "unknown_effect": HOUSE.replace('effect = "princess"', 'effect = "volar"'),
    "unknown_card": f'countess_forced_by = ["Nadie"]\n{HOUSE}',
    "unknown_tie_break": f'tie_breaks = ["moneda"]\n{HOUSE}',
    "unknown_flag": f"{HOUSE}[flags]\nsabor = true\n",
    "no_modes": f'name = "casa"\nmodes = []\n{CARDS}',
    "players_pair": _mode("players = [2, 4]", "players = [2]"),
    "players_order": _mode("players = [2, 4]", "players = [4, 2]"),
    # "²" passes str.isdigit() but not int(): a key must be written in ASCII digits.
    "tokens_key": _mode("4 = 3 }", '4 = 3, "²" = 3 }'),
    "tokens_missing": _mode(", 4 = 3 }", " }"),
    "tokens_outside": _mode("4 = 3 }", "4 = 3, 5 = 3 }"),
    "copies_unknown_card": _mode("Princess = 1 }", "Princess = 1, Rana = 1 }"),
    "deck_too_small": _mode("Guard = 6", "Guard = 4"),
    "modes_overlap": HOUSE + SMALL_MODE_5_6.replace("[5, 6]", "[4, 6]").replace("{ 5 = 3", "{ 4 = 3, 5 = 3"),
    "card_unused": HOUSE.replace("[[modes]]", '[cards.King]\nvalue = 6\neffect = "king"\n[[modes]]'),
    "game_tie_conflict": _mode("players = [2, 4]", 'players = [2, 4]\ngame_tie = "shared"')
    + '[flags]\npremium_game_tie = "tiebreak_round"\n',
    "game_tie_unused": f'name = "casa"\n{CARDS}{SMALL_MODE_5_6}[flags]\npremium_game_tie = "shared"\n',
    # Barons only: every round ends in a tie of every player.
    "game_tie_endless": BARONS.replace("copies", 'game_tie = "tiebreak_round"\ncopies'),
    "rounds_undecided": f'{BARONS}[flags]\nresidual_tie = "none"\n',
    # Bishops and Guards of one value: a Bishop may not name a Guard's value, and there is no other.
    "bishop_nothing_to_name": BARONS.replace('effect = "baron"', 'effect = "bishop"')
    .replace("[cards.Baron]", '[cards.Guard]\nvalue = 3\neffect = "guard"\n[cards.Baron]')
    .replace("Baron = 8", "Baron = 8, Guard = 2"),
    "too_many_cards": _mode("Guard = 6", "Guard = 99").replace("Princess = 1", "Princess = 99"),
    # The solitaire's own files (loaded with load_solitaire_ruleset).
    "solitaire_not_kind": 'kind = "otro"\nname = "sola"\ncards = "classic"\n',
    "solitaire_cards_from": 'kind = "solitaire"\nname = "sola"\ncards = 7\n',
    "solitaire_cards_load": 'kind = "solitaire"\nname = "sola"\ncards = "ninguna"\n',
    "solitaire_no_rules": 'kind = "solitaire"\nname = "sola"\ncards = "2019"\n',
    "solitaire_princess": 'kind = "solitaire"\nname = "sola"\ncards = "sin_princesa.toml"\n',
    "solitaire_deck_small": 'kind = "solitaire"\nname = "sola"\ncards = "casa.toml"\n',
}
#: Cards the solitaire files above take from a house ruleset beside them.
BESIDE = {
    "casa.toml": HOUSE.replace("Guard = 6", "Guard = 3")
    .replace("{ 2 = 3, 3 = 3, 4 = 3 }", "{ 2 = 3 }")
    .replace("[2, 4]", "[2, 2]"),
    "sin_princesa.toml": HOUSE.replace('effect = "princess"', 'effect = "countess"'),
}


@contextlib.contextmanager
def _denied(path: Path) -> Iterator[None]:
    """Opening ``path`` fails with "permission denied" (also for root, whom a file's mode does not stop)."""
    real_open = os.open

    def opener(name: object, *args: object, **kwargs: object) -> int:
        if os.fspath(name) == str(path):  # type: ignore[call-overload]
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(name, *args, **kwargs)  # type: ignore[arg-type]

    with mock.patch("os.open", opener):
        yield


def raise_problem(code: str, folder: Path) -> RulesetError:
    """Load the broken ruleset of ``code`` (written into ``folder``) and return the error it raises."""
    text = BAD[code]
    guard: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if code == "unknown_ruleset":
        target = "casa"  # neither a bundled name nor a path
    elif code == "empty_ruleset":
        target = ""
    elif code == "file_not_found":
        target = str(folder / "ninguno.toml")
    elif code == "file_folder":
        path = folder / "carpeta.toml"  # a folder, not a file
        path.mkdir(exist_ok=True)
        target = str(path)
    elif code == "file_permission":
        path = folder / "cerrado.toml"
        path.write_text(HOUSE, encoding="utf-8")
        guard, target = _denied(path), str(path)
    elif code == "file_not_regular":
        path = folder / "tubo.toml"  # a named pipe nobody writes to: reading it would wait forever
        os.mkfifo(path)
        target = str(path)
    elif code == "unreadable":
        path = folder / "bucle.toml"  # a link to itself: the system cannot open it ("too many levels of links")
        path.symlink_to(path.name)
        target = str(path)
    elif code == "file_not_text":
        path = folder / "binario.toml"
        path.write_bytes(b'name = "\xff\xfe"\n')
        target = str(path)
    else:
        assert text is not None
        path = folder / f"{code}.toml"
        path.write_text(text, encoding="utf-8")
        target = str(path)
    for name, beside in BESIDE.items():
        (folder / name).write_text(beside, encoding="utf-8")
    load = load_solitaire_ruleset if code.startswith("solitaire_") and code != "solitaire_kind" else load_ruleset
    try:
        with guard:
            load(target)
    except RulesetError as exc:
        return exc
    raise AssertionError(f"{code}: the file loaded")
