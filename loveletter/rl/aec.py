"""The PettingZoo AEC environment ``loveletter_v0``: every ruleset and player count, one agent per seat.

``raw_env`` is the environment itself: an action the mask forbids raises a ``ValueError`` naming it and the
legal ones. ``env`` wraps it as PettingZoo's classic games are wrapped: an illegal action ends the game with a
penalty of -1 for the agent that took it, an action outside the space fails at once, and the order of calls is
checked.

The agent to act is the seat that must decide (a Bishop's target answers on another's turn, a Chancellor's
player decides twice in a row). Between rounds the next round is dealt at once, so every step is a decision.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from loveletter.engine import Game, NotationError, Ruleset, View, load_ruleset
from loveletter.rl.actions import ActionTable, mode_of
from loveletter.rl.observation import Encoder
from loveletter.rl.render import check_render_mode, table_text

Rewards = Literal["game", "round"]
_UNREAD: Any = object()  # the place of a view not built yet


class DecisionInfo(dict[str, Any]):
    """The deciding agent's ``infos`` entry: its ``action_mask``, and its ``view`` built when first read. A view
    costs about a fifth of a step, which a learner that reads only the mask need not pay. It is the view of the
    decision's moment: read it before the agent steps (after, an unread view is gone; :meth:`raw_env.view`
    gives the view of now). Copies and pickles are plain dicts holding the view."""

    __slots__ = ("_seat", "_state")
    _seat: int
    _state: Any

    @classmethod
    def of(cls, state: Any, seat: int, mask: np.ndarray) -> DecisionInfo:
        """The entry of ``seat`` deciding in ``state`` (made without a Python ``__init__``: it is made at every
        step, and that call would cost as much as the dict)."""
        info = cls(view=_UNREAD, action_mask=mask)
        info._state, info._seat = state, seat
        return info

    def _read(self) -> None:
        if dict.get(self, "view") is _UNREAD:
            dict.__setitem__(self, "view", self._state.view(self._seat))
        self._state = None

    def close(self) -> None:
        """The agent stepped: a view not read by now is not of this decision any more."""
        if dict.get(self, "view") is _UNREAD:
            dict.__delitem__(self, "view")
        self._state = None

    def __getitem__(self, key: str) -> Any:
        if key == "view":
            self._read()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == "view":
            self._read()
        return dict.get(self, key, default)

    # Overridden in Python, so that dict(info), {**info} and update() read through __getitem__.
    def __iter__(self) -> Any:
        return dict.__iter__(self)

    def items(self) -> Any:
        self._read()
        return dict.items(self)

    def values(self) -> Any:
        self._read()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        return dict(self)

    def __eq__(self, other: object) -> bool:
        self._read()
        return dict.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        self._read()
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (dict(self),)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (see the module docstring); arguments as :class:`raw_env`."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for it
    """Love Letter for ``players`` seats (agents ``player_0`` ... ``player_N-1``) under ``ruleset`` (a bundled name,
    the path of a ruleset file, or a :class:`~loveletter.engine.Ruleset`).

    ``rewards="game"``: +1 to each winner of the game when it ends, 0 otherwise; ``"round"``: +1 to each winner of
    a round when it ends. The deciding agent's ``infos`` entry (a :class:`DecisionInfo`) holds its
    :class:`~loveletter.engine.View` (for rule-based agents; built when read, so read it before the agent steps)
    and its ``action_mask`` (read-only: it is shared by every step with the same legal actions); once the game
    is over every agent's holds its last view.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "loveletter_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        ruleset: Ruleset | str = "2019",
        players: int = 2,
        *,
        rewards: Rewards = "game",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        mode_of(self.ruleset, players)  # a clear error for a player count the ruleset does not seat
        if rewards not in ("game", "round"):
            raise ValueError(f"rewards must be 'game' or 'round', not {rewards!r}")
        self.players = players
        self.reward_mode: Rewards = rewards
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.table = ActionTable(self.ruleset, players)
        self.encoder = Encoder(self.ruleset, players)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        size = len(self.table)
        self._space_obs = spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.encoder.high, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._space_act = spaces.Discrete(size)
        self._no_actions = np.zeros(size, dtype=np.int8)
        #: id of an engine legal-action tuple -> (that tuple, its mask, its legal indices).
        self._masks: dict[int, tuple[tuple[Any, ...], np.ndarray, frozenset[int]]] = {}
        self._by_indices: dict[tuple[int, ...], tuple[np.ndarray, frozenset[int]]] = {}
        self._rng = random.Random()
        self.game: Game | None = None

    # ---------------------------------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space_obs

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._space_act

    # ---------------------------------------------------------------------------------------- mapping

    def action_to_notation(self, action: int) -> str:
        """The notation of action index ``action`` (``Guard>1=Priest``, ``keep Guard return Baron,Priest``...)."""
        return self.table.to_notation(int(action))

    def notation_to_action(self, text: str) -> int:
        """The index of the action written ``text`` (case does not matter)."""
        try:
            return self.table.from_notation(text)
        except NotationError as error:
            raise ValueError(str(error)) from None

    # ---------------------------------------------------------------------------------------- game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: the same ``seed`` deals the same cards and so, with the same actions, gives the same game."""
        self._rng = random.Random(seed)
        first = None
        if self.ruleset.flags.first_player_mode == "choose":
            first = self._rng.randrange(self.players)  # the players' choice, drawn (as simulate does)
        # Events only to render the table (its log is the round's history): the environment reads views only, and
        # the engine is faster without them.
        deal = random.Random(self._rng.getrandbits(64))
        record = self.render_mode is not None
        self.game = Game(self.ruleset, self.players, rng=deal, first_player=first, record=record)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._zero = True  # the rewards of the last step were all 0
        self._select()

    def _legal(self) -> tuple[tuple[Any, ...], np.ndarray, frozenset[int]]:
        """The deciding seat's legal actions, their mask and indices. The engine hands out the same tuple for
        the same situation, so they are kept by its id (checked: an id may be reused once a tuple is freed)."""
        assert self.game is not None
        legal = self.game.state.legal_actions()
        found = self._masks.get(id(legal))
        return found if found is not None and found[0] is legal else self._new_mask(legal)

    def _new_mask(self, legal: tuple[Any, ...]) -> tuple[tuple[Any, ...], np.ndarray, frozenset[int]]:
        """The entry of :meth:`_legal` for a legal-action tuple not seen by its id: the engine builds a new tuple
        for a hand it no longer keeps, so the mask is found again by the actions' indices when it can."""
        if len(self._masks) > 20_000:
            self._masks.clear()
            self._by_indices.clear()
        indices = self.table.legal_indices(legal)
        known = self._by_indices.get(indices)
        if known is None:
            mask = np.zeros(len(self.table), dtype=np.int8)
            mask[list(indices)] = 1
            mask.flags.writeable = False  # shared by every step with these legal actions
            known = self._by_indices[indices] = (mask, frozenset(indices))
        found = self._masks[id(legal)] = (legal, *known)
        return found

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat that decides now, and give it its view and mask in ``infos``
        (at every step: :meth:`_legal` written out here)."""
        assert self.game is not None
        state = self.game.state
        decider = state.decider
        assert decider is not None
        agent = self.agent_selection = self.possible_agents[decider]
        legal = state.legal_actions()
        now = self._masks.get(id(legal))
        if now is None or now[0] is not legal:
            now = self._new_mask(legal)
        self._now = now
        self.infos[agent] = DecisionInfo.of(state, decider, now[1])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None, "reset() first"
        seat = self._seat[agent]
        state = game.state
        mask = self._now[1] if state.decider == seat else self._no_actions
        return {"observation": self.encoder.observe(state, seat), "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        allowed = self._now[2]
        index = action if type(action) is int else int(action)
        if index not in allowed:
            what = self.table.to_notation(index) if 0 <= index < len(self.table) else "outside the action space"
            choices = ", ".join(f"{i} ({self.table.to_notation(i)})" for i in sorted(allowed))
            raise ValueError(f"{agent}: action {index} ({what}) is not legal now; legal: {choices}")
        info = self.infos[agent]
        if type(info) is DecisionInfo:
            info.close()
        self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        if not self._zero:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._zero = True
        game.push(self.table.actions[index])
        if game.state.decider is not None or not self._round_end(game):
            self._select()
        if not self._zero:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _round_end(self, game: Game) -> bool:
        """Rewards at the end of a round (and of the game); the next round is dealt unless the game is over.
        Whether the game is over."""
        winners = game.winners if game.over else ()
        if self.reward_mode == "round":
            assert game.result is not None
            winners = game.result.winners
        if winners:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for seat in winners:
                self.rewards[self.possible_agents[seat]] = 1.0
            self._zero = False
        if game.over:
            self.terminations = dict.fromkeys(self.agents, True)
            for p, agent in enumerate(self.possible_agents):
                self.infos[agent] = {"view": game.view(p)}
            return True
        choices = game.first_player_choices()
        first = None
        if len(choices) > 1 and self.ruleset.flags.first_player_mode == "choose":
            first = choices[self._rng.randrange(len(choices))]
        game.next_round(first_player=first)
        return False

    # ---------------------------------------------------------------------------------------- output

    def view(self, agent: str) -> View:
        """What ``agent``'s seat may know now."""
        assert self.game is not None, "reset() first"
        return self.game.view(self._seat[agent])

    def render(self) -> str | None:
        """The table as the deciding seat sees it (once the game is over, as the seat that decided last):
        returned as text (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None or self.game is None:
            return None

        seat = self._seat[self.agent_selection]
        text = table_text(self.game.view(seat))
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def close(self) -> None:
        pass
