"""The coach's hint on a decision's screen: the key (and the Handmaid's h), what it shows, from the view alone."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from loveletter.coach.hint import Hint, hint_for, read_round
from loveletter.engine import Game, Play, View
from loveletter.i18n import card_name, set_language
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.tui.coach import (
    HINT_KEY,
    HintView,
    chances_text,
    hint_keys,
    hint_lines,
    move_text,
    percent,
    reason_text,
)
from loveletter.tui.prompts import TYPE_AHEAD, Choice, Nav, choose
from loveletter.tui.screen import Screen
from loveletter.tui.style import NBSP, Words
from loveletter.tui.surface import TYPED_AHEAD, Frames
from loveletter.tui.terminal import TerminalFrontend
from tests.bots.helpers import positions_by_kind, redeal
from tests.support import deal, play, random_playout

NAMES = ("Ana", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")
#: A small search keeps these quick; the budget does not change what a hint may depend on.
BUDGET = 300


@pytest.fixture
def keys() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe:
        yield pipe


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("en")


def cards(*ids: str) -> list[Choice[Any]]:
    return [Choice(card, card_name(card)) for card in ids]


def ask(keys: PipeInput, typed: str, choices: Sequence[Choice[Any]]) -> object:
    keys.send_text(typed)
    extra = {"l": Nav.LOG, HINT_KEY: Nav.HINT}
    return choose("Which?", choices, extra=extra, guard=TYPE_AHEAD, input=keys, output=DummyOutput())


# ------------------------------------------------------------------------------------------------ the key


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("h", Nav.HINT),  # no card begins with h: the hint at once
        ("l", Nav.LOG),
        ("pr\r", "Priest"),  # typing a name still works
        ("g" + "h", Nav.HINT),  # an h that cannot go on the name typed so far
    ],
)
def test_h_asks_for_the_hint_where_no_card_begins_with_it(keys: PipeInput, typed: str, answer: object) -> None:
    assert ask(keys, typed, cards("Guard", "Priest")) == answer


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("h\r", "Handmaid"),  # the first h types the Handmaid's name, as typing a card's name always did
        ("ha\r", "Handmaid"),
        ("handmaid\r", "Handmaid"),
        ("hh", Nav.HINT),  # a second h cannot go on the name: the hint
        ("handmaid" + "h", Nav.HINT),
        ("2", "Handmaid"),
    ],
)
def test_with_the_handmaid_the_first_h_selects_her_and_a_second_asks_for_the_hint(
    keys: PipeInput, typed: str, answer: object
) -> None:
    assert ask(keys, typed, cards("Guard", "Handmaid")) == answer


def test_in_spanish_the_handmaid_answers_to_both_names_so_h_goes_to_her_first(keys: PipeInput, spanish: None) -> None:
    """A card's English name selects it in Spanish too (Handmaid as well as Doncella): the same rule."""
    assert ask(keys, "d\r", cards("Guard", "Handmaid")) == "Handmaid"
    assert ask(keys, "h\r", cards("Guard", "Handmaid")) == "Handmaid"
    assert ask(keys, "hh", cards("Guard", "Handmaid")) is Nav.HINT
    assert ask(keys, "h", cards("Guard", "Priest")) is Nav.HINT
    assert hint_keys(cards("Guard", "Handmaid"), showing=False) == "h dos veces: pistas"


def test_the_keys_line_says_when_h_must_be_pressed_twice() -> None:
    assert hint_keys(cards("Guard", "Priest"), showing=False) == "h hints"
    assert hint_keys(cards("Guard", "Handmaid"), showing=False) == "h twice: hints"
    assert hint_keys(cards("Guard", "Handmaid"), showing=True) == "h twice: the table"


# ------------------------------------------------------------------------------------- on the screen


def frontend(keys: PipeInput, game: Game, *, hints: bool = True) -> tuple[TerminalFrontend, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    screen = Screen(io.StringIO())
    front = TerminalFrontend(Frames(console, screen, input=keys, output=DummyOutput(), guards=TYPED_AHEAD))
    table = GameLoop(game, [Seat(n) for n in NAMES[: game.players]], front, hints=hints)
    front.start(table)
    return front, out


def drawn(out: io.StringIO) -> str:
    return " ".join(out.getvalue().replace(NBSP, " ").split())


def test_h_shows_the_hint_in_place_of_the_table_and_h_again_the_table(keys: PipeInput) -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Priest"])
    front, out = frontend(keys, game)
    keys.send_text("h")  # the hint...
    keys.send_text("2")  # ...above the same question: the Priest
    keys.send_text("h")  # the table again
    keys.send_text("2")  # on Cal
    assert front.decide(0) == Play("Priest", (2,))
    text = drawn(out)
    assert "Hints for Ana · round 1" in text and "They may hold" in text
    assert "Your moves, best first" in text and "Priest on Bea" in text


def test_with_hints_off_h_does_nothing_and_is_not_offered(keys: PipeInput) -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Priest"])
    front, out = frontend(keys, game, hints=False)
    keys.send_text("h" + "1" + "2")  # h: nothing; then the Guard on Bea naming the Priest (2)
    assert front.decide(0) == Play("Guard", (1,), named="Priest")
    assert "Hints for" not in drawn(out)


def test_holding_the_handmaid_h_twice_shows_the_hint(keys: PipeInput) -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Handmaid"])
    front, out = frontend(keys, game)
    keys.send_text("hh" + "h\r")  # the hint; then h types the Handmaid's name again, and Enter plays her
    assert front.decide(0) == Play("Handmaid")
    assert "Hints for Ana" in drawn(out)


@pytest.mark.parametrize("typed", ["hh", "hh" + "hh"])  # the hint; the hint, then the table again
def test_the_selection_stays_where_it_was_when_the_hint_comes_and_goes(keys: PipeInput, typed: str) -> None:
    """h selects the Handmaid, the second h shows the hint: Enter then plays the Handmaid still selected (the
    cursor went back to the first card, issue 48, item 8). Ctrl-C ends the question if Enter asks another."""
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Handmaid"])
    front, _ = frontend(keys, game)
    keys.send_text(typed + "\r" + "\x03")
    try:
        played = front.decide(0)
    except KeyboardInterrupt:
        pytest.fail("Enter did not play the Handmaid selected before the hint")
    assert played == Play("Handmaid")


def test_the_hint_narrows_the_moves_to_the_card_chosen(keys: PipeInput) -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Baron"])
    front, out = frontend(keys, game)
    keys.send_text("h" + "1")  # the hint, then the Guard: the naming question, the hint still shown
    keys.send_text("\x03")
    with pytest.raises(KeyboardInterrupt):
        front.decide(0)
    last = out.getvalue().replace(NBSP, " ").split("Hints for Ana")[-1]
    assert "Guard on Bea, naming" in last and "Baron on Bea" not in last


# --------------------------------------------------------------------------------- what a hint says


def render(view: View, hint: Hint, width: int = 80, height: int = 40) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None)
    with console.capture() as captured:
        console.print(HintView(view, NAMES, hint, height=height))
    return captured.get()


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [("2019", 2), ("2019", 4), ("premium", 5)])
def test_the_hint_depends_on_the_view_alone(ruleset: str, players: int) -> None:
    """Every card the seat cannot see dealt again: the same hint, drawn the same."""
    rng = random.Random(f"hint/{ruleset}/{players}")
    changed = checked = 0
    for states in positions_by_kind(ruleset, players, seed=3, count=1).values():
        for state in states:
            seat = state.decider
            assert seat is not None
            other = redeal(state, seat, rng)
            view, twin = state.view(seat), other.view(seat)
            hint = hint_for(view, budget=BUDGET)
            assert hint == hint_for(twin, budget=BUDGET)
            assert render(view, hint) == render(twin, hint_for(twin, budget=BUDGET))
            checked += 1
            changed += state.hands != other.hands or state.deck != other.deck
    assert changed >= checked // 2


def test_the_chances_leave_out_the_cards_the_seat_places_elsewhere() -> None:
    game = deal("2019", 2, hands=["Priest", "Baron"], draws=["King", "Guard", "Princess"])
    view = game.view(0)  # Ana holds the only King: Bea cannot
    row = hint_for(view, budget=BUDGET).chances[1]
    assert sum(row.values()) == pytest.approx(1.0) and row["King"] == 0.0 and row["Baron"] > 0.0
    assert "King" not in chances_text(row, view).plain and "Baron" in chances_text(row, view).plain
    play(game, "Priest>1", "Guard>0=Countess")  # Ana saw Bea's Baron, and Bea kept it
    view = game.view(0)
    row = hint_for(view, budget=BUDGET).chances[1]
    assert row["Baron"] == 1.0 and chances_text(row, view).plain.replace(NBSP, " ") == "Baron 100%"


def test_every_legal_move_is_in_the_hint_tier_by_tier() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Prince"])
    view = game.view(0)
    hint = hint_for(view, budget=BUDGET)
    assert sorted(map(str, (m.action for m in hint.moves))) == sorted(map(str, view.legal_actions))
    tiers = [m.tier for m in hint.moves]
    assert tiers == sorted(tiers) and tiers[0] == 0
    best = max(m.chance for m in hint.moves)
    assert all(m.tier == 0 for m in hint.moves if m.chance == best)
    text = render(view, hint, height=200, width=200)
    assert all(move_text(m.action, view, NAMES).plain in text for m in hint.moves)


def test_a_hint_too_long_for_the_screen_says_how_many_moves_it_leaves_out() -> None:
    game = deal("2019", 4, hands=["Guard", "Priest", "Baron", "King"], draws=["Guard"])
    view = game.view(0)
    hint = hint_for(view, budget=BUDGET)
    text = render(view, hint, height=16)
    assert len(text.splitlines()) <= 16 and "more moves, worse ones" in text


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("Guard>1=Priest", "Guard on Bea, naming Priest"),
        ("Prince>0", "Prince on yourself"),
        ("Handmaid", "Handmaid"),
    ],
)
def test_moves_are_worded_as_the_log_words_plays(action: str, words: str) -> None:
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Prince"])
    view = game.view(0)
    from loveletter.engine import parse_action

    assert move_text(parse_action(action), view, NAMES).plain == words


@pytest.mark.parametrize("players", [7, 8])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 40)])
def test_the_hint_s_moves_always_show_at_seven_and_eight_players(players: int, width: int, height: int) -> None:
    hands = ["Guard", "Priest", "Baron", "King", "Handmaid", "Prince", "Count", "Jester"][:players]
    game = deal("premium", players, hands=hands, draws=["Bishop"])
    view = game.view(0)
    hint = hint_for(view, budget=BUDGET)
    text = render(view, hint, width=width, height=height)
    assert len(text.splitlines()) <= height
    shown = [m for m in hint.moves if move_text(m.action, view, NAMES).plain in text.replace("\n", " ")]
    assert len(shown) >= 3 and shown[0] == hint.moves[0]
    # Every opponent's name starts a line of the odds while they fit (the names never shrink to nothing).
    assert "…  " not in text


def test_a_guess_that_cannot_hit_is_shown_as_such() -> None:
    game = deal("2019", 2, hands=["King", "Priest"], draws=["Guard"])
    view = game.view(0)  # Ana holds the only King
    text = " ".join(render(view, hint_for(view, budget=BUDGET), width=120, height=80).split())
    line = next(row for row in text.split("%") if "naming King" in row)
    assert "(cannot hit)" in line and "every copy is in sight" in line


def test_a_premium_guess_names_its_cards() -> None:
    game = deal("premium", 5, hands=["Guard", "Priest", "Baron", "King", "Handmaid"], draws=["Prince"])
    view = game.view(0)
    guard = next(a for a in view.legal_actions if isinstance(a, Play) and a.card == "Guard" and a.named == 4)
    assert move_text(guard, view, NAMES).plain.endswith("naming 4: Handmaid or Sycophant")


def test_every_move_of_a_hint_has_a_reason_in_words() -> None:
    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Prince"])
    view = game.view(0)
    hint = hint_for(view, budget=BUDGET)
    for move in hint.moves:
        assert reason_text(hint.reasons[move.action], view, NAMES).plain


def test_the_lines_say_the_model_the_frame_draws() -> None:
    """Screen-reader mode says the hint the frame draws, from the same model, each line whole: every other
    player's odds, then every move in the hint's order with its chance and its reason."""
    game = deal("2019", 4, hands=["Guard", "Priest", "Baron", "King"], draws=["Guard"])
    view = game.view(0)
    hint = hint_for(view, budget=BUDGET)
    lines = hint_lines(view, NAMES, hint)
    drawn = " ".join(render(view, hint, width=400, height=400).split())
    for seat, row in hint.chances.items():
        assert f"{NAMES[seat]}: {chances_text(row, view).plain}" in lines
        assert " ".join(chances_text(row, view).plain.split()) in drawn
    said = [line for line in lines if any(line.startswith(f"{percent(m.chance)} ") for m in hint.moves)]
    assert len(said) == len(hint.moves)  # all of them: a line is not a screen
    for move, line in zip(hint.moves, said, strict=True):
        words = move_text(move.action, view, NAMES).plain
        reason = reason_text(hint.reasons[move.action], view, NAMES).plain
        assert line.startswith(percent(move.chance)) and words in line and reason in line
        assert " ".join(words.split()) in drawn and " ".join(reason.split()) in drawn


def test_the_odds_shown_while_the_moves_are_weighed_are_the_hints_one_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """``h`` reads the round once: the odds drawn at once are those the moves are then weighed on."""
    from loveletter.bots import beliefs

    game = deal("2019", 3, hands=["Guard", "Priest", "Baron"], draws=["Prince"])
    view = game.view(0)
    front = TerminalFrontend(Frames(Console(file=io.StringIO(), width=80, height=24), Screen(io.StringIO())), delay=0)
    front.start(GameLoop(game, [Seat("Ana"), Seat("Bea"), Seat("Cal")], front, hints=True))
    reads: list[View] = []
    real = beliefs.read

    def counted(view: View) -> beliefs.Reading:
        reads.append(view)
        return real(view)

    monkeypatch.setattr(beliefs, "read", counted)
    hint = front.work_out_hint(view)
    assert len(reads) == 1 and hint.moves


@pytest.mark.parametrize("chance", [1.0, 0.998])
def test_a_certain_card_is_said_surely_and_an_almost_certain_one_is_never_100_percent(chance: float) -> None:
    """ "likeliest the Chancellor, 100%" (issue 48, item 11): a card the target surely holds is "surely" said;
    one that is not sure is never rounded up to 100%."""
    from loveletter.coach import reasons as why

    set_language("en")
    game = deal("2019", 2, hands=["Guard", "Priest"], draws=["Prince"])
    view = game.view(0)
    values: tuple[tuple[str, why.Value], ...] = (
        ("target", why.Seat(1)),
        ("top", why.Card("Chancellor")),
        ("chance", why.Chance(chance)),
    )
    said = reason_text(why.Reason("prince", values), view, NAMES).plain
    if chance == 1.0:
        assert said == "Bea discards their card (surely the Chancellor) and draws a new one"
    else:
        assert said == "Bea discards their card (likeliest the Chancellor,\u00a0>99%) and draws a new one"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_two_word_card_name_never_breaks_in_a_reason(lang: str) -> None:
    """The Dowager Queen in a move's reason (a kept card, a named card, alternatives) wraps as one word."""
    from loveletter.coach import reasons as why

    set_language(lang)
    try:
        view = deal("premium", 2, hands=["Guard", "Priest"], draws=["Prince"]).view(0)
        first, *rest = card_name("DowagerQueen").split()
        assert rest, "the Dowager Queen's name is two words in both languages"
        queen = why.Card("DowagerQueen")
        for reason in (
            why.Reason("keep", (("card", queen),)),
            why.Reason(
                "compare",
                (("kept", queen), ("target", why.Seat(1)), ("win", why.Chance(0.5)), ("lose", why.Chance(0.25))),
            ),
            why.Reason("prince", (("target", why.Seat(1)), ("top", queen), ("chance", why.Chance(0.3)))),
        ):
            text = reason_text(reason, view, NAMES)
            for width in range(12, 80):
                console = Console(file=io.StringIO(), width=width, color_system=None)
                with console.capture() as capture:
                    console.print(Words(text))
                lines = capture.get().replace(NBSP, " ").splitlines()
                assert not any(line.rstrip().endswith(first) for line in lines), (width, lines)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_reason_keeps_a_card_and_its_chance_on_one_line(lang: str) -> None:
    """ "likeliest the Chancellor, 41%" in a move's reason wraps anywhere but between the card and its chance
    (issue 48: a card name and its figure never part)."""
    from loveletter.coach import reasons as why

    set_language(lang)
    try:
        view = deal("2019", 2, hands=["Guard", "Priest"], draws=["Prince"]).view(0)
        chancellor = card_name("Chancellor")
        for key in ("prince", "trade", "look"):
            values: tuple[tuple[str, why.Value], ...] = (
                ("target", why.Seat(1)),
                ("top", why.Card("Chancellor")),
                ("chance", why.Chance(0.41)),
                *((("kept", why.Card("Guard")),) if key == "trade" else ()),
            )
            reason = reason_text(why.Reason(key, values), view, NAMES)
            for width in range(20, 80):  # narrower, "Chancellor, 41%)" alone is wider than a line
                console = Console(file=io.StringIO(), width=width, color_system=None)
                with console.capture() as capture:
                    console.print(Words(reason))
                lines = capture.get().replace(NBSP, " ").splitlines()
                assert " ".join(line.strip() for line in lines) == reason.plain.replace(NBSP, " ")
                assert not any(line.rstrip().endswith(f"{chancellor},") for line in lines), (width, lines)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_and_its_chance_never_part_at_80_columns(lang: str) -> None:
    """The odds of each player wrap between a card's chance and the next card, never between a card and its chance
    (``Princess`` / ``6%``: rich broke the non-breaking space that joins them; issue 48); squeezed to one line, they
    end with ``…`` after a whole card and chance."""
    set_language(lang)
    wrapped = squeezed = 0
    try:
        for seed in range(24):
            ruleset, players = [("2019", 4), ("premium", 6), ("classic", 4), ("2019", 6)][seed % 4]
            game = Game(ruleset, players, seed=seed)
            rng = random.Random(seed)
            random_playout(game, rng, stop_after=rng.randrange(2, 8))
            if game.decider is None:
                continue
            view = game.view(game.decider)
            hint = Hint.odds(read_round(view))
            names = {card_name(c.id) for c in view.mode.cards}
            for height in (24, 12):
                console = Console(width=80, file=io.StringIO(), color_system=None)
                with console.capture() as capture:
                    console.print(HintView(view, NAMES, hint, weighing=True, height=height))
                lines = [line.rstrip() for line in capture.get().replace(NBSP, " ").splitlines()]
                for line, below in itertools.pairwise(lines):
                    parted = any(line.endswith(f" {name}") or line.endswith(name) for name in names)
                    assert not (parted and re.match(r"\s*[<>]?\d+%", below)), f"{line}\n{below}"
                wrapped += any(re.match(r"\s+[<>]?\d+%", below) is None and below.startswith("    ") for below in lines)
                squeezed += any(line.endswith("· …") for line in lines)
    finally:
        set_language("en")
    assert wrapped and squeezed


# --------------------------------------------------------------------------------- the Guard's naming list


def test_the_guards_naming_list_starts_on_the_likeliest_card_that_can_hit(keys: PipeInput) -> None:
    """The names start highest first: Enter named the Princess, face up for both to see (issue 48). The selection
    starts on the card the target most likely holds as the computer players count: the most copies unseen (the
    first listed of those), or a card the player knows the target holds."""
    game = deal("2019", 2, hands=["Guard", "Baron"], draws=["Priest"], face_up=["Princess", "Countess", "King"])
    front, _ = frontend(keys, game)
    keys.send_text("1" + "\r")  # the Guard (Bea is the only target), then Enter at the names
    played = front.decide(0)
    assert isinstance(played, Play) and played.named == "Chancellor"  # 2 unseen, listed before Prince, Handmaid…
    # Ana saw Bea's Handmaid with her Priest; Bea kept it: the Guard names it.
    game = deal("2019", 2, hands=["Priest", "Handmaid"], draws=["Guard", "Guard", "Countess"])
    play(game, "Priest>1", "Guard>0=Baron")
    front, _ = frontend(keys, game)
    keys.send_text("1" + "\r")
    played = front.decide(0)
    assert isinstance(played, Play) and played.card == "Guard" and played.named == "Handmaid"
