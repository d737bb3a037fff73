"""`loveletter learn` and `loveletter learn premium` played to their end through key presses in an 80x24
pseudo-terminal, in English and in Spanish: every step's lesson text and instruction shows above the normal table
and its normal questions, a wrong choice is explained and asked again, and the lesson ends with `loveletter play`.

Each script is the lesson's steps in order: ``("step", id, keys)`` waits for the step's instruction and the first
question of its decision (keys typed ahead answer the questions after it: the card, then its target...),
``("wrong", id, keys)`` makes a legal move that is not the lesson's and waits to be told why (at the question
that went wrong), ``("done", id)`` waits for the words a step says over the table its move left, and
``("bot", id, ...)`` waits for a computer player's move that the lesson comments on (several steps of one
player in a row are one move on the screen), and ``("hint", id, keys)`` waits for a step's request to press ``h``,
presses it, waits for the coach's hint with the step's words over it, then plays ``keys``. A computer player's
move without a comment shows no text and takes no key (``--delay 0``). At the lesson's end, the basic lesson opens
the coach's review of the learner's moves and leaves it; the premium one declines it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loveletter.i18n import set_language, t
from tests.e2e.terminal import SIGINT_STATUS, Terminal, left_clean, program_env

Script = list[tuple[str, ...]]

#: The first lesson: the 2019 edition, against Bot. Keys are the options' numbers (cards in hand order; a named
#: card by its value); an option chosen alone is not asked.
BASIC: Script = [
    ("step", "priest", "2"),
    ("done", "priest"),  # the tracker and the set-aside cards, over the table the Priest left
    ("bot", "bot_guard"),
    ("wrong", "guard", "2"),  # the Baron: Alex's Guard (1) against Bot's Baron (3)
    ("step", "guard", "1", "3"),  # the Guard, naming the Baron
    ("round", "round1"),
    ("step", "spy", "2"),
    ("bot", "bot_priest"),
    ("step", "handmaid", "1"),
    ("done", "handmaid"),  # Alex's own ◆
    ("bot", "bot_prince"),
    ("step", "prince", "2", "2"),  # the Prince, on Bot
    ("step", "chancellor", "2"),
    ("keep", "keep", "2"),  # the King; the two Guards go under the deck in their only order
    ("step", "priest2", "2"),
    ("bot", "bot_handmaid"),
    ("step", "countess", "2"),  # the King is shown but cannot be chosen
    ("step", "king", "1"),
    ("round", "round2"),
    ("hint", "baron", "1"),  # h: the coach's hint; then Alex's own Baron, on Bot
]

#: The Premium Edition's cards, at five seats.
PREMIUM: Script = [
    ("step", "baroness", "2", "1", "2"),  # the Baroness, on Bot 1, then Bot 2 (who keeps their number: 2)
    ("bot", "bot_jester"),
    ("bot", "bot_sycophant"),
    ("bot", "bot_assassin"),
    ("bot", "bot_constable"),
    ("step", "bishop", "2", "1", "7"),  # the Bishop, on Bot 1, naming 7
    ("bot", "bot_pass", "bot_count"),  # Bot 1's decision on Alex's turn, then its own turn: one screen
    ("bot", "bot_guard"),
    ("step", "cardinal", "1", "2", "3", "1"),  # the Cardinal: Bot 1, with Bot 2 (still 3), no look
    ("bot", "bot_guard2"),
    ("wrong", "dowager", "1"),  # the Handmaid
    ("step", "dowager", "2"),
]


def start(tmp_path: Path, lang: str, *args: str) -> Terminal:
    env = program_env(LOVELETTER_LANG=lang, LOVELETTER_HOME=str(tmp_path / "home"))
    return Terminal(["learn", *args, "--delay", "0"], env=env)


def first_line(text: str, width: int = 40) -> str:
    """The start of ``text`` that surely shows on one line of the lesson panel (it wraps at spaces)."""
    if len(text) <= width:
        return text
    return text[: text.rfind(" ", 0, width)]


def play(term: Terminal, lesson: str, script: Script, *, review: bool = False) -> None:
    """Play ``script`` of ``lesson`` from its first screen to its last; at its end, open the review (``review``)
    and leave it, or decline it."""
    term.wait_for(first_line(t(f"learn.{lesson}.intro")), t("learn.begin"))
    term.press("enter")
    for kind, step, *keys in script:
        key = f"learn.{lesson}.{step}"
        if kind in ("step", "wrong", "keep"):
            question = t("play.ask.keep" if kind == "keep" else "play.ask.card")
            term.wait_for("▶ " + first_line(t(f"{key}.do")), question)
            term.press(*keys)
            if kind == "wrong":
                term.wait_for(t("learn.title_wrong", lesson=t(f"learn.{lesson}.title")), t("learn.again"))
                term.wait_for(first_line(t(f"{key}.wrong")), t("learn.again"))
                term.press("enter")
        elif kind == "hint":
            term.wait_for("▶ " + first_line(t(f"{key}.ask")), t("play.ask.card"))
            term.press("h")
            hints = t("coach.hint.title", player="Alex", round=3).strip()
            do = "▶ " + first_line(t(f"{key}.do"))
            term.wait_for(first_line(t(f"{key}.hinted")), do, hints, t("play.ask.card"))
            term.press(*keys)
        elif kind == "done":
            term.wait_for(first_line(t(f"{key}.done")), t("learn.next"))
            term.press("enter")
        elif kind == "bot":
            more = [first_line(t(f"learn.{lesson}.{other}.say")) for other in keys]
            term.wait_for(first_line(t(f"{key}.say")), *more, t("learn.next"))
            term.press("enter")
        else:
            assert kind == "round", kind
            # q at a lesson's round end leaves the lesson, and its keys line says so (not "stops the game").
            term.wait_for(first_line(t(f"{key}.end")), t("play.round.next"), t("learn.round_hint"))
            term.press("enter")
    last = f"learn.{lesson}.round{1 + sum(kind == 'round' for kind, *_ in script)}"
    term.wait_for(first_line(t(f"{last}.end")), t("learn.review.question"))
    if review:
        term.press("1")  # the review: weighed, then its first decision with the coach's verdict
        term.wait_for(t("coach.review.panel"), first_line(t("coach.review.keys")))
        term.press("q")
    else:
        term.press("2")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("lesson", "script"), [("basic", BASIC), ("premium", PREMIUM)])
def test_a_lesson_plays_to_its_end(tmp_path: Path, lang: str, lesson: str, script: Script) -> None:
    set_language(lang)
    term = start(tmp_path, lang, *([] if lesson == "basic" else [lesson]))
    try:
        play(term, lesson, script, review=lesson == "basic")
        assert term.finish() == 0
        assert left_clean(bytes(term.raw))
        assert t("learn.ready").replace("`", "") in term.text().replace("`", "")
    finally:
        term.close()
    # A lesson is not a game to resume or replay: nothing is saved.
    assert not list((tmp_path / "home").glob("**/*.json"))


def test_ctrl_c_leaves_a_lesson_with_one_line(tmp_path: Path) -> None:
    set_language("en")
    term = start(tmp_path, "en", "premium")
    try:
        term.wait_for(t("learn.begin"))
        term.press("enter")
        term.wait_for("▶ " + first_line(t("learn.premium.baroness.do")), t("play.ask.card"))
        term.press("ctrl-c")
        assert term.finish() == SIGINT_STATUS
        assert left_clean(bytes(term.raw))
        lines = [line for line in term.text().splitlines() if line.strip()]
        assert lines == [t("learn.stopped", lesson="loveletter learn premium")]
    finally:
        term.close()
