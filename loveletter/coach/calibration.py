"""What the judge's estimate of a move means in rounds won: a fitted, order-keeping mapping of the raw estimate.

The judge's play-outs let every other seat play the ``easy`` heuristic after the first decisions, so its raw
estimates are too sure of themselves at both ends against players who play well (moves judged nearly hopeless win
more often, moves judged likely win less often). The mapping here reads a raw estimate as the share of rounds won
by ``hard`` players' decisions that had it: an isotonic (never decreasing) fit on self-play, one per group of
player counts (2; 3 and 4; 5 and more), stored as its knots in ``calibration.json`` and read between them in
straight lines. Never decreasing, it keeps the order of the moves of a decision; it costs a look-up.

The knots are fitted by ``benchmarks/calibration.py --fit`` on one range of seeds and checked on another; the
figures are in ``benchmarks/NOTES.md``.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache
from pathlib import Path

#: The fitted mappings, as data beside this module.
DATA = Path(__file__).resolve().parent / "calibration.json"


def group(players: int) -> str:
    """The group of player counts whose mapping reads an estimate at ``players`` seats."""
    if players <= 2:
        return "2"
    return "4" if players <= 4 else "6"


@cache
def knots() -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Each group's knots: raw estimates (increasing) and what they mean (never decreasing). Empty if there is no
    data file (the raw estimates then stand)."""
    if not DATA.exists():
        return {}
    data = json.loads(DATA.read_text(encoding="utf-8"))
    out = {}
    for name, points in data["groups"].items():
        xs = tuple(float(x) for x, _ in points)
        ys = tuple(float(y) for _, y in points)
        out[name] = (xs, ys)
    return out


def calibrated(raw: float, players: int) -> float:
    """What a raw estimate of ``raw`` means at a table of ``players``: read on the group's fitted line (flat
    beyond its first and last knots)."""
    fitted = knots().get(group(players))
    if fitted is None:
        return raw
    return interpolate(fitted[0], fitted[1], raw)


def interpolate(xs: tuple[float, ...], ys: tuple[float, ...], x: float) -> float:
    """The piecewise-straight line through the knots ``(xs, ys)`` at ``x``, flat beyond the ends."""
    if x <= xs[0]:
        return ys[0]
    if x >= xs[-1]:
        return ys[-1]
    i = bisect_right(xs, x)
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def fit(decisions: list[tuple[float, bool]], *, least: int = 30) -> list[tuple[float, float]]:
    """The knots of an isotonic fit of the outcomes on the raw estimates (pool adjacent violators), each block
    of at least ``least`` decisions (a smaller one is pooled with its neighbour): each block's mean estimate and
    share won, the estimates increasing and the shares never decreasing. The estimates of exactly 0 and exactly
    1 (every play-out of every deal lost, or won) keep a block of their own however few they are, unless the
    order of the shares pools them: a sure thing by the rules (a Guard naming a card known to be there, the last
    opponent knocked out) is not read as a likely one because likely ones are often wrong."""
    # Each block: [sum of estimates, wins, count]; equal estimates are one block from the start.
    groups: dict[float, list[float]] = {}
    for x, won in decisions:
        block = groups.setdefault(x, [0.0, 0.0, 0.0])
        block[0] += x
        block[1] += won
        block[2] += 1
    blocks: list[list[float]] = []
    for x in sorted(groups):
        blocks.append(groups[x])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            blocks[-1] = [blocks[-1][k] + last[k] for k in range(3)]

    # Pool blocks that are too small to say much with a neighbour (the smaller one); pooling neighbours of a
    # never-decreasing sequence keeps it never decreasing.
    def sure(block: list[float]) -> bool:
        return block[0] == 0.0 or block[0] == block[2]  # every estimate 0, or every estimate 1

    while len(blocks) > 1:
        open_ = [i for i in range(len(blocks)) if not sure(blocks[i])]
        small = min(open_, key=lambda i: blocks[i][2], default=None)
        if small is None or blocks[small][2] >= least:
            break
        if small == 0:
            other = 1
        elif small == len(blocks) - 1:
            other = small - 1
        else:
            other = small - 1 if blocks[small - 1][2] <= blocks[small + 1][2] else small + 1
        if sure(blocks[other]):  # pool with the other neighbour, if there is one that is not sure
            others = [i for i in (small - 1, small + 1) if 0 <= i < len(blocks) and not sure(blocks[i])]
            if not others:
                break
            other = others[0]
        lo, hi = sorted((small, other))
        merged = [blocks[lo][k] + blocks[hi][k] for k in range(3)]
        blocks[lo : hi + 1] = [merged]
    return [(round(b[0] / b[2], 6), round(b[1] / b[2], 6)) for b in blocks]


__all__ = ["DATA", "calibrated", "fit", "group", "interpolate", "knots"]
