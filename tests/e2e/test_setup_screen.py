"""The screen that asks the names: the ruleset's title in the player's language, and the words about passing the
computer only when two or more people play."""

from __future__ import annotations

from tests.e2e.terminal import Terminal, program_env


def setup_screen(*args: str, lang: str) -> str:
    term = Terminal(["play", *args], env=program_env(LOVELETTER_LANG=lang))
    try:
        return term.wait_for("1, ")  # "Player 1, your name?" / "Jugador 1, ¿tu nombre?"
    finally:
        term.close()


def test_one_person_against_the_computer_in_spanish() -> None:
    screen = setup_screen("--seed", "1", lang="es")
    assert "Love Letter (edición 2019) · 2 jugadores" in screen  # the title in Spanish too
    assert "Juegas contra el ordenador" in screen and "os pasáis el" not in screen


def test_people_sharing_the_computer_are_told_how_it_is_passed() -> None:
    screen = setup_screen("--players", "3", "--bots", "1", "--ruleset", "classic", lang="en")
    assert "Love Letter (classic, 2019 rulebook) · 3 players" in screen
    assert "Each of you will see only your own cards. Between turns" in screen
    alone = setup_screen("--bots", "2", lang="en")
    assert "· 3 players" in alone and "passed on" not in alone and "You play against the computer" in alone
