"""The game in Spanish, through key presses in an 80x24 pseudo-terminal: a whole game against the computer
(``LOVELETTER_LANG=es``), and two people passing the laptop (``--lang es``), Ctrl-C and ``resume`` included."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.deals import GUARD_ROUND, PRINCESS_ROUND, write_deals
from tests.e2e.terminal import SIGINT_STATUS, Terminal, program_env

#: 2019 with two players: six favor tokens win.
GOAL = 6


def test_a_whole_game_against_the_computer_in_spanish(tmp_path: Path) -> None:
    rounds = [GUARD_ROUND, PRINCESS_ROUND, *[GUARD_ROUND] * (GOAL - 2)]
    deals = write_deals(tmp_path / "deals.json", rounds)
    env = program_env(LOVELETTER_LANG="es", LOVELETTER_HOME=str(tmp_path / "home"))
    term = Terminal(["play", "--deal-file", deals, "--seed", "1", "--delay", "0"], env=env)
    try:
        screen = term.wait_for("Jugador 1, ¿tu nombre? [Jugador 1]")
        assert "Love Letter (edición 2019) · 2 jugadores" in screen and "Juegas contra el ordenador" in screen
        term.press("Ana", "enter")

        # Round 1: the table, the cards and the question in Spanish; a Guard names the Priest by its key.
        screen = term.wait_for("¿Qué carta juegas?", "1 Guardia", "3 Barón", "Ana (tú)", "Bot 1")
        assert "ronda 1 · mazo" in screen and "Lo que sabes" in screen and "Sin ver por ti:" in screen
        assert "Intro o un número elige" in screen
        term.press("1")
        term.wait_for("Nombra una carta:", "2) Sacerdote")
        term.press("2")
        screen = term.wait_for("Fin de la ronda 1", "¡Acierto!", "Pulsa Intro para repartir la siguiente ronda.")
        assert "●○○○○○" in screen and "Ana juega Guardia sobre Bot 1 y nombra Sacerdote." in screen
        assert "Fin de la ronda 1: solo queda Ana. Ana gana una ficha de Favor" in screen
        term.press("enter")

        # Round 2: the Princess asks first ("n" says no), then the card reference in Spanish.
        term.wait_for("¿Qué carta juegas?", "9 Princesa")
        term.press("1")
        term.wait_for("Jugar la Princesa te elimina de la ronda. ¿La juegas igualmente?", "s sí · n o Esc no")
        term.press("n")
        term.wait_for("¿Qué carta juegas?", "▸1) Princesa")
        term.press("?")
        term.wait_for("Valor", "Copias", "Efecto", "Chanciller", "6 fichas para ganar", "pulsa Intro para la siguiente")
        term.press("enter")
        term.wait_for("Cómo va una partida", "Un turno", "Esc vuelve a la partida")
        term.press("escape")
        term.wait_for("¿Qué carta juegas?")
        term.press("2", "2")
        term.wait_for("Fin de la ronda 2", "●●○○○○", "Pulsa Intro para repartir")
        term.press("enter")

        for number in range(3, GOAL + 1):
            term.wait_for("¿Qué carta juegas?", f"ronda {number}")
            term.press("1", "2")
            if number < GOAL:
                term.wait_for(f"Fin de la ronda {number}", "Pulsa Intro para repartir")
                term.press("enter")
        screen = term.wait_for(
            "Fin de la partida", "¡Ana gana la partida!", "●●●●●●", "Pulsa Intro para ver el resumen de la partida."
        )
        assert "¡Gracias por jugar!" not in screen  # the thanks come with the summary, not before it
        term.press("enter")
        term.wait_for("La partida, ronda a ronda", "último en pie", "¿Otra partida, con los mismos jugadores y reglas?")
        assert term.says("¡Gracias por jugar!")
        term.press("n")
        assert term.finish() == 0
        assert "Fin de la partida: victoria de Ana." in term.text()
    finally:
        term.close()


def test_two_people_pass_the_laptop_in_spanish_then_ctrl_c_and_resume(tmp_path: Path) -> None:
    deals = write_deals(tmp_path / "deals.json", [GUARD_ROUND])
    env = program_env(LOVELETTER_HOME=str(tmp_path / "home"))  # English in the environment; --lang wins
    args = ["--lang", "es", "play", "--players", "2", "--names", "Ana,Bea", "--deal-file", deals, "--delay", "0"]
    term = Terminal(args, env=env)
    try:
        screen = term.wait_for("Pasa el ordenador a Ana", "Ana: pulsa Intro para ver tus cartas.")
        assert "Guardia" not in screen  # nothing private before the hand-off
        term.press("enter")
        term.wait_for("¿Qué carta juegas?", "1 Guardia")
        term.press("1")
        term.wait_for("Nombra una carta:", "4) Doncella")
        term.press("4")  # a wrong guess: Bea holds a Priest
        term.wait_for("Tu turno ha terminado. Pulsa Intro para ocultar tus cartas.", "Fallo.")
        term.press("enter")
        term.wait_for("Pasa el ordenador a Bea", "Bea: pulsa Intro para ver tus cartas.")
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert "La partida está guardada" in term.text() and "loveletter resume" in term.text()
    finally:
        term.close()

    term = Terminal(["resume", "--lang", "es", "--delay", "0"], env=env)
    try:
        term.wait_for("Pasa el ordenador a Bea", "Bea: pulsa Intro para ver tus cartas.")
        term.press("enter")
        screen = term.wait_for("¿Qué carta juegas?", "Bea (tú)")
        assert "Ana juega Guardia sobre Bea y nombra Doncella. Fallo." in screen
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
    finally:
        term.close()
