"""Screen-reader mode's pieces: when it is on, and its text in ASCII."""

from __future__ import annotations

import io
import itertools

from loveletter.engine import Game
from loveletter.i18n import set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.reader import PlainScreen, ReaderFrontend, ascii_text, wanted


def test_the_option_or_the_environment_turns_it_on() -> None:
    assert wanted(True, {})
    assert wanted(False, {"LOVELETTER_SCREEN_READER": "1"})
    assert wanted(False, {"LOVELETTER_SCREEN_READER": "yes"})
    assert not wanted(False, {"LOVELETTER_SCREEN_READER": "0"})
    assert not wanted(False, {})


def test_text_is_ascii_and_keeps_its_meaning() -> None:
    assert ascii_text("Sí · Condesa – ¡Acierto! …") == "Si - Condesa - Acierto! ..."
    assert ascii_text("Ana\u00a0●○ › ok").isascii()
    assert ascii_text("−18% · better") == "-18% - better"  # a loss keeps its sign


def test_a_spanish_game_reads_in_ascii_to_its_end() -> None:
    set_language("es")
    try:
        out = io.StringIO()
        answers = itertools.cycle(["2", "", "1", "s", "3"])
        front = ReaderFrontend(PlainScreen(out), stream=out, read_line=lambda: next(answers))
        game = Game("2019", 3, seed=4)
        table = GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")], front, seed=4)
        table.run()
    finally:
        set_language("en")
    text = out.getvalue()
    assert text.isascii()
    assert "Tu mano:" in text and "Fichas:" in text and "La partida ha terminado" in text
    # Each question's options are listed once, each on a line of its own with its number.
    assert "1: " in text and "Tu eleccion (un numero):" in text
