"""Card counting: what one seat knows, in a form the computer players reason with quickly.

A :class:`Perspective` is built either from a :class:`~loveletter.engine.View` (what a computer player gets) or,
inside a search, from a :class:`~loveletter.engine.GameState` *for one seat* (:meth:`Perspective.of_state`),
using only what that seat may know there: its hand, the cards it learned, the discards, the face-up cards and its
own Chancellor cards. Both give the same perspective for the same situation, so one heuristic serves the easy
player and the search's play-outs.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=3, first_player=0)
>>> p = Perspective.of_view(game.view(0))
>>> p == Perspective.of_state(game.state, 0)
True
>>> sum(p.unseen.values()) == p.total  # the cards seat 0 cannot place
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from loveletter.engine import GameState, Mode, Phase, Ruleset, View
from loveletter.engine.traits import Traits


class Tables:
    """Per-mode constants the players look up constantly: values, effect names, what a Guard may name."""

    __slots__ = (
        "assassin_value",
        "assassins",
        "by_number",
        "copies",
        "deck_size",
        "effect",
        "guard_names",
        "max_value",
        "mode",
        "princesses",
        "ruleset",
        "traits",
        "value",
        "values_up",
    )
    _cache: ClassVar[dict[int, tuple[Mode, Tables]]] = {}

    def __init__(self, ruleset: Ruleset, mode: Mode) -> None:
        self.ruleset = ruleset
        self.mode = mode
        self.value: dict[str, int] = {c.id: c.value for c in mode.cards}
        self.effect: dict[str, str] = {c.id: c.effect for c in mode.cards}
        #: What each card does (the engine's traits): ask these rather than compare effect names.
        self.traits: dict[str, Traits] = {c.id: c.traits for c in mode.cards}
        #: Cards whose discard knocks their holder out (the Princess), and cards that stop a Guard (the Assassin).
        self.princesses = frozenset(c.id for c in mode.cards if c.traits.knocks_out_when_discarded)
        self.assassins = frozenset(c.id for c in mode.cards if c.traits.stops_guard)
        self.copies: dict[str, int] = dict(mode.copies)
        self.deck_size = mode.deck_size
        self.by_number = mode.guard_naming == "number"
        self.guard_names: tuple[str | int, ...] = tuple(mode.guard_names)
        self.max_value = max(self.value.values())
        assassins = [c.value for c in mode.cards if c.traits.stops_guard]
        #: The Assassin's value, if the deck has one (a Guard that chooses its holder knocks its player out).
        self.assassin_value: int | None = assassins[0] if assassins else None
        #: The distinct values, lowest first.
        self.values_up: tuple[int, ...] = tuple(sorted(set(self.value.values())))

    @classmethod
    def of(cls, ruleset: Ruleset, players: int) -> Tables:
        return cls.of_mode(ruleset, ruleset.mode_for(players))

    @classmethod
    def of_mode(cls, ruleset: Ruleset, mode: Mode) -> Tables:
        hit = cls._cache.get(id(mode))
        if hit is None or hit[0] is not mode:
            hit = cls._cache[id(mode)] = (mode, cls(ruleset, mode))
        return hit[1]


class Perspective:
    """One seat's knowledge at a decision: own hand, what it knows of each hand, and the unseen cards."""

    __slots__ = (
        "alive",
        "current",
        "deck_size",
        "discards",
        "exposed",
        "goal",
        "hand",
        "jester",
        "known",
        "me",
        "n",
        "phase",
        "protected",
        "sycophant",
        "tables",
        "tokens",
        "total",
        "unseen",
        "weights",
    )

    tables: Tables
    me: int
    n: int
    phase: Phase
    current: int
    hand: tuple[str, ...]
    alive: Sequence[bool]
    protected: Sequence[bool]
    tokens: Sequence[int]
    goal: int
    discards: Sequence[Sequence[str]]
    #: known[p]: the cards of p's hand this seat knows (its whole hand for itself)
    known: list[tuple[str, ...]]
    #: exposed[q]: the cards of this seat's hand that seat q knows (empty when the source cannot tell)
    exposed: dict[int, tuple[str, ...]]
    #: unseen[c]: the copies of card c this seat cannot place, for every card of the mode in the mode's order
    unseen: dict[str, int]
    total: int
    #: weights[q]: how much likelier than its share of the unseen cards each card is to be q's one card (a reading
    #: of q's plays, as :meth:`~loveletter.engine.determinize.Determinizer.sample`'s ``likely``); a seat left out,
    #: and every seat by default, is counted alone
    weights: dict[int, Mapping[str, float]]
    deck_size: int
    sycophant: int | None
    jester: tuple[int, int] | None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Perspective):
            return NotImplemented
        fields = [f for f in self.__slots__ if f not in ("exposed",)]
        return all(_same(getattr(self, f), getattr(other, f)) for f in fields)

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def of_view(cls, view: View) -> Perspective:
        p = cls.__new__(cls)
        p.tables = Tables.of(view.ruleset, view.players)
        p.me = view.seat
        p.n = view.players
        p.phase = view.phase
        p.current = view.current
        p.hand = view.hand
        seats = view.seats
        p.alive = [sv.in_round for sv in seats]
        p.protected = [sv.protected for sv in seats]
        p.tokens = [sv.tokens for sv in seats]
        p.goal = view.goal
        p.discards = [sv.discards for sv in seats]
        p.known = [sv.known for sv in seats]
        p.exposed = {}
        p.unseen = unseen = view.unseen()
        p.total = sum(unseen.values())
        p.weights = {}
        p.deck_size = view.deck_size
        p.sycophant = view.sycophant
        p.jester = view.jester
        return p

    @classmethod
    def of_state(cls, s: GameState, seat: int) -> Perspective:
        """What ``seat`` may know of ``s`` (nothing of the other hands beyond its own knowledge)."""
        p = cls.__new__(cls)
        n = s.n
        tables = Tables.of_mode(s.ruleset, s.mode)
        p.tables = tables
        p.me = seat
        p.n = n
        p.phase = s.phase
        p.current = s.current
        hand = s.hands[seat]
        p.hand = tuple(hand)
        p.alive = s.alive
        p.protected = s.protected
        p.tokens = s.tokens
        p.goal = s.goal
        p.discards = s.discards
        unseen = tables.copies.copy()
        for card in s.face_up:
            unseen[card] -= 1
        for pile in s.discards:
            for card in pile:
                unseen[card] -= 1
        for card in hand:
            unseen[card] -= 1
        known: list[tuple[str, ...]] = [()] * n
        known[seat] = p.hand
        exposed: dict[int, tuple[str, ...]] = {}
        if s.known:
            row = seat * n
            for slot, cards in s.known.items():
                if row <= slot < row + n:
                    known[slot - row] = cards
                    for card in cards:
                        unseen[card] -= 1
                elif slot % n == seat:
                    exposed[slot // n] = cards
        for viewer, _, card in s.deck_marks:
            if viewer == seat:
                unseen[card] -= 1
        if s.result is not None and s.result.set_aside is not None:
            unseen[s.result.set_aside] -= 1
        p.known = known
        p.exposed = exposed
        p.unseen = unseen
        p.total = sum(unseen.values())
        p.weights = {}
        p.deck_size = len(s.deck)
        p.sycophant = s.sycophant
        p.jester = s.jester
        return p

    # ------------------------------------------------------------------------------------------ beliefs

    def holds(self, seat: int) -> str | None:
        """The card ``seat`` surely holds (a one-card hand this seat knows), else ``None``."""
        cards = self.known[seat]
        return cards[0] if len(cards) == 1 else None

    def odds(self, seat: int) -> list[tuple[str, float]]:
        """(card, chance) for each card ``seat``'s (one) card may be, from the unseen cards and its
        :attr:`weights`."""
        sure = self.holds(seat)
        if sure is not None:
            return [(sure, 1.0)]
        weights = self.weights.get(seat)
        if weights is None:
            total = self.total
            return [(c, k / total) for c, k in self.unseen.items() if k > 0] if total else []
        rows = [(c, k * weights.get(c, 1.0)) for c, k in self.unseen.items() if k > 0]
        mass = sum(w for _, w in rows)
        if mass <= 0.0:
            total = self.total
            return [(c, k / total) for c, k in self.unseen.items() if k > 0] if total else []
        return [(c, w / mass) for c, w in rows]

    def chance(self, seat: int, card: str) -> float:
        """The probability that ``seat``'s (one) card is ``card``."""
        sure = self.holds(seat)
        if sure is not None:
            return 1.0 if sure == card else 0.0
        if seat in self.weights:
            return sum(x for c, x in self.odds(seat) if c == card)
        total = self.total
        return self.unseen.get(card, 0) / total if total else 0.0

    def chance_value(self, seat: int, value: int) -> float:
        """The probability that ``seat``'s card has this ``value``."""
        sure = self.holds(seat)
        values = self.tables.value
        if sure is not None:
            return 1.0 if values[sure] == value else 0.0
        if seat in self.weights:
            return sum(x for c, x in self.odds(seat) if values[c] == value)
        total = self.total
        if not total:
            return 0.0
        return sum(k for c, k in self.unseen.items() if k > 0 and values[c] == value) / total

    def chance_of(self, seat: int, cards: frozenset[str]) -> float:
        """The probability that ``seat``'s card is one of ``cards`` (e.g. ``tables.princesses``)."""
        sure = self.holds(seat)
        if sure is not None:
            return 1.0 if sure in cards else 0.0
        if seat in self.weights:
            return sum(x for c, x in self.odds(seat) if c in cards)
        total = self.total
        if not total:
            return 0.0
        return sum(k for c, k in self.unseen.items() if k > 0 and c in cards) / total

    def compare(self, seat: int, value: int) -> tuple[float, float]:
        """(P(``seat``'s card is below ``value``), P(it is above))."""
        sure = self.holds(seat)
        values = self.tables.value
        if sure is not None:
            v = values[sure]
            return (1.0 if v < value else 0.0), (1.0 if v > value else 0.0)
        if seat in self.weights:
            odds = self.odds(seat)
            return sum(x for c, x in odds if values[c] < value), sum(x for c, x in odds if values[c] > value)
        total = self.total
        if not total:
            return 0.0, 0.0
        below = above = 0
        for c, k in self.unseen.items():
            if k > 0:
                v = values[c]
                if v < value:
                    below += k
                elif v > value:
                    above += k
        return below / total, above / total

    def opponents(self) -> list[int]:
        """The other seats still in the round."""
        me = self.me
        return [q for q in range(self.n) if q != me and self.alive[q]]


def _same(a: object, b: object) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return {k: v for k, v in a.items() if v} == {k: v for k, v in b.items() if v}
    return a == b
