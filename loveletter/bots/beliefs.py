"""What the other players hold: a Bayesian reading of the whole round's public history.

Each other seat holds one card between its turns. On its turn it draws a second card and plays one of the two,
keeping the other; so the card it holds now is the card it kept the last time it played, or, further back, the
card it kept every time since it drew it. For every seat this module follows that chain through the round
(:func:`loveletter.engine.moments.public_moments` says what the public knew before each decision) as a hidden Markov
model over card types:

* before each of its plays, the seat held its previous card and a card drawn from those the public had not
  seen; the play it made weighs each possible pair by how likely a sensible player was to make exactly that play
  with those two cards (the ``easy`` heuristic's scores turned into probabilities), and the card it kept is the
  other one;
* what others' plays showed narrows it: a Guard or a Bishop that missed, a comparison it won against a card
  everybody then saw, the Countess rule;
* a new card (a Prince, a Bishop's redraw, the Assassin, a Chancellor's keep) starts the chain afresh, and a
  trade (King, Cardinal) hands the chain to the other seat.

How closely a player follows the heuristic is not known in advance: a :class:`Style` says it (a careful player
almost always makes the heuristic's choice; a loose one, a person playing by feel, only leans towards it). A
searching computer player departs from the heuristic in ways of its own (it keeps a Spy or a Priest the heuristic
would play, and plays cards it would keep): its style has learned :class:`Habits`, fitted on its decisions. The
reading follows every style of a :class:`Model` at once (:data:`PEOPLE`, careful and loose, by default;
:data:`COMPUTERS`, careful and searcher, for the ``hard`` player), and weighs them by how well each explains the
player's plays: over the round, and over the whole game for a player that remembers (:class:`Memory`).

The result (:func:`read`) says, for every other seat in the round, how likely it is to hold each card, as
weights for dealing the hidden cards in a search (:meth:`~loveletter.engine.determinize.Determinizer.sample`'s
``likely``) and as probabilities (:attr:`Reading.chances`); and, for every other seat, the chance of each kind
of player (:attr:`Reading.kinds`: a seat read as a searcher plays by its habits in the ``hard`` player's
play-outs). Everything comes from the view, so a player seated
mid-round, or a game resumed from a save, reads the round as well as a player that watched it; one that did
watch adds what it saw privately (:class:`Memory`: the cards it looked at, its own card between its turns).
``benchmarks/reading.py`` measures how well the reading predicts the hidden cards against each level (against
``easy`` it is calibrated; against a searching player, over-confident: ``benchmarks/NOTES.md`` has the figures).

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=29, first_player=0)
>>> for action in ["Guard>1=Princess", "Handmaid"]:   # a miss, then seat 1 shields its card
...     _ = game.push(action)
>>> odds = read(game.view(0)).chances[1]
>>> round(sum(odds.values()), 6)
1.0
>>> sorted(odds, key=odds.__getitem__, reverse=True)[:3]
['Prince', 'King', 'Countess']
>>> odds["Chancellor"]                     # seat 0 holds the only one left
0.0
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from loveletter.bots.counting import Perspective, Tables
from loveletter.bots.easy import NEVER, Scorer
from loveletter.engine import Action, GameState, Keep, Phase, Play, Redraw, View
from loveletter.engine.determinize import Determinizer
from loveletter.engine.moments import Moment, public_moments


@dataclass(frozen=True, slots=True, eq=False)
class Habits:
    """A learned model of which of its two cards a kind of player plays: the log-odds of playing card ``a``
    rather than ``b`` are the heuristic's score difference (in expected tokens) times ``score``, plus what the
    player does with those cards beyond the heuristic (a bias per card and per pair of cards), each changing
    linearly as the round goes on (``progress``: 0 at the deal, 1 when the deck is empty).
    ``benchmarks/habits.py`` fits one from recorded decisions; :meth:`load` reads what it wrote."""

    #: Log-odds per token of score difference at the deal, and its change by the end of the deck.
    score: float
    score_late: float
    #: card -> (bias, change by the end of the deck); a card left out has none (for example an edition's cards
    #: the model was not fitted on).
    cards: Mapping[str, tuple[float, float]]
    #: (a, b) with a < b -> (bias for a over b, its change by the end of the deck).
    pairs: Mapping[tuple[str, str], tuple[float, float]]
    #: The share of choices the model leaves to chance (as fitted).
    noise: float = 0.0
    #: (c, a) -> the bias for playing card ``a`` when the latest card another player played was ``c``: a searcher
    #: answers that play from its reading of it, which the heuristic's counting leaves out (empty: no such bias).
    after: Mapping[tuple[str, str], float] = field(default_factory=dict)

    def log_odds(self, a: str, b: str, difference: float, progress: float, last: str | None = None) -> float:
        """The log-odds of playing ``a`` rather than ``b`` when ``a`` scores ``difference`` more (``last``: the
        latest card another player played, if any)."""
        if a > b:
            return -self.log_odds(b, a, -difference, progress, last)
        ba, sa = self.cards.get(a, (0.0, 0.0))
        bb, sb = self.cards.get(b, (0.0, 0.0))
        bp, sp = self.pairs.get((a, b), (0.0, 0.0))
        z = (self.score + self.score_late * progress) * difference
        z += ba - bb + (sa - sb) * progress
        if last is not None and self.after:
            after = self.after
            z += after.get((last, a), 0.0) - after.get((last, b), 0.0)
        return z + bp + sp * progress

    @classmethod
    def load(cls, path: Path) -> Habits:
        """The model in the JSON file ``path`` (as ``benchmarks/habits.py`` writes it)."""
        data = json.loads(path.read_text(encoding="utf-8"))
        pairs: dict[tuple[str, str], tuple[float, float]] = {}
        for pair, (bias, late) in data["pairs"].items():
            a, b = pair.split("/")
            pairs[a, b] = (float(bias), float(late))
        cards = {card: (float(bias), float(late)) for card, (bias, late) in data["cards"].items()}
        after: dict[tuple[str, str], float] = {}
        for key, bias in data.get("after", {}).items():
            last, card = key.split("/")
            after[last, card] = float(bias)
        return cls(float(data["score"]), float(data["score_late"]), cards, pairs, float(data["noise"]), after)


@dataclass(frozen=True, slots=True)
class Style:
    """How a player is assumed to choose: the heuristic's scores (in expected tokens) turned into probabilities.
    Which card to play: a softmax of each card's best score at ``temperature`` (a score difference of one
    temperature makes a card e times likelier), and a share ``noise`` of choices the heuristic does not explain;
    how to play it (targets, names): the same with ``detail_temperature`` and ``detail_noise``, looser, since
    they hang on details of what the player knew. With ``habits``, the choice between two cards follows them
    instead of the softmax."""

    temperature: float
    noise: float
    detail_temperature: float
    detail_noise: float
    habits: Habits | None = None


#: A player that follows the heuristic closely (the ``easy`` level, a careful person).
CAREFUL = Style(0.01, 0.02, 0.1, 0.2)
#: A player that only leans towards it (a person playing by feel).
LOOSE = Style(0.3, 0.2, 0.3, 0.3)
#: A searching computer player (``hard``, ``hard-v1``): habits fitted on their decisions in the 2019 edition.
SEARCHER_HABITS = Habits.load(Path(__file__).resolve().parent / "searcher.json")
SEARCHER = Style(1.0 / SEARCHER_HABITS.score, SEARCHER_HABITS.noise, 0.3, 0.3, SEARCHER_HABITS)


@dataclass(frozen=True, slots=True)
class Model:
    """The kinds of player a reading expects (:class:`Style`), and how likely each is before a player has
    played."""

    styles: tuple[Style, ...]
    prior: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.prior) != len(self.styles) or not all(p > 0.0 for p in self.prior):
            raise ValueError("a model needs one prior chance above zero for each of its styles")


#: The default: people, careful or playing by feel (the coach reads with it).
PEOPLE = Model((CAREFUL, LOOSE), (0.5, 0.5))
#: Computer players, a careful heuristic or a searcher (``hard`` reads with it at two players, and lets a seat it
#: reads as a searcher play by the habits in its play-outs). Against ``hard-v1`` that wins about 5 points of games
#: more than :data:`PEOPLE`; against ``easy``, within the runs' spread of it (``benchmarks/NOTES.md``, "The ``hard``
#: player", has the figures; :data:`loveletter.bots.hard_v2.READING` says where it is used).
COMPUTERS = Model((CAREFUL, SEARCHER), (0.5, 0.5))
#: The share of a Chancellor's keeps that are not the best card by value (a Spy kept for its token, a card
#: kept to be played next).
CHANCELLOR_MIX = 0.3


@dataclass(slots=True)
class Memory:
    """What a seat remembers beyond its current view.

    Within the round, what it saw privately that later views no longer show (keys are positions in
    ``view.plays``): ``seen[i]`` lists (seat, card) pairs it knew just before decision ``i``, and ``held[i]`` is
    its own one card just before decision ``i`` (what it kept at its previous decision). Over the game, how well
    each style of the reading's :class:`Model` explained each other player (``evidence``: log-likelihoods of their
    plays in finished rounds; ``latest``: in the round so far). Call :meth:`remember` at every decision,
    :meth:`note` with the action chosen, and :meth:`learn` with the decision's :class:`Reading`."""

    round: int = -1
    seen: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    held: dict[int, str] = field(default_factory=dict)
    evidence: dict[int, list[float]] = field(default_factory=dict)
    latest: dict[int, tuple[float, ...]] = field(default_factory=dict)

    def remember(self, view: View) -> None:
        """Note what ``view`` knows of the other hands (and start a new round's notes when one starts)."""
        if view.round != self.round:
            self.round = view.round
            self.seen = {}
            self.held = {}
            for q, logs in self.latest.items():
                total = self.evidence.setdefault(q, [0.0] * len(logs))
                for k, x in enumerate(logs):
                    total[k] += x
            self.latest = {}
        known = [(sv.seat, sv.known[0]) for sv in view.seats if sv.seat != view.seat and len(sv.known) == 1]
        if known:
            self.seen[len(view.plays)] = known
        if len(view.hand) == 1 and view.phase is Phase.BISHOP:
            self.held[len(view.plays)] = view.hand[0]

    def note(self, view: View, action: Action) -> None:
        """Note the card this seat keeps after ``action`` (when the action alone decides it)."""
        hand = list(view.hand)
        here = len(view.plays)
        if isinstance(action, Play):
            traits = view.ruleset.cards[action.card].traits
            # The kept card stays in hand unless the play replaces or refills it: a King's trade, a Chancellor's
            # draw, or a Prince or Cardinal that chose this seat.
            on_self = view.seat in action.targets and (traits.discards_target or traits.trades)
            replaced = (traits.trades and not traits.may_choose_self) or traits.draws
            if len(hand) == 2 and not replaced and not on_self:
                hand.remove(action.card)
                self.held[here + 1] = hand[0]
        elif isinstance(action, Keep):
            self.held[here] = action.card
        elif isinstance(action, Redraw) and not action.redraw and hand:
            self.held[here + 1] = hand[0]

    def learn(self, reading: Reading) -> None:
        """Keep how well each style explained each player this round (it counts for the rest of the game)."""
        self.latest.update(reading.evidence)

    def styles(self, seat: int, model: Model = PEOPLE) -> tuple[float, ...]:
        """Log-weights of ``model``'s styles for ``seat`` from the finished rounds."""
        return tuple(self.evidence.get(seat, [0.0] * len(model.styles)))


@dataclass(slots=True)
class Reading:
    """One reading of a view. For each other seat in the round holding one card the viewer does not know:"""

    #: card -> weight, relative to the card's share of the unseen cards, that the seat holds it;
    likely: dict[int, dict[str, float]]
    #: card -> chance that the seat holds it (every seat still in the round; see :func:`chances`);
    chances: dict[int, dict[str, float]]
    #: the log-likelihood of the seat's plays this round under each style;
    evidence: dict[int, tuple[float, ...]]
    #: for each other seat that knows a card of the viewer's hand, that card;
    exposed: dict[int, tuple[str, ...]]
    #: for every other seat, the chance of each style of ``model`` from its plays this game;
    kinds: dict[int, tuple[float, ...]] = field(default_factory=dict)
    #: and the kinds of player read.
    model: Model = PEOPLE

    def habits(self, seat: int) -> list[tuple[Habits, float]]:
        """The habits ``seat`` may follow, each with the chance that it does (its style's)."""
        return [
            (style.habits, w)
            for style, w in zip(self.model.styles, self.kinds.get(seat, ()), strict=False)
            if style.habits is not None and w > 0.0
        ]


def read(view: View, memory: Memory | None = None, model: Model = PEOPLE) -> Reading:
    """Read the round from ``view`` (and what ``memory`` adds), expecting the kinds of player of ``model``; see
    the module docstring. A memory is meant for one model: its evidence is per style of that model."""
    return _Reader(view, memory, model).run()


def chances(view: View, likely: Mapping[int, Mapping[str, float]]) -> dict[int, dict[str, float]]:
    """For each other seat still in the round: card -> the chance that it holds that card now, from the weights
    ``likely`` (for a seat holding several cards, the expected share of its hand). Each seat's chances sum to
    one; a card the view places elsewhere gets zero, and a card the viewer knows is there gets one."""
    unseen = view.unseen()
    ids = view.mode.card_ids
    out: dict[int, dict[str, float]] = {}
    pending: list[int] = []
    for sv in view.seats:
        q = sv.seat
        if q == view.seat or not sv.in_round or sv.hand_size == 0:
            continue
        if len(sv.known) >= sv.hand_size:
            row = dict.fromkeys(ids, 0.0)
            for card in sv.known:
                row[card] += 1.0 / len(sv.known)
            out[q] = row
        else:
            pending.append(q)
    # Several seats draw on the same unseen cards: a few rounds of proportional fitting keep the expected copies
    # of each card within what is unseen.
    rows = {q: {c: float(unseen[c]) * likely.get(q, {}).get(c, 1.0) for c in ids} for q in pending}
    for _ in range(4 if len(pending) > 1 else 1):
        for q in pending:
            weights = likely.get(q, {})
            taken = {c: sum(rows[r][c] for r in pending if r != q) for c in ids}
            row = {c: max(0.0, unseen[c] - taken[c]) * weights.get(c, 1.0) for c in ids}
            total = sum(row.values())
            if total <= 0.0:
                row = {c: float(unseen[c]) * weights.get(c, 1.0) for c in ids}
                total = sum(row.values()) or 1.0
            rows[q] = {c: v / total for c, v in row.items()}
    for q in pending:
        sv = view.seats[q]
        hidden = sv.hand_size - len(sv.known)
        row = {c: rows[q][c] * hidden / sv.hand_size for c in ids}
        for card in sv.known:
            row[card] += 1.0 / sv.hand_size
        out[q] = row
    return out


#: A chain: for each style, card -> weight that the seat holds that card (None: nothing to follow).
Chain = list[dict[str, float]]


class _Reader:
    """One reading of one view (see :func:`read`)."""

    def __init__(self, view: View, memory: Memory | None, model: Model) -> None:
        self.view = view
        self.model = model
        self.styles = model.styles
        self.memory = memory if memory is not None and memory.round == view.round else None
        self.past = memory
        self.tables = Tables.of(view.ruleset, view.players)
        self.ids = view.mode.card_ids
        copies = dict(view.mode.copies)
        for card in view.face_up:
            copies[card] -= 1
        #: Copies of each card that the public had not seen at the start of the round.
        self.start = copies
        #: While reading a play: the card of ours the player knew, and the latest card another player played.
        self.knows_me: str | None = None
        self.last: str | None = None
        self.evidence: dict[int, list[float]] = {}

    def public_unseen(self, m: Moment | None) -> dict[str, int]:
        left = dict(self.start)
        piles = m.discards if m is not None else tuple(sv.discards for sv in self.view.seats)
        for pile in piles:
            for card in pile:
                left[card] -= 1
        return left

    def run(self) -> Reading:
        view = self.view
        me = view.seat
        n = view.players
        k = len(self.styles)
        first = {c: float(x) for c, x in self.start.items()}
        chain: list[Chain | None] = [[first] * k if sv.dealt_in and sv.seat != me else None for sv in view.seats]
        memory = self.memory
        seen = memory.seen if memory is not None else {}
        held = memory.held if memory is not None else {}
        mine: str | None = None  # our own card, while we know it
        knows_me: list[str | None] = [None] * n  # the card of ours each seat knows
        moments = public_moments(view)
        played: list[tuple[int, str]] = []  # (seat, card) of the plays so far
        for m in moments:
            i = m.index
            mine = held.get(i, mine)
            for q, card in seen.get(i, ()):
                if chain[q] is not None:
                    chain[q] = [self.certain(card)] * k
            action = m.action
            s = m.seat
            if isinstance(action, Play):
                row = chain[s]
                if s != me and row is not None:
                    self.knows_me = knows_me[s]
                    self.last = next((card for q, card in reversed(played) if q != s), None)
                    chain[s] = self.play(m, s, action, row)
                played.append((s, action.card))
                self.effects(m, action, chain, followed=i + 1 < len(moments))
                if s == me:
                    knows_me = [None if c == action.card else c for c in knows_me]
                elif me in action.targets and self._looks_only(action.card):
                    knows_me[s] = mine
            if m.tied is not None and me in m.tied:
                # A tie shows both cards: ours is the one we kept, when we played the comparison.
                shown = held.get(i + 1) if s == me else mine
                knows_me[m.tied[0] if m.tied[1] == me else m.tied[1]] = shown
            touched = set(m.redrew) | {q for q, _ in m.shown} | set(m.swapped or ())
            if me in touched:
                mine = None
                knows_me = [None] * n
            for q in m.redrew:
                if q != me:
                    chain[q] = [self.fresh(m)] * k
            for q in m.knocked_out:
                chain[q] = None
            for q in range(n):
                rows = chain[q]
                if rows is not None:
                    chain[q] = [self.normal(row, m) for row in rows]
        return self.result(chain)

    def result(self, chain: list[Chain | None]) -> Reading:
        view = self.view
        me = view.seat
        now = self.public_unseen(None)
        likely: dict[int, dict[str, float]] = {}
        evidence = {q: tuple(logs) for q, logs in self.evidence.items()}
        kinds: dict[int, tuple[float, ...]] = {}
        none = (0.0,) * len(self.styles)
        for sv in view.seats:
            q = sv.seat
            if q == me:
                continue
            past = self.past.styles(q, self.model) if self.past is not None else none
            logs = [math.log(p) + x + y for p, x, y in zip(self.model.prior, past, evidence.get(q, none), strict=True)]
            top = max(logs)
            shares = [math.exp(x - top) for x in logs]
            total = sum(shares)
            kinds[q] = tuple(x / total for x in shares)
            rows = chain[q]
            if rows is None or not sv.in_round or sv.known or sv.hand_size != 1:
                continue
            mixed = {c: sum(w * row.get(c, 0.0) for w, row in zip(shares, rows, strict=True)) / total for c in self.ids}
            weights = {c: mixed[c] / now[c] for c in self.ids if now[c] > 0}
            best = max(weights.values(), default=0.0)
            if best > 0.0:
                likely[q] = {c: w / best for c, w in weights.items()}
        # Who knows our cards now is public and the engine keeps it exactly (``knows_me`` in :meth:`run` serves
        # to read past plays: what each player knew of our card when it played).
        return Reading(likely, chances(view, likely), evidence, dict(view.known_by), kinds, self.model)

    # ------------------------------------------------------------------------------------------ steps

    def certain(self, card: str) -> dict[str, float]:
        return {c: (1.0 if c == card else 0.0) for c in self.ids}

    def normal(self, row: dict[str, float], m: Moment) -> dict[str, float]:
        total = sum(row.values())
        if total <= 0.0:
            return self.fresh(m)  # inconsistent with the model: forget what we read
        return {c: w / total for c, w in row.items()}

    def fresh(self, m: Moment) -> dict[str, float]:
        """A card drawn after decision ``m``: as likely as its share of what the public had not seen."""
        left = self.public_unseen(m)
        if isinstance(m.action, Play):
            left[m.action.card] -= 1
        for _, card in m.shown:
            left[card] -= 1
        return {c: float(max(0, x)) for c, x in left.items()}

    def chancellor(self, m: Moment) -> dict[str, float]:
        """The card kept from three: mostly the best of three cards drawn from what the public had not seen."""
        left = self.public_unseen(m)
        if isinstance(m.action, Play):
            left[m.action.card] -= 1
        values = self.tables.value
        total = sum(max(0, x) for x in left.values())
        if total <= 0:
            return dict.fromkeys(self.ids, 1.0)
        out: dict[str, float] = {}
        for c, x in left.items():
            if x <= 0:
                out[c] = 0.0
                continue
            below = sum(max(0, j) for d, j in left.items() if values[d] < values[c]) / total
            same = x / total
            # The best of three is this card when one of them is and the others are lower.
            out[c] = (1.0 - CHANCELLOR_MIX) * ((below + same) ** 3 - below**3) + CHANCELLOR_MIX * same
        return out

    def effects(self, m: Moment, action: Play, chain: list[Chain | None], *, followed: bool = True) -> None:
        """What the public saw a play do to the hands it chose (``followed``: a later decision of the round is
        known)."""
        me = self.view.seat
        values = self.tables.value
        traits = self.tables.traits[action.card]
        targets = action.targets
        rows = chain[targets[0]] if targets else None
        # The reading takes a Bishop's guess into account once a later decision follows it, as it did when it
        # worked the outcome out from that decision; the moments now say it at once (a change to measure first).
        guessed = followed or traits.names != "value"
        if (m.missed or m.bishop_hit) and rows is not None and guessed:
            named = action.named
            by_value = traits.names == "value" or self.tables.by_number
            hit = {c for c in self.ids if (values[c] == named if by_value else c == named)}
            if m.bishop_hit:
                chain[targets[0]] = [{c: (w if c in hit else 0.0) for c, w in row.items()} for row in rows]
            else:
                chain[targets[0]] = [{c: (0.0 if c in hit else w) for c, w in row.items()} for row in rows]
        if m.compared is not None:
            winner, lost = m.compared
            rows = chain[winner]
            if rows is not None:
                v = values[lost]
                if traits.compares == "lower_loses":
                    chain[winner] = [{c: (w if values[c] > v else 0.0) for c, w in row.items()} for row in rows]
                else:
                    chain[winner] = [{c: (w if values[c] < v else 0.0) for c, w in row.items()} for row in rows]
        if m.swapped is not None:
            a, b = m.swapped
            chain[a], chain[b] = chain[b], chain[a]
            if me in (a, b):
                # What we gave is not in the view: the receiver's chain starts afresh.
                chain[me] = None
                chain[b if a == me else a] = [self.fresh(m)] * len(self.styles)
        if traits.draws and m.seat != me and chain[m.seat] is not None:
            chain[m.seat] = [self.chancellor(m)] * len(self.styles)

    def _looks_only(self, card: str) -> bool:
        """A card that shows the chosen hand to its player and changes nothing (Priest, Baroness)."""
        traits = self.tables.traits[card]
        return traits.looks and not traits.trades

    def play(self, m: Moment, q: int, action: Play, rows: Chain) -> Chain:
        """The chain of seat ``q`` after it made ``action`` at moment ``m`` (and the evidence for each style)."""
        pu = self.public_unseen(m)
        played = action.card
        template = self._template(m, q)
        chances: dict[str, tuple[float, ...]] = {}
        for h in self.ids:
            if pu[h] - (1 if h == played else 0) > 0:
                chances[h] = self.likelihood(m, q, action, h, pu, template)
        if not chances or not any(any(x) for x in chances.values()):
            return rows  # the play fits no pair: read nothing from it
        out: Chain = []
        logs = self.evidence.setdefault(q, [0.0] * len(self.styles))
        for k, row in enumerate(rows):
            new: dict[str, float] = {}
            before = after = 0.0
            for h, shares in chances.items():
                if h == played:
                    prior = row.get(played, 0.0) * (pu[played] - 1)
                else:
                    prior = row.get(h, 0.0) * pu[played] + row.get(played, 0.0) * (pu[h] if h != played else 0)
                before += prior
                new[h] = prior * shares[k]
                after += new[h]
            if before > 0.0 and after > 0.0:
                logs[k] += math.log(after / before)
                out.append(new)
            else:
                out.append(row)
        return out

    def _template(self, m: Moment, q: int) -> GameState:
        view = self.view
        s = GameState(view.ruleset, view.players)
        s.alive = list(m.alive)
        s.protected = list(m.protected)
        s.refresh_choosable()
        s.sycophant = m.sycophant
        s.phase = Phase.PLAY
        s.current = s.decider = q
        return s

    def likelihood(
        self, m: Moment, q: int, action: Play, kept: str, pu: Mapping[str, int], template: GameState
    ) -> tuple[float, ...]:
        """For each style, how likely a player holding ``action.card`` and ``kept`` was to play ``action``."""
        s = template.copy()
        s.hands[q] = [action.card, kept]
        legal = s.legal_actions()
        if action not in legal:
            return (0.0,) * len(self.styles)
        if len(legal) == 1:
            return (1.0,) * len(self.styles)
        scorer = Scorer(self._perspective(m, q, (action.card, kept), pu))
        scores = scorer.scores(legal)
        progress = 1.0 - m.deck_size / self.tables.deck_size
        return tuple(_share(legal, scores, action, style, progress, self.last) for style in self.styles)

    def _perspective(self, m: Moment, q: int, hand: tuple[str, str], pu: Mapping[str, int]) -> Perspective:
        """What ``q`` could see at moment ``m`` holding ``hand`` (and what we know it knew of our card)."""
        view = self.view
        n = view.players
        me = view.seat
        p = Perspective.__new__(Perspective)
        p.tables = self.tables
        p.me = q
        p.n = n
        p.phase = Phase.PLAY
        p.current = q
        p.hand = hand
        p.alive = m.alive
        p.protected = m.protected
        p.tokens = [sv.tokens for sv in view.seats]
        p.goal = view.goal
        p.discards = m.discards
        known: list[tuple[str, ...]] = [()] * n
        known[q] = hand
        unseen = dict(pu)
        for card in hand:
            unseen[card] -= 1
        if self.knows_me is not None and unseen[self.knows_me] > 0:
            known[me] = (self.knows_me,)
            unseen[self.knows_me] -= 1
        p.known = known
        # As a player deciding from its view sees it: it cannot tell who knows its card.
        p.exposed = {}
        p.unseen = unseen
        p.total = sum(x for x in unseen.values() if x > 0)
        p.weights = {}
        p.deck_size = m.deck_size
        p.sycophant = m.sycophant
        p.jester = m.jester
        return p


def _share(
    legal: Sequence[Action],
    scores: Sequence[float],
    action: Action,
    style: Style,
    progress: float,
    last: str | None = None,
) -> float:
    """The chance of ``action`` among ``legal`` for a player of ``style``, ``progress`` into the round: which card
    to play (a softmax of each card's best score, or the style's habits between two cards), then how to play it
    (a softmax among that card's plays)."""
    played = action.card if isinstance(action, Play) else None
    best: dict[str | None, float] = {}
    for a, x in zip(legal, scores, strict=True):
        card = a.card if isinstance(a, Play) else None
        if x > best.get(card, -math.inf):
            best[card] = x
    share = 1.0
    habits = style.habits
    # Habits were fitted on choices between two cards; a play the heuristic never makes (such as discarding the
    # Princess) is left to the softmax.
    pair = [c for c in best if c is not None]
    if habits is not None and played is not None and len(pair) == len(best) == 2 and min(best.values()) > NEVER / 2:
        other = pair[0] if pair[1] == played else pair[1]
        z = habits.log_odds(played, other, best[played] - best[other], progress, last)
        chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        share = (1.0 - style.noise) * chance + style.noise / 2
    elif len(best) > 1:
        top = max(best.values())
        odds = {c: math.exp(max(-60.0, (x - top) / style.temperature)) for c, x in best.items()}
        share = (1.0 - style.noise) * odds[played] / sum(odds.values()) + style.noise / len(best)
    mine = [(a, x) for a, x in zip(legal, scores, strict=True) if (a.card if isinstance(a, Play) else None) == played]
    if len(mine) > 1:
        top = best[played]
        weights = [math.exp(max(-60.0, (x - top) / style.detail_temperature)) for _, x in mine]
        chosen = next(w for (a, _), w in zip(mine, weights, strict=True) if a is action)
        share *= (1.0 - style.detail_noise) * chosen / sum(weights) + style.detail_noise / len(mine)
    return share


def weighed_deals(
    view: View, sampler: Determinizer, likely: Mapping[int, Mapping[str, float]]
) -> list[tuple[GameState, float]]:
    """Every distinct deal of ``view``'s hidden cards (``sampler.every()``) with its weight from the reading
    ``likely``: the product, over the other seats whose one hidden card the reading weighs, of that card's chance.
    Deals the reading rules out are left out."""
    weighed = {
        sv.seat: likely[sv.seat]
        for sv in view.seats
        if sv.seat in likely and sv.seat != view.seat and sv.hand_size == 1 and not sv.known and sv.in_round
    }
    deals = []
    for base in sampler.every():
        weight = 1.0
        for seat, row in weighed.items():
            weight *= row.get(base.hands[seat][0], 1.0)
        if weight > 0.0:
            deals.append((base, weight))
    return deals
