"""Love Letter for reinforcement-learning research: PettingZoo, Gymnasium and OpenSpiel environments.

* ``env`` / ``raw_env``: the PettingZoo AEC environment ``loveletter_v0`` (every ruleset, 2 to 8 seats);
* ``gymnasium.make("loveletter/LoveLetter-v0", ...)``: one learner against the built-in computer players, and
  ``loveletter/LoveLetterSolitaire-v0``, the one-player variant (registered when this package is imported);
* ``loveletter.rl.openspiel``: the OpenSpiel game ``python_loveletter`` (its own extra, ``openspiel``);
* ``action_to_notation`` / ``notation_to_action``: the fixed action space's index <-> notation mapping;
  ``loveletter.rl.observation`` documents the observation vector.

This package needs the ``rl`` extra (numpy, gymnasium, pettingzoo); the game itself never imports it.
"""

from loveletter.rl.actions import ActionTable, action_to_notation, notation_to_action
from loveletter.rl.aec import env, raw_env
from loveletter.rl.gym import register as _register
from loveletter.rl.observation import Encoder

_register()

__all__ = ["ActionTable", "Encoder", "action_to_notation", "env", "notation_to_action", "raw_env"]
