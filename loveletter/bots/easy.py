"""The ``easy`` computer player: a one-look heuristic with card counting.

Every legal action gets a score in *expected tokens* (roughly: the chance it adds of winning the round, or of a
bonus token), computed from what the seat knows (:class:`~loveletter.bots.counting.Perspective`): the cards it has
not seen, the hands it learned with a Priest, a Baron or a King, who is protected. It plays the best one.

* A Guard names the card the target most probably holds (certainly, after a Priest look), weighing the Assassin.
* A Baron (Dowager Queen) is played on someone only when the comparison is likely to be won.
* A Prince goes to the likely Princess holder; a King only when the other hand is probably better.
* The Handmaid is worth more the more dangerous the table is; the Princess is never given up by choice.
* High cards are kept; the Chancellor keeps the best card; the Spy is played early.

The same scoring drives the play-outs of the ``hard`` player's search (:func:`choose`), so it works on a
:class:`Perspective` rather than on a view, and it is cheap: well under a millisecond per decision.

>>> import random
>>> from loveletter.engine import Game, load_ruleset, stacked_deck
>>> rs = load_ruleset("2019")
>>> deck = stacked_deck(rs, 2, hands=["Priest", "Handmaid"], draws=["Guard", "Guard", "Guard"])
>>> game = Game(rs, 2, deck=deck, first_player=0)
>>> bot = EasyBot(random.Random(1))
>>> str(bot.choose(game.view(0)))     # Priest + Guard: look first, the Guard waits for next turn
'Priest>1'
>>> _ = game.push("Priest>1"); _ = game.push("Guard>0=Baron")
>>> str(bot.choose(game.view(0)))     # seat 1 still holds the Handmaid seat 0 saw
'Guard>1=Handmaid'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from loveletter.bots.counting import Perspective
from loveletter.engine import Action, Keep, Phase, Play, Redraw, View

#: Value of keeping a card to the end, as a share of the round: grows as the deck runs down.
HOLD_EARLY, HOLD_LATE = 0.25, 0.75
#: Knowledge is worth a little on its own, and more when it can be used next turn (a Guard in hand).
INFO = 0.02
INFO_WITH_GUARD = 0.3
#: Small incentives for premium cards whose worth is hard to count.
CONSTABLE = 0.05
COUNT = 0.04
SYCOPHANT_NEXT = 0.02
#: Chance that a Spy played now earns its token (nobody else in the round plays one, and we survive).
SPY_CHANCE = 0.35
NEVER = -100.0


#: What a scorer works out from the unseen cards alone (:func:`_ranks`), by situation: a search's play-outs meet the
#: same ones again and again (at two players about two decisions in three: heuristic play-outs run some 15% faster).
#: The key takes the unseen counts without their cards, which every perspective lists in the mode's order (their
#: total is their sum, so it is not in the key).
_RANKS: dict[tuple[object, ...], tuple[float, dict[int, float], float]] = {}
#: Situations kept at most (some 2 KB each at two players, 4 KB at six in premium); then the table starts afresh.
RANKS_KEPT = 2_048


def _ranks(p: Perspective, m: int) -> tuple[float, dict[int, float], float]:
    """(weight of holding a card to the end, rank of each value, average worth of holding an unseen card) for a
    scorer of ``p`` facing ``m`` opponents."""
    deck_total = p.tables.deck_size
    progress = 1.0 - p.deck_size / deck_total if deck_total else 1.0
    weight = HOLD_EARLY + (HOLD_LATE - HOLD_EARLY) * progress
    # rank[v]: the chance that an unseen card is lower than the value v (ties count half).
    values = p.tables.value
    total = p.total
    by_value = dict.fromkeys(p.tables.values_up, 0)
    for card, k in p.unseen.items():
        if k > 0:
            by_value[values[card]] += k
    rank: dict[int, float] = {}
    below = 0
    hold_sum = 0.0
    for v, k in by_value.items():
        r = rank[v] = (below + 0.5 * k) / total if total else 0.5
        hold_sum += k * weight * r**m
        below += k
    return weight, rank, (hold_sum / total if total else weight * 0.5)


class Scorer:
    """Scores the actions of one decision; see the module docstring."""

    __slots__ = ("_guard", "_keep", "avg_hold", "hold_weight", "ko", "m", "own", "p", "rank", "values")

    def __init__(self, p: Perspective) -> None:
        self.p = p
        self._keep: dict[str, float] = {}
        self._guard: dict[int, tuple[float, dict[str | int, float]]] = {}
        opps = p.opponents()
        self.m = m = max(1, len(opps))
        # Chance to win the round now, if all were equal; knocking one opponent out moves it to 1/m.
        base = 1.0 / (m + 1)
        self.own = base
        avg_tokens = sum(p.tokens[q] for q in opps) / m if opps else 0.0
        self.ko = {q: base / m * (1.0 + 0.1 * (p.tokens[q] - avg_tokens)) for q in opps}
        self.values = p.tables.value
        key = (p.tables, p.deck_size, m, *p.unseen.values())
        ranks = _RANKS.get(key)
        if ranks is None:
            if len(_RANKS) >= RANKS_KEPT:
                _RANKS.clear()
            ranks = _RANKS[key] = _ranks(p, m)
        self.hold_weight, self.rank, self.avg_hold = ranks

    # --------------------------------------------------------------------------------------- pieces

    def hold(self, card: str) -> float:
        """Worth of holding ``card`` to a deck-out: the chance it beats every opponent's card."""
        return self.hold_weight * self.rank[self.values[card]] ** self.m

    def keep(self, card: str) -> float:
        """Worth of keeping ``card`` after this turn: holding it, less the danger if someone knows it."""
        score = self.hold(card) - self.exposure(card)
        if card in self.p.tables.princesses:
            score += 0.05 * self.own  # she also cannot be taken by a Baron
        return score

    def exposure(self, card: str) -> float:
        """The danger of holding ``card`` when players still in the round know we do."""
        p = self.p
        if not p.exposed or p.tables.traits[card].names == "card":  # a Guard cannot name a Guard
            return 0.0
        knowers = sum(1 for q, cards in p.exposed.items() if card in cards and p.alive[q])
        return min(1.0, 0.5 * knowers) * self.own

    def threat(self, kept: str) -> float:
        """Chance of being knocked out before our next turn, unprotected, holding ``kept``."""
        p = self.p
        total = p.total
        if not total:
            return 0.0
        traits = p.tables.traits
        guards = sum(k for c, k in p.unseen.items() if k > 0 and traits[c].names == "card") / total
        kinds = sum(1 for c, k in p.unseen.items() if k > 0 and traits[c].names != "card") or 1
        risk = 0.0
        for q in p.opponents():
            knows = kept in p.exposed.get(q, ())
            guess = 1.0 if knows else 1.0 / kinds
            risk += min(1.0, 2 * guards) * guess * 0.7
        return min(1.0, risk)

    def info(self, target: int, kept: str) -> float:
        p = self.p
        if p.holds(target) is not None:
            return 0.0
        bonus = INFO_WITH_GUARD * self.ko.get(target, 0.0) if p.tables.traits[kept].names == "card" else 0.0
        return INFO + bonus

    def guard_hit(self, target: int, named: str | int | None) -> float:
        """Worth of a Guard on ``target`` naming ``named``: the knock-out if right, less the Assassin's risk."""
        if named is None:
            return 0.0
        table = self._guard.get(target)
        if table is None:
            table = self._guard[target] = self.guard_table(target)
        miss, hits = table
        return hits.get(named, miss)

    def guard_table(self, target: int) -> tuple[float, dict[str | int, float]]:
        """(worth of a wrong guess, worth of each name that may be right) for a Guard on ``target``."""
        p = self.p
        tables = p.tables
        assassin = p.chance_of(target, tables.assassins) if tables.assassin_value is not None else 0.0
        miss = -assassin * self.own
        ko = self.ko.get(target, 0.0)
        hits: dict[str | int, float] = {}
        sure = p.holds(target)
        if sure is not None:
            if sure not in tables.assassins:
                hits[tables.value[sure] if tables.by_number else sure] = ko
            return miss, hits
        name: str | int
        if target in p.weights:
            for card, x in p.odds(target):
                if card not in tables.assassins:
                    name = tables.value[card] if tables.by_number else card
                    hits[name] = hits.get(name, miss) + x * ko
            return miss, hits
        total = p.total
        if not total:
            return miss, hits
        for card, k in p.unseen.items():
            if k > 0 and card not in tables.assassins:
                name = tables.value[card] if tables.by_number else card
                hits[name] = hits.get(name, miss) + k / total * ko
        return miss, hits

    # ------------------------------------------------------------------------------------------ plays

    def play(self, action: Play) -> float:
        p = self.p
        card = action.card
        hand = p.hand
        kept = hand[1] if hand[0] == card else hand[0]
        does = p.tables.traits[card]
        targets = action.targets
        if does.knocks_out_when_discarded:
            return NEVER
        score = self._keep.get(kept)
        if score is None:
            score = self._keep[kept] = self.keep(kept)
        # The card's traits say what it does; each branch is the heuristic's judgement of one kind of card.
        if not targets:
            if does.protects:  # Handmaid
                score += self.threat(kept) * self.own + 0.01
                score += self.exposure(kept)  # protected: what others know cannot hurt yet
            elif does.draws:  # Chancellor
                score += self.chancellor(kept)
            elif does.token_at_round_end:  # Spy
                score += self.spy()
            elif does.token_when_knocked_out:  # Constable
                traits = p.tables.traits
                score += 0.0 if any(traits[c].token_when_knocked_out for c in p.discards[p.me]) else CONSTABLE
            elif does.raises_value:  # Count
                score += COUNT
            elif does.stops_guard:  # Assassin
                score -= 0.03
            return score
        t = targets[0]
        if does.names == "card":  # Guard
            return score + self.guard_hit(t, action.named)
        if does.compares == "lower_loses":  # Baron
            below, above = p.compare(t, p.tables.value[kept])
            return score + below * self.ko.get(t, 0.0) - above * self.own
        if does.compares == "higher_loses":  # Dowager Queen
            below, above = p.compare(t, p.tables.value[kept])
            return score + above * self.ko.get(t, 0.0) - below * self.own
        if does.discards_target:  # Prince
            princesses = p.tables.princesses
            if t == p.me:
                if kept in princesses:
                    return NEVER
                bonus = self.spy() if p.tables.traits[kept].token_at_round_end else 0.0
                return score - self.keep(kept) + self.avg_hold + bonus
            score += p.chance_of(t, princesses) * self.ko.get(t, 0.0)
            sure = p.holds(t)
            if sure is not None and sure not in princesses:
                score += 0.3 * (self.hold(sure) - self.avg_hold)
            return score
        if does.names == "value":  # Bishop
            assert isinstance(action.named, int)
            return score + p.chance_value(t, action.named)
        if does.targets == "two_players":  # Cardinal
            if p.me in targets:
                other = targets[0] if targets[1] == p.me else targets[1]
                return score - self.keep(kept) + self.swap_gain(other) - 0.2 * self.own
            return score + 0.01 + (INFO if action.look is not None else 0.0)
        if does.trades:  # King
            return score - self.keep(kept) + self.swap_gain(t) - 0.2 * self.own
        if does.looks:  # Priest, Baroness
            return score + sum(self.info(q, kept) for q in targets)
        if does.marks == "jester":
            sure = p.holds(t)
            wins = self.rank[self.values[sure]] ** self.m if sure is not None else 1.0 / (self.m + 1)
            return score + 0.8 * wins
        if does.marks == "sycophant":
            if t == p.me:
                return score - 0.02
            nxt = self._next_seat()
            return score + (SYCOPHANT_NEXT if t == nxt else 0.0) + 0.1 * p.chance_of(t, p.tables.princesses)
        return score

    def _next_seat(self) -> int:
        p = self.p
        seat = (p.me + 1) % p.n
        while not p.alive[seat] and seat != p.me:
            seat = (seat + 1) % p.n
        return seat

    def swap_gain(self, target: int) -> float:
        """Worth of the card we would receive from ``target``."""
        sure = self.p.holds(target)
        return self.hold(sure) if sure is not None else self.avg_hold

    def chancellor(self, kept: str) -> float:
        p = self.p
        if p.deck_size == 0:
            return 0.0
        r = self.rank[self.values[kept]]
        draws = min(2, p.deck_size)
        # Expected best rank of the kept card and `draws` uniform draws.
        best = r ** (draws + 1) + (draws / (draws + 1)) * (1 - r ** (draws + 1))
        gain = self.hold_weight * (best**self.m - r**self.m)
        gain += self.exposure(kept)  # what others knew of our hand is gone
        return gain + INFO

    def spy(self) -> float:
        p = self.p
        traits = p.tables.traits
        if any(traits[c].token_at_round_end for c in p.discards[p.me]):
            return 0.0
        rivals = [q for q in p.opponents() if any(traits[c].token_at_round_end for c in p.discards[q])]
        if rivals:
            return 0.5 * SPY_CHANCE  # playing ours denies them the token
        return SPY_CHANCE

    # ------------------------------------------------------------------------------------ other steps

    def scores(self, legal: Sequence[Action]) -> list[float]:
        """The score of each action of ``legal``, as :meth:`score` gives it; a Guard's names on one target are
        worked out together (the same sums, in the same order: the very same numbers)."""
        out: list[float] = []
        traits = self.p.tables.traits
        hand = self.p.hand
        group: tuple[str, int] | None = None
        base = miss = 0.0
        hits: dict[str | int, float] = {}
        for action in legal:
            if isinstance(action, Play) and action.named is not None and action.targets:
                card = action.card
                does = traits[card]
                if does.names == "card" and not does.knocks_out_when_discarded:
                    target = action.targets[0]
                    if group != (card, target):
                        group = (card, target)
                        kept = hand[1] if hand[0] == card else hand[0]
                        cached = self._keep.get(kept)
                        if cached is None:
                            cached = self._keep[kept] = self.keep(kept)
                        base = cached
                        table = self._guard.get(target)
                        if table is None:
                            table = self._guard[target] = self.guard_table(target)
                        miss, hits = table
                    out.append(base + hits.get(action.named, miss))
                    continue
            out.append(self.score(action))
        return out

    def score(self, action: Action) -> float:
        """The score of any action of this decision."""
        if isinstance(action, Play):
            return self.play(action)
        if isinstance(action, Keep):
            return self.keep_action(action)
        return self.redraw(action)

    def keep_action(self, action: Keep) -> float:
        p = self.p
        values = p.tables.value
        score = self.hold(action.card)
        if p.tables.traits[action.card].token_at_round_end:
            score += self.spy()
        # Cards we return come back to the top last: put the lower one where it is drawn first.
        returned = action.returned
        if len(returned) == 2:
            score += 1e-4 * (values[returned[1]] - values[returned[0]])
        return score

    def redraw(self, action: Redraw) -> float:
        p = self.p
        card = p.hand[0]
        if not action.redraw:
            return 0.0
        if card in p.tables.princesses:
            return NEVER
        # Everyone now knows the value of our card: a new one is safer unless ours is very strong.
        return self.avg_hold - self.hold(card) + 0.5 * self.own


def choose(p: Perspective, legal: Sequence[Action], rng: random.Random) -> Action:
    """The best action of ``legal`` by the heuristic, ties broken with ``rng``."""
    if len(legal) == 1:
        return legal[0]
    scorer = Scorer(p)
    return best(legal, [scorer.score(action) for action in legal], rng)


def best(legal: Sequence[Action], scores: Sequence[float], rng: random.Random) -> Action:
    """The action of ``legal`` with the best of ``scores``, ties broken with ``rng``."""
    top = -1e9
    chosen: list[Action] = []
    for action, score in zip(legal, scores, strict=True):
        if score > top + 1e-9:
            top = score
            chosen = [action]
        elif score > top - 1e-9:
            chosen.append(action)
    return chosen[0] if len(chosen) == 1 else chosen[rng.randrange(len(chosen))]


class EasyBot:
    """Card counting and a one-look heuristic; decides in well under a millisecond."""

    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        if view.phase is Phase.GAME_OVER or not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        return choose(Perspective.of_view(view), view.legal_actions, self.rng)
