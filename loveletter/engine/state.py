"""The full state of a game, and the rules that move it: setup, turns, knock-outs, knowledge, round ends.

:class:`GameState` is pure and deterministic: it never draws on randomness (the deck order and the first
player of each round are given to :meth:`GameState.start_round`) and never does I/O. Card effects live in
``loveletter/engine/effects/``, one module per card; scoring at a round's end in ``scoring.py``.

Only the engine sees a ``GameState``: computer players and the user interface get a :class:`~.view.View`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import compress
from operator import gt, itemgetter
from typing import ClassVar

from loveletter.engine import events as ev
from loveletter.engine.actions import Action, Keep, Play, Redraw, described
from loveletter.engine.effects import EFFECTS, Effect, effects_for
from loveletter.engine.errors import IllegalActionError, SetupError
from loveletter.engine.history import Tape, empty_tape, taped
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult
from loveletter.engine.ruleset import Mode, Ruleset
from loveletter.engine.scoring import check_game_end, end_round
from loveletter.engine.view import make_view

# A member looked up through an Enum class costs 160 ns (EnumType has a __getattr__); hot paths use these.
_PLAY, _CHANCELLOR, _BISHOP = Phase.PLAY, Phase.CHANCELLOR, Phase.BISHOP
_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER
_mark_index = itemgetter(1)  # of a deck mark (viewer, index, card)
#: A card's plays, in order and as a set.
Plays = tuple[tuple[Action, ...], frozenset[Action]]
#: Legal actions in order, and the same as the union of two sets (the plays of each card of a hand, or twice
#: the same set): an action is checked against the sets, which are built once per card, not per hand.
Legal = tuple[tuple[Action, ...], frozenset[Action], frozenset[Action]]
#: Who plays, the seats other players' cards may choose, and the Sycophant's mark: all a hand's plays depend on.
Situation = tuple[int, tuple[int, ...], int | None]
_NO_ACTIONS: Legal = ((), frozenset(), frozenset())
#: What a pickled state leaves out and rebuilds from its ruleset (see GameState.__getstate__).
_REBUILT = frozenset(("mode", "tables", "effects", "features", "_legal"))
#: At most this many situations keep their legal plays in ModeTables.options.
_SITUATIONS = 20_000
#: ModeTables.options keeps the legal actions of hands up to this many actions in all. The same few hands recur
#: with four players (2019: 3,100 hands, 15,000 actions); with eight, so many situations and long lists arise
#: that keeping them all would cost more, in memory caches missed, than working them out.
_KEPT_ACTIONS = 20_000


class ModeTables:
    """Constants and caches of one mode of one ruleset, built once and shared by all its game states."""

    __slots__ = (
        "by_effect",
        "deck",
        "effects",
        "features",
        "forcing",
        "goals",
        "kept",
        "knock_out_tokens",
        "options",
        "sets",
        "sorted_deck",
        "value",
    )
    _built: ClassVar[dict[int, tuple[Mode, ModeTables]]] = {}

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        self.effects: dict[str, Effect] = effects_for(ruleset, mode)
        self.features = frozenset(e.name for e in self.effects.values())
        #: effect name -> the cards that have it, for every effect the engine knows (empty if the deck lacks it)
        self.by_effect = {name: frozenset(c for c, e in self.effects.items() if e.name == name) for name in EFFECTS}
        #: The cards that may have to be played whatever the other card in hand (the Countess).
        self.forcing = frozenset(c for c, e in self.effects.items() if e.traits.forced)
        #: One effect of each kind that may give a token to a player being knocked out (the Constable).
        kinds = {e.name: e for e in self.effects.values() if type(e).knock_out_token is not Effect.knock_out_token}
        self.knock_out_tokens = tuple(kinds.values())
        self.value = {c.id: c.value for c in mode.cards}  # card id -> printed value
        self.goals = dict(mode.tokens_by_players)  # players -> tokens needed to win
        self.deck = tuple(mode.deck())
        self.sorted_deck = sorted(self.deck)
        #: (actor, choosable seats, Sycophant mark) -> (hand -> its legal actions, card -> its legal plays), in
        #: that situation. A card's plays depend on nothing else, a hand's legal actions on nothing but its two
        #: cards' plays and the Countess, and the same situations and hands recur constantly: the legal actions
        #: of a hand are looked up here, not worked out at every decision.
        self.options: dict[Situation, tuple[dict[tuple[str, ...], Legal], dict[str, Plays]]] = {}
        #: A card's plays -> their set (the same plays recur in many situations).
        self.sets: dict[tuple[Action, ...], frozenset[Action]] = {}
        #: How many legal actions of hands :attr:`options` keeps (about _KEPT_ACTIONS at most).
        self.kept = 0

    @classmethod
    def of(cls, ruleset: Ruleset, mode: Mode) -> ModeTables:
        built = cls._built.get(id(mode))
        if built is None or built[0] is not mode:
            built = cls._built[id(mode)] = (mode, cls(ruleset, mode))
        return built[1]


class GameState:
    """Everything about a game in progress. Seats are numbered ``0 .. players-1`` in turn order (clockwise)."""

    __slots__ = (
        "_legal",
        "about",
        "alive",
        "choosable",
        "current",
        "decider",
        "deck",
        "deck_marks",
        "discards",
        "effects",
        "face_up",
        "features",
        "hands",
        "jester",
        "known",
        "last_winners",
        "log",
        "mode",
        "n",
        "n_alive",
        "next_first",
        "pending_tokens",
        "phase",
        "plays",
        "protected",
        "result",
        "round",
        "ruleset",
        "seen",
        "set_aside",
        "set_aside_taken_by",
        "sycophant",
        "tables",
        "tiebreak",
        "tiebreak_rounds",
        "tokens",
        "turn",
        "winners",
    )  # fmt: skip

    ruleset: Ruleset
    mode: Mode
    n: int
    effects: dict[str, Effect]  # card id -> its effect
    features: frozenset[str]  # the effect names present in this deck
    tables: ModeTables  # constants and caches shared by every game of this mode
    tokens: list[int]
    round: int
    phase: Phase
    winners: tuple[int, ...]
    tiebreak: tuple[int, ...] | None
    tiebreak_rounds: int  # tie-break rounds played in a row (scoring.MAX_TIEBREAK_ROUNDS)
    next_first: tuple[int, ...]
    last_winners: tuple[int, ...]
    result: RoundResult | None
    # --- the round
    deck: list[str]  # index 0 is the bottom, the last item the top
    set_aside: str | None
    set_aside_taken_by: int | None
    face_up: tuple[str, ...]
    hands: list[list[str]]
    #: Each seat's discard pile, oldest first (a view copies them: see :func:`~.view.make_view`).
    discards: list[list[str]]
    alive: list[bool]
    n_alive: int
    protected: list[bool]
    #: Seats in the round and not protected, kept up to date by every change of ``alive`` or ``protected``
    #: (see :meth:`refresh_choosable`): the seats other players' cards may choose.
    choosable: tuple[int, ...]
    current: int
    decider: int | None
    turn: int
    sycophant: int | None
    jester: tuple[int, int] | None
    pending_tokens: list[tuple[int, ev.TokenReason]]
    #: The round's public decisions in order, as (seat, action): every card played and every Bishop target's
    #: choice. Recorded on the fast path too, so that a view always carries the round's plays (a view copies it).
    plays: list[tuple[int, Action]]
    #: The round's events each seat may see, as they were recorded (:data:`~.history.Tape`), or ``None`` once the
    #: round was played on without building events (``record=False``): a view carries its seat's part of it as
    #: its history.
    seen: Tape | None
    #: known[viewer * n + holder]: the cards ``viewer`` knows are in ``holder``'s hand (docs/rules.md §2.6); only
    #: non-empty entries are stored, so the common case (nobody knows anything) costs nothing.
    known: dict[int, tuple[str, ...]]
    #: about[holder]: the slots of :attr:`known` about ``holder`` (``viewer * n + holder``), viewers in order. The
    #: holder's own slot is among them: after a King's trade it can hold what the holder knew of the other hand.
    about: tuple[tuple[int, ...], ...]
    #: Cards a seat knows in the deck: (viewer, index from the bottom, card) — a Chancellor's returned cards.
    deck_marks: tuple[tuple[int, int, str], ...]
    log: list[ev.Event] | None
    #: The legal actions now, with sets to check an action against without comparing it with each (see
    #: :data:`Legal`), or ``None`` until someone asks.
    _legal: Legal | None

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        self.mode = ruleset.mode_for(players)
        self.n = players
        self.tables = tables = ModeTables.of(ruleset, self.mode)
        self.effects = tables.effects
        self.features = tables.features
        self.tokens = [0] * players
        self.round = 0
        self.phase = _ROUND_OVER
        self.winners = ()
        self.tiebreak = None
        self.tiebreak_rounds = 0
        self.next_first = tuple(range(players))
        self.last_winners = ()
        self.result = None
        self.deck = []
        self.set_aside = None
        self.set_aside_taken_by = None
        self.face_up = ()
        self.hands = [[] for _ in range(players)]
        self.discards = [[] for _ in range(players)]
        self.alive = [False] * players
        self.n_alive = 0
        self.protected = [False] * players
        self.choosable = ()
        self.current = 0
        self.decider = None
        self.turn = 0
        self.sycophant = None
        self.jester = None
        self.pending_tokens = []
        self.plays = []
        self.seen = empty_tape(players)
        self.known = {}
        self.about = _slots_about(players)
        self.deck_marks = ()
        self.log = None
        self._legal = None

    # ------------------------------------------------------------------------------------------ copying

    def copy(self) -> GameState:
        """An independent copy for search: cheap (no deepcopy), and it does not record events."""
        new = GameState.__new__(GameState)
        new.ruleset = self.ruleset
        new.mode = self.mode
        new.n = self.n
        new.effects = self.effects
        new.features = self.features
        new.tokens = self.tokens[:]
        new.round = self.round
        new.phase = self.phase
        new.winners = self.winners
        new.tiebreak = self.tiebreak
        new.tiebreak_rounds = self.tiebreak_rounds
        new.next_first = self.next_first
        new.last_winners = self.last_winners
        new.result = self.result
        new.deck = self.deck[:]
        new.set_aside = self.set_aside
        new.set_aside_taken_by = self.set_aside_taken_by
        new.face_up = self.face_up
        new.hands = [h[:] for h in self.hands]
        new.discards = [d[:] for d in self.discards]
        new.alive = self.alive[:]
        new.n_alive = self.n_alive
        new.protected = self.protected[:]
        new.choosable = self.choosable
        new.current = self.current
        new.decider = self.decider
        new.turn = self.turn
        new.sycophant = self.sycophant
        new.jester = self.jester
        new.pending_tokens = self.pending_tokens[:]
        new.plays = self.plays[:]
        new.seen = self.seen
        new.known = self.known.copy()
        new.about = self.about
        new.tables = self.tables
        new.deck_marks = self.deck_marks
        new.log = None
        new._legal = self._legal
        return new

    # A state pickles without what its ruleset gives back (the mode and the tables every game of it shares) and
    # without its cache of legal actions: it is loaded with the mode's own tables, not a copy of them.

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in GameState.__slots__ if name not in _REBUILT}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.mode = self.ruleset.mode_for(self.n)
        self.tables = tables = ModeTables.of(self.ruleset, self.mode)
        self.effects = tables.effects
        self.features = tables.features
        self._legal = None

    # ----------------------------------------------------------------------------------- simple queries

    @property
    def goal(self) -> int:
        """Tokens needed to win the game."""
        return self.mode.tokens_by_players[self.n]

    @property
    def over(self) -> bool:
        return self.phase is _GAME_OVER

    def participants(self) -> tuple[int, ...]:
        """The seats dealt into the current (or next) round."""
        return self.tiebreak if self.tiebreak is not None else tuple(range(self.n))

    # ------------------------------------------------------------------------------------------- setup

    def start_round(self, deck: Sequence[str], first_player: int, *, record: bool = True) -> list[ev.Event]:
        """Deal a round from ``deck`` (top card first) with ``first_player`` to play first, and start that
        player's turn; return the events (none with ``record=False``). Raises :class:`SetupError` if the deck is
        not the ruleset's deck or the first player is not one the rules allow (see :attr:`next_first`)."""
        if self.phase is not _ROUND_OVER:
            raise SetupError(f"a round can only be dealt between rounds (now: {self.phase.value})")
        if sorted(deck) != self.tables.sorted_deck:
            raise SetupError(_deck_problem(deck, Counter(self.tables.sorted_deck)))
        if first_player not in self.next_first:
            raise SetupError(
                f"seat {first_player} cannot start round {self.round + 1}; the rules allow seat(s) "
                + ", ".join(map(str, self.next_first))
            )
        return self._deal(list(deck), first_player, record)

    def _deal(self, order: list[str], first_player: int, record: bool) -> list[ev.Event]:
        """:meth:`start_round` once the deck and the first player are known to be right (:class:`Game` shuffled
        the ruleset's own deck): nothing is checked again (``order`` is left as it is)."""
        n = self.n
        seats = self.participants()
        self.round += 1
        self.turn = 1
        self.result = None
        self.set_aside = order[0]
        self.set_aside_taken_by = None
        face_up_count = self.mode.face_up_set_aside if len(seats) == 2 else 0
        self.face_up = face_up = tuple(order[1 : 1 + face_up_count])
        position = 1 + face_up_count
        start = seats.index(first_player)
        if len(seats) == n:
            # Everyone is dealt in, from the first player on: seat p gets the dealt card (p - start) % n.
            dealt = order[position : position + n]
            hands = [[card] for card in dealt[n - start :] + dealt[: n - start]]
            alive = [True] * n
        else:
            hands = [[] for _ in range(n)]
            alive = [False] * n
            for seat, card in zip(seats[start:] + seats[:start], order[position : position + len(seats)], strict=True):
                alive[seat] = True
                hands[seat].append(card)
        # What is left is the deck, its top card last.
        order = order[: position + len(seats) - 1 : -1]
        card = order.pop()
        hands[first_player].append(card)
        self.deck = order
        self.hands = hands
        self.discards = [[] for _ in range(n)]
        self.alive = alive
        self.protected = [False] * n
        self.n_alive = len(seats)
        self.choosable = seats
        self.sycophant = None
        self.jester = None
        self.pending_tokens = []
        self.plays = []
        self.known = {}
        self.deck_marks = ()
        self.current = self.decider = first_player
        self.phase = _PLAY
        self._legal = None
        if not record:
            self.seen = None
            return []
        events: list[ev.Event] = [
            ev.RoundStarted(self.round, first_player, seats, face_up, len(order) + 1, self.tiebreak is not None)
        ]
        events += [ev.Dealt(seat, hands[seat][0]) for seat in seats]
        events += _turn_start(first_player, card)
        self.seen = taped(empty_tape(n), events)
        return events

    # --------------------------------------------------------------------------------------- decisions

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """The legal actions of the seat that must decide now (:attr:`decider`). For any other ``seat``, and
        between rounds, there are none."""
        decider = self.decider
        if decider is None or (seat is not None and seat != decider):
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[0]

    def _compute_legal(self) -> Legal:
        phase = self.phase
        if phase is _PLAY:
            actor = self.current
            tables = self.tables
            situation = (actor, self.choosable, self.sycophant)
            cached = tables.options.get(situation)
            if cached is None:
                if len(tables.options) >= _SITUATIONS:
                    tables.options.clear()
                    tables.kept = 0
                cached = tables.options[situation] = ({}, {})
            by_hand, by_card = cached
            first, second = self.hands[actor]
            hand = (first, second)
            if by_hand:  # (empty when the hands' room ran out before this situation arose)
                legal = by_hand.get(hand)
                if legal is not None:
                    return legal
            # A hand not seen in this situation: its two cards' plays (the Countess's when she must be played).
            forcing = tables.forcing
            if forcing and (first in forcing or second in forcing):
                effects = self.effects
                if first in forcing and effects[first].must_be_played(self, second):
                    second = first
                elif second in forcing and effects[second].must_be_played(self, first):
                    first = second
            plays = by_card.get(first)
            if plays is None:
                plays = by_card[first] = self._card_plays(actor, first)
            if second == first:
                legal = plays[0], plays[1], plays[1]
            else:
                more = by_card.get(second)
                if more is None:
                    more = by_card[second] = self._card_plays(actor, second)
                legal = plays[0] + more[0], plays[1], more[1]
            if tables.kept < _KEPT_ACTIONS:
                by_hand[hand] = legal
                tables.kept += len(legal[0])
            return legal
        if phase is _CHANCELLOR or phase is _BISHOP:
            # The decision a card asks for once played: the card played last by the current player asks it.
            actions, allowed = self.effects[self.discards[self.current][-1]].follow_up_actions(self)
            return actions, allowed, allowed
        return _NO_ACTIONS

    def _card_plays(self, actor: int, card: str) -> Plays:
        """The legal plays of ``card`` for ``actor`` in the current situation, and their set."""
        options = self.effects[card].options(self, actor, card)
        # Situations share their plays (the effects cache them by target): share the sets too.
        allowed = self.tables.sets.get(options)
        if allowed is None:
            allowed = self.tables.sets[options] = frozenset(options)
        return options, allowed

    def apply(self, action: Action, *, record: bool = True) -> list[ev.Event]:
        """Apply ``action`` for the seat that must decide now and return the events it caused (an empty list
        with ``record=False``, the fast path for search). Raises :class:`IllegalActionError` if the action is
        not legal now, and for anything but one of the engine's own actions (:data:`.actions.ACTION_TYPES`, made
        by their constructors): an object that only compares equal to a legal action is not one."""
        legal = self._legal
        if legal is None:
            if self.decider is None:  # between rounds: nothing is legal (and nothing is kept for the next deal)
                raise IllegalActionError(self._explain_illegal(action, ()))
            legal = self._legal = self._compute_legal()
        kind = type(action)
        # The engine's own types hash and compare by identity (they are interned): an object of another type is
        # never looked up in the sets, where its own __hash__ and __eq__ would decide.
        if (kind is not Play and kind is not Keep and kind is not Redraw) or (
            action not in legal[1] and action not in legal[2]
        ):
            raise IllegalActionError(self._explain_illegal(action, legal[0]))
        self._legal = None
        log: list[ev.Event] | None = None
        if record:
            self.log = log = []
        else:
            self.seen = None  # the round goes on unrecorded: its history is no longer known
        # Legality told the action's type: the phase's (assigned unchecked, for the type checker only).
        phase = self.phase
        if phase is _PLAY:
            # Playing a card is most of what happens in a game: done here rather than in a chain of calls.
            play: Play = action  # type: ignore[assignment]
            actor = self.current
            card = play.card
            self.hands[actor].remove(card)
            if self.known:
                self.forget_card(actor, card)
            self.discards[actor].append(card)
            self.plays.append((actor, play))
            # A Sycophant's marker binds only the next card played; legality already enforced it.
            self.sycophant = None
            if log is not None:
                log.append(_PLAYED.get((actor, play)) or _played(actor, play))
            self.effects[card].resolve(self, actor, play)
            # Still in play, the turn ends; else the card waits for a second decision (Chancellor, Bishop's
            # target) or won the game.
            ends = self.phase is _PLAY
        else:
            # The decision the card just played asks for (the current player's last discard): a Chancellor's keep
            # (private: not among the plays), or the Bishop's target's redraw.
            if phase is not _CHANCELLOR:
                self.plays.append((self.decider, action))  # type: ignore[arg-type]
            self.effects[self.discards[self.current][-1]].resolve_follow_up(self, action)
            ends = self.phase is not _GAME_OVER  # a Princess discarded may have paid a Constable's last token
        if ends:
            # The end of the turn: last-standing check, deck-out check, then the next player's turn, which starts
            # with a draw from the deck.
            deck = self.deck
            if self.n_alive == 1:
                end_round(self, "last_standing")
            elif not deck:
                end_round(self, "deck_out")
            else:
                n = self.n
                alive = self.alive
                seat = (self.current + 1) % n
                while not alive[seat]:
                    seat = (seat + 1) % n
                self.current = self.decider = seat
                self.phase = _PLAY
                self.turn += 1
                if self.protected[seat]:
                    self.protected[seat] = False
                    self.refresh_choosable()
                    if log is not None:
                        log.append(ev.ProtectionEnded(seat))
                card = self.draw_from_deck(seat) if self.deck_marks else deck.pop()
                self.hands[seat].append(card)
                if log is not None:
                    # A turn starts with a draw from the deck: TurnStarted says so publicly, DrewCard privately.
                    log += _TURN_START.get((seat, card)) or _turn_start(seat, card)
        if log is None:
            return []
        self.log = None
        seen = self.seen
        if seen is not None:
            self.seen = taped(seen, log)
        return log

    def _explain_illegal(self, action: object, legal: tuple[Action, ...]) -> str:
        what = described(action)
        if self.decider is None:
            return f"{what}: nobody can act now, the {'game' if self.over else 'round'} is over"
        shown = ", ".join(str(a) for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        return f"{what} is not legal for seat {self.decider} now; legal: {shown}"

    # ------------------------------------------------------------------------------------------- turns

    def refresh_choosable(self) -> None:
        """Recompute :attr:`choosable` after ``alive`` or ``protected`` changed."""
        # In the round and not protected: alive > protected (as booleans), for each seat.
        self.choosable = tuple(compress(range(self.n), map(gt, self.alive, self.protected)))

    def unchoosable(self, seat: int) -> None:
        """``seat`` was just knocked out or protected: other players' cards can no longer choose it."""
        choosable = self.choosable
        if seat in choosable:
            i = choosable.index(seat)
            self.choosable = choosable[:i] + choosable[i + 1 :]

    def next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` still in the round."""
        n = self.n
        alive = self.alive
        nxt = (seat + 1) % n
        while not alive[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    # ---------------------------------------------------------------------------- moving cards around

    def draw_from_deck(self, seat: int) -> str:
        """Take the top card of the deck for ``seat`` (the caller puts it in a hand)."""
        deck = self.deck
        card = deck.pop()
        marks = self.deck_marks
        top = len(deck)
        # The marked cards lie at the bottom, mostly: look closer only when one of them was drawn.
        if marks and top in map(_mark_index, marks):
            kept = []
            for viewer, index, known in marks:
                if index == top:
                    if viewer != seat:
                        slot = viewer * self.n + seat
                        self.known[slot] = (*self.known.get(slot, ()), known)
                else:
                    kept.append((viewer, index, known))
            self.deck_marks = tuple(kept)
        return card

    def redraw(self, seat: int) -> None:
        """``seat`` draws a replacement after a discard: the top of the deck, or the face-down set-aside card
        when the deck is empty (never a face-up one)."""
        if self.deck:
            card = self.draw_from_deck(seat)
            from_set_aside = False
        else:
            assert self.set_aside is not None, "the set-aside card is drawn at most once per round"
            card, self.set_aside = self.set_aside, None
            self.set_aside_taken_by = seat
            from_set_aside = True
        self.hands[seat].append(card)
        if self.log is not None:
            self.log.append(ev.Drew(seat, from_set_aside))
            self.log.append(ev.DrewCard(seat, card))

    def discard_hand(self, seat: int, cause: str) -> bool:
        """``seat`` discards its one hand card without effect (Prince, Bishop, Assassin). A discarded Princess
        knocks the holder out; returns whether the seat is still in the round."""
        card = self.hands[seat].pop()
        self.discards[seat].append(card)
        self.forget_hand(seat)
        if self.log is not None:
            self.log.append(ev.Discarded(seat, card, cause))
        if self.effects[card].knocks_out_when_discarded:
            self.knock_out(seat, "princess")
            return False
        return True

    def knock_out(self, seat: int, cause: ev.KnockOutCause) -> None:
        """Knock ``seat`` out of the round (docs/rules.md §2.4): the tokens a card gives for it (the Constable's) are
        checked, then the hand is discarded."""
        tokens = [
            (seat, reason) for effect in self.tables.knock_out_tokens if (reason := effect.knock_out_token(self, seat))
        ]
        self.alive[seat] = False
        self.protected[seat] = False
        self.n_alive -= 1
        self.unchoosable(seat)
        assert self.n_alive >= 1, "at least one player always remains in the round"
        cards = tuple(self.hands[seat])
        self.hands[seat] = []
        self.discards[seat].extend(cards)
        if self.known:
            self.forget_hand(seat)
        if self.log is not None:
            self.log.append(ev.KnockedOut(seat, cause, cards))
        if tokens:
            if self.n_alive >= 2:
                self.award(tokens)
            else:
                # The knock-out ends the round: the token joins the round's end batch (docs/rules.md §5.6).
                self.pending_tokens.extend(tokens)

    def swap_hands(self, a: int, b: int) -> None:
        """Exchange the hands of ``a`` and ``b`` (King, Cardinal); knowledge moves with the cards."""
        hands = self.hands
        card_a, card_b = hands[a][0], hands[b][0]
        hands[a][0], hands[b][0] = card_b, card_a
        n = self.n
        known = self.known
        if known:
            for viewer in range(n):
                row = viewer * n
                about_a = known.pop(row + a, None)
                about_b = known.pop(row + b, None)
                if about_b:
                    known[row + a] = about_b
                if about_a:
                    known[row + b] = about_a
        # Each player knows the card they gave away is now in the other's hand.
        known[a * n + b] = (card_a,)
        known[b * n + a] = (card_b,)
        if self.log is not None:
            self.log.append(ev.Swapped(a, b))
            self.log.append(ev.Received(a, card_b, b))
            self.log.append(ev.Received(b, card_a, a))

    # --------------------------------------------------------------------------------------- knowledge

    def learn(self, viewer: int, holder: int) -> None:
        """``viewer`` now knows ``holder``'s whole hand."""
        if viewer != holder:
            self.known[viewer * self.n + holder] = tuple(self.hands[holder])

    def reveal_to_all(self, holder: int) -> None:
        self.reveal_hands(((holder, self.hands[holder][0]),))

    def reveal_hands(self, hands: Sequence[tuple[int, str]]) -> None:
        """Every seat now knows these one-card hands (a deck-out's showdown, a correct Bishop guess)."""
        known = self.known
        about = self.about
        n = self.n
        for holder, card in hands:
            known.update(dict.fromkeys(about[holder], (card,)))
            del known[holder * n + holder]  # what a holder knows of its own hand is its hand

    def forget_hand(self, holder: int) -> None:
        """Nobody knows ``holder``'s hand any more (it was discarded or replaced)."""
        known = self.known
        if known:
            for slot in filter(known.__contains__, self.about[holder]):
                del known[slot]

    def forget_card(self, holder: int, card: str) -> None:
        """``holder`` played or discarded a ``card``: a viewer who knew of one in that hand cannot tell whether
        it was that one or a card drawn since, so that piece of knowledge ends (docs/rules.md §2.6)."""
        known = self.known
        if not known:
            return
        # The slots about this holder that hold something (filtered in C).
        for slot in filter(known.__contains__, self.about[holder]):
            cards = known[slot]
            if card not in cards:
                continue
            rest = list(cards)
            rest.remove(card)
            if rest:
                known[slot] = tuple(rest)
            else:
                del known[slot]

    def put_under_deck(self, seat: int, cards: Sequence[str]) -> None:
        """Put ``cards`` under the deck in this order (the last ends at the very bottom); ``seat`` knows them."""
        count = len(cards)
        marks = [(viewer, index + count, card) for viewer, index, card in self.deck_marks]
        for depth, card in enumerate(reversed(cards)):
            marks.append((seat, depth, card))
        self.deck[0:0] = list(reversed(cards))
        self.deck_marks = tuple(marks)

    # ------------------------------------------------------------------------------------------ tokens

    def award(self, batch: Sequence[tuple[int, ev.TokenReason]]) -> None:
        """Give the tokens of one award batch together, then check for the end of the game (docs/rules.md §5.6)."""
        for seat, reason in batch:
            self.tokens[seat] += 1
            if self.log is not None:
                self.log.append(ev.TokenAwarded(seat, reason, self.tokens[seat]))
        if self.tiebreak is None:
            check_game_end(self, mid_round=True)

    # ------------------------------------------------------------------------------------------- views

    #: ``view(seat)``: what ``seat`` may know now (docs/rules.md §2.6), the only thing computer players and the UI
    #: receive. Cheap to take (its fields are filled when first read), and a value: it does not change as the
    #: game goes on. (It is :func:`~loveletter.engine.view.make_view` itself: taken at every decision.)
    view = make_view


# The events logged at every turn, built once per distinct value and shared (events are values: never changed).
_PLAYED: dict[tuple[int, Play], ev.Played] = {}
_TURN_START: dict[tuple[int, str], tuple[ev.TurnStarted, ev.DrewCard]] = {}


def _turn_start(seat: int, card: str) -> tuple[ev.TurnStarted, ev.DrewCard]:
    """The events of ``seat``'s turn starting with a draw of ``card`` (from :data:`_TURN_START`)."""
    events = _TURN_START.get((seat, card))
    if events is None:
        events = _TURN_START[seat, card] = (ev.TurnStarted(seat), ev.DrewCard(seat, card))
    return events


def _played(seat: int, play: Play) -> ev.Played:
    """The event of ``seat`` playing ``play`` (from :data:`_PLAYED`)."""
    event = _PLAYED.get((seat, play))
    if event is None:
        event = _PLAYED[seat, play] = ev.Played(seat, play.card, play.targets, play.named, play.look)
    return event


_ABOUT: dict[int, tuple[tuple[int, ...], ...]] = {}


def _slots_about(n: int) -> tuple[tuple[int, ...], ...]:
    """For each holder of an ``n``-seat game, the slots of :attr:`GameState.known` about them (see
    :attr:`GameState.about`)."""
    about = _ABOUT.get(n)
    if about is None:
        about = _ABOUT[n] = tuple(tuple(range(holder, n * n, n)) for holder in range(n))
    return about


def _deck_problem(deck: Sequence[str], expected: Counter[str]) -> str:
    got = Counter(deck)
    missing = expected - got
    extra = got - expected
    parts = []
    if missing:
        parts.append("missing " + ", ".join(f"{n}x {c}" for c, n in missing.items()))
    if extra:
        parts.append("unexpected " + ", ".join(f"{n}x {c}" for c, n in extra.items()))
    return f"the stacked deck is not this ruleset's deck ({'; '.join(parts) or 'wrong size'})"
