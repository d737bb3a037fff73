"""The ``hard-v2`` computer player: the second ``hard`` level, kept unchanged as a fixed reference for measuring the
present one (``benchmarks/bots.py``, ``loveletter simulate --seats hard,hard-v2``), as ``hard-v1`` is; players are
not offered it. The coach's judge (:mod:`loveletter.coach.judge`) values moves with its search, on which the coach's
calibration was fitted.

It is a Monte Carlo search on a Bayesian reading of the round, with a small tree.

For each decision it reads the round so far (:mod:`loveletter.bots.beliefs`: how likely each other player is to
hold each card, given every play they made this round and how closely their plays have followed a sensible
heuristic this game; at two players, also how closely they have followed the habits of a searching computer
player, :data:`READING`), deals the hidden cards accordingly many times
(:class:`~loveletter.engine.determinize.Determinizer`), tries each candidate action on the same deals, plays
each round out, and scores the finished round by the chance of winning the game from the tokens it leaves
(:class:`~loveletter.bots.value.GameValue`). At two players the searching seat's next two decisions in a
play-out are nodes of a search tree keyed by what it knows there (:mod:`loveletter.bots.tree`: which card to play
is learned over the play-outs); after them, and throughout for the other seats, every seat follows the ``easy``
heuristic on *its own* knowledge, except that another seat the reading takes for a searching computer player
chooses which of its two cards to play by the searchers' habits (:func:`loveletter.bots.tree.by_habits`; on each
deal, with the chance the reading gives that it is one). The other seats get no node of their own: a node learns
from deals sampled for the searching seat, so it would play knowing the searching seat's cards, and that pessimism
cost rounds.

A Guard's (or a Bishop's) names on one target share their deals: on a deal the named card is either the
target's or not, and every wrong name leaves the same position, so two play-outs per deal value every name. The
budget is spread by sequential halving: every candidate gets a few deals, the worse half is dropped, and so on,
so the close calls get most of the play-outs.

Against ``easy`` it wins about four games in five at two players, and about three in five against ``hard-v1``
(``benchmarks/bots.py``); ``benchmarks/NOTES.md`` has the figures, and how this design was chosen over the others
tried.

Its budget is a number of simulated moves per decision (``budget``: the moves of all its play-outs, every seat
included; deterministic for a given random source; by default :data:`DEFAULT_BUDGET`, by number of players) and,
optionally, a time limit (``seconds``; then results depend on the machine's speed).

The design's settings are class attributes whose defaults are this player's: the ``hard`` level
(:class:`loveletter.bots.hard.HardBot`) is this search with its own, and ``benchmarks/hard_variants.py`` seats
versions with others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from loveletter.bots import beliefs
from loveletter.bots.beliefs import Habits
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import Scorer
from loveletter.bots.tree import Score, Tree
from loveletter.bots.value import GameValue
from loveletter.engine import Action, GameState, Keep, Play, View
from loveletter.engine.determinize import Determinizer

#: Moves simulated per decision by default, by number of players. At 2 players the tree gains with the budget, so
#: it is the most that keeps a decision well within the speed limit; at 3 and 4 players, the plateau of the budget
#: curve (``benchmarks/bots.py --curve``); from 5 players up, where a move costs more, the former 2,000.
#: ``benchmarks/NOTES.md`` has the measurements.
DEFAULT_BUDGET = {2: 3_500, 3: 4_000, 4: 4_000, 5: 2_000, 6: 2_000, 7: 2_000, 8: 2_000}
#: Decisions of the searching seat per play-out made by the search tree (:mod:`loveletter.bots.tree`), by number
#: of players; the other seats play the heuristic on their own knowledge throughout, or a searcher's habits (see
#: the module docstring for why). From 3 players up a tree showed no gain over the flat play-out
#: (``benchmarks/NOTES.md``), so those tables keep the flat one.
TREE_DEPTH = {2: 2}
#: The kinds of player it reads the others as (:class:`~loveletter.bots.beliefs.Model`), by number of players; by
#: default :data:`~loveletter.bots.beliefs.PEOPLE`. At 2 players, careful or a searcher
#: (:data:`~loveletter.bots.beliefs.COMPUTERS`): the searcher's habits were fitted there, and there they gain
#: against ``hard-v1``. From 3 players on the reading stays the people's: reading ``easy`` players as possible
#: searchers lost games there (``benchmarks/NOTES.md``).
READING = {2: beliefs.COMPUTERS}
#: Options compared at most (a Guard's names on one target count as one); with more, the heuristic's favourites.
MAX_OPTIONS = 10
#: A Chancellor's returned cards are searched in every order when at most this many cards lie above them: they
#: are drawn soon, and which of them the next player draws can decide the round. Deeper in the deck the order
#: seldom matters, and each option costs play-outs, so only the heuristic's order (lower card first) is tried.
RETURN_ORDER_DEPTH = 4
#: Exact deals (:attr:`HardV2Bot.exact_deals`) are played only when a pass over them all takes at most this share
#: of the budget.
EXACT_SHARE = 0.5


def round_won(s: GameState, seat: int) -> float:
    """1 if ``seat`` won the round that ``s`` finished (or the game, if a token ended it mid-round), else 0."""
    result = s.result
    if result is None or result.reason == "interrupted":
        return 1.0 if seat in s.winners else 0.0
    return 1.0 if seat in result.winners else 0.0


@dataclass(slots=True)
class Option:
    """Actions searched together: one action, or every name of one card on one target (Guard, Bishop)."""

    actions: list[Action]
    #: For a naming card: the card's effect name ("guard", "bishop"), its target, whether it names values.
    naming: tuple[str, int, bool] | None = None


class HardV2Bot:
    """Determinized Monte Carlo search on a reading of the round; see the module docstring."""

    level = "hard-v2"
    #: It reads the round's history (the views of a game that builds no events have none).
    reads_history = True

    # The design's settings, by number of players (see the module docstring); these are this player's.
    #: Moves simulated per decision when no ``budget`` is given.
    budgets: ClassVar[Mapping[int, int]] = DEFAULT_BUDGET
    #: Decisions of the searching seat per play-out made by the search tree.
    tree_depth: ClassVar[Mapping[int, int]] = TREE_DEPTH
    #: The kinds of player it reads the others as (by default the people's).
    reading_models: ClassVar[Mapping[int, beliefs.Model]] = READING
    #: Every deal of the hidden cards is played, weighed by the reading, rather than sampled, when there are at
    #: most this many and a pass over them all fits :data:`EXACT_SHARE` of the budget (:meth:`every_deal`).
    exact_deals: ClassVar[Mapping[int, int]] = {}
    #: The power the reading's weights are raised to when dealing (below 1: trusted less).
    reading_power: ClassVar[Mapping[int, float]] = {}
    #: The share of play-out decisions made as if reading the other hands exactly (:class:`~loveletter.bots.tree.Tree`).
    insight: ClassVar[Mapping[int, float]] = {}
    #: Habits the searching seat follows in its play-outs after its tree decisions (None: the heuristic).
    self_habits: ClassVar[Habits | None] = None

    def __init__(self, rng: random.Random, *, budget: int | None = None, seconds: float | None = None):
        if budget is not None and budget < 1:
            raise ValueError("the budget must be at least 1 move")
        self.rng = rng
        self.budget = budget
        self.seconds = seconds
        self.memory = beliefs.Memory()
        #: The reading of the round behind the latest decision (None when it had a single legal action).
        self.reading: beliefs.Reading | None = None
        self._values: dict[tuple[int, int, bool], GameValue] = {}

    def value_model(self, view: View) -> GameValue:
        shared = view.mode.game_tie == "shared"
        key = (view.players, view.goal, shared)
        model = self._values.get(key)
        if model is None:
            model = self._values[key] = GameValue(view.players, goal=view.goal, shared=shared)
        return model

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        memory = self.memory
        memory.remember(view)
        if len(legal) == 1:
            self.reading = None
            action = legal[0]
        else:
            model = self.reading_models.get(view.players, beliefs.PEOPLE)
            self.reading = reading = beliefs.read(view, memory, model)
            memory.learn(reading)
            action = self.decide(view, reading)
        memory.note(view, action)
        return action

    def decide(self, view: View, reading: beliefs.Reading) -> Action:
        """The action to play in ``view``, given the reading of the round."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        options = self.options(view, reading, prune=True)
        if len(options) == 1 and len(options[0].actions) == 1:
            return options[0].actions[0]
        model = self.value_model(view)
        values = self.search(view, reading, options, model.of_state, halving=True)
        return max(values, key=values.__getitem__)

    def estimate(
        self,
        view: View,
        reading: beliefs.Reading,
        score: Score,
        *,
        budget: int | None = None,
        seconds: float | None = None,
    ) -> dict[Action, float]:
        """Every legal action's value by ``score``, averaged over the same deals (none dropped on the way)."""
        options = self.options(view, reading, prune=False)
        return self.search(view, reading, options, score, halving=False, budget=budget, seconds=seconds)

    # ------------------------------------------------------------------------------------------ search

    def options(self, view: View, reading: beliefs.Reading, *, prune: bool) -> list[Option]:
        """The legal actions, grouped: a naming card's names on one target form one option. With ``prune``, at
        most :data:`MAX_OPTIONS`, the heuristic's favourites; only names the reading does not rule out; and a
        Chancellor's keeps of one card in the heuristic's order of the returned cards only, unless they would lie
        within :data:`RETURN_ORDER_DEPTH` cards of the top."""
        p = Perspective.of_view(view)
        p.exposed = reading.exposed
        tables = p.tables
        scorer = Scorer(p)
        plain: list[Option] = []
        named: dict[tuple[str, int], Option] = {}
        keeps: dict[Keep | str, Option] = {}
        every_order = not prune or view.deck_size <= RETURN_ORDER_DEPTH
        for action in view.legal_actions:
            if isinstance(action, Play) and action.named is not None and action.targets:
                key = (action.card, action.targets[0])
                option = named.get(key)
                if option is None:
                    by_value = tables.traits[action.card].names == "value" or tables.by_number
                    option = named[key] = Option([], (tables.effect[action.card], action.targets[0], by_value))
                option.actions.append(action)
            elif isinstance(action, Keep):
                # One option per keep, or per kept card: then the heuristic's order of the returned cards.
                group: Keep | str = action if every_order else action.card
                option = keeps.get(group)
                if option is None:
                    keeps[group] = Option([action])
                elif scorer.keep_action(action) > scorer.score(option.actions[0]):
                    option.actions[0] = action
            else:
                plain.append(Option([action]))
        if prune:
            for (_, target), option in named.items():
                odds = reading.chances.get(target)
                if odds is not None and option.naming is not None:
                    values = tables.value
                    by_value = option.naming[2]
                    possible = [
                        a
                        for a in option.actions
                        if any(w > 0.0 for c, w in odds.items() if (values[c] if by_value else c) == named_card(a))
                    ]
                    option.actions = possible or option.actions[:1]
        options = plain + list(named.values()) + list(keeps.values())
        if prune and len(options) > MAX_OPTIONS:
            options.sort(key=lambda o: -max(scorer.score(a) for a in o.actions))
            options = options[:MAX_OPTIONS]
        return options

    def search(
        self,
        view: View,
        reading: beliefs.Reading,
        options: list[Option],
        score: Score,
        *,
        halving: bool,
        budget: int | None = None,
        seconds: float | None = None,
    ) -> dict[Action, float]:
        """Mean ``score`` of every action of ``options`` over common deals; with ``halving``, the worse half of
        the options is dropped after each phase (their means then rest on fewer deals)."""
        rng = self.rng
        me = view.seat
        n = view.players
        sampler = Determinizer(view, reading.exposed)
        likely = reading.likely
        power = self.reading_power.get(n, 1.0)
        if power != 1.0:
            likely = {q: {c: w**power for c, w in row.items()} for q, row in likely.items()}
        limit = seconds if seconds is not None else self.seconds
        deadline = time.perf_counter() + limit if limit is not None else None
        if budget is None:
            budget = self.budget if self.budget is not None else self.budgets.get(n, 2_000)
        totals: dict[Action, float] = {a: 0.0 for o in options for a in o.actions}
        # The weight of the deals each action was played on: a deal's count, or exact deals' chances.
        mass: dict[Action, float] = dict.fromkeys(totals, 0.0)
        remaining = list(options)
        phases = max(1, math.ceil(math.log2(len(options)))) if halving else 1
        depths = [self.tree_depth.get(n, 0) if q == me else 0 for q in range(n)]
        # The other seats read as searchers play by the searchers' habits in a deal's play-outs, by their chance.
        kinds = {q: h for q in range(n) if q != me and (h := reading.habits(q))}
        habits: list[Habits | None] = [None] * n
        habits[me] = self.self_habits
        tree = Tree(me, score, len(view.plays), depths, insight=self.insight.get(n, 0.0))
        deals = self.every_deal(view, sampler, likely, len(options), budget)
        dealt = 0
        spent = 0
        for phase in range(phases):
            allowance = spent + (budget - spent) // (phases - phase)
            while True:
                if deals is None:
                    base, weight = sampler.sample(rng, likely), 1.0
                else:
                    base, weight = deals[dealt % len(deals)]
                dealt += 1
                seed = rng.getrandbits(32)
                for q, mix in kinds.items():
                    habits[q] = draw_habits(mix, rng)
                for option in remaining:
                    spent += self._simulate(base, option, seed, tree, totals, mass, habits, weight)
                if deadline is not None and time.perf_counter() > deadline:
                    break
                # Every exact deal is played as often as the others: a phase ends only after a whole pass.
                if spent >= allowance and (deals is None or dealt % len(deals) == 0):
                    break
            if deadline is not None and time.perf_counter() > deadline:
                break
            if halving and len(remaining) > 1:
                remaining.sort(key=lambda o: -max(totals[a] / max(1e-12, mass[a]) for a in o.actions))
                remaining = remaining[: max(1, (len(remaining) + 1) // 2)]
                if len(remaining) == 1 and len(remaining[0].actions) == 1:
                    break
        survivors = {a for o in remaining for a in o.actions}
        # Only the options still in the race compete for the best (the dropped ones rest on fewer deals).
        return {a: totals[a] / mass[a] if mass[a] else -1.0 for a in totals if a in survivors or not halving}

    def every_deal(
        self,
        view: View,
        sampler: Determinizer,
        likely: Mapping[int, Mapping[str, float]],
        options: int,
        budget: int,
    ) -> list[tuple[GameState, float]] | None:
        """Every distinct deal of the hidden cards with its weight from the reading, when there are few enough
        (:attr:`exact_deals`) and a pass over them fits :data:`EXACT_SHARE` of the budget; else ``None``."""
        limit = self.exact_deals.get(view.players, 0)
        if limit <= 0:
            return None
        count = sampler.count()
        if count > limit or count * options * (view.deck_size + view.players) > EXACT_SHARE * budget:
            return None
        return beliefs.weighed_deals(view, sampler, likely) or None

    def _simulate(
        self,
        base: GameState,
        option: Option,
        seed: int,
        tree: Tree,
        totals: dict[Action, float],
        counts: dict[Action, float],
        habits: Sequence[Habits | None] = (),
        weight: float = 1,
    ) -> int:
        """Play ``option`` out on the deal ``base``, which weighs ``weight`` (an exact deal's chance); add the
        weighed scores to ``totals`` and the weight to ``counts``; return the moves simulated."""
        if option.naming is None:
            groups = [[action] for action in option.actions]
        else:
            # Every name but the target's card gives the same position: two play-outs value them all.
            _, target, by_value = option.naming
            held = base.hands[target][0]
            mark = base.ruleset.cards[held].value if by_value else held
            groups = [
                [a for a in option.actions if named_card(a) == mark],
                [a for a in option.actions if named_card(a) != mark],
            ]
        moves = 0
        for group in groups:
            if not group:
                continue
            s = base.copy()
            s.apply(group[0], record=False)
            played, value = tree.playout(s, random.Random(seed), habits)
            moves += 1 + played
            for action in group:
                totals[action] += weight * value
                counts[action] += weight
        return moves


def draw_habits(mix: Sequence[tuple[Habits, float]], rng: random.Random) -> Habits | None:
    """One of the habits of ``mix`` by their chances, or none (the heuristic) with the chance left."""
    x = rng.random()
    for habits, chance in mix:
        if x < chance:
            return habits
        x -= chance
    return None


def named_card(action: Action) -> str | int | None:
    """The card (or value) an action names, if it names one."""
    return action.named if isinstance(action, Play) else None
