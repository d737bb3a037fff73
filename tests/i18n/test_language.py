"""Choosing the language: ``--lang``, then ``LOVELETTER_LANG``, then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, then English."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from loveletter.cli import _peek_lang
from loveletter.i18n import detect_language, normalise_language

#: In the order they are read: each one outranks every one after it.
ORDER = ("LOVELETTER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
OTHER = {"en": "es", "es": "en"}
LOCALES = {"en": "en_GB.UTF-8", "es": "es_ES.UTF-8"}


@pytest.mark.parametrize("variable", ORDER)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_variable_outranks_the_ones_after_it(variable: str, lang: str) -> None:
    later = ORDER[ORDER.index(variable) + 1 :]
    environ = {variable: LOCALES[lang], **dict.fromkeys(later, LOCALES[OTHER[lang]])}
    assert detect_language(None, environ) == lang


@pytest.mark.parametrize("variable", ORDER)
def test_each_variable_alone_chooses_spanish(variable: str) -> None:
    assert detect_language(None, {variable: "es_MX.UTF-8"}) == "es"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lang_option_outranks_every_variable(lang: str) -> None:
    assert detect_language(lang, dict.fromkeys(ORDER, LOCALES[OTHER[lang]])) == lang


def test_english_when_nothing_says_otherwise() -> None:
    assert detect_language(None, {}) == "en"
    assert detect_language(None, {"LANG": "C.UTF-8"}) == "en"
    assert detect_language(None, {"LC_ALL": "POSIX", "LANG": "es_ES.UTF-8"}) == "en"  # the first one set decides
    assert detect_language(None, {"LANG": "fr_FR.UTF-8"}) == "en"  # a language we do not have


def test_values_are_read_like_locales() -> None:
    assert normalise_language("es_ES.UTF-8@euro") == "es"
    assert normalise_language("es-AR") == "es"
    assert normalise_language("ES") == "es"
    assert normalise_language("de") is None
    # LANGUAGE is a priority list: the first language we have wins.
    assert detect_language(None, {"LANGUAGE": "fr:de:es:en"}) == "es"
    # An unknown LOVELETTER_LANG is skipped, not an error.
    assert detect_language(None, {"LOVELETTER_LANG": "xx", "LANG": "es_ES.UTF-8"}) == "es"


def test_lang_is_found_before_parsing() -> None:
    assert _peek_lang(["--lang", "es", "rules"]) == "es"
    assert _peek_lang(["rules", "--lang=es"]) == "es"
    assert _peek_lang(["rules"]) is None


def run(args: list[str], **environ: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LOVELETTER_"))}
    env.update(environ)
    return subprocess.run(
        [sys.executable, "-m", "loveletter", *args], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.slow
def test_the_program_follows_the_environment_and_the_option() -> None:
    assert "Reglamentos incluidos" in run(["rulesets"], LOVELETTER_LANG="es").stdout
    assert "Reglamentos incluidos" in run(["rulesets"], LANG="es_ES.UTF-8").stdout
    assert "Bundled rulesets" in run(["rulesets"], LANG="es_ES.UTF-8", LOVELETTER_LANG="en").stdout
    assert "Bundled rulesets" in run(["--lang", "en", "rulesets"], LOVELETTER_LANG="es").stdout
    assert "Reglamentos incluidos" in run(["rulesets", "--lang", "es"], LOVELETTER_LANG="en").stdout
