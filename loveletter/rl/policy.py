"""Your agent at the table: a policy (observation and action mask in, action index out) as a player.

A *policy* is anything :func:`as_policy` accepts:

* a callable ``policy(observation, action_mask) -> int``, the observation being the vector of
  :mod:`loveletter.rl.observation` and the mask an int8 array over the action space
  (:class:`~loveletter.rl.ActionTable`);
* a Stable-Baselines3 model, or its ``policy`` (anything with ``predict``): sb3-contrib's ``MaskablePPO`` is given
  the mask, other models must choose legal actions on their own;
* the path of a model that sb3-contrib's ``MaskablePPO.save`` wrote (a ``.zip`` file).

:func:`policy_bot` turns one into a bot class, which ``loveletter tournament`` takes in a bot file (run in a
process of its own, through the bot protocol); :func:`snapshot` freezes a learning model as it is now (an
opponent for self-play); ``gymnasium.make("loveletter/LoveLetter-v0", opponents=[...])`` takes policies among
its opponents, and :func:`loveletter.rl.evaluate` measures one against the built-in players.

>>> import numpy as np
>>> first_legal = lambda observation, mask: int(np.flatnonzero(mask)[0])
>>> Agent = policy_bot(first_legal, name="FirstLegal")
>>> from loveletter.engine import Game
>>> game = Game("classic", 2, seed=3)
>>> action = Agent(random.Random(0)).choose(game.view(game.decider))
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

import copy
import inspect
import io
import os
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from loveletter.engine import Action, GameState, Ruleset, View
from loveletter.rl.actions import ActionTable
from loveletter.rl.observation import Encoder

#: A policy: the observation vector and the action mask of the seat that decides -> the index of its action.
Policy = Callable[[np.ndarray, np.ndarray], int]


class IllegalPolicyAction(ValueError):
    """A policy chose an action the mask forbids (or one outside the action space)."""


class ModelPolicy:
    """A model with Stable-Baselines3's ``predict`` as a :data:`Policy`: given the mask when its ``predict``
    takes ``action_masks`` (sb3-contrib's maskable models), the deterministic action unless told otherwise.
    It pickles with its model (a policy sent to a vector environment's worker process)."""

    def __init__(self, model: Any, *, deterministic: bool = True) -> None:
        self.model = model
        self.deterministic = deterministic
        self.masks = "action_masks" in inspect.signature(model.predict).parameters

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        if self.masks:
            action, _ = self.model.predict(
                observation, action_masks=action_mask.astype(bool), deterministic=self.deterministic
            )
        else:
            action, _ = self.model.predict(observation, deterministic=self.deterministic)
        return int(action)

    def __repr__(self) -> str:
        return f"ModelPolicy({type(self.model).__name__}, deterministic={self.deterministic})"


def as_policy(thing: Any, *, deterministic: bool = True) -> Policy:
    """``thing`` as a :data:`Policy`: a callable as it is, a model through its ``predict`` (the deterministic
    action unless ``deterministic=False``), a path to a saved ``MaskablePPO`` loaded first."""
    if isinstance(thing, str | os.PathLike):
        return ModelPolicy(load_model(os.fspath(thing)), deterministic=deterministic)
    if callable(getattr(thing, "predict", None)):
        return ModelPolicy(thing, deterministic=deterministic)
    if callable(thing):
        policy: Policy = thing
        return policy
    raise TypeError(
        f"not a policy: {type(thing).__name__}; give a callable (observation, action_mask) -> action index, "
        "a Stable-Baselines3 model, or the path of a saved MaskablePPO model"
    )


def load_model(path: str) -> Any:
    """A model saved by sb3-contrib's ``MaskablePPO.save``, loaded for playing (on the CPU)."""
    try:
        # Not a dependency of ours: said below when missing.
        from sb3_contrib import MaskablePPO  # noqa: PLC0415
    except ImportError:
        raise ImportError(
            f"loading the model {path} needs sb3-contrib: pip install sb3-contrib (see docs/how-to/research.md "
            "for torch's CPU build)"
        ) from None
    if not os.path.exists(path) and os.path.exists(path + ".zip"):
        path += ".zip"
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no saved model at {path}")
    return MaskablePPO.load(path, device="cpu")


def snapshot(model: Any, *, deterministic: bool = False) -> ModelPolicy:
    """A frozen copy of ``model``'s policy as it is now: it keeps playing this way however the model learns on
    (an opponent for self-play). It samples its actions unless ``deterministic=True``: opponents that always
    answer the same way are easier to exploit than to learn from. A Stable-Baselines3 policy is copied as it saves
    itself (its weights and how it was made; a learning one holds tensors that cannot be deep-copied), on the
    CPU."""
    policy = model.policy
    if callable(getattr(policy, "save", None)) and callable(getattr(type(policy), "load", None)):
        buffer = io.BytesIO()
        policy.save(buffer)
        buffer.seek(0)
        frozen = type(policy).load(buffer, device="cpu")
        frozen.set_training_mode(False)
    else:
        frozen = copy.deepcopy(policy)
    return ModelPolicy(frozen, deterministic=deterministic)


class Chooser:
    """How a policy decides at a table: the observation and mask of a seat, the policy's index back to the
    engine's action. One per policy, shared by every table it sits at (an encoder and an action table per
    ruleset and player count)."""

    def __init__(self, policy: Policy, *, scaled: bool = False) -> None:
        self.policy = policy
        self.scaled = scaled
        self._tables: dict[tuple[int, int], tuple[Ruleset, Encoder, ActionTable]] = {}

    def _setup(self, ruleset: Ruleset, players: int) -> tuple[Encoder, ActionTable]:
        found = self._tables.get((id(ruleset), players))
        if found is None or found[0] is not ruleset:
            found = (ruleset, Encoder(ruleset, players, scaled=self.scaled), ActionTable(ruleset, players))
            self._tables[id(ruleset), players] = found
        return found[1], found[2]

    def choose(self, view: View) -> Action:
        """The policy's action for ``view``'s seat, from the view alone."""
        encoder, table = self._setup(view.ruleset, view.players)
        return self._decide(encoder.encode(view), table, view.legal_actions)

    def choose_in(self, state: GameState, seat: int) -> Action:
        """The same as ``choose(state.view(seat))``, faster (for the environments and :func:`evaluate`)."""
        encoder, table = self._setup(state.ruleset, state.n)
        return self._decide(encoder.observe(state, seat), table, state.legal_actions(seat))

    def _decide(self, observation: np.ndarray, table: ActionTable, legal: tuple[Action, ...]) -> Action:
        indices = table.legal_indices(legal)
        mask = np.zeros(len(table), dtype=np.int8)
        mask[list(indices)] = 1
        index = self.policy(observation, mask)
        if index not in indices:
            what = table.to_notation(index) if 0 <= index < len(table) else "outside the action space"
            choices = ", ".join(f"{i} ({table.to_notation(i)})" for i in indices)
            raise IllegalPolicyAction(f"the policy chose action {index} ({what}), not legal now; legal: {choices}")
        return table.actions[index]


def policy_bot(policy: Any, *, scaled: bool = False, deterministic: bool = True, name: str = "PolicyBot") -> type:
    """A bot class that plays ``policy`` (anything :func:`as_policy` takes): a file holding ``Agent =
    policy_bot("agent.zip")`` is a bot file for ``loveletter tournament --player FILE.py:Agent``. ``scaled``: the
    policy learned on scaled observations. Like every bot it is made with its own ``random.Random`` and decides
    from its seat's view alone; the policy needs no random source of its own (a model that samples its actions
    draws from torch's). A policy that chooses an illegal action raises
    :class:`IllegalPolicyAction` (in a tournament, it loses that game)."""
    chooser = Chooser(as_policy(policy, deterministic=deterministic), scaled=scaled)

    def __init__(self: Any, rng: random.Random) -> None:
        self.rng = rng

    def choose(self: Any, view: View) -> Action:
        return chooser.choose(view)

    doc = f"Plays {chooser.policy!r} from its seat's view (loveletter.rl.policy_bot)."
    return type(name, (), {"__init__": __init__, "choose": choose, "__doc__": doc, "chooser": chooser})
