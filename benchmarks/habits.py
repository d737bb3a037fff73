"""Fit the habits of searching computer players: which of its two cards a player plays, beyond the heuristic.

    uv run python benchmarks/habits.py --out habits.json                 # hard and hard-v1, 400 games, 2019
    uv run python benchmarks/habits.py --levels hard-v1,hard-v1 --games 200 --out habits.json
    uv run python benchmarks/habits.py --quick                           # a smoke run (CI): a few games
    uv run python benchmarks/habits.py --records DIR --levels hard-v2,hard-v2 --out habits.json  # saved games

It plays full games between the two levels (seated and seeded as ``benchmarks/bots.py`` does) and records each
decision where a player of those levels held two different cards: the ``easy`` heuristic's best score for
playing each (from that player's view), how far the round had gone, and the card it played. It fits a logistic
model of that choice (:class:`loveletter.bots.beliefs.Habits`: a weight on the score difference, a bias per
card and per pair of cards, each changing linearly over the round), prints its log-loss on held-out decisions
beside the heuristic's softmax alone, and writes it as JSON. The ``hard`` player reads the others with it at two
players (:data:`loveletter.bots.beliefs.SEARCHER`): to ship a new fit, write it over
``loveletter/bots/searcher.json`` and measure the games it wins (``benchmarks/bots.py``) before keeping it.

How the shipped model was fitted, and what it measured, is in ``benchmarks/NOTES.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from loveletter.arena.games import GameSpec, make_specs, parse_level
from loveletter.bots import make_bot
from loveletter.bots.counting import Perspective
from loveletter.bots.easy import NEVER, Scorer
from loveletter.engine import Action, Game, Phase, Play, View

#: Share of the choices the model leaves to chance (written in the model: the reading's style takes it).
NOISE = 0.04
#: Gradient descent: steps, step size (the score weights take steps 20 times larger: their feature is small),
#: momentum and the L2 penalty on every weight but the score's.
STEPS = 600
RATE = 0.3
MOMENTUM = 0.9
PENALTY = 0.001


class Choice(NamedTuple):
    """One recorded choice between two cards ``a`` < ``b``: score(a) - score(b), progress, and whether a was
    played."""

    a: str
    b: str
    difference: float
    progress: float
    played_a: bool
    #: The latest card another player played this round (None: none yet).
    last: str | None = None


def choices(spec: GameSpec) -> list[Choice]:
    """Play one game; the two-card choices of its players."""
    game = Game(spec.ruleset, spec.players, seed=spec.seed)  # events: the hard level reads the history
    bots = []
    for text, seed in zip(spec.levels, spec.bot_seeds, strict=True):
        level, budget = parse_level(text)
        bots.append(make_bot(level, seed=seed, budget=budget))
    state = game.state
    out: list[Choice] = []
    while not game.over:
        seat = state.decider
        if seat is None:
            game.next_round()
            continue
        view = state.view(seat)
        action = bots[seat].choose(view)
        found = choice(view, action)
        if found is not None:
            out.append(found)
        game.push(action)
    return out


def recorded(path: Path) -> list[Choice]:
    """The two-card choices of a saved game (``loveletter simulate --save-dir``): its deals and moves replayed."""
    data = json.loads(path.read_text(encoding="utf-8"))
    rounds = data["rounds"]
    out: list[Choice] = []
    first = rounds[0]
    game = Game(data["ruleset"]["name"], data["players"], deck=first["deck"], first_player=first["first_player"])
    for r, entry in enumerate(rounds):
        if r:
            game.next_round(deck=entry["deck"], first_player=entry["first_player"])
        for text in entry["actions"]:
            assert game.decider is not None
            view = game.view(game.decider)
            action = game.parse(text)
            game.push(action)
            found = choice(view, action)
            if found is not None:
                out.append(found)
    return out


def choice(view: View, action: Action) -> Choice | None:
    """The choice ``action`` made in ``view``, if it was one between playing two different cards."""
    if view.phase is not Phase.PLAY or len(set(view.hand)) != 2 or not isinstance(action, Play):
        return None
    scorer = Scorer(Perspective.of_view(view))
    best: dict[str, float] = {}
    for legal in view.legal_actions:
        if isinstance(legal, Play):
            best[legal.card] = max(best.get(legal.card, -math.inf), scorer.score(legal))
    if len(best) != 2 or min(best.values()) <= NEVER / 2:
        return None
    a, b = sorted(best)
    progress = 1.0 - view.deck_size / view.mode.deck_size
    last = next((x.card for q, x in reversed(view.plays) if q != view.seat and isinstance(x, Play)), None)
    return Choice(a, b, best[a] - best[b], progress, action.card == a, last)


Features = list[tuple[str, float]]


def features(c: Choice, *, after: bool = False) -> Features:
    """The model's features of a choice, named as in the JSON file's weights (``card:`` and ``pair:`` keys; with
    ``after``, the ``after:`` ones of the latest card another player played)."""
    g = c.progress
    pair = f"{c.a}/{c.b}"
    out = [
        ("score", c.difference),
        ("score_late", c.difference * g),
        (f"card:{c.a}", 1.0),
        (f"card:{c.b}", -1.0),
        (f"late:{c.a}", g),
        (f"late:{c.b}", -g),
        (f"pair:{pair}", 1.0),
        (f"pairlate:{pair}", g),
    ]
    if after and c.last is not None:
        out += [(f"after:{c.last}/{c.a}", 1.0), (f"after:{c.last}/{c.b}", -1.0)]
    return out


def chance(weights: dict[str, float], f: Features) -> float:
    """The model's chance that the first card of the pair is played."""
    z = max(-30.0, min(30.0, sum(weights.get(k, 0.0) * v for k, v in f)))
    return NOISE / 2 + (1 - NOISE) / (1 + math.exp(-z))


def loss(weights: dict[str, float], rows: Sequence[tuple[Features, bool]]) -> float:
    """Mean log-loss in nats per choice."""
    total = 0.0
    for f, y in rows:
        p = chance(weights, f)
        total -= math.log(p if y else 1 - p)
    return total / max(1, len(rows))


def fit(rows: Sequence[tuple[Features, bool]], steps: int = STEPS) -> dict[str, float]:
    """Weights by full-batch gradient descent with momentum (a few thousand rows: plain Python is enough)."""
    weights = {"score": 5.0}
    velocity: dict[str, float] = {}
    for _ in range(steps):
        grad: dict[str, float] = {}
        for f, y in rows:
            z = max(-30.0, min(30.0, sum(weights.get(k, 0.0) * v for k, v in f)))
            s = 1 / (1 + math.exp(-z))
            p = NOISE / 2 + (1 - NOISE) * s
            dp = (1 - NOISE) * s * (1 - s)
            dz = -dp / p if y else dp / (1 - p)
            for k, v in f:
                grad[k] = grad.get(k, 0.0) + dz * v
        for k, total in grad.items():
            g = total / len(rows) + (0.0 if k == "score" else PENALTY * weights.get(k, 0.0))
            velocity[k] = MOMENTUM * velocity.get(k, 0.0) + g
            weights[k] = weights.get(k, 0.0) - RATE * (20 if k.startswith("score") else 1) * velocity[k]
    return weights


def as_json(weights: dict[str, float], levels: Sequence[str], ruleset: str, decisions: int) -> dict[str, object]:
    """The file :meth:`loveletter.bots.beliefs.Habits.load` reads."""
    cards = sorted({k.split(":", 1)[1] for k in weights if k.startswith(("card:", "late:"))})
    after = {k.split(":", 1)[1]: v for k, v in sorted(weights.items()) if k.startswith("after:")}
    pairs = sorted({k.split(":", 1)[1] for k in weights if k.startswith(("pair:", "pairlate:"))})
    return {
        "about": (
            f"Which of its two cards a searching computer player plays ({', '.join(levels)}; {ruleset}): fitted by "
            f"benchmarks/habits.py on {decisions:,} decisions. Log-odds of playing a rather than b: (score + "
            "score_late * progress) * (the heuristic's score of a - of b) + the cards' [bias, change by the end of "
            "the deck] + the pair's, a < b; progress = 1 - cards left in the deck / deck size"
            + ("; + after[c/a] - after[c/b], c the latest card another player played." if after else ".")
        ),
        "levels": list(levels),
        "ruleset": ruleset,
        "decisions": decisions,
        "noise": NOISE,
        "score": weights.get("score", 0.0),
        "score_late": weights.get("score_late", 0.0),
        "cards": {c: [weights.get(f"card:{c}", 0.0), weights.get(f"late:{c}", 0.0)] for c in cards},
        "pairs": {p: [weights.get(f"pair:{p}", 0.0), weights.get(f"pairlate:{p}", 0.0)] for p in pairs},
        **({"after": after} if after else {}),
    }


def weights_of(model: dict[str, Any]) -> dict[str, float]:
    """The weights of a model as :func:`as_json` wrote it."""
    weights = {"score": float(model["score"]), "score_late": float(model["score_late"])}
    for card, (bias, late) in model["cards"].items():
        weights[f"card:{card}"], weights[f"late:{card}"] = float(bias), float(late)
    for pair, (bias, late) in model["pairs"].items():
        weights[f"pair:{pair}"], weights[f"pairlate:{pair}"] = float(bias), float(late)
    for key, bias in model.get("after", {}).items():
        weights[f"after:{key}"] = float(bias)
    return weights


def collect(specs: Sequence[GameSpec], jobs: int) -> Iterator[list[Choice]]:
    if jobs <= 1:
        yield from map(choices, specs)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(choices, specs, chunksize=4)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,hard-v1", help="the two levels that play (default hard,hard-v1)")
    parser.add_argument("--ruleset", default="2019")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="where to write the model (JSON); by default nowhere")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 games at a small budget, few steps")
    parser.add_argument("--against", type=Path, help="also the held-out log-loss of this model (a JSON file)")
    parser.add_argument(
        "--after", action="store_true", help="also a bias for each card after each card the other player played"
    )
    parser.add_argument(
        "--records", type=Path, help="fit on the games saved in this folder (simulate --save-dir) instead of playing"
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    if len(levels) != 2:
        parser.error("--levels takes two levels, such as hard,hard-v1")
    if args.quick:
        levels = [f"{level.split(':')[0]}:200" for level in levels]
        args.games = 4
    start = time.perf_counter()
    if args.records is not None:
        paths = sorted(args.records.glob("*.json"))[: args.games]
        found = [c for path in paths for c in recorded(path)]
        args.games = len(paths)
    else:
        specs = make_specs(args.ruleset, levels, games=args.games, seed=args.seed)
        found = [c for batch in collect(specs, args.jobs) for c in batch]
    rows = [(features(c, after=args.after), c.played_a) for c in found]
    random.Random(args.seed).shuffle(rows)
    cut = int(0.7 * len(rows))
    steps = 20 if args.quick else STEPS
    held = fit(rows[:cut], steps)
    plain = fit([([f[0]], y) for f, y in rows[:cut]], steps)
    print(f"{args.games} games of {' and '.join(levels)} ({args.ruleset}): {len(rows):,} two-card decisions")
    print(f"held-out log-loss (nats per decision, {len(rows) - cut:,} decisions):")
    print(f"  score difference alone   {loss(plain, rows[cut:]):.4f}")
    print(f"  habits                   {loss(held, rows[cut:]):.4f}")
    if args.against is not None:
        print(f"  {args.against!s:<24} {loss(weights_of(json.loads(args.against.read_text())), rows[cut:]):.4f}")
    weights = fit(rows, steps)
    print(f"weight on the score difference {weights['score']:.2f} per token ({time.perf_counter() - start:.0f} s)")
    if args.out is not None:
        model = as_json(weights, [parse_level(x)[0] for x in levels], args.ruleset, len(rows))
        args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
