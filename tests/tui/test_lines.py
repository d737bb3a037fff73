"""Screen-reader mode's pieces: when it is on, and its text in ASCII."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest

from loveletter.engine import Game, load_ruleset, stacked_deck
from loveletter.i18n import card_name, ruleset_title, set_language, t
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.lines import Lines, LineScreen, ascii_text, wanted
from loveletter.tui.terminal import TerminalFrontend


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
        again = ascii_text(t("summary.again"))

        def read_line() -> str:  # no to another game, else the next answer of the cycle
            return "2" if again in out.getvalue()[-300:] else next(answers)

        front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
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


@pytest.mark.slow
def test_the_end_of_a_game_offers_its_review_read_as_lines() -> None:
    set_language("en")
    out = io.StringIO()
    reviewed: list[bool] = []

    def read_line() -> str:
        """A person who asks for the review once, goes to its summary, leaves it, and plays no more."""
        tail = out.getvalue()[-400:]
        if "Play again, with the same players and rules?" in tail:
            if reviewed:
                return "2"
            reviewed.append(True)
            return "3"
        if tail.endswith("s: the summary. q: leave. "):
            return "s"
        return ""  # every other question: the option the normal mode starts on; Enter to go on

    front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
    game = Game("2019", 2, seed=3)
    GameLoop(game, [Seat("Ana"), Seat("Bot", "random")], front, seed=3).run()
    text = out.getvalue()
    assert text.isascii() and reviewed
    offer = text.index("3: Review this game")
    review = text[offer:]
    lines = review.splitlines()
    weighing = next(i for i, line in enumerate(lines) if "Weighing Ana's " in line)  # after the prompt: no echo
    assert lines[weighing + 1].startswith("Done: ") and lines[weighing + 2].startswith("Review of this game: ")
    assert "Decision 1 of " in review and "Summary:" in review
    # After the review, the same question again, answered no.
    assert text.count("Play again, with the same players and rules?") == 2 and review.endswith("Thanks for playing!\n")


def solitaire_lines(folder: Path, typed: list[str]) -> str:
    """``solitaire --screen-reader`` on the loss of :mod:`tests.tui.test_solitaire`, answered with ``typed``: all
    it said."""
    from loveletter.solitaire import SolitaireGame
    from loveletter.tui.solitaire.app import SolitaireApp
    from loveletter.tui.solitaire.streak import Streak
    from tests.tui.test_solitaire import LOSS, RS

    set_language("en")
    out = io.StringIO()
    answers = iter(typed)
    with LineScreen(out) as screen:
        lines = Lines(screen, stream=out, read_line=lambda: next(answers))
        SolitaireApp(lines, Streak(), streak_path=folder / "s.json", folder=folder).session(
            SolitaireGame(RS, layout=LOSS)
        )
    return out.getvalue()


def test_the_solitaire_hint_is_said_as_lines_once_while_shown(tmp_path: Path) -> None:
    """``solitaire --screen-reader``: h says the coach's moves with their reasons; the question comes again and
    is answered as usual; the same hint is not said twice, and none is said once the move is made."""
    # At the first question: h, h again (it goes), h (it comes back), then the loss's own answers.
    lines = solitaire_lines(tmp_path, ["h", "h", "h", "1", "2", "2", "1", "y", "n"]).splitlines()
    title = ascii_text(t("solcoach.hint.title")).strip()
    # Each hint follows the typed answer on the prompt's line (the answer itself is not echoed here).
    said = [i for i, line in enumerate(lines) if line.endswith(title)]
    assert len(said) == 2  # said, gone with the second h, said again with the third
    first = said[0]
    assert lines[first + 2].endswith("% draw") and lines[first + 3]  # a move with its chance, then its reason
    assert ascii_text(t("play.reader.hint_key", key="h")) in lines
    assert "Your turn: draw a card and play, or play your secret agent?" in lines[first:]


def test_the_card_reference_and_the_whole_log_are_said_as_lines() -> None:
    """At a decision, ``?`` says the cards of the game one line each, then how a round goes, and ``l`` the round's
    log so far; the question is asked again after each. Both keys are said with the options."""
    set_language("en")
    out = io.StringIO()
    typed = iter(["?", "l"])

    def read_line() -> str:  # ? then l at the first question, then the input ends (the game stops)
        answer = next(typed, None)
        if answer is None:
            raise EOFError
        return answer

    front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
    game = Game("classic", 2, seed=3)
    with pytest.raises(KeyboardInterrupt):
        GameLoop(game, [Seat("Ana"), Seat("Bot", "random")], front, seed=3).run()
    lines = out.getvalue().splitlines()
    keys = ["l: everything this round so far, said again", "?: the cards and how a round goes, said as lines"]
    assert all(key in lines for key in keys)
    princess = next(i for i, line in enumerate(lines) if line.startswith("9 Princess, 1 card: "))
    assert lines[princess - 1].endswith(ruleset_title(game.ruleset))
    # The classic deck, highest value first, one card a line; then players and tokens; then how a round goes.
    assert [line.split(",")[0] for line in lines[princess : princess + 8]] == [
        "9 Princess",
        "8 Countess",
        "7 King",
        "5 Prince",
        "4 Handmaid",
        "3 Baron",
        "2 Priest",
        "1 Guard",
    ]
    assert lines[princess + 7].startswith("1 Guard, 5 cards: ") and lines[princess + 8] == "2 players - 6 tokens to win"
    assert lines[princess + 9] == ascii_text(t("howto.title"))
    log = lines.index(next(line for line in lines if line.endswith("Round 1: the whole log")))
    assert princess < log and lines[log + 1].startswith("Round 1: Ana plays first.")
    assert sum(line == "Which card do you play?" for line in lines) == 3  # asked, again after ?, again after l


def test_a_finished_solitaire_game_is_reviewed_as_lines(tmp_path: Path) -> None:
    """The end of a solitaire game offers its review as a frame does; as lines, the review says one decision at a
    time (its heading, the board then, the move played and the coach's verdict, why) and takes typed commands, as
    a game's review does."""
    # The loss's own answers, then r: the review; its first decision, s: the summary, Enter: back; n: no more games.
    text = solitaire_lines(tmp_path, ["1", "2", "2", "1", "y", "r", "", "s", "", "n"])
    assert text.isascii()
    review = text[text.index(ascii_text(t("solcoach.review.title_stacked"))) :]
    assert "Decision 1 of " in review and ascii_text(t("reader.review.keys")) in review
    assert ascii_text(t("reader.review.last")) in review  # the summary, then back to the end's question
    assert review.count(ascii_text(t("solitaire.end.again"))) == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_keys_besides_the_options_are_said_once_and_again_on_question_mark(lang: str) -> None:
    """The lines saying h, l and ? come with the first question a person hears, not with every question (they came
    with each: issue 48); again once ``?`` is typed (after the cards), and for the next person after a hand-off
    (the screen is cleared between two people's turns)."""
    set_language(lang)
    keys = [
        ascii_text(t(f"play.reader.{name}_key", key=key)) for name, key in (("log", "l"), ("hint", "h"), ("help", "?"))
    ]
    prompts = tuple(ascii_text(t(key)) + " " for key in ("play.reader.choice", "play.reader.choice_back"))
    out = io.StringIO()
    parts: list[str] = []  # what was said before each answer
    answers: list[str] = []

    def read_line() -> str:
        text = out.getvalue()
        parts.append(text[sum(map(len, parts)) :])
        questions = sum(part.endswith(prompts) for part in parts)
        if len(parts) > 40:
            raise EOFError  # enough: the game stops
        answers.append("?" if parts[-1].endswith(prompts) and questions in (3, 7) else "")
        return answers[-1]

    front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
    game = Game("classic", 3, seed=3)
    with pytest.raises(KeyboardInterrupt):
        GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Bot", "random")], front, seed=3).run()
    fresh = True  # whether the person listening has not heard the keys (yet, or since ?)
    heard = []
    for part, answer in zip(parts, answers, strict=False):
        if "\x1b[H" in part:  # a hand-off: the screen cleared for the next person
            fresh = True
        if not part.endswith(prompts):
            continue
        said = [key for key in keys if key in part]
        heard.append(bool(said))
        assert said == (keys if fresh else []), part
        fresh = answer == "?"
    assert heard.count(True) >= 4 and heard.count(False) >= 4  # hand-offs, ? and questions in between


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_chancellors_cards_put_under_the_deck_are_said(lang: str) -> None:
    """The Chancellor's line is said when its cards are drawn; once two go under the deck, the rest of the line is
    said too (nothing said it: issue 48): to its player with the cards and their order, to the next person without
    them."""
    set_language(lang)
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 2, hands=["Chancellor", "Handmaid"], draws=["Priest", "Baron", "Guard", "Countess"])
    out = io.StringIO()
    # Ana: the hand-off, the Chancellor, keep the Baron, the Priest then the Guard under the deck, her turn's end;
    # Bea: the hand-off, then the input ends at her question.
    answers = iter(["", "1", "2", "1", "", ""])

    def read_line() -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    front = TerminalFrontend(Lines(LineScreen(out), stream=out, read_line=read_line), delay=0.0)
    game = Game(rs, 2, deck=deck, first_player=0)
    try:
        with pytest.raises(KeyboardInterrupt):
            GameLoop(game, [Seat("Ana"), Seat("Bea")], front, seed=1).run()
        put = ascii_text(t("play.log.returned", player="Ana", count=2))
        cards = ascii_text(t("play.log.returned_cards", cards=card_name("Priest"), last=card_name("Guard")))
        secret = ascii_text(t("play.log.secret", what=cards))
        order, priest = ascii_text(t("play.reader.choice_back")), ascii_text(card_name("Priest"))
    finally:
        set_language("en")
    wiped = out.getvalue().split("\x1b[H\x1b[2J\x1b[3J")  # the hand-offs' and the turn's end's wipes
    ana, bea = next(part for part in wiped if order in part), wiped[-1]
    told = ana[ana.rindex(order) :]  # after the last answer of her decision
    assert told.count(put) == 1 and f"{put} ({secret})" in told, told
    line = next(line for line in bea.splitlines() if put in line)
    assert priest not in line  # the cards and their order stay hers
