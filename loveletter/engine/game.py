"""A game of Love Letter: the rules state, its one source of randomness, and its history.

>>> game = Game("2019", players=3, seed=7, first_player=0)
>>> game.decider                      # who must decide now
0
>>> view = game.view(0)               # what seat 0 may know
>>> len(view.hand), view.deck_size
(2, 16)
>>> events = game.push(view.legal_actions[0])

A round can be dealt from a stacked deck (top card first) for tests, tutorials and bug reports:

>>> from loveletter.engine.deck import stacked_deck
>>> rs = load_ruleset("2019")
>>> deck = stacked_deck(rs, 2, hands=["Guard", "Priest"], draws=["Baron"], set_aside="Spy")
>>> game = Game(rs, players=2, deck=deck, first_player=0)
>>> game.view(0).hand
('Guard', 'Baron')
>>> game.push("Guard>1=Guard")
Traceback (most recent call last):
...
loveletter.engine.errors.IllegalActionError: Guard>1=Guard is not legal for seat 0 now; legal: ...
>>> events = game.push("Guard>1=Priest")
>>> game.round_over, game.result.winners, game.tokens
(True, (0,), (1, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from loveletter.engine import draws
from loveletter.engine.actions import Action, described, legal_twin, parse_action
from loveletter.engine.errors import IllegalActionError, SetupError
from loveletter.engine.events import Event, visible_to
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult
from loveletter.engine.ruleset import Ruleset, load_ruleset
from loveletter.engine.state import GameState
from loveletter.engine.view import View, make_spectator_view

# A member looked up through an Enum class costs 160 ns: asked at every decision, these are looked up once.
_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER


@dataclass(frozen=True, slots=True)
class Deal:
    """How one round was dealt: who played first and the deck order, top card first."""

    first_player: int
    deck: tuple[str, ...]


class Game:
    """A game in progress: a :class:`GameState` plus one injected ``random.Random`` and the history.

    Randomness is used only to deal rounds and to pick a first player among tied round winners; each round's
    deal is kept in :attr:`deals` and every action in :attr:`actions`, so a game can be replayed exactly.

    With ``record=False`` the game builds no events: :meth:`push` and :meth:`next_round` return empty lists,
    :attr:`log` stays empty and its views have no history (simulations that keep only the moves, between players
    that do not read it; the game itself is the same).
    """

    def __init__(
        self,
        ruleset: Ruleset | str,
        players: int,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deck: Sequence[str] | None = None,
        first_player: int | None = None,
        record: bool = True,
    ) -> None:
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if first_player is None and self.ruleset.flags.first_player_mode == "choose":
            raise SetupError(
                f'the {self.ruleset.name} ruleset lets the host choose who plays first (first_player_mode = "choose"): '
                "pass first_player"
            )
        self.state = GameState(self.ruleset, players)
        self.record = record
        self.rng = rng if rng is not None else random.Random(seed)
        self.deals: list[Deal] = []
        #: The actions of each round, in order: ``actions[i]`` belongs to ``deals[i]``.
        self.actions: list[list[Action]] = []
        self._moves: list[Action] = []  # the current round's actions: the last list of ``actions``
        #: Every event so far; :meth:`log_for` filters it for one seat.
        self.log: list[Event] = []
        self.next_round(deck=deck, first_player=first_player)

    # ------------------------------------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        return self.state.n

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def decider(self) -> int | None:
        """The seat that must decide now, or ``None`` between rounds and once the game is over."""
        return self.state.decider

    @property
    def round_over(self) -> bool:
        """The round is over and the game is not: call :meth:`next_round`."""
        return self.state.phase is _ROUND_OVER

    @property
    def over(self) -> bool:
        return self.state.phase is _GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The game's winners (several only when the ruleset shares a tied win); empty until it is over."""
        return self.state.winners

    @property
    def tokens(self) -> tuple[int, ...]:
        return tuple(self.state.tokens)

    @property
    def result(self) -> RoundResult | None:
        """How the last round ended, once it has."""
        return self.state.result

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """The legal actions of the deciding seat (of ``seat``, if given: none unless it decides now)."""
        return self.state.legal_actions(seat)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now; with ``None``, what a spectator may know (public information only)."""
        if seat is None:
            return make_spectator_view(self.state)
        return self.state.view(seat)

    def log_for(self, seat: int) -> list[Event]:
        """The events ``seat`` may see, from the start of the game."""
        return visible_to(self.log, seat)

    def parse(self, text: str) -> Action:
        """Parse the action notation with this ruleset's card names (case does not matter)."""
        return parse_action(text, self.ruleset.cards)

    # ------------------------------------------------------------------------------------------ actions

    def push(self, action: Action | str) -> list[Event]:
        """Apply an action (or its notation) for the deciding seat; return the events it caused.

        The action is checked by value: it must be one of the engine's own action types (:class:`Play`,
        :class:`Keep`, :class:`Redraw`, not a subclass) with fields equal to a legal action's, which is then the
        one applied and recorded. Raises :class:`IllegalActionError` otherwise: an object that only claims to
        equal a legal action, or a forged play of a card not in hand, never reaches the rules."""
        if isinstance(action, str):
            action = self.parse(action)
        try:
            events = self.state.apply(action, record=self.record)
        except IllegalActionError:
            if self.state.decider is None:  # say what to do between rounds (checked only then: push is hot)
                what = "game is over" if self.over else "round is over; deal the next one with next_round()"
                raise IllegalActionError(f"{described(action)}: nobody can act now, the {what}") from None
            # An engine action made without its constructor is not the one object of its value: its legal twin is.
            twin = legal_twin(action, self.state.legal_actions())
            if twin is None:
                raise
            action = twin
            events = self.state.apply(action, record=self.record)
        self._moves.append(action)
        if events:
            self.log += events
        return events

    def first_player_choices(self) -> tuple[int, ...]:
        """The seats that may start the next round under the rules (docs/rules.md §3.8, §5.6), lowest first: the sole
        round winner; the tied winners; in a tie-break round the last round's winner if it takes part, else every
        participant. With ``first_player_mode = "choose"`` the host picks one of them when there are several
        (:meth:`next_round`); otherwise the game draws one at random. Only while the round is over and the game
        is not (:class:`SetupError` otherwise)."""
        if self.state.phase is not _ROUND_OVER:
            raise SetupError("the game is over" if self.over else "the current round is not over")
        return self.state.next_first

    def next_round(self, deck: Sequence[str] | None = None, first_player: int | None = None) -> list[Event]:
        """Deal the next round: from ``deck`` (top card first) if given, else shuffled with the game's random
        source. ``first_player`` must be one of :meth:`first_player_choices`; without it the only choice is
        taken, or with several one is drawn at random, unless the ruleset lets the host choose
        (``first_player_mode = "choose"``): then it must be given (except with a stacked ``deck``, as in tests)."""
        state = self.state
        choices = self.first_player_choices()  # raises unless the round is over and the game is not
        if first_player is None:
            if len(choices) > 1 and deck is None and self.ruleset.flags.first_player_mode == "choose":
                raise SetupError(
                    f"the {self.ruleset.name} ruleset lets the host choose who plays round {state.round + 1} first: "
                    f"pass first_player, one of seats {', '.join(map(str, choices))}"
                )
            first_player = choices[0] if len(choices) == 1 else draws.choice(self.rng, choices)
        elif first_player not in choices:
            raise SetupError(
                f"seat {first_player} cannot start round {state.round + 1}; the rules allow seat(s) "
                + ", ".join(map(str, choices))
            )
        if deck is None:
            shuffled = list(state.tables.deck)
            draws.shuffle(self.rng, shuffled)  # rng.shuffle's very draws, cheaper
            deck = tuple(shuffled)
            # The ruleset's own deck, and a first player the rules allow: no need to check them again.
            events = state._deal(shuffled, first_player, self.record)
        else:
            deck = tuple(deck)
            events = state.start_round(deck, first_player, record=self.record)
        self.deals.append(Deal(first_player, deck))
        self._moves = []
        self.actions.append(self._moves)
        self.log += events
        return events
