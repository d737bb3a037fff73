"""Solitaire computer players. Every level decides from the player's view only.

* ``random`` — uniform over the legal actions: a baseline.
* ``easy`` — rules of thumb: finish the princess when she is alone, deal with a known threat at the front of
  the queue, guess the likeliest card, keep the secret agent face down.
* ``hard`` — looks one turn ahead: for each candidate action it deals the unseen cards at random a few times
  (worlds the player cannot tell from the real one), plays the action and the retinue's answer in each, and
  scores the result with :func:`evaluate`, an estimate of the chance to win from there (a hand-written
  estimate corrected by weights fitted on this level's own games). Draw-or-agent is judged by the best play
  each card it could bring would allow.

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

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.phase import Phase
from loveletter.solitaire.state import SolitaireState
from loveletter.solitaire.view import SolitaireView, guard_guess

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
    ``seed``). ``budget`` is the ``hard`` level's number of sampled worlds per candidate action (default 8)."""
    source = rng if rng is not None else random.Random(seed)
    if budget is not None and level != "hard":
        raise ValueError(f"only the hard level takes a budget, not {level!r}")
    if level == "random":
        return RandomBot(source)
    if level == "easy":
        return EasyBot(source)
    if level == "hard":
        return HardBot(source) if budget is None else HardBot(source, worlds=budget)
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

    def finisher_chance(self) -> float:
        if not self.total:
            return 0.0
        return sum(n for c, n in self.hidden.items() if self.effects[c] in _FINISHERS) / self.total

    def likeliest(self, names: Sequence[str]) -> str:
        """Of ``names``, the one a hidden card most likely is (the higher value on a tie)."""
        return max(names, key=lambda c: (self.hidden[c], self.values[c]))

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
    effect = know.effect(threat.card)
    hand = view.hand[0]
    agent = view.agent  # None when face down
    face_down = view.agent_state == "face_down"
    if effect == "baron":
        ref = view.slot(threat.reference) if threat.reference is not None else None
        against = ref.card if ref is not None else None
        keep_hand = know.survive_compare(hand, against)
        keep_agent = know.survive_compare(agent, against)
        return Choose("agent") if keep_agent > keep_hand else Choose("hand")
    if effect == "guard":
        return Choose("agent") if face_down else Choose("hand")
    princess = view.princess
    if effect == "prince":  # discard the agent (a face-up one comes back face down) unless it is the princess
        return Choose("hand") if agent == princess else Choose("agent")
    # King: the card given becomes the retinue's next card; give the one it can do least with.
    given_hand = _danger_as_next(know, hand)
    given_agent = _danger_as_next(know, agent) if not face_down else _hidden_danger(know)
    if hand == princess:
        return Choose("agent")
    if agent == princess:
        return Choose("hand")
    return Choose("agent") if given_agent < given_hand else Choose("hand")


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
        know = Knowledge(view)
        effect = know.effect(action.card)
        princess = view.princess
        kept = _kept(view, action)
        target = action.target
        place = view.slot(target) if isinstance(target, int) else None
        target_card = place.card if place is not None else None
        first = view.queue[0] if view.queue else None
        score = 0.0
        if effect == "princess":
            return -1000.0
        if target_card == princess:
            if effect in ("guard", "prince"):
                return 1000.0
            if effect == "king":
                return 500.0 - 50 * _danger_as_next(know, kept if action.own == "hand" else view.agent)
            return -1000.0  # a Baron against her
        if effect == "prince" and target in ("hand", "agent"):
            lost = kept if target == "hand" else view.agent
            if lost == princess:
                return -1000.0
        # The card the retinue plays next, and how it threatens a player who kept ``kept``.
        if effect == "handmaid":
            score += 8.0 * _front_threat(view, know)
        if effect == "guard" and isinstance(target, int):
            if target_card is not None:
                score += 10.0 + 6.0 * _DANGER.get(know.effect(target_card), 0.0)
            elif action.named is not None:
                score += 10.0 * know.chance(action.named) + 2.0
            if first is not None and target == first.slot:
                score += 3.0
        elif effect == "baron" and isinstance(target, int):
            mine = kept if action.own == "hand" else view.agent
            lose = 1.0 - know.survive_compare(mine, target_card)
            score += 10.0 * (1.0 - lose) - 60.0 * lose
        elif effect == "priest":
            score += 3.0 if isinstance(target, int) else -2.0
            if first is not None and target == first.slot:
                score += 2.0
        elif effect == "prince":
            if isinstance(target, int):
                score += 2.0 + 6.0 * _DANGER.get(know.effect(target_card), 0.0) if target_card else 1.0
            elif target == "agent" and view.agent_state == "face_up":
                score += 4.0
            else:
                score -= 1.0
        elif effect == "king" and isinstance(target, int):
            score -= 2.0
        # Keep useful cards: protection and finishers; the higher card for Barons.
        if kept is not None:
            kept_effect = know.effect(kept)
            score += {"handmaid": 4.0, "guard": 3.0, "prince": 3.0, "king": 2.5, "baron": 1.0}.get(kept_effect, 0.0)
            score += 0.1 * know.values[kept]
        return score


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
        effect = know.effect(card)
        if card == view.princess:
            return 0.0  # a Handmaid does not stop her retiring
        if effect == "guard":
            return 0.15 if agent_safe else 1.0
        if effect == "baron":
            if len(view.queue) < 2:
                return 0.0
            return 1.0 - max(know.survive_compare(view.hand[0], following), know.survive_compare(view.agent, following))
        return 0.0

    if first.card is not None:
        return danger(first.card)
    return sum(n * danger(c) for c, n in know.hidden.items()) / know.total if know.total else 0.0


# ------------------------------------------------------------------------------------------- hard


class HardBot:
    """One turn of lookahead over sampled worlds, scored by :func:`evaluate` (see the module docstring)."""

    level = "hard"

    def __init__(self, rng: random.Random, worlds: int = 8) -> None:
        self.rng = rng
        self.worlds = worlds

    def choose(self, view: SolitaireView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        worlds = self._sample(view)
        if view.phase is Phase.TURN:
            return self._turn(view, worlds)
        candidates = list(legal) if view.phase is Phase.CHOOSE else _candidates(view)
        best = _best(candidates, worlds)
        return self.rng.choice(best[1])

    def _sample(self, view: SolitaireView) -> list[SolitaireState]:
        hidden = list(Counter(view.unseen()).elements())
        worlds = []
        for _ in range(self.worlds):
            self.rng.shuffle(hidden)
            worlds.append(SolitaireState.from_view(view, hidden))
        return worlds

    def _turn(self, view: SolitaireView, worlds: list[SolitaireState]) -> Action:
        """Draw, or play the agent: each option is worth the best play the player would then choose, for each
        card it could bring (the worlds are grouped by what the player would see)."""
        scores: dict[Action, float] = {}
        for option in view.legal_actions:
            groups: dict[tuple[str, ...], list[SolitaireState]] = {}
            for world in worlds:
                state = world.copy()
                state.apply(option, record=False)
                key = (*state.hand, state.playing or "")
                groups.setdefault(key, []).append(state)
            total = 0.0
            for group in groups.values():
                first = group[0]
                if first.phase is Phase.OVER:
                    total += len(group) * evaluate(first.view())
                    continue
                value, _ = _best(_candidates(first.view()), group)
                total += value * len(group)
            scores[option] = total / len(worlds)
        top = max(scores.values())
        return self.rng.choice([a for a, v in scores.items() if v >= top - 1e-9])


def _best(candidates: Sequence[Action], worlds: Sequence[SolitaireState]) -> tuple[float, list[Action]]:
    """The candidates with the best mean score over ``worlds`` (each played on a copy, then settled)."""
    best: list[Action] = []
    best_score = -1.0
    for action in candidates:
        total = 0.0
        for world in worlds:
            state = world.copy()
            state.apply(action, record=False)
            total += _settle(state)
        score = total / len(worlds)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return best_score, best


def _candidates(view: SolitaireView) -> list[Action]:
    """The legal actions worth comparing: a Guard on a face-down card names only the likeliest cards (and one
    card that cannot be there, to look without removing)."""
    know = Knowledge(view)
    out: list[Action] = []
    seen_targets: set[int] = set()
    for action in view.legal_actions:
        if isinstance(action, Play) and action.named is not None:
            assert isinstance(action.target, int)
            if action.target in seen_targets:
                continue
            seen_targets.add(action.target)
            names = view.ruleset.guard_names
            likely = sorted((n for n in names if know.hidden[n]), key=lambda c: (-know.hidden[c], -know.values[c]))
            picks = likely[:NAMES] + [n for n in names if not know.hidden[n]][:1]
            out.extend(Play(action.card, action.target, None, n) for n in picks)
        else:
            out.append(action)
    return out


def _settle(state: SolitaireState) -> float:
    """Play on until the player's next turn starts (answering "hand or agent?" by :func:`answer`; a play, which
    the callers never leave pending, by :class:`EasyBot`), then :func:`evaluate` the player's view."""
    while state.phase is Phase.CHOOSE or state.phase is Phase.PLAY:
        view = state.view()
        state.apply(answer(view) if state.phase is Phase.CHOOSE else _SETTLER.best_plays(view)[0], record=False)
    return evaluate(state.view())


def evaluate(view: SolitaireView) -> float:
    """An estimate of the chance to win from ``view`` at the start of a player's turn (0..1): surviving the
    retinue cards still in the queue, having enough cards to draw, and a card to finish the princess."""
    if view.over:
        return 1.0 if view.won else 0.0
    z = sum(w * x for w, x in zip(WEIGHTS, features(view), strict=True))
    return 1.0 / (1.0 + math.exp(-z))


#: The weights of :func:`features` in :func:`evaluate`: a logistic regression (L2, lambda 10, on standardised
#: features) of the final result on the features of every turn start in 5,400 games played by this level with an
#: earlier evaluation, then refitted on the games played with the first fit. Refit them if the rules or the
#: features change. Its test log-loss was 0.57 against 0.61 for the hand-written estimate alone.
WEIGHTS = (
    -2.7646,
    0.3041,
    -2.9921,
    0.5645,
    0.6031,
    0.4414,
    0.2993,
    0.1584,
    -0.0456,
    1.7676,
    5.7474,
    0.3843,
    0.5832,
    -0.0920,
    -0.0398,
    0.0448,
    0.2716,
    -0.0608,
    0.1512,
    -0.0761,
    -0.0087,
    0.2467,
    0.0022,
    -0.2780,
    -0.0577,
    0.9713,
    0.8759,
    0.7924,
    0.3160,
    0.3021,
    0.5648,
    0.9020,
    0.7598,
    0.0000,
    0.4053,
    -0.3125,
    -0.4815,
    -0.1619,
    0.7807,
    -0.2212,
    0.1202,
    0.3412,
    0.1070,
)
#: A Guard on a face-down card names the likeliest cards only, this many.
NAMES = 3


def _heuristic(view: SolitaireView, know: Knowledge) -> float:
    princess = view.princess
    queue = view.queue
    retinue = [q for q in queue if q.card != princess]
    survive = 1.0
    agent_hidden = view.agent_state == "face_down"
    guard_risk = know.chance(guard_guess(know.hidden, view.ruleset) or princess) if agent_hidden else 1.0
    for i, place in enumerate(queue):
        if place.card == princess:
            continue
        following = queue[i + 1].card if i + 1 < len(queue) else None
        if place.card is not None:
            danger = _card_danger(know, place.card, following, agent_hidden, guard_risk, princess)
        else:
            danger = sum(
                n * _card_danger(know, c, following, agent_hidden, guard_risk, princess) for c, n in know.hidden.items()
            ) / max(1, know.total)
        survive *= 1.0 - danger
        if place.card is not None and know.effect(place.card) in ("guard", "priest"):
            agent_hidden = False  # a Guard's miss or a Priest shows the agent
    turns_needed = len(retinue) + 1
    turns_available = view.draw_size + (view.agent_state != "empty")
    supply = 1.0 if turns_available >= turns_needed else SHORT_SUPPLY
    if princess not in (q.card for q in queue):
        finish = 1.0
    elif know.effect(view.hand[0]) in _FINISHERS:
        finish = FINISHER_IN_HAND
    else:
        finish = 1.0 - (1.0 - know.finisher_chance()) ** 2
    return survive * supply * finish


GUARD_EXPOSED = 0.45
BARON_LAST = 0.6
BARON = 0.15
HANDMAID_LAST = 0.6
PRINCE = 0.02
SHORT_SUPPLY = 0.5
FINISHER_IN_HAND = 0.95


def _card_danger(
    know: Knowledge, card: str, following: str | None, agent_hidden: bool, guard_risk: float, princess: str
) -> float:
    effect = know.effect(card)
    if effect == "guard":
        return guard_risk if agent_hidden else GUARD_EXPOSED
    if effect == "baron":
        return BARON_LAST if following == princess else BARON
    if effect == "handmaid" and following == princess:
        return HANDMAID_LAST
    if effect == "prince":
        return PRINCE
    return 0.0


_EFFECTS = ("guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess")


def features(view: SolitaireView) -> list[float]:
    """What :func:`evaluate` weighs, for a view at the start of a player's turn (not over), in the order of
    :data:`WEIGHTS`: a constant; the log-odds of the hand-written estimate; the number of retinue cards left
    (one of 0..6); the princess out of the queue; the princess alone and unprotected; the agent face down, face
    up; the hand card (one of eight effects); the spare turns (cards to draw plus an agent, minus the turns the
    queue needs) and whether they fall short; the Guards expected in the queue, alone and weighted by an exposed
    agent and by the guess's risk on a hidden one; the first retinue card (one of eight effects, or face down);
    a Handmaid or a Baron known to be last before the princess; the share of Guards among unseen cards, of cards
    that can finish the princess; the retinue's Handmaid active; the draw pile; Barons known in the queue; the
    hand card's value."""
    know = Knowledge(view)
    princess = view.princess
    queue = view.queue
    retinue = [q for q in queue if q.card != princess]
    n = len(retinue)
    in_queue = any(q.card == princess for q in queue)
    hidden_agent = view.agent_state == "face_down"
    guard_share = know.chance(_first_id(know, "guard"))
    known = [know.effect(q.card) for q in retinue if q.card is not None]
    face_down = n - len(known)
    guards = known.count("guard") + face_down * guard_share
    guess = guard_guess(know.hidden, view.ruleset)
    guard_risk = know.chance(guess) if hidden_agent and guess is not None else 1.0
    margin = view.draw_size + (view.agent_state != "empty") - (n + 1)
    last = retinue[-1].card if retinue and in_queue and queue[-1].card == princess else None
    last_effect = know.effect(last) if last is not None else ""
    first = retinue[0].card if retinue else None
    first_effect = know.effect(first) if first is not None else ""
    heuristic = min(0.99, max(0.01, _heuristic(view, know)))
    hand_effect = know.effect(view.hand[0])
    row = [1.0, math.log(heuristic / (1 - heuristic))]
    row += [float(n == k) for k in range(7)]
    row += [
        float(not in_queue),
        float(_princess_alone(view)),
        float(hidden_agent),
        float(view.agent_state == "face_up"),
    ]
    row += [float(hand_effect == e) for e in _EFFECTS]
    row += [float(max(-2, min(3, margin))), float(margin < 0), guards, (not hidden_agent) * guards]
    row += [hidden_agent * guard_risk * guards]
    row += [float(first_effect == e) for e in _EFFECTS] + [float(bool(retinue) and first is None)]
    row += [float(last_effect == "handmaid"), float(last_effect == "baron")]
    row += [guard_share, know.finisher_chance(), float(view.queue_protected), float(view.draw_size)]
    row += [float(known.count("baron")), know.values[view.hand[0]] / 9.0]
    return row


def _first_id(know: Knowledge, effect: str) -> str:
    return next((c for c, e in know.effects.items() if e == effect), "")


_SETTLER = EasyBot(random.Random(0))  # only its deterministic best_plays() is used
