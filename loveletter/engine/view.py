"""Views: exactly what one seat may know (docs/rules.md §2.6, §3.10, §5.8).

A :class:`View` is built from the full state for one seat and carries only public information, that seat's
own hand, and the private knowledge it has gained and that still holds (a Priest look, a Baron comparison, a
King trade, the cards it put under the deck). Computer players and the user interface only ever get views.

Views are taken at every decision, and most readers look at a few fields (a random player only at the legal
actions), so :meth:`GameState.view` builds them lazily: it copies the state's few mutable parts into a snapshot
(a tuple, taken by a function compiled for the table's player count: under a microsecond) and fills the other
fields from that snapshot the first time one of them is read.
A view is a value all the same: it never changes when the game moves on, and two views are ``==`` when nothing
visible differs, however they were built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from loveletter.engine.errors import EngineError
from loveletter.engine.history import SeenHistory
from loveletter.engine.phase import Phase

if TYPE_CHECKING:
    from loveletter.engine.actions import Action, Keep
    from loveletter.engine.events import Event
    from loveletter.engine.history import Opening
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

    Build one with :meth:`GameState.view`; the constructor builds a view from all its fields (as
    ``dataclasses.replace`` does)."""

    # The fields, and the snapshot of a lazily built view (see make_view). No field has a default value, so
    # the slots can be declared here and the fields stay those of a plain dataclass.
    __slots__ = (
        "_snapshot", "current", "decider", "deck_known", "deck_size", "face_up", "goal", "hand", "history", "jester",
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
            # Rebuilt by replaying the round (see state.round_events): paid only by readers of the history.
            snap = object.__getattribute__(self, "_snapshot")
            seat = object.__getattribute__(self, "seat")
            history = _history(snap[0], snap[1], snap[3], snap[-2], snap[14][: snap[15]], snap[-1], seat)
            _set(self, "history", history)
            return history
        if name in _LAZY:
            try:
                snapshot = object.__getattribute__(self, "_snapshot")
            except AttributeError:
                pass
            else:
                _fill(self, snapshot)
                return object.__getattribute__(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        from loveletter.engine.actions import Play, Redraw

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

#: The ``seat`` of a spectator's view (:func:`make_spectator_view`): nobody's, so it knows only what is public.
SPECTATOR = -1


def make_view(s: GameState, seat: int) -> View:
    """What ``seat`` may know of ``s`` now (docs/rules.md §2.6), as ``s.view(seat)``: the only thing computer players
    and the UI receive. Built lazily: a snapshot holds copies of what the view may show (the state's lists change
    in place as the game goes on, and the snapshot holds nothing the seat may not know: its own row of the
    knowledge, its own marks in the deck, and its own column of it: what the others know of its own hand, which
    it knows), and the fields are filled from it when first read.

    The round's plays and discard piles only grow until the next deal gives the state new lists (see
    :class:`GameState`): the snapshot keeps those lists and their lengths now, not copies, and the view shows
    their first items. They are public: whatever is added later, every seat sees as it happens.

    The snapshot is taken by a function compiled once per player count (:func:`_snapshot_maker`)."""
    make = _MAKERS.get(s.n)
    if make is None:
        make = _MAKERS[s.n] = _snapshot_maker(s.n)
    view: View = _new(View)
    _set_seat(view, seat)
    _set_legal(view, s.legal_actions(seat))
    _set_snapshot(view, make(s, seat))
    return view


# The slots' own setters (a view is frozen: these bypass its __setattr__ as object.__setattr__ does): they skip
# the lookup of the name, which is a few percent of a simulated game.
_set_seat = View.__dict__["seat"].__set__
_set_legal = View.__dict__["legal_actions"].__set__
_set_snapshot = View.__dict__["_snapshot"].__set__
#: Player count -> the function that takes a view's snapshot of a state with that many seats.
_MAKERS: dict[int, Callable[[GameState, int], tuple[Any, ...]]] = {}


def _snapshot_maker(n: int) -> Callable[[GameState, int], tuple[Any, ...]]:
    """The snapshot of :func:`make_view` for ``n`` seats, as a function written out seat by seat and compiled.

    Views are taken at every decision, and for a handful of seats ``(len(piles[0]), len(piles[1]), ...)`` costs
    a third of ``tuple(map(len, piles))`` (the iterators cost more than the work): the per-seat tuples (pile
    lengths, hand sizes, the knowledge slots) are written out, for this player count, once. For the same reason
    the deck marks (a few, after a Chancellor) are filtered by a plain loop. The fields are those :func:`_fill`
    unpacks, in its order."""
    seats = range(n)

    def each(template: str) -> str:  # a tuple of ``template`` for every seat p
        return "(" + "".join(template.format(p=p, np=n * p) + ", " for p in seats) + ")"

    source = f"""
def snapshot(s, seat):
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
    plays = s.plays
    return (
        s.ruleset, {n}, s.mode, s.round, s.phase, s.current, s.decider, tuple(hands[seat]), len(s.deck),
        s.face_up, s.set_aside_taken_by, s.sycophant, s.jester, s.tiebreak, plays, len(plays), s.result,
        s.winners, tuple(s.tokens), tuple(s.alive), tuple(s.protected), piles, {each("len(piles[{p}])")},
        {each("len(hands[{p}])")}, row, marks, column, s.opening, s.keeps,
    )
"""
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<view snapshot, {n} seats>", "exec"), namespace)
    snapshot: Callable[[GameState, int], tuple[Any, ...]] = namespace["snapshot"]
    return snapshot


def _fill(view: View, snapshot: tuple[Any, ...]) -> None:
    """Fill every field of a lazily built view from its snapshot (on the first read of any of them: readers
    other than a random player read most fields, so filling them together costs least)."""
    (
        ruleset, n, mode, round_, phase, current, decider, hand, deck_size, face_up, set_aside_taken_by, sycophant,
        jester, tiebreak, plays, played, result, winners, tokens, alive, protected, piles, discarded, sizes, known,
        marks, column, _, _,
    ) = snapshot  # fmt: skip
    seat = view.seat
    participants = tiebreak if tiebreak is not None else range(n)
    seats = tuple(
        SeatView(
            p,
            tokens[p],
            p in participants,
            alive[p],
            protected[p],
            tuple(piles[p][: discarded[p]]),
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
    _set(view, "plays", tuple(plays[:played]))
    _set(view, "result", result)
    _set(view, "winners", winners)
    _set(view, "known_by", tuple((p, cards) for p, cards in enumerate(column) if cards and p != seat))


#: The fields a lazily built view fills when first read (the others are set when it is built).
_LAZY = frozenset(
    (
        "ruleset", "players", "goal", "round", "phase", "current", "decider", "hand", "seats", "deck_size",
        "face_up", "set_aside_taken_by", "deck_known", "sycophant", "jester", "tiebreak", "plays", "result",
        "winners", "known_by",
    )
)  # fmt: skip


def _history(
    ruleset: Ruleset,
    players: int,
    round_: int,
    opening: Opening | SeenHistory | None,
    plays: list[tuple[int, Action]],
    keeps: tuple[Keep, ...],
    seat: int,
) -> tuple[Event, ...]:
    """The events of the round so far that ``seat`` may see (see :attr:`View.history`)."""
    from loveletter.engine.state import round_events

    if opening is None:
        return ()
    if isinstance(opening, SeenHistory):
        if seat != opening.seat or len(plays) != opening.plays:
            # A sampled state cannot replay its round: better a loud error than a history that is not the game's.
            raise EngineError(f"a state sampled from seat {opening.seat}'s view knows only that view's history")
        return opening.events
    return tuple(e for e in round_events(ruleset, players, round_, opening, plays, keeps) if e.visible_to(seat))


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
    return View(
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
        history=_history(s.ruleset, s.n, s.round, s.opening, s.plays, s.keeps, SPECTATOR),
    )
