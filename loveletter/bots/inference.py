"""Reading the other players' plays: which card each one probably kept.

When a player plays one of their two cards, the one they kept says something: a sensible player keeps the
Princess, plays the Countess beside a King or a Prince (and cannot play either beside her), plays a Handmaid to
shield a strong card... :class:`PlayReader` turns each opponent's latest play into a likelihood for every card
they might have kept: the chance that the ``easy`` heuristic, holding the played card and that one, would have
played as they did. A searching player then deals their hidden card with these weights
(:meth:`~loveletter.engine.determinize.Determinizer.sample`'s ``likely``).

It needs only views: it remembers each player's discard pile from this seat's previous decision in the round, so
a card that appeared since is that player's latest play. Plays that replace the player's hand (King, Chancellor,
Cardinal) or that came with other discards (a Prince on them) teach nothing and are skipped. The opponent's view
when they played is rebuilt approximately (what they could see then, nothing of their private knowledge), and no
card is ever ruled out entirely except by the rules (the Countess), since opponents are not all heuristic players.
"""

from __future__ import annotations

import math
from itertools import combinations

from loveletter.bots.counting import Perspective, Tables
from loveletter.bots.easy import Scorer
from loveletter.engine import Action, Keep, Phase, Play, View
from loveletter.engine.traits import Traits

#: How sharply the heuristic's preference decides (a difference of scores, in tokens, per factor e).
TEMPERATURE = 0.05
#: The least likelihood of any card the rules allow: other players make choices the heuristic would not.
FLOOR = 0.1


class PlayReader:
    """A seat's memory of the round, from its own views: the discard piles at its last decision (to read the
    plays made since), the card it kept, and who has seen that card.

    Call :meth:`read` at the start of every decision and :meth:`note` with the action chosen."""

    __slots__ = ("_alive", "_exposed", "_held", "_knew", "_last", "_piles", "_round")

    def __init__(self) -> None:
        self._round = -1
        self._piles: tuple[tuple[str, ...], ...] = ()
        self._alive: tuple[bool, ...] = ()
        self._knew: frozenset[int] = frozenset()
        self._held: str | None = None
        self._last: Action | None = None
        self._exposed: dict[int, tuple[str, ...]] = {}

    def read(self, view: View) -> tuple[dict[int, dict[str, float]], dict[int, tuple[str, ...]]]:
        """(for each opponent whose latest play is readable: card -> likelihood that they kept it; for each
        opponent who knows our card: that card)."""
        piles = tuple(sv.discards for sv in view.seats)
        fresh = view.round != self._round or len(self._piles) != len(piles)
        if fresh:
            self._round = view.round
            self._piles = tuple(() for _ in piles)
            self._alive = tuple(sv.dealt_in for sv in view.seats)
            self._knew = frozenset()
            # Our first decision of the round: we still hold the card we were dealt if nothing hit us yet.
            mine = view.seats[view.seat]
            self._held = view.hand[0] if view.hand and not mine.discards and mine.in_round else None
            self._last = None
            self._exposed = {}
        tables = Tables.of(view.ruleset, view.players)
        new = {sv.seat: sv.discards[len(before) :] for sv, before in zip(view.seats, self._piles, strict=True)}
        for sv, before in zip(view.seats, self._piles, strict=True):
            if sv.discards[: len(before)] != before:
                new[sv.seat] = ()  # cannot happen within a round; be safe
        self._track_exposure(view, tables, new)
        likely: dict[int, dict[str, float]] = {}
        if view.phase is Phase.PLAY:
            for sv in view.seats:
                q = sv.seat
                if q == view.seat or not sv.in_round or sv.known or sv.hand_size != 1 or len(new[q]) != 1:
                    continue
                played = new[q][0]
                if _uninformative(tables.traits[played]):
                    continue
                likely[q] = likelihoods(view, tables, q, played, self._alive)
        self._piles = piles
        self._alive = tuple(sv.in_round for sv in view.seats)
        self._knew = frozenset(sv.seat for sv in view.seats if sv.known and sv.seat != view.seat)
        return likely, dict(self._exposed)

    def note(self, view: View, action: Action) -> None:
        """What we did: the card we keep, and what the others may learn of it."""
        self._last = action
        if isinstance(action, Play):
            hand = list(view.hand)
            hand.remove(action.card)
            draws = view.ruleset.cards[action.card].traits.draws
            self._held = hand[0] if len(hand) == 1 and not draws else None
            if draws:
                self._exposed = {}
        elif isinstance(action, Keep):
            self._held = action.card
            self._exposed = {}  # a Chancellor's keep hides the hand again
        else:
            self._held = view.hand[0] if not action.redraw and view.hand else None
            if action.redraw:
                self._exposed = {}

    def _track_exposure(self, view: View, tables: Tables, new: dict[int, tuple[str, ...]]) -> None:
        me = view.seat
        mine = view.seats[me]
        if not mine.in_round or not view.hand:
            self._exposed = {}
            return
        held = self._held
        now = view.hand[0]
        exposed = self._exposed
        last = self._last
        # Our own comparison or trade last turn: the other player saw or received our card.
        self._last = None
        if isinstance(last, Play) and last.targets:
            traits = tables.traits[last.card]
            q = last.targets[0]
            if 0 <= q < view.players and view.seats[q].in_round and q != me:
                if traits.compares and now == held:
                    exposed[q] = (now,)  # a tie: both stayed in, both saw both cards
                elif _trades_with_player(traits):
                    exposed[q] = (now,)  # they gave us this card
        # The others' plays since our last decision.
        protected_then = bool(mine.discards) and tables.traits[mine.discards[-1]].protects
        for sv in view.seats:
            q = sv.seat
            if q == me or len(new[q]) != 1 or not sv.in_round:
                continue
            traits = tables.traits[new[q][0]]
            if traits.looks and traits.targets == "another" and not protected_then and now == held:  # a Priest
                others = [
                    s.seat for s in view.seats if s.seat not in (q, me) and self._alive[s.seat] and not s.protected
                ]
                if not others:
                    exposed[q] = (now,)  # we were the only player the Priest could choose
            elif traits.compares:
                if sv.known and q not in self._knew and now == held:
                    exposed[q] = (now,)  # a tie with us: we saw each other's card
            elif _trades_with_player(traits) and held is not None and now != held and sv.known == (held,):
                exposed[q] = (now,)  # a trade with us: they know what they gave
        # Knowledge ends when the card leaves our hand or we play one like it (docs/rules.md §2.6).
        gone = set(new[me])
        for q, cards in list(exposed.items()):
            if not view.seats[q].in_round or any(c not in view.hand or c in gone for c in cards):
                del exposed[q]


def likelihoods(view: View, tables: Tables, q: int, played: str, alive_then: tuple[bool, ...]) -> dict[str, float]:
    """card -> how likely seat ``q`` kept it, having played ``played``."""
    unseen = view.unseen()
    # What q could not see when it played: our cards, what we know of others' hands and of the deck.
    theirs = dict(unseen)
    for card in view.hand:
        theirs[card] = theirs.get(card, 0) + 1
    for sv in view.seats:
        if sv.seat not in (q, view.seat):
            for card in sv.known:
                theirs[card] = theirs.get(card, 0) + 1
    for _, card in view.deck_known:
        theirs[card] = theirs.get(card, 0) + 1
    forced_by = view.ruleset.countess_forced_by
    out: dict[str, float] = {}
    for kept, count in unseen.items():
        if count <= 0:
            continue
        if kept == played:
            out[kept] = 1.0
            continue
        countess_played = tables.traits[played].forced and kept in forced_by
        countess_kept = tables.traits[kept].forced and played in forced_by
        if countess_kept:
            out[kept] = 0.0  # the Countess would have had to be played
            continue
        if countess_played:
            out[kept] = 1.0
            continue
        p = _perspective(view, tables, q, played, kept, theirs, alive_then)
        scorer = Scorer(p)
        gap = _best(scorer, p, played) - _best(scorer, p, kept)
        out[kept] = max(FLOOR, 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, gap / TEMPERATURE)))))
    return out


def _perspective(
    view: View,
    tables: Tables,
    q: int,
    played: str,
    kept: str,
    theirs: dict[str, int],
    alive_then: tuple[bool, ...],
) -> Perspective:
    """q's perspective just before it played ``played``, holding ``kept`` too (approximately)."""
    p = Perspective.__new__(Perspective)
    n = view.players
    p.tables = tables
    p.me = q
    p.n = n
    p.phase = Phase.PLAY
    p.current = q
    p.hand = (played, kept)
    p.alive = list(alive_then)
    protected = [sv.protected for sv in view.seats]
    protected[q] = False
    me = view.seat
    mine = view.seats[me].discards
    # We were protected then if our latest play was a Handmaid (our protection has just ended).
    protected[me] = bool(mine) and tables.traits[mine[-1]].protects
    p.protected = protected
    p.tokens = [sv.tokens for sv in view.seats]
    p.goal = view.goal
    discards = [sv.discards for sv in view.seats]
    discards[q] = discards[q][:-1]
    p.discards = discards
    known: list[tuple[str, ...]] = [()] * n
    known[q] = p.hand
    p.known = known
    p.exposed = {}
    unseen = dict(theirs)
    unseen[kept] -= 1
    p.unseen = unseen
    p.total = sum(unseen.values())
    p.weights = {}
    p.deck_size = view.deck_size + 1
    p.sycophant = None
    p.jester = view.jester
    return p


def _best(scorer: Scorer, p: Perspective, card: str) -> float:
    """The heuristic's score for the best way to play ``card`` in ``p``."""
    tables = p.tables
    traits = tables.traits[card]
    me = p.me
    others = [s for s in range(p.n) if s != me and p.alive[s] and not p.protected[s]]
    best = -1e9
    targets = traits.targets
    if traits.names:
        names: tuple[str | int, ...] = tables.guard_names
        plays = [Play(card, (t,), name) for t in others for name in names]
    elif targets == "another":
        plays = [Play(card, (t,)) for t in others]
    elif targets == "anyone":
        plays = [Play(card, (t,)) for t in [*others, me]]
    elif targets == "one_or_two_others":
        plays = [Play(card, (t,)) for t in others] + [Play(card, pair) for pair in combinations(others, 2)]
    elif targets == "two_players":
        plays = [Play(card, pair) for pair in combinations(sorted([*others, me]), 2)]
    else:
        plays = []
    for action in plays or [Play(card)]:
        best = max(best, scorer.play(action))
    return best


def _uninformative(traits: Traits) -> bool:
    """A play after which the kept card says nothing: the hand was traded or refilled (King, Cardinal, Chancellor)."""
    return traits.trades or traits.draws


def _trades_with_player(traits: Traits) -> bool:
    """A trade of the player's own hand with the chosen one's (the King; the Cardinal may trade any two)."""
    return traits.trades and not traits.may_choose_self
