"""Solitaire computer players. Every level decides from the player's view only.

* ``random`` — uniform over the legal actions: a baseline.
* ``easy`` — rules of thumb: finish the princess when she is alone, deal with a known threat at the front of
  the queue, guess the likeliest card, keep the secret agent face down.
* ``hard`` — expectimax over the cards it cannot see (:mod:`.search`): every legal action's chance to win with
  best play afterwards, computed exactly once the game is short enough (from about the third turn on), else to
  the end of the current turn with an estimate fitted to exact values (:mod:`.estimate`) after it.

``benchmarks/solitaire.py`` measures their win rates over 10,000 deals; the ordering is random < easy < hard.

>>> from loveletter.solitaire.game import SolitaireGame
>>> game = SolitaireGame(seed=3)
>>> bot = make_solitaire_bot("hard", seed=5)
>>> while not game.over:
...     _ = game.push(bot.choose(game.view()))
>>> game.outcome in ("win", "loss")
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.search import DEFAULT_BUDGET, Search, Verdict
from loveletter.solitaire.view import SolitaireView

#: The levels, weakest first.
SOLITAIRE_LEVELS = ("random", "easy", "hard")

_FINISHERS = frozenset({"guard", "prince", "king"})  # what can remove a lone, unprotected princess
_DRAW = Draw()
_AGENT = PlayAgent()


class SolitaireBot(Protocol):
    """A solitaire computer player: it sees only the player's :class:`SolitaireView` and returns one of
    ``view.legal_actions``. Its randomness comes from its own ``random.Random``."""

    level: str

    def choose(self, view: SolitaireView) -> Action: ...


def make_solitaire_bot(
    level: str, *, seed: int | None = None, rng: random.Random | None = None, budget: int | None = None
) -> SolitaireBot:
    """A solitaire computer player of ``level`` with its own random source (``rng``, or one seeded with
    ``seed``). ``budget`` is the ``hard`` level's: how many new positions its exact search may visit per decision
    (default :data:`~.search.DEFAULT_BUDGET`) before it settles for an estimate."""
    source = rng if rng is not None else random.Random(seed)
    if budget is not None and level != "hard":
        raise ValueError(f"only the hard level takes a budget, not {level!r}")
    if level == "random":
        return RandomBot(source)
    if level == "easy":
        return EasyBot(source)
    if level == "hard":
        return HardBot(source) if budget is None else HardBot(source, budget=budget)
    raise ValueError(f"unknown solitaire level {level!r}; known: {', '.join(SOLITAIRE_LEVELS)}")


class RandomBot:
    """Uniform over the legal actions."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SolitaireView) -> Action:
        return self.rng.choice(view.legal_actions)


# ----------------------------------------------------------------------------------------- knowledge


class Knowledge:
    """What the player can work out from a view: the unseen cards and the chances of a hidden card."""

    __slots__ = ("effects", "hidden", "total", "values", "view")

    def __init__(self, view: SolitaireView) -> None:
        self.view = view
        rs = view.ruleset
        self.values = {c.id: c.value for c in rs.cards.values()}
        self.effects = {c.id: c.effect for c in rs.cards.values()}
        self.hidden = Counter({c: n for c, n in view.unseen().items() if n > 0})
        self.total = sum(self.hidden.values())

    def effect(self, card: str) -> str:
        return self.effects[card]

    def chance(self, card: str) -> float:
        """The chance that a given hidden card is ``card``."""
        return self.hidden[card] / self.total if self.total else 0.0

    def chance_below(self, value: int) -> float:
        """The chance that a hidden card is worth less than ``value``."""
        if not self.total:
            return 0.0
        return sum(n for c, n in self.hidden.items() if self.values[c] < value) / self.total

    def survive_compare(self, own: str | None, against: str | None) -> float:
        """The chance that the player's card (``None``: a face-down agent) is not lower than the queue card
        (``None``: a face-down one), both hidden cards being drawn from the unseen ones."""
        if own is not None and against is not None:
            return 1.0 if self.values[own] >= self.values[against] else 0.0
        if own is not None:
            return self._at_most(own)
        if against is not None:
            return 1.0 - self.chance_below(self.values[against])
        # Two hidden cards, drawn without replacement.
        total = self.total
        if total < 2:
            return 1.0
        good = 0
        for a, na in self.hidden.items():
            for b, nb in self.hidden.items():
                pairs = na * (na - 1) if a == b else na * nb
                if self.values[a] >= self.values[b]:
                    good += pairs
        return good / (total * (total - 1))

    def _at_most(self, own: str) -> float:
        """The chance that a hidden card is worth at most ``own``."""
        if not self.total:
            return 1.0
        value = self.values[own]
        return sum(n for c, n in self.hidden.items() if self.values[c] <= value) / self.total


def answer(view: SolitaireView) -> Choose:
    """The answer to "hand or agent?" by rules of thumb (both computer levels use it)."""
    threat = view.threat
    assert threat is not None
    know = Knowledge(view)
    return _ANSWERS.get(know.effect(threat.card), _answer_king)(view, know)


def _answer_baron(view: SolitaireView, know: Knowledge) -> Choose:
    """Keep whichever card is likelier to survive the comparison."""
    threat = view.threat
    assert threat is not None
    ref = view.slot(threat.reference) if threat.reference is not None else None
    against = ref.card if ref is not None else None
    keep_hand = know.survive_compare(view.hand[0], against)
    keep_agent = know.survive_compare(view.agent, against)
    return Choose("agent") if keep_agent > keep_hand else Choose("hand")


def _answer_guard(view: SolitaireView, know: Knowledge) -> Choose:
    return Choose("agent") if view.agent_state == "face_down" else Choose("hand")


def _answer_prince(view: SolitaireView, know: Knowledge) -> Choose:
    """Discard the agent (a face-up one comes back face down) unless it is the princess."""
    return Choose("hand") if view.agent == view.princess else Choose("agent")


def _answer_king(view: SolitaireView, know: Knowledge) -> Choose:
    """The card given becomes the retinue's next card: give the one it can do least with."""
    hand = view.hand[0]
    agent = view.agent  # None when face down
    princess = view.princess
    given_hand = _danger_as_next(know, hand)
    given_agent = _danger_as_next(know, agent) if view.agent_state != "face_down" else _hidden_danger(know)
    if hand == princess:
        return Choose("agent")
    if agent == princess:
        return Choose("hand")
    return Choose("agent") if given_agent < given_hand else Choose("hand")


#: The answer to a retinue card's threat, by the card's effect (the King's for any other).
_ANSWERS = {"baron": _answer_baron, "guard": _answer_guard, "prince": _answer_prince}

_DANGER = {"guard": 3.0, "baron": 2.0, "prince": 1.0, "priest": 0.5}


def _danger_as_next(know: Knowledge, card: str | None) -> float:
    return _DANGER.get(know.effect(card), 0.0) if card is not None else 0.0


def _hidden_danger(know: Knowledge) -> float:
    if not know.total:
        return 0.0
    return sum(n * _DANGER.get(know.effect(c), 0.0) for c, n in know.hidden.items()) / know.total


# ------------------------------------------------------------------------------------------- easy


class EasyBot:
    """Rules of thumb (see the module docstring)."""

    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SolitaireView) -> Action:
        if view.phase is Phase.CHOOSE:
            return answer(view)
        if view.phase is Phase.TURN:
            return self._turn(view)
        return self.rng.choice(self.best_plays(view))

    def best_plays(self, view: SolitaireView) -> list[Action]:
        """The plays with the best score, in the order of the legal actions."""
        scored = [(self._score(view, a), a) for a in view.legal_actions]
        best = max(s for s, _ in scored)
        return [a for s, a in scored if s == best]

    def _turn(self, view: SolitaireView) -> Action:
        if _DRAW not in view.legal_actions:
            return _AGENT
        # The princess is alone and only the face-up agent can finish her.
        know = Knowledge(view)
        agent_finishes = view.agent is not None and know.effect(view.agent) in _FINISHERS
        if _princess_alone(view) and agent_finishes and know.effect(view.hand[0]) not in _FINISHERS:
            return _AGENT
        return _DRAW

    def _score(self, view: SolitaireView, action: Action) -> float:
        assert isinstance(action, Play)
        m = _Move(view, action)
        if view.ruleset.rules_of(action.card).is_princess:
            return -1000.0
        if m.target_card == view.princess:
            return _ON_PRINCESS.get(m.effect, _never)(m)
        score = _PLAYS.get(m.effect, _nothing)(m)
        if score is None:
            return -1000.0
        # Keep useful cards: protection and finishers; the higher card for Barons.
        if m.kept is not None:
            score += _KEEP_WORTH.get(m.know.effect(m.kept), 0.0)
            score += 0.1 * m.know.values[m.kept]
        return score


class _Move:
    """One play as the rules of thumb read it: the card, what it chooses, the card kept."""

    __slots__ = ("action", "effect", "first", "kept", "know", "target", "target_card", "view")

    def __init__(self, view: SolitaireView, action: Play) -> None:
        self.view = view
        self.action = action
        self.know = Knowledge(view)
        self.effect = self.know.effect(action.card)
        self.kept = _kept(view, action)
        self.target = action.target
        place = view.slot(self.target) if isinstance(self.target, int) else None
        self.target_card = place.card if place is not None else None
        self.first = view.queue[0] if view.queue else None


# The rules of thumb for each card played (a strategy, so keyed by the card's effect, one function per card as
# the rules have one module per card). ``None``: never play it so.


def _on_princess_finish(m: _Move) -> float:
    return 1000.0


def _on_princess_king(m: _Move) -> float:
    return 500.0 - 50 * _danger_as_next(m.know, m.kept if m.action.own == "hand" else m.view.agent)


def _never(m: _Move) -> float:
    return -1000.0  # a Baron against her, or a card that cannot remove her


def _nothing(m: _Move) -> float | None:
    return 0.0


def _handmaid(m: _Move) -> float | None:
    return 8.0 * _front_threat(m.view, m.know)


def _guard(m: _Move) -> float | None:
    if not isinstance(m.target, int):
        return 0.0
    score = 0.0
    if m.target_card is not None:
        score += 10.0 + 6.0 * _DANGER.get(m.know.effect(m.target_card), 0.0)
    elif m.action.named is not None:
        score += 10.0 * m.know.chance(m.action.named) + 2.0
    if m.first is not None and m.target == m.first.slot:
        score += 3.0
    return score


def _baron(m: _Move) -> float | None:
    if not isinstance(m.target, int):
        return 0.0
    mine = m.kept if m.action.own == "hand" else m.view.agent
    lose = 1.0 - m.know.survive_compare(mine, m.target_card)
    return 10.0 * (1.0 - lose) - 60.0 * lose


def _priest(m: _Move) -> float | None:
    score = 3.0 if isinstance(m.target, int) else -2.0
    if m.first is not None and m.target == m.first.slot:
        score += 2.0
    return score


def _prince(m: _Move) -> float | None:
    target, view = m.target, m.view
    if target in ("hand", "agent"):
        lost = m.kept if target == "hand" else view.agent
        if lost == view.princess:
            return None
    if isinstance(target, int):
        return 2.0 + 6.0 * _DANGER.get(m.know.effect(m.target_card), 0.0) if m.target_card else 1.0
    if target == "agent" and view.agent_state == "face_up":
        return 4.0
    return -1.0


def _king(m: _Move) -> float | None:
    return -2.0 if isinstance(m.target, int) else 0.0


#: A play that chooses the princess herself, by the card's effect (any other card: never).
_ON_PRINCESS = {"guard": _on_princess_finish, "prince": _on_princess_finish, "king": _on_princess_king}
_PLAYS = {"handmaid": _handmaid, "guard": _guard, "baron": _baron, "priest": _priest, "prince": _prince, "king": _king}
#: What keeping a card is worth, by its effect.
_KEEP_WORTH = {"handmaid": 4.0, "guard": 3.0, "prince": 3.0, "king": 2.5, "baron": 1.0}


def _kept(view: SolitaireView, action: Play) -> str | None:
    """The hand card left after ``action`` (the hand is unchanged when the agent is played)."""
    if view.playing is not None:
        return view.hand[0]
    hand = list(view.hand)
    hand.remove(action.card)
    return hand[0]


def _princess_alone(view: SolitaireView) -> bool:
    return len(view.queue) == 1 and view.queue[0].card == view.princess and not view.queue_protected


def _front_threat(view: SolitaireView, know: Knowledge) -> float:
    """How dangerous the card at the front of the queue is for a player without protection (0..1, roughly)."""
    if not view.queue:
        return 0.0
    first = view.queue[0]
    following = view.queue[1].card if len(view.queue) > 1 else None
    agent_safe = view.agent_state == "face_down"

    def danger(card: str) -> float:
        if card == view.princess:
            return 0.0  # a Handmaid does not stop her retiring
        # The retinue's threats, by the card's effect: a Guard's guess, a Baron's comparison.
        match know.effect(card):
            case "guard":
                return 0.15 if agent_safe else 1.0
            case "baron":
                if len(view.queue) < 2:
                    return 0.0
                return 1.0 - max(
                    know.survive_compare(view.hand[0], following), know.survive_compare(view.agent, following)
                )
        return 0.0

    if first.card is not None:
        return danger(first.card)
    return sum(n * danger(c) for c, n in know.hidden.items()) / know.total if know.total else 0.0


# ------------------------------------------------------------------------------------------- hard


class HardBot:
    """Expectimax over the cards it cannot see (:mod:`.search`): exact when the rest of the game fits its
    budget, else to the end of the turn with an estimate after it. Ties are broken by its own random source."""

    level = "hard"

    def __init__(self, rng: random.Random, budget: int = DEFAULT_BUDGET) -> None:
        self.rng = rng
        self.budget = budget
        self._search: Search | None = None

    def values(self, view: SolitaireView) -> Verdict:
        """Every legal action's chance to win with best play afterwards (see :class:`~.search.Verdict`)."""
        search = self._search
        if search is None or search.cards.ruleset is not view.ruleset:
            search = self._search = Search(view.ruleset, budget=self.budget)
        return search.values(view)

    def choose(self, view: SolitaireView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        values = self.values(view).values
        top = max(values.values())
        best = [a for a in legal if values[a] >= top - TIE]
        return best[0] if len(best) == 1 else self.rng.choice(best)


#: Values closer than this are a tie (they differ by rounding only).
TIE = 1e-9
