"""The coach of the solitaire: one judge for its hints and its reviews, and reasons in words from the player's view.

:func:`judge` values every legal action of a :class:`~loveletter.solitaire.SolitaireView` with the solitaire's own
searcher (:class:`~loveletter.solitaire.search.Search`: expectimax over the cards the player cannot see). Where
few retinue cards are left the search plays to the end of the game over every arrangement of the unseen cards,
and its values are exact; earlier it looks to the end of the turn and estimates the turns after it
(:mod:`loveletter.solitaire.estimate`), whose error is :data:`ESTIMATE_ERROR`. Every judgement starts from a fresh
search, so the answer depends on the view alone: the hint at a decision and the review of it after the game are
the same judgement, and re-dealing the hidden cards changes nothing. :func:`hint_for` is the hint's model (the
front end draws it, ``tui/solitaire/coach.py``).

Moves whose values differ by less than their error are "about equal" (the same :attr:`Move.tier`); a review marks
a move as a mistake only outside the best tier and by at least :data:`MISTAKE` beyond the error, so the move a
hint lists first is never a mistake.

:func:`reason` says why a move does what it does, as data (a catalog key under ``solcoach.reason`` and its
values): the odds of a Guard's guess over the unseen cards, a Baron's comparison, the retinue's next card a
Handmaid shields from... It reads the view only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from loveletter.coach.reasons import Card
from loveletter.coach.review import Progress, each_weighed
from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.search import DEFAULT_BUDGET, Search
from loveletter.solitaire.view import QueueCard, SolitaireView, Threat

#: The error of a difference between two values that rest on the fitted estimate: about two root-mean-square errors
#: of such a difference against exact values (``benchmarks/solitaire_coach.py --error``; figures in
#: ``benchmarks/NOTES.md``). Exact values have none.
ESTIMATE_ERROR = 0.10
#: A move is a mistake only if it gives up at least this much beyond the error.
MISTAKE = 0.05
#: Values this close are equal (the search's sums are floats).
EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class Move:
    """One action's chance to win, the error of its difference with the best move (0 for the best, and between
    exact values), and its tier (0: about equal to the best)."""

    action: Action
    chance: float
    error: float
    tier: int


@dataclass(frozen=True, slots=True)
class Judgement:
    """Every legal action of a decision, best tier first (within a tier the higher value first, ties in legal
    order), and whether the values are exact."""

    moves: tuple[Move, ...]
    exact: bool

    @property
    def best(self) -> Move:
        """The move listed first (the hint's first-ranked move)."""
        return self.moves[0]

    def of(self, action: Action) -> Move:
        return next(m for m in self.moves if m.action == action)

    def loss(self, action: Action) -> float:
        """How much of the chance to win ``action`` gives up against the best (never below 0)."""
        return max(0.0, self.best.chance - self.of(action).chance)

    def mistake(self, action: Action) -> bool:
        """Whether ``action`` is clearly worse than the best: outside the best tier, and by at least
        :data:`MISTAKE` beyond the error of the difference."""
        move = self.of(action)
        return move.tier > 0 and self.best.chance - move.chance >= MISTAKE + move.error


def judge(view: SolitaireView, *, budget: int = DEFAULT_BUDGET) -> Judgement:
    """Every legal action of ``view``, judged (see the module docstring). ``budget``: the states the exact search
    may add before it gives way to the estimate (the bot's own, by default)."""
    legal = view.legal_actions
    if not legal:
        return Judgement((), exact=True)
    verdict = Search(view.ruleset, budget=budget).values(view)
    values = verdict.values

    def sure(value: float) -> bool:  # a value of exactly 0 or 1 is a certainty even in an estimated verdict
        return verdict.exact or value <= EPSILON or value >= 1.0 - EPSILON

    def error(a: float, b: float) -> float:
        return 0.0 if sure(a) and sure(b) else ESTIMATE_ERROR

    rest = sorted(range(len(legal)), key=lambda i: (-values[legal[i]], i))
    moves: list[Move] = []
    tier = 0
    while rest:
        lead = values[legal[rest[0]]]
        group = [i for i in rest if lead - values[legal[i]] <= error(lead, values[legal[i]]) + EPSILON]
        moves.extend(Move(legal[i], values[legal[i]], 0.0, tier) for i in group)
        rest = [i for i in rest if i not in group]
        tier += 1
    best = moves[0].chance
    moves = [Move(m.action, m.chance, 0.0 if i == 0 else error(best, m.chance), m.tier) for i, m in enumerate(moves)]
    return Judgement(tuple(moves), verdict.exact)


# ---------------------------------------------------------------------------------------------- hint


@dataclass(frozen=True, slots=True)
class SolitaireHint:
    """The coach's word at one decision (``h``): the judgement and each move's reason."""

    judgement: Judgement
    reasons: dict[Action, Reason] = field(default_factory=dict)


def hint_for(view: SolitaireView) -> SolitaireHint:
    """The hint at ``view``'s decision: every legal move judged (the review after the game asks the same judge, so
    the two agree), each with its reason from the view alone."""
    judgement = judge(view)
    return SolitaireHint(judgement, {m.action: reason(view, m.action) for m in judgement.moves})


# ---------------------------------------------------------------------------------------------- review


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a finished game: the replay's point it was made from (``index``), the view then, the move
    played, and the judgement of every legal move (the hint's at that decision)."""

    index: int
    view: SolitaireView
    played: Action
    judged: Judgement

    @property
    def mistake(self) -> bool:
        return self.judged.mistake(self.played)

    @property
    def loss(self) -> float:
        return self.judged.loss(self.played)


def weigh(asked: Sequence[tuple[int, SolitaireView, Action]], progress: Progress | None = None) -> list[Decision]:
    """Each decision of ``asked`` (point index, view, move played) judged; ``progress`` hears how far it is."""
    return each_weighed(asked, lambda index, view, played: Decision(index, view, played, judge(view)), progress)


# ---------------------------------------------------------------------------------------------- reasons


@dataclass(frozen=True, slots=True)
class Mine:
    """One of the player's own cards as a reason names it: a card, or ``None`` for the face-down agent."""

    card: str | None


ReasonValue = Card | Mine | str | int


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason as data: the catalog key under ``solcoach.reason`` and its placeholders' values (cards as
    :class:`~loveletter.coach.reasons.Card`, queue places as ``"Q3"``, counts as numbers)."""

    key: str
    values: tuple[tuple[str, ReasonValue], ...] = ()

    def get(self, name: str) -> ReasonValue:
        return dict(self.values)[name]


def _reason(key: str, **values: ReasonValue) -> Reason:
    return Reason(key, tuple(values.items()))


def reason(view: SolitaireView, action: Action) -> Reason:
    """Why ``action`` does what it does, from ``view`` alone (see the module docstring)."""
    lost = view.sure_loss(action)
    if lost is not None:
        return _reason(f"sure_{lost}")
    unseen = view.unseen()
    total = sum(unseen.values())
    if isinstance(action, Draw):
        if view.agent_state == "empty":
            return _reason("draw_no_agent", count=view.draw_size)
        return _reason("draw", count=view.draw_size)
    if isinstance(action, PlayAgent):
        if view.agent is not None:
            return _reason("agent_up", card=Card(view.agent))
        return _reason("agent_down", total=total)
    if isinstance(action, Choose):
        return _threat_reason(view, action, unseen)
    return _play_reason(view, action, unseen)


def _mine(view: SolitaireView, own: str | None, kept: Sequence[str]) -> Mine:
    if own == "agent":
        return Mine(view.agent)
    return Mine(kept[0] if kept else None)


def _compare(view: SolitaireView, mine: Mine, slot: int, unseen: dict[str, int], prefix: str) -> Reason:
    """A Baron's comparison of ``mine`` with queue place ``slot`` (the player's or the retinue's)."""
    rs = view.ruleset
    place = view.slot(slot)
    label = f"Q{slot}"
    if mine.card is None:
        return _reason(f"{prefix}_blind", slot=label)
    mine_value = rs.value(mine.card)
    if place is not None and place.card is not None:
        theirs = rs.value(place.card)
        outcome = "wins" if theirs < mine_value else "ties" if theirs == mine_value else "loses"
        return _reason(f"{prefix}_{outcome}", mine=Card(mine.card), card=Card(place.card), slot=label)
    total = sum(unseen.values())
    lower = sum(n for c, n in unseen.items() if rs.value(c) < mine_value)
    higher = sum(n for c, n in unseen.items() if rs.value(c) > mine_value)
    return _reason(f"{prefix}_odds", mine=Card(mine.card), slot=label, wins=lower, losses=higher, total=total)


@dataclass(frozen=True, slots=True)
class _Played:
    """A card the player plays, and what its reason is worded from."""

    view: SolitaireView
    action: Play
    unseen: dict[str, int]
    #: The player's cards left besides the one played.
    kept: Sequence[str]

    @property
    def target(self) -> int | str | None:
        return self.action.target

    @property
    def place(self) -> QueueCard | None:
        return self.view.slot(self.target) if isinstance(self.target, int) else None

    @property
    def slot(self) -> str:
        return f"Q{self.target}" if isinstance(self.target, int) else ""


def _play_reason(view: SolitaireView, action: Play, unseen: dict[str, int]) -> Reason:
    kept = view.kept(action.card) if view.playing is None else view.hand
    words = _PLAY_REASONS.get(view.ruleset.effect(action.card))
    said = words(_Played(view, action, unseen, kept)) if words is not None else None
    return said if said is not None else _reason("no_target")


def _handmaid(p: _Played) -> Reason:
    first = p.view.queue[0] if p.view.queue else None
    if first is None or first.card is None:
        return _reason("handmaid_down")
    return _reason("handmaid_up", card=Card(first.card))


def _countess(p: _Played) -> Reason:
    forcing = next((c for c in p.kept if c in p.view.ruleset.countess_forced_by), None)
    if forcing is not None:
        return _reason("countess_forced", card=Card(forcing))
    return _reason("countess")


def _guard(p: _Played) -> Reason | None:
    place = p.place
    if place is None:
        return None
    if place.card is not None:
        return _reason("guard_up", card=Card(place.card), slot=p.slot)
    named = p.action.named or ""
    count = p.unseen.get(named, 0)
    if not count:
        return _reason("guard_cannot_hit", card=Card(named), slot=p.slot)
    return _reason("guard_odds", card=Card(named), slot=p.slot, count=count, total=sum(p.unseen.values()))


def _priest(p: _Played) -> Reason | None:
    if p.target is None:
        return None
    return _reason("priest_agent") if p.target == "agent" else _reason("priest_queue", slot=p.slot)


def _baron(p: _Played) -> Reason | None:
    if not isinstance(p.target, int):
        return None
    if p.action.own is None:
        return _reason("baron_reveal", slot=p.slot)
    return _compare(p.view, _mine(p.view, p.action.own, p.kept), p.target, p.unseen, "baron")


def _prince(p: _Played) -> Reason | None:
    view, place, slot = p.view, p.place, p.slot
    if p.target is None:
        return None
    if p.target == "hand":
        return _reason("prince_hand", card=Card(p.kept[0]))
    if p.target == "agent":
        return _reason("prince_agent_up", card=Card(view.agent)) if view.agent else _reason("prince_agent_down")
    if place is not None and place.card == view.princess:
        return _reason("prince_princess", slot=slot)
    if place is not None and place.card is not None:
        return _reason("prince_up", card=Card(place.card), slot=slot)
    return _reason("prince_down", slot=slot)


def _king(p: _Played) -> Reason | None:
    place = p.place
    if place is None:
        return None
    mine = _mine(p.view, p.action.own, p.kept)
    if place.card is not None:
        return _reason("king_up", mine=mine, card=Card(place.card), slot=p.slot)
    return _reason("king_down", mine=mine, slot=p.slot)


#: How each card's play is worded, by the name of its effect (as the engine looks its rules up); ``None``, or a
#: card not listed, is "no target".
_PLAY_REASONS: dict[str, Callable[[_Played], Reason | None]] = {
    "handmaid": _handmaid,
    "countess": _countess,
    "guard": _guard,
    "priest": _priest,
    "baron": _baron,
    "prince": _prince,
    "king": _king,
}


def _threat_reason(view: SolitaireView, action: Choose, unseen: dict[str, int]) -> Reason:
    threat = view.threat
    assert threat is not None
    mine = _mine(view, action.own, view.hand)
    if threat.by == "player":
        assert threat.reference is not None
        return _compare(view, mine, threat.reference, unseen, "baron")
    words = _THREAT_REASONS.get(view.ruleset.effect(threat.card))
    said = words(view, threat, mine, unseen) if words is not None else None
    return said if said is not None else _reason("no_target")


def _threat_guard(view: SolitaireView, threat: Threat, mine: Mine, unseen: dict[str, int]) -> Reason | None:
    if threat.guess is None:
        return _reason("threat_guard_none")
    return _reason(
        "threat_guard", card=Card(threat.guess), count=unseen.get(threat.guess, 0), total=sum(unseen.values())
    )


def _threat_baron(view: SolitaireView, threat: Threat, mine: Mine, unseen: dict[str, int]) -> Reason | None:
    if threat.reference is None:
        return None
    return _compare(view, mine, threat.reference, unseen, "threat_baron")


def _threat_prince(view: SolitaireView, threat: Threat, mine: Mine, unseen: dict[str, int]) -> Reason | None:
    return _reason("threat_prince", mine=mine)


def _threat_king(view: SolitaireView, threat: Threat, mine: Mine, unseen: dict[str, int]) -> Reason | None:
    slot = f"Q{threat.reference}" if threat.reference is not None else ""
    return _reason("threat_king", mine=mine, slot=slot)


#: How each retinue card that hits one of the player's cards is worded, by the name of its effect.
_THREAT_REASONS: dict[str, Callable[[SolitaireView, Threat, Mine, dict[str, int]], Reason | None]] = {
    "guard": _threat_guard,
    "baron": _threat_baron,
    "prince": _threat_prince,
    "king": _threat_king,
}
