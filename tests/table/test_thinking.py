"""A computer player that takes a while: the front end is told once, from a timer's thread, while the loop waits in
the bot's ``choose``; never after the move, never for a quick one (:mod:`loveletter.table.thinking`)."""

from __future__ import annotations

import random
import threading

import pytest

from loveletter.bots import RandomBot
from loveletter.engine import Action, Game, View
from loveletter.table.loop import GameLoop
from loveletter.table.seats import Seat
from loveletter.table.thinking import Thinking
from tests.support import deal
from tests.table.test_loop import Recorder

#: A bound on what a test waits for, so that one that fails ends: never a pace.
PATIENCE = 30.0


class Ordered(Recorder):
    """A recording front end that writes the note into the calls, with what the loop was doing then."""

    def __init__(self, bot: Waiting, *, rounds: int, choose: dict[int, Action]) -> None:
        super().__init__(rounds=rounds, choose=choose)
        self.bot = bot
        self.told = threading.Event()
        #: For each note: whether the bot was inside ``choose``, and how long the game's log was.
        self.while_told: list[tuple[bool, int]] = []

    def computer_thinking(self, seat: int) -> None:
        assert self.table is not None
        self.calls.append(("thinking", seat))
        self.while_told.append((self.bot.inside, len(self.table.game.log)))
        self.told.set()


class Waiting(RandomBot):
    """Decides at random once the front end has said it is thinking (or after :data:`PATIENCE`)."""

    def __init__(self) -> None:
        super().__init__(random.Random(1))
        self.front: Ordered | None = None
        self.inside = False
        self.logs: list[int] = []

    def choose(self, view: View) -> Action:
        assert self.front is not None and self.front.table is not None
        self.inside = True
        self.logs.append(len(self.front.table.game.log))
        try:
            self.front.told.wait(PATIENCE)
            return super().choose(view)
        finally:
            self.inside = False


def test_a_computer_player_that_takes_a_while_is_said_to_think_once_while_it_decides_then_its_move_is_shown() -> None:
    # Ana plays her Handmaid; the computer player must play a Chancellor, then choose what to keep: one move, in
    # two decisions, with one note.
    game = deal("2019", 2, hands=["Handmaid", "Chancellor"], draws=["Guard", "Chancellor"])
    bot = Waiting()
    front = Ordered(bot, rounds=1, choose={0: game.parse("Handmaid")})
    bot.front = front
    GameLoop(game, [Seat("Ana"), Seat("Bot", "random")], front, bots={1: bot}, thinking_after=0.05).run()
    assert front.calls[:5] == [("decide", 0), ("turn_done", 0), ("thinking", 1), ("computer", 1), ("decide", 0)]
    # Told from the timer while the loop waited inside choose, before the game changed.
    assert front.while_told[0] == (True, bot.logs[0])
    assert bot.logs[1] > bot.logs[0]  # the Chancellor's keep was a second decision of the move, and said nothing


def test_a_quick_move_is_never_said_to_be_thinking() -> None:
    game = Game("classic", 3, seed=4)
    front = Recorder(seed=2)
    GameLoop(game, [Seat("Ana"), Seat("B1", "random"), Seat("B2", "easy")], front, seed=3, thinking_after=60).run()
    assert game.over and front.thinking == []


def test_a_timer_that_fires_after_the_decision_tells_nothing() -> None:
    told: list[int] = []
    thinking = Thinking(lambda: told.append(1), after=60).start()
    assert thinking.done() is False
    thinking.fire()  # as a timer that was already running when done() came
    assert told == []


def test_the_decision_waits_for_a_note_being_drawn_and_tells_once() -> None:
    drawing, drawn, returned = threading.Event(), threading.Event(), threading.Event()
    told: list[int] = []

    def tell() -> None:
        drawing.set()
        drawn.wait(PATIENCE)
        told.append(1)

    thinking = Thinking(tell, after=0).start()
    assert drawing.wait(PATIENCE)
    result: list[bool] = []

    def decided() -> None:
        result.append(thinking.done())
        returned.set()

    waiter = threading.Thread(target=decided)
    waiter.start()
    assert not returned.wait(0.2)  # the loop does not go on while the note is being drawn
    drawn.set()
    waiter.join(PATIENCE)
    thinking.fire()  # never twice
    assert result == [True] and told == [1]


def test_a_note_that_fails_fails_on_the_loops_thread() -> None:
    fired = threading.Event()

    def tell() -> None:
        fired.set()
        raise OSError("the terminal went away")

    thinking = Thinking(tell, after=0).start()
    assert fired.wait(PATIENCE)
    with pytest.raises(OSError, match="went away"):
        thinking.done()


def test_one_clock_thread_serves_every_decision() -> None:
    """A thread started for each decision cost quick players three times their game: the clock is one thread."""
    game = Game("2019", 4, seed=5)
    before = {thread.ident for thread in threading.enumerate()}
    started: list[str] = []
    front = Recorder(seed=2)
    real = threading.Thread.start

    def counted(thread: threading.Thread) -> None:
        started.append(thread.name)
        real(thread)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(threading.Thread, "start", counted)
        seats = [Seat("Ana"), *(Seat(f"B{i}", "easy") for i in range(3))]
        GameLoop(game, seats, front, seed=3, thinking_after=60).run()
    assert game.over and len(front.calls) > 20
    assert len(started) <= 1 and all(name == "loveletter-thinking" for name in started)
    assert len({thread.ident for thread in threading.enumerate()} - before) <= 1


def test_a_note_due_sooner_than_the_clock_sleeps_is_told_in_time() -> None:
    told = threading.Event()
    later = Thinking(lambda: None, after=60).start()  # the clock sleeps for a minute
    try:
        soon = Thinking(told.set, after=0).start()
        assert told.wait(PATIENCE)
        assert soon.done() is True
    finally:
        assert later.done() is False
