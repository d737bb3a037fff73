"""Sum up a tournament's results file (``loveletter tournament --results FILE``): for each player, games won,
tokens won (a steadier measure than games), and mean time per decision, with 95% intervals.

    uv run python benchmarks/results.py tournament-4903.jsonl
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path


def main(argv: list[str]) -> int:
    for path in argv:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0])
        names = [p["name"] for p in head["tournament"]["players"]] if "tournament" in head else None
        games = [json.loads(line) for line in lines[1:] if line.strip()]
        games = [g.get("outcome", g) for g in games]
        wins: dict[int, float] = defaultdict(float)
        tokens: dict[int, int] = defaultdict(int)
        total_tokens = 0
        seconds: dict[int, float] = defaultdict(float)
        decisions: dict[int, int] = defaultdict(int)
        by_deal: dict[tuple[int, int], list[float]] = defaultdict(list)
        for g in games:
            seats = g["seats"]
            winners = g["winners"]
            total_tokens += sum(g["tokens"])
            for s, e in enumerate(seats):
                share = (1.0 / len(winners)) if s in winners else 0.0
                wins[e] += share
                tokens[e] += g["tokens"][s]
                seconds[e] += g["seconds"][s]
                decisions[e] += g["decisions"][s]
                if e == 0:
                    by_deal[(g["lineup"], g["deal"])].append(share)
        n = len(games)
        # The first player's score by deal (duplicate deals: the deal's games together), for its interval.
        means = [sum(v) / len(v) for v in by_deal.values()]
        m = sum(means) / len(means) if means else 0.0
        se = math.sqrt(sum((x - m) ** 2 for x in means) / max(1, len(means) - 1) / max(1, len(means)))
        print(f"{path}: {n} games, {len(by_deal)} deals")
        for e in sorted(wins):
            name = names[e] if names else str(e)
            mean_ms = 1000 * seconds[e] / max(1, decisions[e])
            print(
                f"  {name:<28} games {wins[e]:.1f}/{n} = {wins[e] / n:.1%}; tokens {tokens[e]}/{total_tokens} = "
                f"{tokens[e] / max(1, total_tokens):.1%}; mean decision {mean_ms:.1f} ms ({decisions[e]} decisions)"
            )
        print(f"  first player's score by deal: {m:.3f} ± {1.96 * se:.3f} (95%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
