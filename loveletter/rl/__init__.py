"""Love Letter for reinforcement-learning research: PettingZoo, Gymnasium and OpenSpiel environments.

* ``env`` / ``raw_env``: the PettingZoo AEC environment ``loveletter_v0`` (every ruleset, 2 to 8 seats);
* ``gymnasium.make("loveletter/LoveLetter-v0", ...)``: one learner against the built-in computer players, and
  ``loveletter/LoveLetterSolitaire-v0``, the one-player variant (registered when this package is imported);
* ``loveletter.rl.openspiel``: the OpenSpiel game ``python_loveletter`` (its own extra, ``openspiel``);
* ``action_to_notation`` / ``notation_to_action``: the fixed action space's index <-> notation mapping;
  ``loveletter.rl.observation`` documents the observation vector;
* ``policy_bot(policy)``: an agent (a callable, a Stable-Baselines3 model, a saved one) as a bot for ``simulate``,
  ``tournament`` and ``play``; ``evaluate(policy, "easy")``: its win rate against the built-in players, with its
  interval; ``as_policy`` and ``snapshot`` (a frozen copy of a learning model, for self-play).

This package needs the ``rl`` extra (numpy, gymnasium, pettingzoo); the game itself never imports it. Its names
are loaded when first used, so that without the extra the package still imports (and says what is missing).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loveletter.rl.actions import ActionTable, action_to_notation, notation_to_action
    from loveletter.rl.aec import env, raw_env
    from loveletter.rl.evaluation import Evaluation, evaluate
    from loveletter.rl.observation import Encoder
    from loveletter.rl.policy import as_policy, policy_bot, snapshot

#: Public name -> the module that defines it.
_WHERE = {
    "ActionTable": "actions",
    "action_to_notation": "actions",
    "notation_to_action": "actions",
    "env": "aec",
    "raw_env": "aec",
    "Encoder": "observation",
    "evaluate": "evaluation",
    "Evaluation": "evaluation",
    "as_policy": "policy",
    "policy_bot": "policy",
    "snapshot": "policy",
    "loveletter_v0": "loveletter_v0",
    "solitaire": "solitaire",
    "openspiel": "openspiel",
    "gym": "gym",
}
NEEDS = "the research environments need the rl extra: uv sync --extra rl (or pip install '.[rl]' in a clone)"


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'loveletter.rl' has no attribute {name!r}")
    try:
        module = importlib.import_module(f"loveletter.rl.{where}")
    except ImportError as error:
        raise ImportError(f"{NEEDS} ({error})") from error
    return module if where == name else getattr(module, name)


def _register() -> None:
    """Register the Gymnasium environments by name (their modules load when one is made)."""
    try:
        # An extra: without it the package still imports, and only its environments need it.
        import gymnasium  # noqa: PLC0415
    except ImportError:
        return
    for name, entry in (("LoveLetter-v0", "LoveLetterEnv"), ("LoveLetterSolitaire-v0", "LoveLetterSolitaireEnv")):
        if f"loveletter/{name}" not in gymnasium.registry:
            gymnasium.register(id=f"loveletter/{name}", entry_point=f"loveletter.rl.gym:{entry}")


_register()

__all__ = [
    "ActionTable",
    "Encoder",
    "Evaluation",
    "action_to_notation",
    "as_policy",
    "env",
    "evaluate",
    "notation_to_action",
    "policy_bot",
    "raw_env",
    "snapshot",
]
