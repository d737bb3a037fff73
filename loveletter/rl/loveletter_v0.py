"""The versioned name, as PettingZoo's own games are imported: ``from loveletter.rl import loveletter_v0``."""

from loveletter.rl.aec import env, raw_env

__all__ = ["env", "raw_env"]
