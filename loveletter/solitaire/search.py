"""Expectimax over what the solitaire player cannot see: the value of every legal action, exact when it can be.

The player of the solitaire sees almost everything. What it cannot see (the face-down queue cards, a face-down
secret agent, the draw pile) is a set of cards whose types it knows (:meth:`SolitaireView.unseen`) and nothing
more: every card that becomes known is turned face up (docs/rules.md §6.3), so every arrangement of the unseen cards
over the hidden places is equally likely, whatever happened before. The search therefore never deals the hidden
cards out. Its state is what the player knows: the queue (each place a known card or a face-down one), the hand
card, the agent (empty, face down or known), the unseen cards by type and the retinue's Handmaid. When a hidden
card is turned up, drawn, compared or played, the search branches over its type, each with its share of the
unseen cards (a chance node); the player's choices are max nodes; the retinue has no choice (its Guard's guess is
a function of the unseen cards, §6.5). That is the whole game as the player knows it: the value of a state is the
chance that the best player wins from it.

* Transposition tables: values are stored per state (queue places by order, not by label), at the start of a
  player's turn, after the player's card (before the retinue's) and per pair of cards to play from. The exact
  ones are kept for the bot's whole game.
* Pruning: a sure win stops a max node; a Guard on a face-down card compares all its names in one pass over the
  card's chances (the reveals are shared; a name no unseen card has is a sure miss, one of them is enough).
* Where the exact search would take too long (more than :data:`EXACT_RETINUE` retinue cards to go, or more new
  states than its budget), the search looks to the end of the current turn only and estimates the turns after
  it (:mod:`.estimate`, fitted to exact values). Those early verdicts depend on the view alone, so a process
  shares them between games: every game starts from one of seven views.

This module mirrors the rules of :mod:`.state` on that compact state, for speed; ``tests/solitaire/
test_search.py`` holds the two to the same outcomes, with the same chances, on every action of many states.

>>> from loveletter.solitaire.game import SolitaireGame
>>> layout = ["Baron", "Priest", "Prince", "Priest", "Guard", "Guard", "Handmaid", "Countess", "Baron", "Guard",
...           "Guard", "Handmaid", "King", "Prince", "Guard"]
>>> game = SolitaireGame.replay(layout, ["draw", "Handmaid", "draw", "Guard>Q4=Prince", "draw", "Guard>Q3=Handmaid",
...                                      "choose agent", "draw", "Baron>Q4/hand", "choose agent", "draw"])
>>> view = game.view()     # Q6 face down, then the princess; both unseen cards are Guards
>>> [q.card for q in view.queue], view.hand, view.agent, view.draw_size
([None, 'Princess'], ('King', 'Prince'), 'Handmaid', 1)
>>> verdict = Search(game.ruleset).values(view)
>>> verdict.exact, {str(action): value for action, value in verdict.values.items()}
(True, {'King>Q6/hand': 1.0, 'King>Q6/agent': 0.0, 'Prince>Q6': 0.0, 'Prince>hand': 0.0, 'Prince>agent': 0.0})
>>> Search(game.ruleset).values(SolitaireGame(seed=1).view()).exact     # the first turn: estimated
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.compact import (
    BARON,
    COUNTESS,
    EMPTY,
    GUARD,
    HANDMAID,
    HIDDEN,
    KING,
    PRIEST,
    PRINCE,
    PRINCESS,
    Cards,
    Queue,
    Unseen,
)
from loveletter.solitaire.estimate import estimate as fitted_estimate
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.ruleset import SolitaireRuleset
from loveletter.solitaire.view import SolitaireView

#: States the exact search may add per decision before it gives way to the estimate (some 0.1 s per 5,000).
DEFAULT_BUDGET = 10_000
#: With more retinue cards than this in the queue the game is too long for the exact search: it is not tried.
EXACT_RETINUE = 4
#: The exact tables are emptied when they hold more states than this (a bound on memory, some 150 MB).
TABLE_LIMIT = 600_000

Move = tuple[int, int, int]  # (kind, queue position, extra: a named card, or 1 for the hand / 0 for the agent)
Chances = tuple[int, tuple[tuple[int, int, Unseen], ...]]  # (total, (card, copies, unseen without it)...)
Estimate = Callable[[Cards, Queue, int, int, Unseen, bool], float]

# Moves: what a played card does, in the terms of the search's state.
M_NONE, M_HANDMAID, M_LOSE, M_GUARD_UP, M_GUARD, M_PRIEST, M_PRIEST_AGENT = range(7)
M_BARON, M_BARON_REVEAL, M_PRINCE_QUEUE, M_PRINCE_OWN, M_KING = range(7, 12)
HAND, AGENT = 1, 0


class OutOfBudget(Exception):
    """The exact search needed more states than its budget."""


def _decision_key(view: SolitaireView) -> tuple[object, ...]:
    """What a decision depends on in ``view`` (its queue places by label: the actions name them)."""
    queue = tuple((q.slot, q.card) for q in view.queue)
    return (view.phase, queue, view.hand, view.playing, view.agent_state, view.agent, view.queue_protected,
            view.threat, tuple(sorted(view.unseen().items())))  # fmt: skip


#: Verdicts of the early decisions, shared by every game of the process (see :meth:`Search.values`).
_EARLY: dict[tuple[object, ...], Verdict] = {}
EARLY_LIMIT = 20_000


@dataclass(frozen=True, slots=True)
class Verdict:
    """The value of each legal action (the chance to win after it, with best play), and whether it is exact."""

    values: dict[Action, float]
    exact: bool
    states: int  # states the search added to its tables for this decision


def draws(q: Queue, agent: int, u: Unseen) -> int:
    """The draw pile's size: the unseen cards not face down on the table."""
    return sum(u) - q.count(HIDDEN) - (agent == HIDDEN)


class Search:
    """Expectimax over the player's knowledge (see the module docstring). One per game: its tables of exact
    values serve every later decision."""

    def __init__(self, ruleset: SolitaireRuleset, *, budget: int = DEFAULT_BUDGET, estimate: Estimate | None = None):
        self.cards = Cards(ruleset)
        self.budget = budget
        self.estimate = estimate if estimate is not None else fitted_estimate
        self._turns: dict[tuple[object, ...], float] = {}  # exact values at the start of a player's turn
        self._afters: dict[tuple[object, ...], float] = {}  # ... after the player's card
        self._plays: dict[tuple[object, ...], float] = {}  # ... of the best play from two cards
        self._guessed: dict[tuple[object, ...], float] = {}  # values that rest on estimates, per depth
        self._chance_table: dict[Unseen, Chances] = {}
        self._estimated: dict[tuple[object, ...], float] = {}
        self._estimates = 0  # estimates used so far: a value computed without using any more is exact
        self._added = 0
        self._limit = 0

    # ------------------------------------------------------------------------------------------ the root

    def values(self, view: SolitaireView) -> Verdict:
        """The value of each of ``view``'s legal actions: exact if the search to the end of the game fits the
        budget, else looking to the end of this turn and estimating the turns after it."""
        if len(self._turns) + len(self._afters) + len(self._plays) > TABLE_LIMIT:
            self._turns.clear()
            self._afters.clear()
            self._plays.clear()
            self._estimated.clear()
        self._added = 0
        if sum(q.card != view.princess for q in view.queue) <= EXACT_RETINUE:
            self._limit = self.budget
            try:
                return Verdict(self._root(view, depth=1 << 30), True, self._added)
            except OutOfBudget:
                pass
            return self._estimated_verdict(view)
        # Early in the game: the exact search is not tried, so the verdict depends on the view alone (the tables
        # hold nothing this early) and is shared between games; a game starts from one of a few views.
        key = (self.cards.key, self.estimate, *_decision_key(view))
        verdict = _EARLY.get(key)
        if verdict is None:
            if len(_EARLY) > EARLY_LIMIT:
                _EARLY.clear()
            verdict = _EARLY[key] = self._estimated_verdict(view)
        return verdict

    def solve(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool) -> float | None:
        """The exact value at the start of a player's turn in this state (the arguments of an
        :data:`Estimate`), or ``None`` if it needs more than the budget of states (for fitting the estimate)."""
        self._added = 0
        self._limit = self.budget
        try:
            return self._turn(q, hand, agent, u, qp, 1 << 30)
        except OutOfBudget:
            return None

    def _estimated_verdict(self, view: SolitaireView) -> Verdict:
        self._limit = 1 << 62
        before = self._estimates
        # To the end of this turn; an answer to "hand or agent?" ends the retinue's turn, so it looks no further.
        values = self._root(view, depth=0 if view.phase is Phase.CHOOSE else 1)
        self._guessed.clear()
        return Verdict(values, self._estimates == before, self._added)

    def _root(self, view: SolitaireView, depth: int) -> dict[Action, float]:
        cards = self.cards
        ix = cards.index
        q, hand, agent, u, qp = cards.state(view)
        position = {p.slot: i for i, p in enumerate(view.queue)}
        out: dict[Action, float] = {}
        for action in view.legal_actions:
            if isinstance(action, Draw):
                out[action] = self._draw(q, hand[0], agent, u, qp, depth)
            elif isinstance(action, PlayAgent):
                out[action] = self._flip(q, hand[0], agent, u, qp, depth)
            elif isinstance(action, Choose):
                threat = view.threat
                assert threat is not None
                mine = HAND if action.own == "hand" else AGENT
                if threat.by == "retinue":
                    effect = cards.effect[ix[threat.card]]
                    out[action] = self._retinue_hits(effect, mine, q, hand[0], agent, u, depth)
                else:
                    assert threat.reference is not None
                    out[action] = self._baron(q, position[threat.reference], mine, hand[0], agent, u, depth)
            else:
                card = ix[action.card]
                kept = hand[0] if view.playing is not None else ix[view.kept(action.card)[0]]
                move = self._move_of(action, card, position, q)
                out[action] = self._move(card, kept, move, q, agent, u, qp, depth)
        return out

    def _move_of(self, action: Play, card: int, position: dict[int, int], q: Queue) -> Move:
        """The search's move for the engine's play ``action``."""
        effect = self.cards.effect[card]
        target = action.target
        if effect == PRINCESS:
            return (M_LOSE, 0, 0)
        if effect == HANDMAID:
            return (M_HANDMAID, 0, 0)
        if target is None:
            return (M_NONE, 0, 0)
        own = HAND if action.own == "hand" else AGENT
        if isinstance(target, str):  # a Priest or a Prince on the player's own card
            if effect == PRIEST:
                return (M_PRIEST_AGENT, 0, 0)
            return (M_PRINCE_OWN, 0, HAND if target == "hand" else AGENT)
        i = position[target]
        if effect == GUARD:
            if q[i] != HIDDEN:
                return (M_GUARD_UP, i, 0)
            assert action.named is not None
            return (M_GUARD, i, self.cards.index[action.named])
        if effect == PRIEST:
            return (M_PRIEST, i, 0)
        if effect == BARON:
            return (M_BARON_REVEAL, i, 0) if action.own is None else (M_BARON, i, own)
        if effect == PRINCE:
            return (M_PRINCE_QUEUE, i, 0)
        return (M_KING, i, own)

    # --------------------------------------------------------------------------------------- helpers

    def _chances(self, u: Unseen) -> Chances:
        """The types a hidden card may be, each with its copies and the unseen cards once it is known."""
        got = self._chance_table.get(u)
        if got is None:
            kids = tuple((c, n, (*u[:c], n - 1, *u[c + 1 :])) for c, n in enumerate(u) if n)
            got = self._chance_table[u] = (sum(u), kids)
        return got

    def _count(self) -> None:
        self._added += 1
        if self._added > self._limit:
            raise OutOfBudget

    def _known(self, table: dict[tuple[object, ...], float], key: tuple[object, ...], depth: int) -> float | None:
        """The value of ``key`` if it is in ``table`` (exact) or was estimated at this depth (then it counts as
        an estimate used)."""
        got = table.get(key)
        if got is None:
            got = self._guessed.get((*key, depth))
            if got is not None:
                self._estimates += 1
        return got

    def _store(
        self, table: dict[tuple[object, ...], float], key: tuple[object, ...], depth: int, before: int, v: float
    ) -> None:
        if self._estimates == before:
            table[key] = v
        else:
            self._guessed[(*key, depth)] = v

    # ---------------------------------------------------------------------------------- player's turn

    def _next_turn(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        """After a retinue card: an empty queue wins; with nothing to draw and no agent the player loses."""
        if not q:
            return 1.0
        if agent == EMPTY and draws(q, agent, u) == 0:
            return 0.0
        return self._turn(q, hand, agent, u, qp, depth)

    def _turn(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        key = (q, hand, agent, u, qp, 0)
        if depth <= 0:
            got = self._turns.get(key)  # an exact value beats the estimate
            if got is None:
                self._estimates += 1
                got = self._estimated.get(key)
                if got is None:
                    got = self._estimated[key] = self.estimate(self.cards, q, hand, agent, u, qp)
            return got
        got = self._known(self._turns, key, depth)
        if got is not None:
            return got
        self._count()
        before = self._estimates
        best = self._draw(q, hand, agent, u, qp, depth) if draws(q, agent, u) else 0.0
        if best < 1.0 and agent != EMPTY:
            best = max(best, self._flip(q, hand, agent, u, qp, depth))
        self._store(self._turns, key, depth, before, best)
        return best

    def _draw(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        total, kids = self._chances(u)
        return sum(n * self._best_play(q, hand, c, agent, uc, qp, False, depth) for c, n, uc in kids) / total

    def _flip(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        if agent != HIDDEN:
            return self._best_play(q, hand, agent, EMPTY, u, qp, True, depth)
        total, kids = self._chances(u)
        return sum(n * self._best_play(q, hand, c, EMPTY, uc, qp, True, depth) for c, n, uc in kids) / total

    def _pairs(self, a: int, b: int, flipped: bool) -> tuple[tuple[int, int], ...]:
        """(card played, card kept): the flipped agent ``b``; else either card, unless the Countess must go."""
        if flipped:
            return ((b, a),)
        cards = self.cards
        if cards.effect[a] == COUNTESS and b in cards.forced:
            return ((a, b),)
        if cards.effect[b] == COUNTESS and a in cards.forced:
            return ((b, a),)
        return ((a, b),) if a == b else ((a, b), (b, a))

    def _best_play(self, q: Queue, a: int, b: int, agent: int, u: Unseen, qp: bool, flipped: bool, depth: int) -> float:
        if not flipped and b < a:
            a, b = b, a
        key = (q, a, b, agent, u, qp, flipped)
        got = self._known(self._plays, key, depth)
        if got is not None:
            return got
        self._count()
        before = self._estimates
        best = 0.0
        for card, kept in self._pairs(a, b, flipped):
            if self.cards.effect[card] == GUARD:
                best = max(best, self._best_guard(kept, q, agent, u, qp, depth))
            else:
                for move in self._moves(card, q, agent, qp):
                    best = max(best, self._move(card, kept, move, q, agent, u, qp, depth))
                    if best >= 1.0:
                        break
            if best >= 1.0:
                break
        self._store(self._plays, key, depth, before, best)
        return best

    def _targets(self, q: Queue, qp: bool) -> list[int]:
        """The queue positions the player's cards may choose (§6.3)."""
        if qp:
            return []
        if len(q) > 1:
            princess = self.cards.princess
            return [i for i, c in enumerate(q) if c != princess]
        return [0]

    def _best_guard(self, kept: int, q: Queue, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        """The best Guard: naming ``n`` on a face-down card is worth the reveal of every other card plus the
        discard of an ``n``, so one pass over the card's chances compares every name."""
        after = self._after
        targets = self._targets(q, qp)
        if not targets:
            return after(q, kept, agent, u, False, depth)
        total, kids = self._chances(u)
        names = self.cards.names
        best = 0.0
        for t in targets:
            gone = q[:t] + q[t + 1 :]
            if q[t] != HIDDEN:
                v = after(gone, kept, agent, u, False, depth)
            else:
                reveal = gain = 0.0
                for c, n, uc in kids:
                    shown = after((*q[:t], c, *q[t + 1 :]), kept, agent, uc, False, depth)
                    reveal += n * shown
                    if c in names:
                        gain = max(gain, n * (after(gone, kept, agent, uc, False, depth) - shown))
                v = (reveal + gain) / total
            best = max(best, v)
            if best >= 1.0:
                break
        return best

    def _moves(self, card: int, q: Queue, agent: int, qp: bool) -> list[Move]:
        """Every distinct way to play ``card`` (a Guard's names are handled by :meth:`_best_guard`)."""
        effect = self.cards.effect[card]
        if effect == PRINCESS:
            return [(M_LOSE, 0, 0)]
        if effect == HANDMAID:
            return [(M_HANDMAID, 0, 0)]
        targets = [] if effect == COUNTESS else self._targets(q, qp)
        owns = (HAND, AGENT) if agent != EMPTY else (HAND,)
        out: list[Move] = []
        if effect == PRIEST:
            out = [(M_PRIEST, t, 0) for t in targets if q[t] == HIDDEN]
            if agent == HIDDEN:
                out.append((M_PRIEST_AGENT, 0, 0))
        elif effect == BARON:
            if self.cards.reveal_first:
                out = [(M_BARON_REVEAL, t, 0) for t in targets]
            else:
                out = [(M_BARON, t, own) for t in targets for own in owns]
        elif effect == PRINCE:
            out = [(M_PRINCE_QUEUE, t, 0) for t in targets] + [(M_PRINCE_OWN, 0, own) for own in owns]
        elif effect == KING:
            out = [(M_KING, t, own) for t in targets for own in owns]
        return out or [(M_NONE, 0, 0)]

    def _move(self, card: int, kept: int, move: Move, q: Queue, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        """The value of playing ``card`` (keeping ``kept``) as ``move``."""
        kind, t, x = move
        after = self._after
        if kind == M_NONE:
            return after(q, kept, agent, u, False, depth)
        if kind == M_HANDMAID:
            return after(q, kept, agent, u, True, depth)
        if kind == M_LOSE:
            return 0.0
        if kind == M_GUARD_UP:
            return after(q[:t] + q[t + 1 :], kept, agent, u, False, depth)
        if kind == M_PRINCE_OWN:
            return self._prince_own(q, x, kept, agent, u, depth, False)
        if kind == M_KING:
            return self._swap(q, t, x, kept, agent, u, depth, False)
        if kind == M_BARON:
            return self._baron(q, t, x, kept, agent, u, depth)
        total, kids = self._chances(u)
        if kind == M_PRIEST_AGENT:
            return sum(n * after(q, kept, c, uc, False, depth) for c, n, uc in kids) / total
        if q[t] != HIDDEN:
            if kind == M_BARON_REVEAL:
                return self._baron_either(q, t, kept, agent, u, depth)
            assert kind == M_PRINCE_QUEUE
            return self._prince_queue(q, t, kept, agent, u, depth)
        v = 0.0
        for c, n, uc in kids:
            shown = (*q[:t], c, *q[t + 1 :])
            if kind == M_GUARD and c == x:
                v += n * after(q[:t] + q[t + 1 :], kept, agent, uc, False, depth)
            elif kind in (M_GUARD, M_PRIEST):
                v += n * after(shown, kept, agent, uc, False, depth)
            elif kind == M_BARON_REVEAL:
                v += n * self._baron_either(shown, t, kept, agent, uc, depth)
            else:
                v += n * self._prince_queue(shown, t, kept, agent, uc, depth)
        return v / total

    def _baron_either(self, q: Queue, t: int, kept: int, agent: int, u: Unseen, depth: int) -> float:
        """The player's Baron (reveal-first flag) once q[t] is shown: compare the better own card."""
        v = self._baron(q, t, HAND, kept, agent, u, depth)
        if agent != EMPTY and v < 1.0:
            v = max(v, self._baron(q, t, AGENT, kept, agent, u, depth))
        return v

    def _baron(self, q: Queue, t: int, own: int, kept: int, agent: int, u: Unseen, depth: int) -> float:
        """The player's Baron on q[t] with the hand card or the agent; both cards end face up."""
        if own == HAND or agent != HIDDEN:
            mine = kept if own == HAND else agent
            if q[t] != HIDDEN:
                return self._compared(q, t, mine, kept, agent, u, depth)
            total, kids = self._chances(u)
            return sum(n * self._compared((*q[:t], c, *q[t + 1 :]), t, mine, kept, agent, uc, depth)
                       for c, n, uc in kids) / total  # fmt: skip
        total, kids = self._chances(u)
        v = 0.0
        for a, n, ua in kids:  # the agent's type, then the queue card's
            if q[t] != HIDDEN:
                v += n * self._compared(q, t, a, kept, a, ua, depth)
                continue
            total2, kids2 = self._chances(ua)
            w = sum(n2 * self._compared((*q[:t], c, *q[t + 1 :]), t, a, kept, a, u2, depth) for c, n2, u2 in kids2)
            v += n * w / total2
        return v / total

    def _compared(self, q: Queue, t: int, mine: int, kept: int, agent: int, u: Unseen, depth: int) -> float:
        value = self.cards.value
        theirs = q[t]
        if value[mine] < value[theirs]:
            return 0.0
        if value[theirs] < value[mine]:
            q = q[:t] + q[t + 1 :]
        return self._after(q, kept, agent, u, False, depth)

    def _prince_queue(self, q: Queue, t: int, kept: int, agent: int, u: Unseen, depth: int) -> float:
        """The player's Prince on the queue card q[t], now known: out, then replaced from the pile (§6.7 D14)."""
        gone = q[:t] + q[t + 1 :]
        if q[t] == self.cards.princess:
            return self._after(gone, kept, agent, u, False, depth)
        mode = self.cards.prince_queue
        pile = draws(q, agent, u)
        if mode == "remove" or (mode == "replace_if_possible" and not pile):
            return self._after(gone, kept, agent, u, False, depth)
        if not pile:
            return 0.0
        return self._after((*q[:t], HIDDEN, *q[t + 1 :]), kept, agent, u, False, depth)

    def _then(self, retinue: bool) -> Callable[[Queue, int, int, Unseen, bool, int], float]:
        """What follows a card's effect: the player's next turn (after a retinue card) or the retinue's."""
        return self._next_turn if retinue else self._after_unprotected

    def _after_unprotected(self, q: Queue, hand: int, agent: int, u: Unseen, qp: bool, depth: int) -> float:
        return self._after(q, hand, agent, u, False, depth)

    def _prince_own(self, q: Queue, own: int, held: int, agent: int, u: Unseen, depth: int, retinue: bool) -> float:
        """A Prince (the player's or the retinue's) on the player's hand card or agent: discarded, then
        replaced from the pile (a face-down agent comes back face down); the princess or an empty pile loses."""
        then = self._then(retinue)
        if own == HAND:
            if held == self.cards.princess or not draws(q, agent, u):
                return 0.0
            total, kids = self._chances(u)
            return sum(n * then(q, c, agent, uc, False, depth) for c, n, uc in kids) / total
        if agent == HIDDEN:  # the agent is shown as it is discarded; the replacement stays face down
            total, kids = self._chances(u)
            return sum(n * then(q, held, HIDDEN, uc, False, depth) for c, n, uc in kids if draws(q, EMPTY, uc)) / total
        if agent == self.cards.princess or not draws(q, agent, u):
            return 0.0
        return then(q, held, HIDDEN, u, False, depth)

    def _swap(self, q: Queue, t: int, own: int, held: int, agent: int, u: Unseen, depth: int, retinue: bool) -> float:
        """A King (either side's): the hand card or the agent changes places with q[t], faces kept; the card
        entering the hand is known, the hand card enters the queue face up."""
        then = self._then(retinue)
        taken = q[t]
        if own == AGENT:
            return then((*q[:t], agent, *q[t + 1 :]), held, taken, u, False, depth)
        given = (*q[:t], held, *q[t + 1 :])
        if taken != HIDDEN:
            return then(given, taken, agent, u, False, depth)
        total, kids = self._chances(u)
        return sum(n * then(given, c, agent, uc, False, depth) for c, n, uc in kids) / total

    # ---------------------------------------------------------------------------------- retinue's turn

    def _after(self, q: Queue, hand: int, agent: int, u: Unseen, pp: bool, depth: int) -> float:
        """The value after the player's card: an empty queue wins; else the retinue plays its first card."""
        if not q:
            return 1.0
        key = (q, hand, agent, u, pp, 1)
        got = self._known(self._afters, key, depth)
        if got is not None:
            return got
        self._count()
        before = self._estimates
        first, rest = q[0], q[1:]
        if first == self.cards.princess:
            v = 0.0  # she retires
        elif first != HIDDEN:
            v = self._retinue(first, rest, hand, agent, u, pp, depth - 1)
        else:
            total, kids = self._chances(u)
            v = sum(n * self._retinue(c, rest, hand, agent, uc, pp, depth - 1) for c, n, uc in kids) / total
        self._store(self._afters, key, depth, before, v)
        return v

    def _retinue(self, card: int, q: Queue, hand: int, agent: int, u: Unseen, pp: bool, depth: int) -> float:
        """The retinue's ``card`` has left the queue (now ``q``) and resolves (§6.5); ``depth`` is for the
        player's turns that follow."""
        effect = self.cards.effect[card]
        if effect == HANDMAID:
            return self._next_turn(q, hand, agent, u, True, depth)
        if effect == PRIEST and not pp and agent == HIDDEN:
            total, kids = self._chances(u)
            return sum(n * self._next_turn(q, hand, c, uc, False, depth) for c, n, uc in kids) / total
        if effect not in (GUARD, BARON, PRINCE, KING) or pp or (not q and effect in (BARON, KING)):
            return self._next_turn(q, hand, agent, u, False, depth)
        if effect == BARON and self.cards.reveal_first and q[0] == HIDDEN:
            total, kids = self._chances(u)
            return sum(n * self._answer(effect, (c, *q[1:]), hand, agent, uc, depth) for c, n, uc in kids) / total
        return self._answer(effect, q, hand, agent, u, depth)

    def _answer(self, effect: int, q: Queue, hand: int, agent: int, u: Unseen, depth: int) -> float:
        """The player's best answer to "hand or agent?"."""
        v = self._retinue_hits(effect, HAND, q, hand, agent, u, depth)
        if agent != EMPTY and v < 1.0:
            v = max(v, self._retinue_hits(effect, AGENT, q, hand, agent, u, depth))
        return v

    def _retinue_hits(self, effect: int, own: int, q: Queue, held: int, agent: int, u: Unseen, depth: int) -> float:
        """The retinue's Guard, Baron, Prince or King on the player's hand card or agent."""
        then = self._next_turn
        if effect == GUARD:
            if own == HAND or agent != HIDDEN:
                return 0.0  # a known card: the Guard cannot miss
            total, kids = self._chances(u)
            guess = kids[0][0]  # the highest type with an unseen copy (§6.5)
            return sum(n * then(q, held, c, uc, False, depth) for c, n, uc in kids if c != guess) / total
        if effect == PRINCE:
            return self._prince_own(q, own, held, agent, u, depth, True)
        if effect == KING:
            return self._swap(q, 0, own, held, agent, u, depth, True)
        value = self.cards.value  # a Baron: the player's card against the next in line, both end face up
        if own == HAND or agent != HIDDEN:
            mine = held if own == HAND else agent
            if q[0] != HIDDEN:
                return then(q, held, agent, u, False, depth) if value[mine] >= value[q[0]] else 0.0
            total, kids = self._chances(u)
            return sum(n * then((c, *q[1:]), held, agent, uc, False, depth)
                       for c, n, uc in kids if value[mine] >= value[c]) / total  # fmt: skip
        total, kids = self._chances(u)
        v = 0.0
        for a, n, ua in kids:
            if q[0] != HIDDEN:
                if value[a] >= value[q[0]]:
                    v += n * then(q, held, a, ua, False, depth)
                continue
            total2, kids2 = self._chances(ua)
            w = sum(n2 * then((c, *q[1:]), held, a, u2, False, depth) for c, n2, u2 in kids2 if value[a] >= value[c])
            v += n * w / total2
        return v / total
