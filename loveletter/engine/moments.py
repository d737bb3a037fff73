"""The round so far as the table saw it: each public decision with what everyone knew just before it and what it
did in public, read from a view's history (:attr:`View.history`, the engine's own events).

Computer players and the coach read the other players' cards from these (:mod:`loveletter.bots.beliefs`): the
discard piles, who was in and protected, the deck's size and the markers before each decision, and what the
decision showed: whose hand was discarded and replaced, who was knocked out, a Guard or a Bishop that missed, a
trade, a comparison's loser and their card.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=3, first_player=0)
>>> for action in ["Guard>1=Priest", "Prince>0"]:
...     _ = game.push(action)
>>> moments = public_moments(game.view(0))
>>> [(m.seat, str(m.action), m.missed, m.redrew, m.shown) for m in moments]
[(0, 'Guard>1=Priest', True, (), ()), (1, 'Prince>0', False, (0,), ((0, 'Priest'),))]
>>> moments[1].discards            # before the Prince: seat 0 had played its Guard
(('Guard',), ())
"""

from __future__ import annotations

from dataclasses import dataclass

from loveletter.engine import events as ev
from loveletter.engine.actions import Action
from loveletter.engine.view import View


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
    #: Seats whose hand was discarded by the effect, with the card (before any redraw): a public sight of it. A
    #: seat knocked out shows the last card of its pile, the hand it lost (listed after the others).
    shown: tuple[tuple[int, str], ...] = ()
    #: Seats knocked out by the decision, lowest first.
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


def public_moments(view: View) -> list[Moment]:
    """The round's public decisions (``view.plays``, in order), each with what the public knew before it."""
    n = view.players
    plays = view.plays
    piles: list[list[str]] = [[] for _ in range(n)]
    alive = [False] * n
    protected = [False] * n
    deck = 0
    sycophant: int | None = None
    jester: tuple[int, int] | None = None
    moments: list[Moment] = []
    knocked: list[int] = []  # by the latest decision
    losers: dict[int, tuple[int, int]] = {}  # a comparison's moment -> (winner, loser)

    def settle() -> None:
        """The latest decision's knock-outs: each seat shows the hand it lost, the last card of its pile."""
        if moments and knocked:
            m = moments[-1]
            out = sorted(knocked)
            m.knocked_out = tuple(out)
            m.shown = tuple([(q, c) for q, c in m.shown if q not in out] + [(q, piles[q][-1]) for q in out])
            knocked.clear()

    def begin(seat: int) -> Moment:
        settle()
        m = Moment(
            index=len(moments),
            seat=seat,
            action=plays[len(moments)][1],
            discards=tuple(map(tuple, piles)),
            alive=tuple(alive),
            protected=tuple(protected),
            deck_size=deck,
            sycophant=sycophant,
            jester=jester,
        )
        moments.append(m)
        return m

    for event in view.history:
        match event:
            case ev.RoundStarted(seats=seats, deck_size=size):
                for q in seats:
                    alive[q] = True
                deck = size
            case ev.TurnStarted():
                deck -= 1
            case ev.ProtectionEnded(seat=q):
                protected[q] = False
            case ev.Played(seat=q, card=card):
                begin(q)
                piles[q].append(card)
                sycophant = None
            case ev.RedrawDecided(seat=q):
                begin(q)
            case ev.Protected(seat=q):
                protected[q] = True
            case ev.Marked(seat=q, target=t, marker=marker):
                if marker == "sycophant":
                    sycophant = t
                else:
                    jester = (q, t)
            case ev.Discarded(seat=q, card=card):
                piles[q].append(card)
                moments[-1].shown += ((q, card),)
            case ev.Drew(seat=q, from_set_aside=from_set_aside):
                moments[-1].redrew += (q,)
                deck -= 0 if from_set_aside else 1
            case ev.ChancellorDrew(count=count):
                deck -= count
            case ev.ReturnedToDeck(count=count):
                deck += count
            case ev.KnockedOut(seat=q, cards=cards):
                alive[q] = protected[q] = False
                piles[q].extend(cards)
                knocked.append(q)
            case ev.Guessed(correct=correct):
                moments[-1].missed = not correct
            case ev.TokenAwarded(reason="bishop"):
                moments[-1].bishop_hit = True
            case ev.Swapped(a=a, b=b):
                moments[-1].swapped = (a, b)
            case ev.Compared(seat=q, target=t, loser=loser):
                if loser is None:
                    moments[-1].tied = (q, t)
                else:
                    losers[len(moments) - 1] = (t if loser == q else q, loser)
    settle()
    for i, (winner, loser) in losers.items():
        m = moments[i]
        m.compared = next(((winner, card) for q, card in m.shown if q == loser), None)
    return moments
