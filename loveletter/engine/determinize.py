"""Determinization: full game states consistent with what one seat may know, for searching computer players.

A seat's :class:`~.view.View` leaves some cards hidden: the other players' hands (except what the seat learned),
the deck (except the cards it put under it with a Chancellor) and the face-down set-aside card. A
*determinization* deals those hidden cards at random from the cards the seat has not seen
(:meth:`View.unseen`), keeping everything the view shows: hands and knowledge, discards, face-up cards, tokens,
protection, markers, whose turn it is. Its view for that seat is exactly the given view, so a search can play
on from it with the engine's fast path (``copy()`` and ``apply(action, record=False)``).

>>> import random
>>> from loveletter.engine import Game
>>> game = Game("2019", players=3, seed=4)
>>> view = game.view(game.decider)
>>> sampler = Determinizer(view)
>>> state = sampler.sample(random.Random(1))
>>> state.view(view.seat) == view
True
>>> sorted(state.hands[view.seat]) == sorted(view.hand)
True

What the view cannot tell is filled in the simplest consistent way: the other seats know nothing of each
other's hands or of the deck (the viewer cannot see what they learned in private), and every consistent deal is
equally likely, unless the caller weighs the other players' cards (``likely``: e.g. from how they played).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping

from loveletter.engine.history import sampled_tape
from loveletter.engine.phase import Phase
from loveletter.engine.state import GameState
from loveletter.engine.view import View


class Determinizer:
    """Samples game states consistent with one seat's view. Build it once per decision (it prepares a template
    state), then call :meth:`sample` as often as the search needs: each sample is a copy of the template with
    the hidden cards dealt from a fresh shuffle."""

    __slots__ = ("_deck_fill", "_hand_fill", "_pool", "_set_aside_hidden", "_template", "seat", "view")

    def __init__(self, view: View, known_by: Mapping[int, tuple[str, ...]] | None = None) -> None:
        """``known_by[seat]``: cards of the viewer's hand that ``seat`` knows, when the viewer can tell (it saw
        that seat look at its hand, or trade with it); by default what the view says (``view.known_by``)."""
        self.view = view
        self.seat = me = view.seat
        n = view.players
        s = GameState(view.ruleset, n)
        s.tokens = [sv.tokens for sv in view.seats]
        s.round = view.round
        s.phase = view.phase
        s.winners = view.winners
        s.tiebreak = view.tiebreak
        s.result = view.result
        s.face_up = view.face_up
        s.set_aside_taken_by = view.set_aside_taken_by
        s.discards = [list(sv.discards) for sv in view.seats]
        s.alive = [sv.in_round for sv in view.seats]
        s.n_alive = sum(s.alive)
        s.protected = [sv.protected for sv in view.seats]
        s.refresh_choosable()
        s.current = view.current
        s.decider = view.decider
        s.sycophant = view.sycophant
        s.jester = view.jester
        s.plays = list(view.plays)
        # The round's history as the viewer saw it (the deal that would replay it is not known).
        s.seen = sampled_tape(n, me, view.history)
        # The number of the turn is not shown; any value works (the engine only counts with it).
        s.turn = sum(len(sv.discards) for sv in view.seats)
        if view.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            # Between rounds the rules deal the next round from the seats the finished round allows.
            s.next_first = view.result.winners if view.result is not None and view.result.winners else s.next_first
            s.last_winners = view.result.winners if view.result is not None else ()

        # Hands: the viewer's own, then what it knows of the others; the rest is hidden.
        hands: list[list[str]] = []
        hand_fill: list[tuple[int, int]] = []
        known: dict[int, tuple[str, ...]] = {}
        for sv in view.seats:
            p = sv.seat
            if p == me:
                hands.append(list(view.hand))
                continue
            hands.append(list(sv.known))
            if sv.known:
                known[me * n + p] = sv.known
            missing = sv.hand_size - len(sv.known)
            if missing > 0:
                hand_fill.append((p, missing))
        s.hands = hands
        for p, cards in (dict(view.known_by) if known_by is None else known_by).items():
            if p != me and cards and all(card in view.hand for card in cards):
                known[p * n + me] = tuple(cards)
        s.known = known

        # The deck: the viewer's Chancellor cards at their places, the rest hidden. ``deck[0]`` is the bottom.
        size = view.deck_size
        deck: list[str] = [""] * size
        marks = []
        for position, card in view.deck_known:
            index = size - 1 - position
            deck[index] = card
            marks.append((me, index, card))
        s.deck = deck
        s.deck_marks = tuple(marks)
        deck_fill = [i for i, card in enumerate(deck) if not card]

        in_round = view.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)
        set_aside_hidden = in_round and view.set_aside_taken_by is None
        s.set_aside = None

        pool = [card for card, count in view.unseen().items() for _ in range(count)]
        slots = sum(k for _, k in hand_fill) + len(deck_fill) + (1 if set_aside_hidden else 0)
        if in_round and len(pool) != slots:
            raise ValueError(
                f"the view of seat {me} is inconsistent: {len(pool)} unseen cards for {slots} hidden places"
            )
        self._template = s
        self._pool = pool
        self._hand_fill = tuple(hand_fill)
        self._deck_fill = tuple(deck_fill) if len(deck_fill) != size else None
        self._set_aside_hidden = set_aside_hidden
        if not in_round:
            self._pool = []
            self._hand_fill = ()
            self._deck_fill = ()
            self._set_aside_hidden = False

    @property
    def hidden(self) -> int:
        """How many cards each sample deals at random."""
        return len(self._pool)

    def sample(self, rng: random.Random, likely: Mapping[int, Mapping[str, float]] | None = None) -> GameState:
        """A state consistent with the view, the hidden cards dealt with ``rng``.

        ``likely`` optionally weighs the deal: ``likely[seat][card]`` is how likely (relative to 1, the default
        for a card not listed) the one hidden card of ``seat`` is ``card``, for instance from how that player
        has played. Such seats get their card first, drawn from the unseen cards with those weights (one after
        the other, an approximation when several seats are weighed); the other cards are dealt uniformly."""
        cards = self._pool[:]
        chosen: dict[int, str] = {}
        if likely:
            for seat, weights in likely.items():
                if (seat, 1) not in self._hand_fill or not cards:
                    continue
                total = 0.0
                for card in cards:
                    total += weights.get(card, 1.0)
                if total <= 0.0:
                    continue
                point = rng.random() * total
                pick = len(cards) - 1
                for i, card in enumerate(cards):
                    point -= weights.get(card, 1.0)
                    if point < 0.0:
                        pick = i
                        break
                chosen[seat] = cards.pop(pick)
        rng.shuffle(cards)
        return self._deal(cards, chosen)

    def count(self) -> int:
        """How many distinct deals of the hidden cards there are (arrangements of the unseen cards over the hidden
        places, copies of a card not told apart)."""
        count = math.factorial(len(self._pool))
        for k in Counter(self._pool).values():
            count //= math.factorial(k)
        return count

    def every(self) -> Iterator[GameState]:
        """Every distinct deal of the hidden cards, each once (as many as :meth:`count`), in a fixed order: for a
        search that plays every deal when there are few, rather than sampling them."""
        for order in _arrangements(sorted(self._pool)):
            yield self._deal(order, {})

    def _deal(self, cards: list[str], chosen: Mapping[int, str]) -> GameState:
        """The template with the hidden cards dealt from ``cards`` in order (the set-aside card, the hands, the
        deck from the bottom), a seat of ``chosen`` getting its card from there instead."""
        s = self._template.copy()
        i = 0
        if self._set_aside_hidden:
            s.set_aside = cards[0]
            i = 1
        hands = s.hands
        for seat, count in self._hand_fill:
            if seat in chosen:
                hands[seat].append(chosen[seat])
                continue
            hands[seat].extend(cards[i : i + count])
            i += count
        fill = self._deck_fill
        if fill is None:
            # Nothing known in the deck: the remaining cards are the deck.
            s.deck = cards[i:]
        else:
            deck = s.deck
            for index in fill:
                deck[index] = cards[i]
                i += 1
        return s


def _arrangements(cards: list[str]) -> Iterator[list[str]]:
    """Every distinct order of ``cards`` (sorted), each once."""
    if not cards:
        yield []
        return
    for i, card in enumerate(cards):
        if i and cards[i - 1] == card:
            continue
        for rest in _arrangements(cards[:i] + cards[i + 1 :]):
            yield [card, *rest]


def determinize(view: View, rng: random.Random) -> GameState:
    """One state consistent with ``view`` (see :class:`Determinizer` to draw many)."""
    return Determinizer(view).sample(rng)


__all__ = ["Determinizer", "determinize"]
