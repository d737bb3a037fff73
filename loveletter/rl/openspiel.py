"""The OpenSpiel game ``python_loveletter``: every ruleset and player count, with chance nodes for the deals.

Importing this module registers the game (it needs the ``openspiel`` extra)::

    import pyspiel  # type: ignore[import-not-found]
    import loveletter.rl.openspiel
    game = pyspiel.load_game("python_loveletter", {"ruleset": "premium", "players": 5})

Parameters: ``ruleset`` (a bundled name or the path of a ruleset file; default the 2019 edition, which a game's
string writes ``edition2019``, since OpenSpiel would read a bare ``2019`` there as a number) and ``players``
(default 2). Each round starts with chance nodes: who plays first, when the rules leave it to chance (a game's
first round, tied winners; a ruleset where the players choose draws it too), then the deck, one card at a time
from the top (outcome ``k``: the ``k``-th card type of the ruleset's mode, with the chance of its copies left).
Player actions are the indices of :class:`~loveletter.rl.ActionTable`. Returns: 1 to each winner of the game, 0
to the others (general sum: a ruleset may share a tied win).

Observations come from the seat's :class:`~loveletter.engine.View`: the observation tensor is the vector of
:mod:`loveletter.rl.observation` and so is the information-state tensor (the discard piles keep the public
history in order, but it is not perfect recall: a look that no longer holds is forgotten). The information-state
string is perfect recall: every event of the game the seat has seen, in order.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import numpy as np

from loveletter.bots import make_bot
from loveletter.engine import GameState, Ruleset, load_ruleset
from loveletter.engine.determinize import Determinizer
from loveletter.engine.events import Event, visible_to
from loveletter.rl.actions import ActionTable, mode_of
from loveletter.rl.observation import Encoder

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # the openspiel extra is not installed: the game cannot be registered
    pyspiel = None

SHORT_NAME = "python_loveletter"
#: OpenSpiel reads a bare number in a game's string as an int (``ruleset=2019``), and the parameter is a string:
#: a ruleset whose name is a number is written with this prefix (``edition2019``) in the game's parameters.
PREFIX = "edition"
DEFAULTS: dict[str, Any] = {"ruleset": f"{PREFIX}2019", "players": 2}


def spiel_name(ruleset: str) -> str:
    """The ruleset as OpenSpiel's parameter holds it: ``2019`` -> ``edition2019``, any other as it is."""
    return PREFIX + ruleset if ruleset.isdigit() else ruleset


def ruleset_name(value: str) -> str:
    """The ruleset a parameter names: ``edition2019`` (or ``2019``) -> ``2019``."""
    rest = value[len(PREFIX) :]
    return rest if value.startswith(PREFIX) and rest.isdigit() else value


def missing() -> ImportError:
    return ImportError("the OpenSpiel game needs the openspiel extra: uv sync --extra openspiel")


def rounds_bound(ruleset: Ruleset, players: int) -> int:
    """A bound on the rounds of a game, for OpenSpiel's ``max_game_length``: every round but the last gives a
    token to someone, who needs fewer than the goal, plus the tie-break rounds the engine allows."""
    return players * (ruleset.tokens_to_win(players) - 1) + 1 + 10


class _Shared:
    """What every state of one game shares and never changes (OpenSpiel deep-copies a state's attributes to
    clone it: these are passed on, not copied; pickled, they are rebuilt from the ruleset)."""

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset, self.players = ruleset, players
        self.table = ActionTable(ruleset, players)
        mode = ruleset.mode_for(players)
        self.card_ids = mode.card_ids
        self.copies = dict(mode.copies)
        self.deck_size = mode.deck_size

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _Shared, (self.ruleset, self.players)  # a ruleset pickles as its name or its text


class _Engine:
    """A game in progress: the engine's state, the events so far, the deal being drawn at chance nodes, and
    every action (chance outcomes too). Cloned with the engine's own cheap copy; pickled as its actions, which
    are replayed to load it, or, for a state sampled from a seat's information (:meth:`resampled`), as itself."""

    def __init__(self, shared: _Shared) -> None:
        self.shared = shared
        self.state = GameState(shared.ruleset, shared.players)
        self.events: list[Event] = []
        self.moves: list[int] = []
        self.first: int | None = None  # this round's first player, once drawn
        self.deck: list[str] = []  # the round's deck drawn so far, top card first
        self.sampled = False  # made by resampled(): its moves do not lead to it
        self._begin_deal()

    def resampled(self, seat: int, rng: random.Random) -> _Engine:
        """A game ``seat`` cannot tell from this one: the cards it cannot see dealt again by the engine's
        determinizer, every event it saw kept (so its information state is the same), the events only others saw
        dropped (they belong to the true deal)."""
        new = _Engine.__new__(_Engine)
        new.shared = self.shared
        new.state = Determinizer(self.state.view(seat)).sample(rng)
        new.events = visible_to(self.events, seat)
        new.moves, new.first, new.deck, new.sampled = list(self.moves), None, [], True
        return new

    def _begin_deal(self) -> None:
        choices = self.state.next_first
        self.first = choices[0] if len(choices) == 1 else None
        self.deck = []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.first is None:
            choices = self.state.next_first
            return [(seat, 1.0 / len(choices)) for seat in choices]
        left = dict(self.shared.copies)
        for card in self.deck:
            left[card] -= 1
        total = sum(left.values())
        return [(k, left[card] / total) for k, card in enumerate(self.shared.card_ids) if left[card]]

    def apply(self, action: int) -> None:
        self.moves.append(action)
        state = self.state
        if state.decider is not None:
            self.events += state.apply(self.shared.table.actions[action], record=True)
            if state.decider is None and state.phase.value == "round_over":
                self._begin_deal()
        elif self.first is None:
            self.first = action
        else:
            self.deck.append(self.shared.card_ids[action])
            if len(self.deck) == self.shared.deck_size:
                assert self.first is not None
                self.events += state.start_round(self.deck, self.first, record=True)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine.__new__(_Engine)
        new.shared, new.state, new.events = self.shared, self.state.copy(), list(self.events)
        new.moves, new.first, new.deck, new.sampled = list(self.moves), self.first, list(self.deck), self.sampled
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        if self.sampled:
            return _restored, (self.shared, self.state, self.events, self.moves, self.first, self.deck)
        return _replay, (self.shared, tuple(self.moves))


def _restored(
    shared: _Shared,
    state: GameState,
    events: list[Event],
    moves: list[int],
    first: int | None,
    deck: list[str],
) -> _Engine:
    engine = _Engine.__new__(_Engine)
    engine.shared, engine.state, engine.events, engine.moves = shared, state, events, moves
    engine.first, engine.deck, engine.sampled = first, deck, True
    return engine


def _replay(shared: _Shared, moves: tuple[int, ...]) -> _Engine:
    engine = _Engine(shared)
    for action in moves:
        engine.apply(action)
    return engine


if pyspiel is not None:
    _GAME_TYPE = pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Love Letter (loveletter engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )

    class LoveLetterGame(pyspiel.Game):  # type: ignore[misc]
        """The game: its ruleset, player count, action table and observation layout."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            values = {**DEFAULTS, **(params or {})}
            ruleset = load_ruleset(ruleset_name(str(values["ruleset"])))
            players = int(values["players"])
            values = {"ruleset": spiel_name(str(values["ruleset"])), "players": players}
            mode = mode_of(ruleset, players)
            table = ActionTable(ruleset, players)
            deck = mode.deck_size
            info = pyspiel.GameInfo(
                num_distinct_actions=len(table),
                max_chance_outcomes=max(len(mode.cards), players),
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                # A round deals every card and lasts fewer decisions than twice its cards (a Chancellor's two).
                max_game_length=rounds_bound(ruleset, players) * 2 * deck,
            )
            super().__init__(_GAME_TYPE, info, values)
            self.shared = _Shared(ruleset, players)
            self.encoder = Encoder(ruleset, players)

        def new_initial_state(self) -> LoveLetterState:
            return LoveLetterState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LoveLetterObserver:
            if params:
                raise ValueError(f"observation parameters are not supported; got {params}")
            perfect = iig_obs_type is None or iig_obs_type.perfect_recall
            return LoveLetterObserver(self, perfect_recall=perfect)

    class LoveLetterState(pyspiel.State):  # type: ignore[misc]
        """A game in progress: the engine's state, and the deal being drawn at chance nodes."""

        def __init__(self, game: LoveLetterGame) -> None:
            super().__init__(game)
            self.shared = game.shared
            self.engine = _Engine(game.shared)

        @property
        def state(self) -> GameState:
            return self.engine.state

        def current_player(self) -> int:
            state = self.state
            if state.phase.value == "game_over":
                return int(pyspiel.PlayerId.TERMINAL)
            if state.decider is None:
                return int(pyspiel.PlayerId.CHANCE)
            return int(state.decider)

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(self.shared.table.legal_indices(self.state.legal_actions(player)))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.engine.chance_outcomes()

        def _apply_action(self, action: int) -> None:
            self.engine.apply(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                if self.engine.first is None:
                    return f"first player {action}"
                return f"deal {self.shared.card_ids[action]}"
            return self.shared.table.to_notation(action)

        def is_terminal(self) -> bool:
            return bool(self.state.phase.value == "game_over")

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LoveLetterState:
            """A state ``player_id`` cannot tell from this one (what OpenSpiel's ``ISMCTSBot`` searches): the cards
            it cannot see dealt again by the engine's determinizer, its information state the same. The hidden
            cards are dealt uniformly among those its view allows (``probability_sampler`` seeds the deal): what
            the history implies beyond the view, such as a Guard's miss, does not weigh them, and the other seats'
            information states hold the public history only, with their sampled hands."""
            if self.current_player() < 0:
                raise ValueError("resample_from_infostate: only at a player's decision")
            new = LoveLetterState(self.get_game())
            new.engine = self.engine.resampled(player_id, random.Random(int(probability_sampler() * 2**53)))
            return new

        def returns(self) -> list[float]:
            winners = self.state.winners if self.is_terminal() else ()
            return [1.0 if p in winners else 0.0 for p in range(self.shared.players)]

        def __str__(self) -> str:
            engine = self.state
            hands = " ".join(f"{p}:{','.join(h) or '-'}" for p, h in enumerate(engine.hands))
            piles = " ".join(f"{p}:{','.join(d) or '-'}" for p, d in enumerate(engine.discards))
            return f"round {engine.round} tokens {engine.tokens} hands {hands} discards {piles} deck {len(engine.deck)}"

    class LoveLetterObserver:
        """OpenSpiel's Python observer: ``tensor`` (the observation vector) and strings, from one seat's view."""

        def __init__(self, game: LoveLetterGame, *, perfect_recall: bool) -> None:
            self.encoder = game.encoder
            self.perfect_recall = perfect_recall
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: LoveLetterState, player: int) -> None:
            self.tensor[:] = self.encoder.observe(state.state, player)

        def string_from(self, state: LoveLetterState, player: int) -> str:
            if self.perfect_recall:
                # The hand follows from the events in a real game; a resampled one also says the sampled hand.
                events = "\n".join(map(repr, visible_to(state.engine.events, player)))
                return f"seat {player}\n{events}\nhand {','.join(state.state.hands[player]) or '-'}"
            view = state.state.view(player)
            seats = " ".join(
                f"[{sv.seat} t{sv.tokens} {'in' if sv.in_round else 'out'}{' P' if sv.protected else ''}"
                f" knows:{','.join(sv.known) or '-'} pile:{','.join(sv.discards) or '-'}]"
                for sv in view.seats
            )
            return (
                f"seat {player} round {view.round} phase {view.phase.value} hand {','.join(view.hand) or '-'} "
                f"deck {view.deck_size} face-up {','.join(view.face_up) or '-'} {seats}"
            )

    pyspiel.register_game(_GAME_TYPE, LoveLetterGame)


def ismcts_bot(game: Any, *, simulations: int = 100, rollouts: int = 1, uct_c: float = 2.0, seed: int = 0) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` for this game (random roll-outs), with the two methods its
    ``evaluate_bots`` asks of every bot: it keeps nothing between decisions (each search starts afresh from
    :meth:`LoveLetterState.resample_from_infostate`), so starting again and hearing the others' actions are
    nothing to it. (OpenSpiel's C++ ``ISMCTSBot`` cannot call a Python game's resampling.)"""
    # The openspiel extra, imported when asked for (pyspiel may be missing: see the top).
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    class Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    return Bot(game, evaluator, uct_c, simulations, random_state=np.random.RandomState(seed + 1))


def level_policy(game: Any, level: str, *, samples: int = 1, seed: int = 0, budget: int | None = None) -> Any:
    """A built-in computer player as an OpenSpiel policy (``open_spiel.python.policy.Policy``), for
    ``exploitability``, ``best_response`` and the like: at each information state, how often the ``level`` player
    (made afresh, deciding from that seat's view alone) chooses each action over ``samples`` decisions with
    different random sources; ``random`` is its exact uniform distribution. Decisions are asked for when first
    needed and kept. A player's choices are a function of its view, so of the information state: this is the
    behaviour policy that level plays (estimated with ``samples`` draws where it is random)."""
    # The openspiel extra, imported when asked for (pyspiel may be missing: see the top).
    from open_spiel.python import policy as spiel_policy  # noqa: PLC0415

    class LevelPolicy(spiel_policy.Policy):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(game, list(range(game.num_players())))
            self.level, self.samples = level, samples
            self.kept: dict[str, dict[int, float]] = {}

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
            key = state.information_state_string()
            found = self.kept.get(key)
            if found is None:
                legal = state.legal_actions()
                if level == "random":
                    found = dict.fromkeys(legal, 1.0 / len(legal))
                else:
                    view = state.state.view(state.current_player())
                    table = game.shared.table
                    counts: Counter[int] = Counter()
                    for k in range(samples):
                        digest = hashlib.sha256(f"{seed}/{k}/{key}".encode()).digest()
                        bot = make_bot(level, seed=int.from_bytes(digest[:8], "big"), budget=budget)
                        counts[table.index(bot.choose(view))] += 1
                    found = {action: counts[action] / samples for action in legal}
                self.kept[key] = found
            return found

    return LevelPolicy()


def load_game(ruleset: str = "2019", players: int = 2) -> Any:
    """``pyspiel.load_game("python_loveletter", ...)`` with a clear error when the extra is missing."""
    if pyspiel is None:
        raise missing()
    return pyspiel.load_game(SHORT_NAME, {"ruleset": spiel_name(ruleset), "players": players})
