"""Computer players on many solitaire deals: one deal's record, and win rates over many.

``loveletter simulate --ruleset solitaire --seats LEVEL`` calls :func:`play_deal` once per game.

>>> result = play_deal(seed=1, level="easy", bot_seed=2)
>>> result["ruleset"], result["result"] in ("win", "loss"), result["decisions"][0] in ("draw", "agent")
('solitaire', True, True)
>>> play_deal(seed=1, level="easy", bot_seed=2) == result    # deterministic
True
>>> summary = simulate(20, "random", seed=0)
>>> summary["games"], 0 <= summary["win_rate"] <= 1
(20, True)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from loveletter.solitaire.bot import make_solitaire_bot
from loveletter.solitaire.events import TurnStarted
from loveletter.solitaire.game import SolitaireGame
from loveletter.solitaire.ruleset import SolitaireRuleset, load_solitaire_ruleset

#: Added to a deal's seed to seed its computer player, so the deal and the player's choices stay independent.
BOT_SEED_OFFSET = 1_000_003


def play_out(
    seed: int, level: str, bot_seed: int, ruleset: SolitaireRuleset | str = "solitaire", *, budget: int | None = None
) -> SolitaireGame:
    """Deal a game from ``seed`` and let a computer player of ``level`` (seeded with ``bot_seed``; ``budget``:
    the hard level's, see :func:`make_solitaire_bot`) play it to its end."""
    rs = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    game = SolitaireGame(rs, seed=seed)
    bot = make_solitaire_bot(level, seed=bot_seed, budget=budget)
    while not game.over:
        game.push(bot.choose(game.view()))
    return game


def play_deal(
    seed: int, level: str, bot_seed: int, ruleset: SolitaireRuleset | str = "solitaire", *, budget: int | None = None
) -> dict[str, Any]:
    """:func:`play_out` a deal and :func:`describe` it (JSON-ready)."""
    return describe(play_out(seed, level, bot_seed, ruleset, budget=budget), level, bot_seed)


def describe(game: SolitaireGame, level: str, bot_seed: int) -> dict[str, Any]:
    """A finished deal: ``ruleset``, ``seed``, ``level``, ``bot_seed``, ``result`` (``"win"`` or ``"loss"``),
    ``won``, ``reason`` (see :data:`~loveletter.solitaire.events.EndReason`), ``turns`` (both sides' turns),
    ``player_turns``, ``layout`` (the dealt cards, for a replay) and ``decisions`` (every decision in the action
    notation, in order)."""
    return {
        "ruleset": game.ruleset.name,
        "seed": game.seed,
        "level": level,
        "bot_seed": bot_seed,
        "result": game.outcome,
        "won": game.won,
        "reason": game.reason,
        "turns": game.state.turn,
        "player_turns": sum(1 for e in game.log if isinstance(e, TurnStarted) and e.side == "player"),
        "layout": list(game.layout),
        "decisions": [str(a) for a in game.actions],
    }


def simulate(games: int, level: str, *, seed: int = 0, ruleset: SolitaireRuleset | str = "solitaire") -> dict[str, Any]:
    """Play ``games`` deals (seeds ``seed``, ``seed + 1``, …; each player seeded ``BOT_SEED_OFFSET`` further)
    and summarise them: ``games``, ``wins``, ``win_rate``, ``reasons`` (count per end reason), ``mean_turns``."""
    rs = load_solitaire_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    results = [play_deal(seed + i, level, seed + i + BOT_SEED_OFFSET, rs) for i in range(games)]
    return summarize(results)


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rate, end reasons and mean length of the deals ``results`` (from :func:`play_deal`)."""
    games = len(results)
    wins = sum(1 for r in results if r["won"])
    return {
        "ruleset": results[0]["ruleset"] if results else "solitaire",
        "level": results[0]["level"] if results else None,
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "reasons": dict(Counter(r["reason"] for r in results).most_common()),
        "mean_turns": sum(r["turns"] for r in results) / games if games else 0.0,
    }
