"""The round so far, as the public saw it: rebuilt from one view's history of plays (``view.plays``).

A :class:`~loveletter.engine.View` lists the round's public decisions in order (every card played, with its
targets and what it named, and each Bishop target's choice) and each seat's discard pile as it is now. From
these :func:`replay` rebuilds what everybody could see *before* each decision: the discard piles then, who was
still in the round, who was protected, the size of the deck, the Sycophant's and the Jester's markers. It also
says what each decision did that the public could see: whose hand was discarded (a Prince, a Bishop's redraw),
who was knocked out, whether a Guard missed, who traded hands. Computer players read the other players' cards
from this (:mod:`loveletter.bots.beliefs`).

Nothing in a view dates the cards that were discarded without being played (a Prince's victim, a knocked-out
hand); they are placed at the decision that caused them: a seat knocked out during the round went out at the
last decision that involved it (its own, or one that chose it), since nothing else knocks a player out.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=3, first_player=0)
>>> for action in ["Guard>1=Priest", "Prince>0"]:
...     _ = game.push(action)
>>> moments = replay(game.view(0))
>>> [(m.seat, str(m.action), m.missed, m.redrew, m.shown) for m in moments]
[(0, 'Guard>1=Priest', True, (), ()), (1, 'Prince>0', False, (0,), ((0, 'Priest'),))]
>>> moments[1].discards            # before the Prince: seat 0 had played its Guard
(('Guard',), ())
"""

from __future__ import annotations

from dataclasses import dataclass

from loveletter.engine import Action, Play, Redraw, View


@dataclass(slots=True)
class Moment:
    """One public decision of the round and what the public knew just before it."""

    index: int  # in ``view.plays``
    seat: int  # who decided
    action: Action
    #: Each seat's discard pile just before the decision.
    discards: tuple[tuple[str, ...], ...]
    alive: tuple[bool, ...]
    protected: tuple[bool, ...]
    #: Cards left in the deck just before the decision (after the player's draw at the start of the turn).
    deck_size: int
    sycophant: int | None
    jester: tuple[int, int] | None
    # ---- what the decision did, as far as the public could see
    #: Seats whose hand card was discarded and replaced by a new draw (Prince, Bishop's redraw, Assassin).
    redrew: tuple[int, ...] = ()
    #: Seats whose hand was discarded by the effect, with the card (before any redraw): a public sight of it.
    shown: tuple[tuple[int, str], ...] = ()
    #: Seats knocked out by the decision.
    knocked_out: tuple[int, ...] = ()
    #: A Guard (or a Bishop) that named a card or a value the target did not hold.
    missed: bool = False
    #: A Bishop that named the target's value.
    bishop_hit: bool = False
    #: Two seats that traded hands (King, Cardinal).
    swapped: tuple[int, int] | None = None
    #: A comparison (Baron, Dowager Queen) that knocked one seat out: (winner, the loser's card).
    compared: tuple[int, str] | None = None
    #: A comparison that ended in a tie: both seats hold cards of the same value.
    tied: tuple[int, int] | None = None


def replay(view: View) -> list[Moment]:
    """The round's public decisions, each with what the public knew before it (see the module docstring)."""
    plays = view.plays
    n = view.players
    seats = view.seats
    ruleset = view.ruleset
    cards = ruleset.cards
    mode = view.mode
    piles = [sv.discards for sv in seats]
    ptr = [0] * n

    # A seat out of the round went out at the last decision that involved it.
    last: list[int | None] = [None] * n
    for i, (seat, action) in enumerate(plays):
        last[seat] = i
        if isinstance(action, Play):
            for t in action.targets:
                last[t] = i
    ko_at = {q: last[q] for q in range(n) if seats[q].dealt_in and not seats[q].in_round and last[q] is not None}

    alive = [sv.dealt_in for sv in seats]
    protected = [False] * n
    dealt = sum(alive)
    deck = mode.deck_size - 1 - (mode.face_up_set_aside if dealt == 2 else 0) - dealt
    sycophant: int | None = None
    jester: tuple[int, int] | None = None
    moments: list[Moment] = []

    def take(q: int, card: str | None = None) -> str | None:
        """Consume the next card of q's pile (the first ``card`` from there on, if given)."""
        pile = piles[q]
        i = ptr[q]
        if card is not None:
            while i < len(pile) and pile[i] != card:
                i += 1
        if i >= len(pile):
            return None
        ptr[q] = i + 1
        return pile[i]

    for i, (seat, action) in enumerate(plays):
        if isinstance(action, Redraw):
            m = _moment(i, seat, action, piles, ptr, alive, protected, deck, sycophant, jester)
            if action.redraw:
                card = take(seat)
                if card is not None:
                    m.shown = ((seat, card),)
                if ko_at.get(seat) != i:
                    m.redrew = (seat,)
                    deck = max(0, deck - 1)
            _knock_outs(m, i, ko_at, piles, ptr, alive, protected)
            moments.append(m)
            continue
        assert isinstance(action, Play)
        protected[seat] = False
        deck = max(0, deck - 1)
        m = _moment(i, seat, action, piles, ptr, alive, protected, deck, sycophant, jester)
        take(seat, action.card)
        sycophant = None
        effect = cards[action.card].effect
        targets = action.targets
        if effect == "handmaid":
            protected[seat] = True
        elif effect == "sycophant" and targets:
            sycophant = targets[0]
        elif effect == "jester" and targets:
            jester = (seat, targets[0])
        elif effect == "prince" and targets:
            t = targets[0]
            card = take(t)
            if card is not None:
                m.shown = ((t, card),)
            if ko_at.get(t) != i:
                m.redrew = (t,)
                deck = max(0, deck - 1)
        elif effect in ("king", "cardinal") and len(set(targets)) == (1 if effect == "king" else 2):
            m.swapped = (seat, targets[0]) if effect == "king" else (targets[0], targets[1])
        elif effect in ("guard", "bishop") and targets:
            t = targets[0]
            if effect == "bishop":
                follows = plays[i + 1] if i + 1 < len(plays) else None
                m.bishop_hit = follows is not None and follows[0] == t and isinstance(follows[1], Redraw)
                m.missed = not m.bishop_hit and i + 1 < len(plays)
            elif ko_at.get(t) == i:
                pass  # a hit: the target is knocked out below
            elif ko_at.get(seat) == i and alive[t]:
                # The Guard's player went out on its own Guard: the target held the Assassin, and redrew.
                card = take(t)
                if card is not None:
                    m.shown = ((t, card),)
                m.redrew = (t,)
                deck = max(0, deck - 1)
            else:
                m.missed = True
        _knock_outs(m, i, ko_at, piles, ptr, alive, protected)
        if effect in ("baron", "dowager_queen") and targets:
            t = targets[0]
            out = [q for q in (seat, t) if q in m.knocked_out]
            if len(out) == 1:
                winner = t if out[0] == seat else seat
                loser_card = next((c for q, c in m.shown if q == out[0]), None)
                if loser_card is not None:
                    m.compared = (winner, loser_card)
            elif not out and alive[seat] and alive[t]:
                m.tied = (seat, t)
        moments.append(m)
    return moments


def _moment(
    i: int,
    seat: int,
    action: Action,
    piles: list[tuple[str, ...]],
    ptr: list[int],
    alive: list[bool],
    protected: list[bool],
    deck: int,
    sycophant: int | None,
    jester: tuple[int, int] | None,
) -> Moment:
    return Moment(
        index=i,
        seat=seat,
        action=action,
        discards=tuple(pile[:k] for pile, k in zip(piles, ptr, strict=True)),
        alive=tuple(alive),
        protected=tuple(protected),
        deck_size=deck,
        sycophant=sycophant,
        jester=jester,
    )


def _knock_outs(
    m: Moment,
    i: int,
    ko_at: dict[int, int | None],
    piles: list[tuple[str, ...]],
    ptr: list[int],
    alive: list[bool],
    protected: list[bool],
) -> None:
    """Seats that went out at decision ``i``: the rest of their pile is the hand they lost."""
    out = []
    shown = list(m.shown)
    for q, at in ko_at.items():
        if at == i and alive[q]:
            alive[q] = False
            protected[q] = False
            rest = piles[q][ptr[q] :]
            ptr[q] = len(piles[q])
            # The hand they lost is the last card of their pile (a Princess played leaves the other card last).
            if rest:
                shown = [(s, c) for s, c in shown if s != q] + [(q, rest[-1])]
            out.append(q)
    m.knocked_out = tuple(out)
    m.shown = tuple(shown)
