"""Gymnasium environments: ``loveletter/LoveLetter-v0`` (one learner against the built-in computer players) and
``loveletter/LoveLetterSolitaire-v0`` (the one-player variant). Importing :mod:`loveletter.rl` registers both.

Both have a ``Box`` observation (the vectors of :mod:`loveletter.rl.observation` and :mod:`loveletter.rl.solitaire`),
a ``Discrete`` action space, ``action_masks()`` for sb3-contrib's ``MaskablePPO``, and the mask and the view in
``info``. An action the mask forbids ends the episode with a reward of -1 (``illegal="raise"``: a ``ValueError``
naming it and the legal ones instead).

>>> import gymnasium
>>> env = gymnasium.make("loveletter/LoveLetter-v0", ruleset="classic", opponents="easy,easy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((474,), True)
"""

from __future__ import annotations

import io
import random
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces
from rich.console import Console

from loveletter.bots import LEVELS, REFERENCE_LEVELS, Bot, make_bot, reads_history
from loveletter.engine import Game, Ruleset, load_ruleset
from loveletter.rl.actions import ActionTable, mode_of, notation_to_action
from loveletter.rl.observation import Encoder
from loveletter.rl.policy import Chooser, as_policy
from loveletter.rl.render import check_render_mode, table_text
from loveletter.rl.solitaire import SolitaireActions, SolitaireEncoder
from loveletter.solitaire import SolitaireGame, SolitaireRuleset, load_solitaire_ruleset
from loveletter.tui.solitaire.board import Board, BoardModel

Illegal = Literal["penalty", "raise"]


def parse_opponents(opponents: str | list[str] | tuple[str, ...]) -> list[tuple[str, int | None]]:
    """``"easy,hard:500"`` -> ``[("easy", None), ("hard", 500)]``: a level per opponent, ``hard:N`` its effort."""
    items = opponents.split(",") if isinstance(opponents, str) else list(opponents)
    known = (*LEVELS, *REFERENCE_LEVELS)
    out: list[tuple[str, int | None]] = []
    for item in items:
        level, _, budget = item.strip().partition(":")
        if level not in known:
            raise ValueError(f"unknown opponent level {level!r}; known: {', '.join(known)}")
        if budget and (not budget.isdigit() or int(budget) < 1 or not level.startswith("hard")):
            raise ValueError(f"{item.strip()!r}: only hard and hard-v1 take an effort, a whole number such as hard:500")
        out.append((level, int(budget) if budget else None))
    if not out:
        raise ValueError("give at least one opponent, such as opponents='easy'")
    return out


#: An opponent: a built-in level and its effort, or a policy (``loveletter.rl.policy``).
Opponent = tuple[str, int | None] | Chooser


def opponents_of(opponents: Any, *, scaled: bool = False) -> list[Opponent]:
    """The opponents of :class:`LoveLetterEnv`: levels as :func:`parse_opponents` reads them (``"easy,hard:500"``),
    or a list whose items are each a level, a policy (a callable, a model) or the path of a saved model (``.zip``).
    Policies see observations scaled as the learner's (``scaled``)."""
    if isinstance(opponents, str):
        return list(parse_opponents(opponents))
    if not isinstance(opponents, list | tuple):
        opponents = [opponents]
    out: list[Opponent] = []
    for item in opponents:
        if isinstance(item, str) and not item.strip().endswith(".zip"):
            out += parse_opponents(item)
        else:
            out.append(Chooser(as_policy(item, deterministic=True), scaled=scaled))
    if not out:
        raise ValueError("give at least one opponent, such as opponents='easy'")
    return out


def _render(text: str, mode: str | None) -> str | None:
    if mode == "ansi":
        return text
    if mode == "human":
        print(text, end="")
    return None


class LoveLetterEnv(gymnasium.Env[np.ndarray, np.int64]):
    """The learner at one seat of a game against ``opponents``, one per other seat: built-in levels
    (``"random"``, ``"easy"``, ``"hard"``, ``"hard-v1"``; ``hard:N`` sets its effort), written ``"easy,hard"``,
    or a list whose items may also be policies (see :func:`opponents_of`; :meth:`set_opponents` changes them for
    the next episodes: self-play). ``seat``: the learner's seat, or ``None`` for a seat drawn at every reset.
    Rewards as the PettingZoo environment's: +1 if the learner wins the game (``rewards="round"``: +1 for each
    round it wins). Rounds are dealt on as they end; an episode is a whole game. ``scaled=True``: observations in
    [0, 1] (:class:`~loveletter.rl.observation.Encoder`)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(
        self,
        ruleset: Ruleset | str = "2019",
        opponents: Any = "easy",
        *,
        seat: int | None = None,
        rewards: Literal["game", "round"] = "game",
        illegal: Illegal = "penalty",
        scaled: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.scaled = scaled
        self.opponents = opponents_of(opponents, scaled=scaled)
        self.players = len(self.opponents) + 1
        mode_of(self.ruleset, self.players)
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat}")
        if rewards not in ("game", "round") or illegal not in ("penalty", "raise"):
            raise ValueError("rewards must be 'game' or 'round', and illegal 'penalty' or 'raise'")
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.fixed_seat, self.reward_mode, self.illegal = seat, rewards, illegal
        self.table = ActionTable(self.ruleset, self.players)
        self.encoder = Encoder(self.ruleset, self.players, scaled=scaled)
        self.observation_space = spaces.Box(0.0, self.encoder.high, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.table))
        self.game: Game | None = None
        self.seat = 0
        self.bots: dict[int, Bot | Chooser] = {}
        self._rng = random.Random()
        self._pending = 0.0
        self._next_opponents: list[Opponent] | None = None

    def set_opponents(self, opponents: Any) -> None:
        """Other opponents, from the next :meth:`reset` on (the game under way keeps its own): as many as now,
        anything the constructor takes. Through a vector environment: ``env_method("set_opponents", ...)``
        (Stable-Baselines3) or ``call("set_opponents", ...)`` (Gymnasium); the policies travel to its workers."""
        found = opponents_of(opponents, scaled=self.scaled)
        if len(found) != len(self.opponents):
            raise ValueError(f"give {len(self.opponents)} opponents (the table seats {self.players}), not {len(found)}")
        self._next_opponents = found

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now, as booleans (what ``MaskablePPO`` asks for)."""
        return self._mask().astype(bool)

    def action_to_notation(self, action: int) -> str:
        return self.table.to_notation(int(action))

    def notation_to_action(self, text: str) -> int:
        return notation_to_action(text, self.ruleset, self.players)

    def _mask(self) -> np.ndarray:
        assert self.game is not None, "reset() first"
        mask = np.zeros(len(self.table), dtype=np.int8)
        mask[list(self.table.legal_indices(self.game.legal_actions(self.seat)))] = 1
        return mask

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        assert self.game is not None
        state = self.game.state
        observation = self.encoder.observe(state, self.seat)
        return observation, {"action_mask": self._mask(), "view": state.view(self.seat), "seat": self.seat}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if self._next_opponents is not None:
            self.opponents, self._next_opponents = self._next_opponents, None
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self.seat = self.fixed_seat if self.fixed_seat is not None else self._rng.randrange(self.players)
        self._deal()
        while self.game is not None and self.game.over:
            # Only a house ruleset whose first round can end the game does this: an episode needs a decision.
            self._deal()
        return self._observe()

    def _deal(self) -> None:
        """The opponents and a new game, from the environment's random source; they play until the learner
        decides."""
        others = [p for p in range(self.players) if p != self.seat]
        self.bots = {}
        for p, opponent in zip(others, self.opponents, strict=True):
            # Every opponent draws its seed, a policy too: the same seed deals the same game whoever plays.
            rng = random.Random(self._rng.getrandbits(64))
            if isinstance(opponent, Chooser):
                self.bots[p] = opponent
            else:
                self.bots[p] = make_bot(opponent[0], rng=rng, budget=opponent[1])
        first = self._rng.randrange(self.players) if self.ruleset.flags.first_player_mode == "choose" else None
        # Events only for an opponent that reads the round's history, or to render the table: the engine is
        # faster without them (the learner's view then has no history).
        record = self.render_mode is not None or any(map(reads_history, self.bots.values()))
        deal = random.Random(self._rng.getrandbits(64))
        self.game = Game(self.ruleset, self.players, rng=deal, first_player=first, record=record)
        # A round may end before the learner's first decision (a Baron played on it that loses): its reward is
        # paid with the learner's first step.
        self._pending = self._play_others()

    def _play_others(self) -> float:
        """Let the opponents decide until the learner must, or the game ends; the learner's reward."""
        game = self.game
        assert game is not None
        state = game.state
        reward = 0.0
        while not game.over:
            if game.round_over:
                if self.reward_mode == "round" and game.result is not None and self.seat in game.result.winners:
                    reward += 1.0
                choices = game.first_player_choices()
                first = None
                if len(choices) > 1 and self.ruleset.flags.first_player_mode == "choose":
                    first = choices[self._rng.randrange(len(choices))]
                game.next_round(first_player=first)
                continue
            decider = state.decider
            assert decider is not None
            if decider == self.seat:
                break
            opponent = self.bots[decider]
            if isinstance(opponent, Chooser):
                game.push(opponent.choose_in(state, decider))
            else:
                game.push(opponent.choose(state.view(decider)))
        if game.over:
            if self.reward_mode == "round":
                assert game.result is not None
                reward += self.seat in game.result.winners
            else:
                reward += self.seat in game.winners
        return float(reward)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None and not game.over, "reset() first (the game is over)"
        index = int(action)
        legal = self.table.legal_indices(game.legal_actions(self.seat))
        if index not in legal:
            if self.illegal == "raise":
                what = self.table.to_notation(index) if 0 <= index < len(self.table) else "outside the action space"
                choices = ", ".join(f"{i} ({self.table.to_notation(i)})" for i in legal)
                raise ValueError(f"action {index} ({what}) is not legal now; legal: {choices}")
            obs, info = self._observe()
            return obs, -1.0, True, False, {**info, "illegal_action": True}
        game.push(self.table.actions[index])
        reward = self._play_others() + self._pending
        self._pending = 0.0
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, reward, game.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None

        return _render(table_text(self.game.view(self.seat)), self.render_mode)


class LoveLetterSolitaireEnv(gymnasium.Env[np.ndarray, np.int64]):
    """The one-player variant against the Princess's retinue: +1 for a won game, 0 for a lost one."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(
        self,
        ruleset: SolitaireRuleset | str = "solitaire",
        *,
        illegal: Illegal = "penalty",
        render_mode: str | None = None,
    ) -> None:
        self.ruleset = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if illegal not in ("penalty", "raise"):
            raise ValueError("illegal must be 'penalty' or 'raise'")
        self.illegal = illegal
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.table = SolitaireActions(self.ruleset)
        self.encoder = SolitaireEncoder(self.ruleset)
        self.observation_space = spaces.Box(0.0, self.encoder.high, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.table))
        self.game: SolitaireGame | None = None
        self.deal: int | None = None

    def action_masks(self) -> np.ndarray:
        assert self.game is not None, "reset() first"
        return self.table.mask(self.game.view()).astype(bool)

    def action_to_notation(self, action: int) -> str:
        return self.table.to_notation(int(action))

    def notation_to_action(self, text: str) -> int:
        return self.table.from_notation(text)

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        assert self.game is not None
        view = self.game.view()
        return self.encoder.encode(view), {"action_mask": self.table.mask(view), "view": view}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.deal = int(self.np_random.integers(2**63))
        self.game = SolitaireGame(self.ruleset, seed=self.deal)
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None and not game.over, "reset() first (the game is over)"
        index = int(action)
        legal = game.legal_actions()
        allowed = [self.table.index(a) for a in legal]
        if index not in allowed:
            if self.illegal == "raise":
                what = self.table.to_notation(index) if 0 <= index < len(self.table) else "outside the action space"
                choices = ", ".join(f"{i} ({self.table.to_notation(i)})" for i in allowed)
                raise ValueError(f"action {index} ({what}) is not legal now; legal: {choices}")
            obs, info = self._observe()
            return obs, -1.0, True, False, {**info, "illegal_action": True}
        game.push(self.table.actions[index])
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, float(game.won) if game.over else 0.0, game.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, height=40, color_system=None, force_terminal=False)
        console.print(Board(BoardModel(self.game.view(), deal=self.deal), height=40))  # the deal: its seed
        text = "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()).rstrip() + "\n"
        return _render(text, self.render_mode)
