"""The hot-seat game loop: who decides, who is looking at the screen, and what each of them may be shown.

:class:`GameLoop` runs a :class:`~loveletter.engine.Game` to its end. Computer players decide from their seat's
view; people decide through a :class:`Frontend` (the terminal, or a test double). The loop tracks who holds the
laptop (:attr:`GameLoop.holder`):

* with two or more people at the table, the laptop is handed over (a hand-off screen) before each person's
  decision, and taken back (the screen wiped) when their part of the turn is done. A private result for a seat
  that is not on turn (a Baron's target, a King's target, a Cardinal's pair) is shown at that seat's next
  private screen, marked new; the Bishop's target, who must decide during another player's turn, gets the
  laptop for that decision and hands it back. When a round ends, every person with private news not yet seen
  (the Baron's knocked-out target never gets another turn to see the winner's card) is handed the laptop to see
  it before the public end screen. Between hand-offs the screen shows public information only.
* with one person, the screen is theirs: no hand-offs, and computer players' moves are shown in their view.
* with nobody (all computer players), everything is shown to a spectator: public information only.

Seats played from other computers (``remote``, see :mod:`loveletter.net`) are people with a screen of their own:
the laptop is never handed to them, and the rules above apply to the people at this computer only
(:attr:`GameLoop.local_people`); the front end shows a remote seat's decisions and news on that seat's screen.

When the ruleset lets the host choose who starts (``first_player_mode = "choose"``) and the rules leave more
than one seat (a tied round), the front end asks, publicly; with nobody to ask, a random source derived from the
seed picks (:func:`first_player_rng`), never the engine's own, so a seed still gives the same game.

Computer players come from ``make`` (:data:`~loveletter.table.seats.MakeBot`): the built-in levels, or a
user's bots in processes of their own (``loveletter.arena.seated``, wired by the commands); each is told how the
game ended, if it listens (:func:`~loveletter.bots.tell_game_over`). One that cannot go on raises
:class:`~loveletter.errors.BotError`, which ends the game here (saved: the front end says so). One that takes more
than a moment to decide (a user's bot, ``hard`` at a big table) is said to be thinking until its move is shown
(:mod:`loveletter.table.thinking`).

Observers (:class:`Observer`) hear when a round is dealt and when an action is applied: the place for
autosaving a game after every action (:mod:`loveletter.table.autosave`). A game resumed from its record
(``resumed=True``) by several people starts with a hand-off screen, so nobody's hand shows before its owner has the
laptop; one person alone at the table (with computer players) has nobody to pass it to, and goes straight on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import Protocol

from loveletter.bots import Bot, tell_game_over
from loveletter.engine import Action, Game, View
from loveletter.engine import events as ev
from loveletter.i18n import t
from loveletter.records.timeline import round_start
from loveletter.table.news import is_private_news, seen_by_own_move
from loveletter.table.seats import MakeBot, Seat, StackedDeal, built_in, first_player_rng
from loveletter.table.thinking import THINKING_AFTER, Thinking


class Observer:
    """What a game loop reports. Override what you need; every method does nothing by default."""

    def round_dealt(self, game: Game, events: Sequence[ev.Event]) -> None:
        """A round was dealt (the first one included): ``game.deals[-1]`` says how."""

    def action_applied(self, game: Game, seat: int, action: Action, events: Sequence[ev.Event]) -> None:
        """``seat`` decided ``action``, which the game applied, causing ``events``."""


class Frontend(Protocol):
    """What the loop needs from a user interface."""

    def start(self, table: GameLoop) -> None:
        """The game is about to start (first round dealt)."""

    def hand_off(self, seat: int) -> None:
        """Ask for the laptop to be passed to ``seat``; return when only that person can see the screen."""

    def decide(self, seat: int) -> Action:
        """The person at ``seat`` decides; return one of their legal actions."""

    def turn_done(self, seat: int, since: int) -> None:
        """The person at ``seat`` has finished their part of the turn (events from ``since`` on are new)."""

    def computer_thinking(self, seat: int) -> None:
        """The computer player at ``seat`` has been deciding for a while: say so, until its move is shown. Called
        from a timer's thread while the loop waits for the move (:mod:`loveletter.table.thinking`): it only draws."""

    def computer_moved(self, seat: int, action: Action, since: int) -> None:
        """A computer player at ``seat`` did ``action`` (events from ``since`` on are new)."""

    def private_news(self, seat: int, since: int) -> None:
        """The round is over: show the person at ``seat`` (who holds the laptop) what only they learned since
        ``since``; return when the screen is wiped."""

    def round_over(self) -> bool:
        """Show the round's end; return ``False`` to stop playing."""

    def first_player(self, choices: Sequence[int]) -> int | None:
        """The host chooses who starts the next round among ``choices`` (the ruleset's ``first_player_mode`` is
        ``choose``), publicly; ``None``: nobody to ask, the loop draws one at random."""

    def game_over(self) -> bool:
        """Show the game's end; ``True`` if the players want another game with the same seats and rules."""


class GameLoop:
    """A game at one computer. ``deals`` are stacked decks for the rounds after the first (the first round is
    dealt when the :class:`Game` is made)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        frontend: Frontend,
        *,
        bots: dict[int, Bot] | None = None,
        make: MakeBot = built_in,
        seed: int | None = None,
        deals: Iterable[StackedDeal] = (),
        observers: Iterable[Observer] = (),
        resumed: bool = False,
        first_rng: random.Random | None = None,
        remote: Iterable[int] = (),
        hints: bool = True,
        thinking_after: float = THINKING_AFTER,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = tuple(seats)
        self.frontend = frontend
        self.observers = list(observers)
        self._deals: Iterator[StackedDeal] = iter(deals)
        if bots is None:
            # Each computer player gets its own random source, derived from the game's seed when there is one.
            seeds = random.Random(seed)
            bots = {
                i: make(i, s, seeds.randrange(2**32) if seed is not None else None)
                for i, s in enumerate(seats)
                if s.level is not None
            }
        self.bots = bots
        #: People who play from another computer, on a screen of their own (never handed the laptop).
        self.remote = frozenset(remote)
        #: Whether the people may ask the coach for a hint on their own screens (``--no-hints``: nobody may).
        self.hints = hints
        #: Draws who starts a round when the host may choose but nobody is asked (see :func:`first_player_rng`).
        self.first_rng = first_rng if first_rng is not None else first_player_rng(seed)
        #: The seat whose person is looking at the screen, or ``None`` (everyone: public information only).
        self.holder: int | None = None
        #: For each seat, the position in ``game.log`` up to which it has seen its private screen.
        self.seen: dict[int, int] = {}
        self.stopped = False
        #: Once the game is over: whether the players want another, with the same seats and rules.
        self.again = False
        #: A game picked up from its record: the laptop is handed over before anything private is shown.
        self.resumed = resumed
        #: Seconds a computer player decides before the front end says it is thinking.
        self.thinking_after = thinking_after

    # ---------------------------------------------------------------------------------------------- who

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def computers(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s.computer)

    @property
    def unnamed_computers(self) -> frozenset[int]:
        """Computer players whose name does not say so (a name given with ``--names``): the table tags them."""
        defaults = {t("play.setup.bot_name", number=n) for n in range(1, len(self.seats) + 1)}
        return frozenset(i for i in self.computers if self.seats[i].name.rstrip("'") not in defaults)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.computer)

    @property
    def local_people(self) -> tuple[int, ...]:
        """The people at this computer: everyone but the computer players and the remote seats."""
        return tuple(i for i in self.people if i not in self.remote)

    @property
    def hot_seat(self) -> bool:
        """Whether several people share the screen (and so need hand-offs)."""
        return len(self.local_people) > 1

    def screen_seat(self) -> int | None:
        """Whose private view the screen may show now: the person holding the laptop, the only person at the
        table, or nobody (``None``: public information only)."""
        if not self.hot_seat:
            local = self.local_people
            return local[0] if local else None
        return self.holder

    # --------------------------------------------------------------------------------------- what to show

    def view(self, seat: int | None) -> View:
        """The view of ``seat``, or a spectator's view (public information only) for ``None``."""
        return self.game.view(seat)

    def round_start(self) -> int:
        """Where the current (or last) round begins in ``game.log``."""
        return round_start(self.game.log)

    # ------------------------------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the game is over or the players stop (:attr:`stopped`)."""
        game = self.game
        self.frontend.start(self)
        if len(game.deals) == 1 and not game.actions[0]:
            self._notify_deal(game.log)
        if self.resumed:
            # What each person saw before the game was saved: up to the end of their own last move this round.
            start = self.round_start()
            self.seen = {seat: seen_by_own_move(game.log, seat, start) for seat in self.people}
            self._hand_off_first()
        while not game.over:
            if game.round_over:
                self._show_private_news()
                if not self.frontend.round_over():
                    self.stopped = True
                    return
                self._deal()
                continue
            seat = game.decider
            assert seat is not None
            if seat in self.bots:
                since = len(game.log)
                told = False
                # A move in several decisions (the Chancellor's play, then what it keeps) is shown once, whole.
                while True:
                    action, told = self._computer_decides(seat, told)
                    self._push(seat, action)
                    if game.decider != seat:
                        break
                self.frontend.computer_moved(seat, action, since)
                continue
            self._person_decides(seat)
        for bot in self.bots.values():
            tell_game_over(bot, game.winners, game.tokens)
        self._show_private_news()
        self.again = self.frontend.game_over()

    def _computer_decides(self, seat: int, told: bool) -> tuple[Action, bool]:
        """The decision of the computer player at ``seat``, and whether the front end said it is thinking: if it
        takes a while, unless it did already for this move (``told``)."""
        bot, view = self.bots[seat], self.game.view(seat)
        if told:
            return bot.choose(view), True
        thinking = Thinking(partial(self.frontend.computer_thinking, seat), self.thinking_after).start()
        try:
            action = bot.choose(view)
        finally:
            told = thinking.done()  # nothing is drawn from now on: the loop's thread goes on alone
        return action, told

    def _hand_off_first(self) -> None:
        """A game resumed by several people starts with a hand-off screen: to the person who decides now, or (one
        person at this computer and a guest, a computer player or the round's end first) to that person, whose view
        the screen shows. Not with one person at the table ("Pass the computer to Ana", with nobody to pass it
        to), and not when a remote seat decides first: that guest would wait on a hand-off nobody needs."""
        game = self.game
        decider = game.decider
        local = self.local_people
        if decider in self.remote or len(self.people) < 2:
            return
        if decider in local:
            seat: int | None = decider
        else:
            seat = local[0] if len(local) == 1 else None
        if seat is None or game.over:
            return
        self.frontend.hand_off(seat)
        if self.hot_seat:
            self.holder = seat

    def _person_decides(self, seat: int) -> None:
        game = self.game
        if self.hot_seat and self.holder != seat and seat not in self.remote:
            self.frontend.hand_off(seat)
            self.holder = seat
        since = len(game.log)
        action = self.frontend.decide(seat)
        self._push(seat, action)
        if game.decider is None:
            # The round is over: what this person learned by it (if anything) is shown with the others' news,
            # while they still hold the laptop. What their decision screen showed is seen.
            self.seen[seat] = since
            return
        if game.decider != seat:
            self.frontend.turn_done(seat, since)
            self.seen[seat] = len(game.log)
            if self.hot_seat:
                self.holder = None

    def unseen_news(self, seat: int) -> int | None:
        """Where the private news of ``seat`` that it has not seen yet begins in ``game.log`` (``None``: none)."""
        since = self.seen.get(seat, self.round_start())
        log = self.game.log
        for i in range(since, len(log)):
            if is_private_news(log[i], log[i - 1] if i else None, seat):
                return since
        return None

    def _show_private_news(self) -> None:
        """At a round's end, hand the laptop to each person with private news they have not seen (the one who
        still holds it first), show it, and take the laptop back; then the public end screen may follow."""
        if not self.hot_seat:
            # One person sees the end screen in their own view; nobody at all, public information only.
            self.holder = None
            return
        order = sorted(self.local_people, key=lambda s: s != self.holder)
        for seat in order:
            since = self.unseen_news(seat)
            if since is None:
                continue
            if self.holder != seat:
                self.frontend.hand_off(seat)
                self.holder = seat
            self.frontend.private_news(seat, since)
            self.seen[seat] = len(self.game.log)
        self.holder = None

    def _push(self, seat: int, action: Action) -> None:
        events = self.game.push(action)
        for observer in self.observers:
            observer.action_applied(self.game, seat, action, events)

    def _deal(self) -> None:
        deal = next(self._deals, None)
        first = deal.first_player if deal is not None else None
        if first is None:
            first = self._choose_first()
        if deal is None:
            events = self.game.next_round(first_player=first)
        else:
            events = self.game.next_round(deck=list(deal.deck), first_player=first)
        self._notify_deal(events)

    def _choose_first(self) -> int | None:
        """Who starts the next round when the host chooses (``None``: the rules decide, as usual)."""
        game = self.game
        if game.ruleset.flags.first_player_mode != "choose":
            return None
        choices = game.first_player_choices()
        if len(choices) == 1:
            return choices[0]
        chosen = self.frontend.first_player(choices)
        return chosen if chosen is not None else self.first_rng.choice(choices)

    def _notify_deal(self, events: Sequence[ev.Event]) -> None:
        for observer in self.observers:
            observer.round_dealt(self.game, events)
