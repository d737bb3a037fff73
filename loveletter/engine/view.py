"""Views: exactly what one seat may know (docs/rules.md §2.6, §3.10, §5.8).

A :class:`View` is built from the full state for one seat and carries only public information, that seat's
own hand, and the private knowledge it has gained and that still holds (a Priest look, a Baron comparison, a
King trade, the cards it put under the deck). Computer players and the user interface only ever get views.

A view is a value that shares nothing that can change with the game: every part of it is a tuple, a string, a
number or another value (the ruleset, the engine's actions and events), copied from the state when it is taken,
so nothing done with a view reaches the game, and nothing in it depends on a card its seat cannot see.

Views are taken at every decision, and most readers look at a few fields (a random player only at the legal
actions), so :meth:`GameState.view` builds them lazily: it copies what the seat may see into one tuple (taken by
a function compiled for the table's player count: about a microsecond) and fills the fields from it the first
time one of them is read. The history is the seat's part of the events the game recorded (two chains of tuples:
:data:`~.state.Tape`), put in order when first read; a game that builds no events (``record=False``) has none.
A view never changes when the game moves on, and two views are ``==`` when nothing visible differs, however they
were built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from loveletter.engine.actions import Play, Redraw
from loveletter.engine.errors import EngineError
from loveletter.engine.history import unwound
from loveletter.engine.phase import Phase

if TYPE_CHECKING:
    from loveletter.engine.actions import Action
    from loveletter.engine.events import Event
    from loveletter.engine.result import RoundResult
    from loveletter.engine.ruleset import Mode, Ruleset
    from loveletter.engine.state import GameState


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    tokens: int
    dealt_in: bool  # takes part in this round (everyone, except those sitting out a tie-break round)
    in_round: bool  # not knocked out
    protected: bool  # Handmaid
    discards: tuple[str, ...]  # oldest first
    hand_size: int
    #: Cards of this seat's hand the viewer knows: the whole hand for the viewer's own seat.
    known: tuple[str, ...]


@dataclass(frozen=True)
class View:
    """What ``seat`` may know now. Compare two views with ``==``: equal views mean nothing visible differs.

    It holds its fields and nothing else (docs/reference/bot-protocol.md, "The view", says each one): tuples,
    strings, numbers, the ruleset, and the engine's actions and events, values shared with the game's record as
    they are between games; no list, dict or other object of the game. Build one with :meth:`GameState.view`;
    the constructor builds a view from all its fields (as ``dataclasses.replace`` does)."""

    # The fields, and what a lazily built view is filled from (see make_view). No field has a default value, so
    # the slots can be declared here and the fields stay those of a plain dataclass.
    __slots__ = (
        "_seen", "current", "decider", "deck_known", "deck_size", "face_up", "goal", "hand", "history", "jester",
        "known_by", "legal_actions", "phase", "players", "plays", "result", "round", "ruleset", "seat", "seats",
        "set_aside_taken_by", "sycophant", "tiebreak", "winners",
    )  # fmt: skip

    ruleset: Ruleset
    seat: int
    players: int
    goal: int
    round: int
    phase: Phase
    current: int  # whose turn it is
    decider: int | None  # who must decide now (the Bishop's target decides on another's turn)
    hand: tuple[str, ...]
    seats: tuple[SeatView, ...]
    deck_size: int
    face_up: tuple[str, ...]  # face-up set-aside cards (two players)
    set_aside_taken_by: int | None  # who drew the face-down set-aside card, if anyone
    #: Cards the viewer knows in the deck, as (position from the top, 0 = next to be drawn, card).
    deck_known: tuple[tuple[int, str], ...]
    sycophant: int | None  # seat the next card played must choose
    jester: tuple[int, int] | None  # (Jester's player, marked seat)
    tiebreak: tuple[int, ...] | None  # seats playing a tie-break round
    legal_actions: tuple[Action, ...]  # empty unless this seat decides now
    #: The round's public decisions so far, in order, as (seat, action): each card played (with its targets and
    #: what it named) and each Bishop target's choice to redraw or keep. A Chancellor's keep is private: not here.
    plays: tuple[tuple[int, Action], ...]
    result: RoundResult | None  # the finished round, between rounds
    winners: tuple[int, ...]  # the game's winners once it is over
    #: What other seats know of the viewer's hand, as (seat, cards): every way of learning a hand (a Priest's
    #: look, a Baron, a King's trade, a card the viewer drew from under a Chancellor's returns...) is public as
    #: to who learned about whom, and the viewer knows its own hand, so this is the viewer's own knowledge.
    known_by: tuple[tuple[int, tuple[str, ...]], ...]
    #: The round's events so far that this seat may see, in order, as the engine emitted them (a spectator's view:
    #: the public ones): every card played and what it did in public (a Guard that missed, a comparison and its
    #: loser, a swap, a discard and redraw, a knock-out and its cause, protection, markers, tokens), and this
    #: seat's own private news (its draws, what it was shown). Read it rather than working outcomes out.
    history: tuple[Event, ...]

    def __getattr__(self, name: str) -> Any:
        # Called only when a slot is empty: a lazily built view reading a field for the first time.
        if name == "history":
            history = _history(object.__getattribute__(self, "_seen")[-1])
            _set(self, "history", history)
            return history
        if name in _LAZY:
            try:
                seen = object.__getattribute__(self, "_seen")
            except AttributeError:
                pass
            else:
                _fill(self, seen)
                return object.__getattribute__(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    __hash__ = None  # type: ignore[assignment]  # a value compared by its fields, some of them unhashable

    def __repr__(self) -> str:
        values = _compared(self)
        shown = [f"{name}={value!r}" for name, value in zip(_COMPARED, values, strict=False)]
        shown.append("history=" + ("<not kept: record=False>" if values[-1] is None else repr(values[-1])))
        return f"View({', '.join(shown)})"

    # A view is a value: a copy is the view itself. It pickles as its fields, never as the snapshot a lazily
    # built view is read from (which holds more than the seat may know).

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> View:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _unpickled, _compared(self)

    @property
    def mode(self) -> Mode:
        return self.ruleset.mode_for(self.players)

    @property
    def to_move(self) -> bool:
        return self.decider == self.seat

    @property
    def seats_in_round(self) -> int:
        """How many seats are still in the round: dealt in and not knocked out."""
        return sum(sv.dealt_in and sv.in_round for sv in self.seats)

    @property
    def is_spectator(self) -> bool:
        """A spectator's view (:data:`SPECTATOR`): public information only, no hand."""
        return self.seat == SPECTATOR

    def knocks_out_self(self, action: Action) -> Literal["play", "discard", "redraw"] | None:
        """How ``action`` would surely knock out its own player, or ``None``: playing a card whose discard knocks
        its holder out (``"play"``), choosing oneself with a card that discards the chosen hand while keeping such
        a card (``"discard"``), or a Bishop's redraw of such a card (``"redraw"``). For front ends to ask first."""
        cards = self.ruleset.cards
        if isinstance(action, Play):
            traits = cards[action.card].traits
            if traits.knocks_out_when_discarded:
                return "play"
            rest = list(self.hand)
            if action.card in rest:
                rest.remove(action.card)
            if (
                traits.discards_target
                and action.targets == (self.seat,)
                and any(cards[c].traits.knocks_out_when_discarded for c in rest)
            ):
                return "discard"
        elif (
            isinstance(action, Redraw)
            and action.redraw
            and any(cards[c].traits.knocks_out_when_discarded for c in self.hand)
        ):
            return "redraw"
        return None

    def known_hand(self, seat: int) -> tuple[str, ...]:
        """The cards of ``seat``'s hand this view knows."""
        return self.seats[seat].known

    def unseen(self) -> dict[str, int]:
        """For every card type, how many copies the viewer has not seen and cannot place: the card tracker.

        It starts from the deck and removes every discard, the face-up cards, the viewer's hand, and the cards
        it knows in other hands (hands shown at a deck-out included) and in the deck."""
        left = Counter(self.mode.copies)
        seen: list[str] = list(self.face_up)
        for sv in self.seats:
            seen.extend(sv.discards)
            seen.extend(sv.known)
        seen.extend(card for _, card in self.deck_known)
        if self.result is not None and self.result.set_aside is not None:
            seen.append(self.result.set_aside)
        left.subtract(seen)
        return {card: max(0, left[card]) for card in self.mode.copies}


_new = object.__new__
_set = object.__setattr__


def _compared(view: View) -> tuple[Any, ...]:
    """What two views are compared by: every field, the history as ``None`` where the game kept none."""
    try:
        history: tuple[Event, ...] | None = view.history
    except EngineError:
        history = None
    return (*(getattr(view, name) for name in _COMPARED), history)


#: The ``seat`` of a spectator's view (:func:`make_spectator_view`): nobody's, so it knows only what is public.
SPECTATOR = -1


def make_view(s: GameState, seat: int) -> View:
    """What ``seat`` may know of ``s`` now (docs/rules.md §2.6), as ``s.view(seat)``: the only thing computer players
    and the UI receive. Built lazily: one tuple holds copies of what the view may show (its own row of the state's
    knowledge, its own marks in the deck, and its own column of the knowledge: what the others know of its own
    hand, which it knows; the round's plays and the discard piles as tuples; its part of the recorded events), and
    the fields are filled from it when first read. Nothing in it is shared with the state but values.

    The tuple is taken by a function compiled once per player count (:func:`_seen_maker`)."""
    make = _MAKERS.get(s.n)
    if make is None:
        make = _MAKERS[s.n] = _seen_maker(s.n)
    view: View = _new(View)
    _set_seat(view, seat)
    _set_legal(view, s.legal_actions(seat))
    _set_seen(view, make(s, seat))
    return view


# The slots' own setters (a view is frozen: these bypass its __setattr__ as object.__setattr__ does): they skip
# the lookup of the name, which is a few percent of a simulated game.
_set_seat = View.__dict__["seat"].__set__
_set_legal = View.__dict__["legal_actions"].__set__
_set_seen = View.__dict__["_seen"].__set__
#: Player count -> the function that takes what a view of a state with that many seats is filled from.
_MAKERS: dict[int, Callable[[GameState, int], tuple[Any, ...]]] = {}


def _seen_maker(n: int) -> Callable[[GameState, int], tuple[Any, ...]]:
    """What :func:`make_view` keeps for ``n`` seats, as a function written out seat by seat and compiled.

    Views are taken at every decision, and for a handful of seats ``(tuple(piles[0]), tuple(piles[1]), ...)``
    costs a third of ``tuple(map(tuple, piles))`` (the iterators cost more than the work): the per-seat tuples
    (discard piles, hand sizes, the knowledge slots) are written out, for this player count, once. For the same
    reason the deck marks (a few, after a Chancellor) are filtered by a plain loop. The fields are those
    :func:`_fill` unpacks, in its order."""
    seats = range(n)

    def each(template: str) -> str:  # a tuple of ``template`` for every seat p
        return "(" + "".join(template.format(p=p, np=n * p) + ", " for p in seats) + ")"

    source = f"""
def seen(s, seat):
    known = s.known
    if known:
        get = known.get
        start = seat * {n}
        # What this seat knows of each hand (None: nothing): its own row of the knowledge, no other.
        row = {each("get(start + {p})")}
        # What each seat knows of this seat's hand (None: nothing), which this seat knows: its own column.
        column = {each("get(seat + {np})")}
    else:
        row = column = {(None,) * n!r}
    marks = s.deck_marks
    if marks:
        # The cards this seat put under the deck: only its own marks.
        mine = ()
        for mark in marks:
            if mark[0] == seat:
                mine += (mark,)
        marks = mine
    hands = s.hands
    piles = s.discards
    tape = s.seen
    return (
        s.ruleset, {n}, s.mode, s.round, s.phase, s.current, s.decider, tuple(hands[seat]), len(s.deck),
        s.face_up, s.set_aside_taken_by, s.sycophant, s.jester, s.tiebreak, tuple(s.plays), s.result,
        s.winners, tuple(s.tokens), tuple(s.alive), tuple(s.protected), {each("tuple(piles[{p}])")},
        {each("len(hands[{p}])")}, row, marks, column,
        None if tape is None else (tape[0], tape[2][seat]),
    )
"""
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<view of {n} seats>", "exec"), namespace)
    maker: Callable[[GameState, int], tuple[Any, ...]] = namespace["seen"]
    return maker


def _fill(view: View, seen: tuple[Any, ...]) -> None:
    """Fill every field of a lazily built view but its history (on the first read of any of them: readers other
    than a random player read most fields, so filling them together costs least)."""
    (
        ruleset, n, mode, round_, phase, current, decider, hand, deck_size, face_up, set_aside_taken_by, sycophant,
        jester, tiebreak, plays, result, winners, tokens, alive, protected, piles, sizes, known, marks, column, _,
    ) = seen  # fmt: skip
    seat = view.seat
    participants = tiebreak if tiebreak is not None else range(n)
    seats = tuple(
        SeatView(
            p,
            tokens[p],
            p in participants,
            alive[p],
            protected[p],
            piles[p],
            sizes[p],
            hand if p == seat else known[p] or (),
        )
        for p in range(n)
    )
    top = deck_size - 1
    deck_known = tuple(sorted((top - index, card) for _, index, card in marks))
    _set(view, "ruleset", ruleset)
    _set(view, "players", n)
    _set(view, "goal", mode.tokens_by_players[n])
    _set(view, "round", round_)
    _set(view, "phase", phase)
    _set(view, "current", current)
    _set(view, "decider", decider)
    _set(view, "hand", hand)
    _set(view, "seats", seats)
    _set(view, "deck_size", deck_size)
    _set(view, "face_up", face_up)
    _set(view, "set_aside_taken_by", set_aside_taken_by)
    _set(view, "deck_known", deck_known)
    _set(view, "sycophant", sycophant)
    _set(view, "jester", jester)
    _set(view, "tiebreak", tiebreak)
    _set(view, "plays", plays)
    _set(view, "result", result)
    _set(view, "winners", winners)
    _set(view, "known_by", tuple((p, cards) for p, cards in enumerate(column) if cards and p != seat))


#: The fields :func:`_compared` compares besides the history.
_COMPARED = (
    "ruleset", "seat", "players", "goal", "round", "phase", "current", "decider", "hand", "seats", "deck_size",
    "face_up", "set_aside_taken_by", "deck_known", "sycophant", "jester", "tiebreak", "legal_actions", "plays",
    "result", "winners", "known_by",
)  # fmt: skip

#: The fields a lazily built view fills when first read (the others are set when it is built).
_LAZY = frozenset(
    (
        "ruleset", "players", "goal", "round", "phase", "current", "decider", "hand", "seats", "deck_size",
        "face_up", "set_aside_taken_by", "deck_known", "sycophant", "jester", "tiebreak", "plays", "result",
        "winners", "known_by",
    )
)  # fmt: skip


def view_with_history(fields: dict[str, Any], history: Callable[[], tuple[Event, ...]] | None) -> View:
    """A view of the given fields whose history is made by ``history`` when first read (``None``: it has none,
    and reading it says so). For views read from elsewhere (:mod:`.viewjson`)."""
    view: View = _new(View)
    for name, value in fields.items():
        _set(view, name, value)
    _set_seen(view, (history,))
    return view


def _unpickled(*values: Any) -> View:
    """A pickled view again: its fields, and its history (``None``: its game kept none, and reading it says so)."""
    *fields, history = values
    return view_with_history(dict(zip(_COMPARED, fields, strict=True)), None if history is None else lambda: history)


def _history(chains: tuple[Any, Any] | Callable[[], tuple[Event, ...]] | None) -> tuple[Event, ...]:
    """A view's history from the chains it kept (see :attr:`View.history`), or from the function that makes it."""
    if chains is None:
        raise EngineError("this view's game builds no events (record=False), so it keeps no history")
    if callable(chains):
        return chains()
    public, private = chains
    if private is None:
        # A sampled state knows only the history of the seat whose view it was sampled from.
        raise EngineError("a state sampled from one seat's view knows only that seat's history")
    return unwound(public, private)


def make_spectator_view(s: GameState) -> View:
    """What everyone at the table may know of ``s`` now (:data:`SPECTATOR`'s view): the public state, the hands
    shown at a deck-out, and the public events of the round; no hand, no private knowledge, no legal actions.
    For screens nobody in particular is looking at (an all-computer game, a host's table, a replay)."""
    shown = dict(s.result.hands) if s.result is not None else {}
    participants = s.tiebreak if s.tiebreak is not None else range(s.n)
    seats = tuple(
        SeatView(
            p,
            s.tokens[p],
            p in participants,
            s.alive[p],
            s.protected[p],
            tuple(s.discards[p]),
            len(s.hands[p]),
            (shown[p],) if p in shown else (),
        )
        for p in range(s.n)
    )
    view = View(
        ruleset=s.ruleset,
        seat=SPECTATOR,
        players=s.n,
        goal=s.mode.tokens_by_players[s.n],
        round=s.round,
        phase=s.phase,
        current=s.current,
        decider=s.decider,
        hand=(),
        seats=seats,
        deck_size=len(s.deck),
        face_up=s.face_up,
        set_aside_taken_by=s.set_aside_taken_by,
        deck_known=(),
        sycophant=s.sycophant,
        jester=s.jester,
        tiebreak=s.tiebreak,
        legal_actions=(),
        plays=tuple(s.plays),
        result=s.result,
        winners=s.winners,
        known_by=(),
        history=() if s.seen is None else _history((s.seen[0], ())),
    )
    if s.seen is None:  # no history to show: reading it says why
        _set_seen(view, (None,))
        object.__delattr__(view, "history")
    return view
