"""Ruleset problems reach players in their language: every problem the loader and the validator report has a code
and details, its English wording (``str(error)``) is unchanged, and the command line words it from the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loveletter.cli import _error_text
from loveletter.engine import RulesetError
from loveletter.engine.ruleset import PROBLEMS
from loveletter.i18n import catalog, set_language
from tests.engine.bad_rulesets import BAD, raise_problem
from tests.i18n.leaks import leaks

#: Worded by the older ``cli.ruleset_*`` messages, which name the file or ruleset only.
BY_CLI = {
    "unknown_ruleset": "cli.ruleset_unknown",
    "empty_ruleset": "cli.ruleset_empty",
    "file_not_found": "cli.ruleset_missing",
    "solitaire_kind": "cli.ruleset_solitaire",
}
#: Their English details come from Python (tomllib, the OS) and are left out of the catalogs' wording.
FOREIGN_DETAIL = {"invalid_toml", "unreadable"}


def test_every_problem_has_a_broken_file() -> None:
    assert set(BAD) == set(PROBLEMS)


@pytest.mark.parametrize("code", sorted(PROBLEMS))
def test_each_problem_is_raised_with_its_code_and_english_line(tmp_path: Path, code: str) -> None:
    error = raise_problem(code, tmp_path)
    assert error.code == code
    assert error.problem == PROBLEMS[code].format(**error.params)
    where = f"{error.source}: {error.key}" if error.key else error.source
    assert str(error) == f"{where}: {error.problem}"
    assert "\n" not in str(error)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_problem_is_in_the_catalogs(lang: str) -> None:
    words = catalog(lang)
    for code in PROBLEMS:
        assert BY_CLI.get(code, f"ruleset.problem.{code}") in words, code
    prefix = "ruleset.problem."
    wording = {key.removeprefix(prefix): text for key, text in words.items() if key.startswith(prefix)}
    assert set(wording) == set(PROBLEMS) - set(BY_CLI)
    if lang == "en":
        # The same English as the engine's (the backquotes mark names to copy as they are).
        for code, text in wording.items():
            if code not in FOREIGN_DETAIL:
                assert text.replace("`", "") == PROBLEMS[code], code


@pytest.mark.parametrize("code", sorted(PROBLEMS))
def test_the_command_line_words_every_problem_in_spanish(tmp_path: Path, code: str) -> None:
    error = raise_problem(code, tmp_path)
    set_language("es")
    text = _error_text(error)
    assert error.source in text and "\n" not in text
    assert error.problem not in text
    shown = text.replace(error.source, "FILE")
    assert leaks(shown) == [], shown


@pytest.mark.parametrize(
    ("code", "spanish"),
    [
        ("unknown_key", "`sabor`: clave desconocida"),
        ("missing", "`name`: falta"),
        ("unknown_effect", "`cards.Princess.effect`: efecto desconocido 'volar'"),
        ("not_integer", "`cards.Guard.value`: debe ser un número entero entre 0 y 99, no 100"),
        ("deck_too_small", "`modes[0].copies`: el mazo tiene 5 cartas, pero este modo necesita al menos 6"),
        ("players_order", "`modes[0].players`: el mínimo (4) es mayor que el máximo (2)"),
        ("invalid_toml", "no es TOML válido (línea 2, columna 8)"),
    ],
)
def test_spanish_messages_for_common_mistakes(tmp_path: Path, code: str, spanish: str) -> None:
    error = raise_problem(code, tmp_path)
    set_language("es")
    text = _error_text(error)
    assert text.startswith(f"{error.source}: ") and spanish in text
    # No English wording of the problem left: none of its words of four letters or more, outside the names in
    # backquotes (copied from the file as they are).
    english = set(re.findall(r"[A-Za-z]{4,}", PROBLEMS[code])) - {"TOML"}
    said = re.sub(r"`[^`]*`", " ", text.removeprefix(error.source))
    assert not english & set(re.findall(r"[A-Za-z]{4,}", said)), text


@pytest.mark.parametrize("code", sorted(set(PROBLEMS) - FOREIGN_DETAIL - set(BY_CLI)))
def test_in_english_the_command_line_says_what_the_engine_says(tmp_path: Path, code: str) -> None:
    error = raise_problem(code, tmp_path)
    set_language("en")
    assert _error_text(error).replace("`", "") == str(error).replace("`", "")


def test_an_error_without_a_code_is_shown_as_it_is() -> None:
    error = RulesetError("mine.toml", "flags.x", "some problem")
    assert error.code == "" and error.params == {}
    set_language("es")
    assert _error_text(error) == "mine.toml: flags.x: some problem"
