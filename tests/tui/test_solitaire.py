"""The solitaire screens and prompts: the board, the log, the steps of a decision, the whole loop driven with
prompt_toolkit's pipe input, the end screens, Ctrl-C, the reference pages and the catalog."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
import threading
import time
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.i18n import card_name, catalog, set_language, t
from loveletter.records.solitaire import SolitaireRecord
from loveletter.solitaire import SolitaireGame, load_solitaire_ruleset, stacked_layout
from loveletter.solitaire.actions import Draw, PlayAgent
from loveletter.solitaire.events import EndReason
from loveletter.tui.cards import CARD_WIDTH, TEXT_LINES, CardFace
from loveletter.tui.prompts import Choice, Nav, default_keys
from loveletter.tui.screen import Screen
from loveletter.tui.solitaire.app import SolitaireApp
from loveletter.tui.solitaire.board import Board, BoardModel
from loveletter.tui.solitaire.narrate import ending, narrate
from loveletter.tui.solitaire.plan import plan_for, risk
from loveletter.tui.solitaire.reference import reference_pages
from loveletter.tui.solitaire.streak import Streak, load_streak
from loveletter.tui.surface import TYPED_AHEAD, Frames
from tests.solitaire.support import play, redeal_hidden, sol

ROOT = Path(__file__).resolve().parents[2]
ROWS, COLUMNS = 24, 80
ESC = "\x1b"
RS = load_solitaire_ruleset()
#: A deal won in four turns with Guards: Q6, Q5 and Q4 are named right while the retinue plays harmless cards
#: (Countess, Priest, Priest); then the Princess stands alone and a Guard discards her.
WIN = stacked_layout(
    RS,
    queue=["Countess", "Priest", "Priest", "Baron", "Handmaid", "King"],
    hand="Guard",
    agent="Baron",
    draws=["Guard", "Guard", "Guard", "Handmaid"],
)
#: Keys: draw (1), Q6 (6th target), King (value 7); draw, Q5 (4th), Handmaid (4); draw, Q4 (2nd), Baron (3);
#: draw, the Guard (1st card; its only target is the Princess).
WIN_KEYS = "".join(["167", "144", "123", "11"])
#: Q1 is a Guard: after the player's turn the retinue strikes, and the player offers the hand card.
LOSS = stacked_layout(RS, queue=["Guard"], hand="Countess", agent="Baron", draws=["Priest"])
#: Keys: draw (1), the Priest (2nd card), on Q2 (2nd target); then "which card does the Guard strike": hand (1),
#: which the Guard knows, so it asks first: yes (y).
LOSS_KEYS = "".join(["122", "1", "y"])


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


def render(model: BoardModel, height: int = ROWS) -> list[str]:
    console = Console(width=COLUMNS, height=ROWS, color_system=None, file=io.StringIO())
    with console.capture() as capture:
        console.print(Board(model, height=height))
    return capture.get().splitlines()


def random_games(count: int) -> Iterator[SolitaireGame]:
    for seed in range(count):
        rng = random.Random(seed)
        game = SolitaireGame(seed=seed)
        while not game.over:
            game.push(rng.choice(game.legal_actions()))
        yield game


# --------------------------------------------------------------------------------------------------- board


def test_the_board_shows_the_queue_hand_agent_piles_and_tracker() -> None:
    game = SolitaireGame(RS, layout=WIN)
    play(game, "draw")
    lines = render(BoardModel(game.view(), deal=None, log=narrate(game.log, RS), streak="Streak 2"), height=20)
    text = "\n".join(lines)
    assert len(lines) <= 20 and all(len(line) <= COLUMNS for line in lines)
    for slot in range(1, 8):
        assert f"Q{slot}" in text
    assert "Q7 9" in text and "Princess" in text and "safe" in text  # she is protected, said in words
    assert "next" in text  # the card the retinue plays next
    assert text.count("1 Guard") == 2 and "Secret agent" in text and "face down: unknown" in text
    assert "Draw pile: 6" in text and "Discard pile: empty" in text and "Unseen (13)" in text
    assert "Streak 2" in lines[0] and "stacked deal" in lines[0]
    assert "You draw the Guard" in text


def test_face_down_cards_never_show_on_the_board() -> None:
    # Two states the player cannot tell apart (their hidden cards re-dealt) draw the same board.
    for game in random_games(12):
        replay = SolitaireGame(RS, layout=game.layout)
        rng = random.Random(len(game.actions))
        for action in game.actions:
            other = redeal_hidden(replay.state, rng)
            assert render(BoardModel(replay.view(), deal=1)) == render(BoardModel(other.view(), deal=1))
            replay.push(action)


def test_the_board_fits_every_terminal_height_it_is_given() -> None:
    game = next(random_games(1))
    for height in (6, 12, 18, 22):
        lines = render(BoardModel(game.view(), log=narrate(game.log, RS)), height=height)
        assert len(lines) <= height


# ----------------------------------------------------------------------------------------------------- log


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_of_many_games_is_told_without_a_gap(lang: str) -> None:
    set_language(lang)
    told = 0
    for game in random_games(40):
        for line in narrate(game.log, RS):
            assert "{" not in line.text.plain and "Event" not in line.text.plain
            told += 1
    assert told > 40


def test_each_retinue_card_is_explained_as_it_plays() -> None:
    game = sol(["Priest", "Handmaid"], hand="Guard", agent="Baron", draws=["Countess"])
    play(game, "draw", "Countess")
    last = narrate(game.log, RS)[-1].text.plain
    assert last.startswith("The retinue plays Q1: the Priest.")
    assert "A Priest turns your face-down agent face up." in last and "Your agent is turned face up: the Baron" in last


def test_the_retinues_handmaid_is_explained_once_in_the_log_and_once_on_the_board() -> None:
    game = sol(["Handmaid", "Priest"], hand="Guard", agent="Baron", draws=["Countess"])
    play(game, "draw", "Countess")
    text = "\n".join(render(BoardModel(game.view(), deal=1, log=narrate(game.log, RS)), height=ROWS))
    assert "The retinue plays Q1: the Handmaid." in text
    assert text.count("the Princess too") == 1  # the log says it once...
    assert text.count("The whole queue is protected (Handmaid)") == 1  # ...and the board shows it


def test_the_retinue_guard_tells_its_guess() -> None:
    game = sol(["Guard"], hand="Countess", agent="Baron", draws=["Priest"])
    play(game, "draw", "Priest>Q2", "choose agent")
    text = narrate(game.log, RS)[-1].text.plain
    # Q2 was turned up (the King): of the high cards only the Princess's rivals the Prince is still unseen.
    assert "You put your agent in its way." in text and "It names the Prince" in text and "wrong" in text


REASONS: tuple[EndReason, ...] = get_args(EndReason)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_end_reason_has_its_own_sentence(lang: str) -> None:
    messages = catalog(lang)
    sentences = {messages[f"solitaire.end.{reason}"] for reason in REASONS}
    assert len(sentences) == len(REASONS)


# -------------------------------------------------------------------------------------------------- plans


def test_a_forced_countess_shows_the_other_card_disabled_with_a_reason() -> None:
    game = sol(["Priest"], hand="Countess", agent="Baron", draws=["King"])
    play(game, "draw")
    step = plan_for(game.view()).step()
    assert step is not None and step.kind == "card"
    assert [(o.value, o.enabled, o.note) for o in step.options] == [
        ("Countess", True, ""),
        ("King", False, "solitaire.choice.forced"),
    ]


def test_back_undoes_the_last_question_asked() -> None:
    game = sol(["Priest"], hand="Guard", agent="Baron", draws=["Baron"])
    play(game, "draw")
    plan = plan_for(game.view())
    plan.answer("Guard")
    plan.answer(3)
    assert plan.step() is not None and plan.step().kind == "named"  # type: ignore[union-attr]
    plan.back()
    assert plan.step().kind == "target"  # type: ignore[union-attr]
    plan.back()
    assert plan.step().kind == "card" and plan.asked == 0  # type: ignore[union-attr]


def test_losing_moves_ask_for_a_confirmation() -> None:
    game = sol(["Priest"], hand="Guard", agent="Baron", draws=["Prince"])
    play(game, "draw")
    view = game.view()
    assert risk(game.parse("Guard>Q1=Baron"), view) is None
    holding = dataclasses.replace(view, hand=("Princess", "Prince"))
    assert risk(game.parse("Princess"), holding) == "solitaire.confirm.princess"
    assert risk(game.parse("Prince>hand"), holding) == "solitaire.confirm.prince_princess"
    empty = dataclasses.replace(view, draw_size=0)
    assert risk(game.parse("Prince>Q1"), empty) == "solitaire.confirm.empty_pile"
    assert risk(game.parse("Prince>agent"), empty) == "solitaire.confirm.empty_pile"


# --------------------------------------------------------------------------------------------------- loop


class Recording(SolitaireApp):
    """The app, noting every question and its options (the prompts draw on a dummy output)."""

    asked: list[str]

    def ask(self, title: str, choices: list[Choice[Hashable]], hint: str, **options: Any) -> Hashable | Nav:
        keys = [c.key or default for c, default in zip(choices, default_keys(len(choices)), strict=True)]
        self.asked.append(title + "\n" + "   ".join(f"{k}) {c.label}" for k, c in zip(keys, choices, strict=True)))
        return super().ask(title, choices, hint, **options)


def app_for(tmp_path: Path, keys: PipeInput) -> tuple[Recording, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=COLUMNS, height=ROWS, color_system=None)
    screen = Screen(io.StringIO())
    app = Recording(
        Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD),  # the keys sent in advance
        load_streak(tmp_path / "streak.json"),
        streak_path=tmp_path / "streak.json",
        folder=tmp_path / "games",
    )
    app.asked = []
    return app, out


def test_a_game_played_to_a_win_with_number_keys(tmp_path: Path, keys: PipeInput) -> None:
    app, out = app_for(tmp_path, keys)
    keys.send_text(WIN_KEYS + "n")
    app.session(SolitaireGame(RS, layout=WIN))
    assert app.game is not None and app.game.won and app.game.reason == "queue_empty"
    screen = out.getvalue()
    assert "You win!" in screen and "The queue is empty: the Princess has no one left to guard her." in screen
    assert app.asked[-1].startswith("Play again?")
    assert load_streak(tmp_path / "streak.json") == Streak(current=1, best=1, won=1, played=1)
    assert app.path is not None
    record = SolitaireRecord.load(app.path)
    assert record.finished and record.result == {"won": True, "reason": "queue_empty", "winners": [0]}
    assert record.actions[:3] == ["draw", "Guard>Q6=King", "draw"]


def test_a_loss_names_its_reason_and_play_again_deals_a_new_game(tmp_path: Path, keys: PipeInput) -> None:
    app, out = app_for(tmp_path, keys)
    deals = iter([101])
    # Loses, answers "y" to play again, then Ctrl-C at the first question of the new deal.
    keys.send_text(LOSS_KEYS + "y" + "\x03")
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=LOSS), next_deal=lambda: next(deals))
    screen = out.getvalue()
    said = "The Guard from Q1 struck your hand card, the Countess, a card it knew."
    assert "You lose" in screen and said in " ".join(re.sub("[┃━┏┓┗┛]", " ", screen).split())  # the banner's box
    assert any(q.startswith("The retinue's Guard attacks you") for q in app.asked)
    assert app.game is not None and app.game.seed == 101 and not app.game.over
    assert load_streak(tmp_path / "streak.json") == Streak(current=0, best=0, won=0, played=1)
    games = sorted((tmp_path / "games").glob("*.json"))
    assert len(games) == 2  # the lost game, and the new one saved before its first question


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_loss_says_what_the_retinue_did(lang: str) -> None:
    """The end says which card struck which of yours and how, not "struck a card it knew, or named your agent
    right" (issue 48): a Guard that knew the card, a Guard that named a face-down agent, a Baron comparison."""
    set_language(lang)
    known = sol(["Guard"], hand="Countess", agent="Baron", draws=["Priest"])
    play(known, "draw", "Priest>Q2", "choose hand")
    named = sol(["Guard"], hand="Guard", agent="King", draws=["Guard"])  # the King: the highest card unseen
    play(named, "draw", "Guard>Q2=Priest", "choose agent")
    baron = sol(["Baron", "King"], hand="Guard", agent="Priest", draws=["Guard"])
    play(baron, "draw", "Guard>Q3=Priest", "choose hand")
    own = sol(["Handmaid", "King"], hand="Baron", agent="Guard", draws=["Priest"])
    play(own, "draw", "Baron>Q2/agent")
    assert [g.reason for g in (known, named, baron, own)] == ["guard_hit", "guard_hit", "baron_lost", "baron_lost"]
    card = card_name
    hand, agent = t("solitaire.place.hand"), t("solitaire.place.agent")
    assert ending(known) == t("solitaire.end.guard_hit_known", slot="Q1", own=hand, card=card("Countess"))
    assert ending(named) == t("solitaire.end.guard_hit_named", slot="Q1", card=card("King"))
    values = {"slot": "Q2", "theirs": card("King"), "mine": card("Guard")}
    assert ending(baron) == t("solitaire.end.baron_lost_retinue", own=hand, **values)
    assert ending(own) == t("solitaire.end.baron_lost_player", own=agent, **values)
    assert all(len(ending(g)) <= 76 for g in (known, named, baron, own))  # one line of the result box
    if lang == "en":
        assert ending(named) == "The Guard from Q1 named your face-down agent right: the King."
        assert ending(own) == "Your Baron: your agent, the Guard, was lower than Q2, the King."


def test_with_the_agent_spent_the_turn_asks_only_to_draw(tmp_path: Path, keys: PipeInput) -> None:
    """Once the secret agent is played, the turn's question no longer offers it (issue 48): it says the one way
    left, and the agent's option shows, not open, why."""
    app, _ = app_for(tmp_path, keys)
    layout = stacked_layout(RS, queue=["Countess", "Priest"], hand="Guard", agent="Handmaid", draws=["Guard"])
    keys.send_text("2" + "\x03")  # the agent (a Handmaid: no choice to make); then Ctrl-C at the next turn
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=layout))
    first, then = app.asked
    assert first.startswith("Your turn: draw a card and play, or play your secret agent?\n")
    assert then.startswith("Your turn: draw a card and play (your secret agent is spent).\n")
    assert "1) Draw a card (7 left)" in then and "Play the agent" in then
    view = app.game.view()  # type: ignore[union-attr]
    assert view.legal_actions == (Draw(),) and view.player_turn == 2  # the board's header says turn 2
    empty = dataclasses.replace(view, legal_actions=(PlayAgent(),), draw_size=0, agent_state="face_down")
    step = plan_for(empty).step()
    assert step is not None and app.question(step, plan_for(empty), empty) == t("solitaire.ask.turn_agent")


def test_the_header_counts_the_players_turns(tmp_path: Path) -> None:
    """The header said turn 1, then turn 3: the retinue's turns were counted too (issue 48)."""
    game = SolitaireGame(RS, layout=WIN)
    seen = []
    for action in ("draw", "Guard>Q6=King", "draw", "Guard>Q5=Handmaid"):
        header = render(BoardModel(game.view(), deal=None, log=narrate(game.log, RS)))[0]
        seen.append(re.search(r"turn (\d+)", header).group(1))  # type: ignore[union-attr]
        play(game, action)
    assert seen == ["1", "1", "2", "2"]


def test_ctrl_c_at_a_prompt_leaves_the_game_saved_up_to_the_last_action(tmp_path: Path, keys: PipeInput) -> None:
    app, _ = app_for(tmp_path, keys)
    keys.send_text("1" + "\x03")  # draw, then Ctrl-C at "which target"
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=WIN))
    assert app.path is not None
    record = SolitaireRecord.load(app.path)
    assert record.actions == ["draw"] and not record.finished
    resumed = record.replay(str(app.path))
    assert resumed.view() == app.game.view()  # type: ignore[union-attr]


def test_a_resumed_game_goes_on_from_where_it_was(tmp_path: Path, keys: PipeInput) -> None:
    game = SolitaireGame(RS, layout=WIN)
    play(game, "draw", "Guard>Q6=King")
    record = SolitaireRecord.start(game)
    path = tmp_path / "saved.json"
    record.save(path)
    app, _ = app_for(tmp_path, keys)
    keys.send_text(WIN_KEYS[3:] + "n")
    app.session(SolitaireRecord.load(path).replay(str(path)), record=SolitaireRecord.load(path), path=path)
    assert app.path == path and SolitaireRecord.load(path).result == {
        "won": True,
        "reason": "queue_empty",
        "winners": [0],
    }


def test_escape_steps_back_and_question_mark_shows_the_rules(tmp_path: Path, keys: PipeInput) -> None:
    app, out = app_for(tmp_path, keys)
    # draw; Q6; Esc (back to the target); ? (the rules; q leaves them); Q6; King ... then Ctrl-C. A lone
    # Escape waits in prompt_toolkit's parser until the next key shows it starts no escape sequence (a pipe has no
    # pause to time out on), so the question it steps back to comes only after more keys: the rest is sent once
    # the question the Escape leaves has been asked.
    keys.send_text("16" + ESC)

    def rest() -> None:
        deadline = time.monotonic() + 60
        while len(app.asked) < 3 and time.monotonic() < deadline:
            time.sleep(0.005)
        keys.send_text("?" + "\r" + "q" + "67" + "\x03")

    later = threading.Thread(target=rest, daemon=True)
    later.start()
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=WIN))
    later.join(60)
    assert [q.split("\n")[0] for q in app.asked[:4]] == [
        "Your turn: draw a card and play, or play your secret agent?",
        "Guard: on which queue card?",
        "Guard on Q6 face down: name a card:",
        "Guard: on which queue card?",
    ]
    screen = out.getvalue()
    assert "Love Letter Solitaire: how it plays" in screen and "When the retinue plays it" in screen
    assert app.game is not None and [str(a) for a in app.game.actions] == ["draw", "Guard>Q6=King"]


def test_a_threat_asks_hand_or_agent_with_the_guess(tmp_path: Path, keys: PipeInput) -> None:
    app, _ = app_for(tmp_path, keys)
    keys.send_text("122" + "\x03")
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=LOSS))
    question = app.asked[-1]
    assert "a face-down agent survives unless it names Prince" in question
    assert "1) your hand (Countess)" in question and "2) your agent (face down)" in question


def test_the_guards_threat_starts_on_the_agent_and_asks_before_the_hand_it_knows(
    tmp_path: Path, keys: PipeInput
) -> None:
    app, _ = app_for(tmp_path, keys)
    # Enter picks the face-down agent (the Guard names Prince: it is the Baron, so it survives).
    keys.send_text("122" + "\r" + "\x03")
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=LOSS))
    assert app.game is not None and [str(a) for a in app.game.actions][-1] == "choose agent"
    # The hand, which the Guard knows, is struck only after a yes; "n" goes back to the question.
    app, _ = app_for(tmp_path, keys)
    keys.send_text("122" + "1" + "n" + "1" + "y" + "n")  # ... and no other game
    app.session(SolitaireGame(RS, layout=LOSS))
    asked = [q.split("\n")[0] for q in app.asked]
    assert asked.count("The Guard knows that card: it strikes it and you lose. Choose it anyway?") == 2
    assert app.game is not None and app.game.reason == "guard_hit"


def test_with_no_agent_left_playing_it_is_shown_disabled_without_a_face(tmp_path: Path, keys: PipeInput) -> None:
    app, _ = app_for(tmp_path, keys)
    keys.send_text("2" + "\x03")  # send the agent (a Handmaid) in; Ctrl-C at the next turn
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=stacked_layout(RS, queue=["Countess"], hand="Guard", agent="Handmaid")))
    assert app.game is not None and app.game.view().agent_state == "empty"
    turn = app.asked[-1]
    assert "Play the agent" in turn and "face down" not in turn


def test_an_unreadable_streak_file_is_a_notice_on_the_board(tmp_path: Path, keys: PipeInput) -> None:
    (tmp_path / "streak.json").write_text("garbage", encoding="utf-8")
    app, out = app_for(tmp_path, keys)
    keys.send_text("\x03")
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=WIN))
    assert "The streak file" in out.getvalue()


# ---------------------------------------------------------------------------------------- reference, catalog


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_reference_pages_fit_the_screen(lang: str) -> None:
    set_language(lang)
    console = Console(width=COLUMNS, color_system=None, file=io.StringIO())
    height = ROWS - 4
    pages = reference_pages(console, RS, height)
    for page in pages:
        assert len(console.render_lines(page, console.options.update(height=None), pad=False)) <= height


def test_every_solitaire_key_the_code_names_exists() -> None:
    sources = [*(ROOT / "loveletter/tui/solitaire").glob("*.py"), ROOT / "loveletter/commands/solitaire.py"]
    named = {m for path in sources for m in re.findall(r'"(solitaire\.[a-z_.]+[a-z_])"', path.read_text())}
    assert len(named) > 30
    for lang in ("en", "es"):
        missing = {key for key in named if key not in catalog(lang)}
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_solitaire_card_face_fits(lang: str) -> None:
    set_language(lang)
    console = Console(width=COLUMNS, color_system=None, file=io.StringIO())
    for card in RS.cards:
        assert catalog(lang).get(f"card.{card}.short.solitaire")
        assert catalog(lang).get(f"card.{card}.text.solitaire")
        with console.capture() as capture:
            console.print(CardFace(card, RS))
        lines = capture.get().splitlines()
        assert len(lines) == TEXT_LINES + 2 and all(len(line) == CARD_WIDTH for line in lines), lines
        inner = " ".join(line[2:-2].strip() for line in lines[1:-1])
        assert inner == catalog(lang)[f"card.{card}.short.solitaire"], (card, inner)


# ---------------------------------------------------------------------------------------------------- resume


def test_resuming_a_finished_or_broken_record_is_one_line_and_leaves_it_alone(tmp_path: Path) -> None:
    from loveletter.commands.solitaire import resume_record
    from loveletter.errors import UserError
    from loveletter.records.fileformat import opened
    from loveletter.records.record import RecordError

    game = SolitaireGame(RS, layout=LOSS)
    play(game, "draw", "Priest>Q2", "choose hand")
    finished = tmp_path / "over.json"
    record = SolitaireRecord.start(game)
    record.save(finished)
    broken = tmp_path / "broken.json"
    record.result = None  # still going on: a finished game is refused before it is replayed
    plain = json.dumps(opened(json.loads(record.to_json())))  # the deal of an unfinished game is sealed
    broken.write_text(plain.replace("Priest>Q2", "Priest>Q9"), encoding="utf-8")
    for path, error, words in ((finished, UserError, "already over"), (broken, RecordError, "actions[1]")):
        before = path.read_bytes()
        with pytest.raises(error) as caught:
            resume_record(path)
        assert words in str(caught.value) and "\n" not in str(caught.value)
        assert path.read_bytes() == before


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_header_never_cuts_a_word_of_the_streak(lang: str) -> None:
    from loveletter.i18n import t

    set_language(lang)
    try:
        game = SolitaireGame(RS, layout=WIN)
        streak = t("solitaire.streak.line", current=12, best=120, won=1200, played=20000)
        lines = render(BoardModel(game.view(), deal=123456, log=narrate(game.log, RS), streak=streak), height=20)
    finally:
        set_language("en")
    header = " ".join(" ".join(lines[:2]).split())
    assert " ".join(streak.split()) in header, lines[:2]  # whole, never "ganad…"
    assert "…" not in " ".join(lines[:2])


def test_the_guards_naming_list_starts_on_the_likeliest_card(tmp_path: Path, keys: PipeInput) -> None:
    """The names start highest first, on the Princess, who is always face up: Enter named a card that cannot be
    there (issue 48). The selection starts on the card with the most copies unseen (the first listed of those)."""
    app, _ = app_for(tmp_path, keys)
    keys.send_text("16" + "\r" + "\x03")  # draw, the Guard on Q6 face down, Enter at the names; Ctrl-C
    with pytest.raises(KeyboardInterrupt):
        app.session(SolitaireGame(RS, layout=WIN))
    assert app.game is not None and [str(a) for a in app.game.actions[:2]] == ["draw", "Guard>Q6=Prince"]
