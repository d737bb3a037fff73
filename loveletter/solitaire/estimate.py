"""The estimate :mod:`.search` uses where it stops looking ahead: the chance to win from the start of a turn.

A logistic model of :func:`features` of the search's state (what the player knows), with :data:`WEIGHTS` fitted
to exact values: ``benchmarks/solitaire_estimate.py`` plays games, solves the states where the search stops
looking ahead to the end of the game, and fits the weights (refit them if the rules or the features change).
"""

from __future__ import annotations

import math

from loveletter.solitaire.compact import (
    BARON,
    EMPTY,
    GUARD,
    HANDMAID,
    HIDDEN,
    KING,
    PRIEST,
    PRINCE,
    Cards,
    Queue,
    Unseen,
)

_FINISHERS = (GUARD, PRINCE, KING)  # what can remove a lone, unprotected princess


def features(cards: Cards, q: Queue, hand: int, agent: int, u: Unseen, qp: bool) -> list[float]:
    """What :func:`estimate` weighs, in the order of :data:`WEIGHTS`."""
    effect = cards.effect
    princess = cards.princess
    total = sum(u) or 1
    retinue = [c for c in q if c != princess]
    r = len(retinue)
    in_queue = r < len(q)
    pile = total - q.count(HIDDEN) - (agent == HIDDEN)
    spare = pile + (agent != EMPTY) - (r + 1)
    share = [0.0] * 8
    for c, n in enumerate(u):
        share[effect[c]] += n / total
    hidden_agent = agent == HIDDEN
    guess = next((c for c, n in enumerate(u) if n), None)
    guess_risk = u[guess] / total if hidden_agent and guess is not None else 1.0
    first = retinue[0] if retinue else None
    last = retinue[-1] if retinue and in_queue and q[-1] == princess else None
    row = [1.0]
    row += [float(r == k) for k in range(7)]
    row += [float(not in_queue), float(in_queue and r == 0 and not qp), float(qp)]
    row += [float(agent == EMPTY), float(hidden_agent)]
    row += [float(agent >= 0 and effect[agent] == e) for e in range(8)]
    row += [float(effect[hand] == e) for e in range(8)]
    row += [float(max(-2, min(3, spare)) == k) for k in range(-2, 4)]
    row += share
    row += [float(first == HIDDEN)] + [float(first is not None and first >= 0 and effect[first] == e) for e in range(8)]
    row += [float(last == HIDDEN)] + [float(last is not None and last >= 0 and effect[last] == e) for e in range(8)]
    known = [effect[c] for c in retinue if c >= 0]
    row += [known.count(GUARD), known.count(BARON), known.count(HANDMAID), known.count(PRINCE), known.count(PRIEST)]
    row += [(r - len(known)) * share[GUARD], (r - len(known)) * share[BARON]]
    row += [
        guess_risk * hidden_agent,
        guess_risk * hidden_agent * (known.count(GUARD) + (r - len(known)) * share[GUARD]),
    ]
    row += [float(not hidden_agent) * (known.count(GUARD) + (r - len(known)) * share[GUARD])]
    finisher = sum(share[e] for e in _FINISHERS)
    row += [finisher, float(effect[hand] in _FINISHERS) * float(in_queue), cards.value[hand] / 9.0]
    return row


def estimate(cards: Cards, q: Queue, hand: int, agent: int, u: Unseen, qp: bool) -> float:
    """The estimated chance to win from the start of the player's turn in this state (0..1): the logistic of
    ``WEIGHTS · features(...)``, computed without building the features (the search calls it a lot)."""
    w = WEIGHTS
    effect = cards.effect
    princess = cards.princess
    total = sum(u) or 1
    retinue = [c for c in q if c != princess]
    r = len(retinue)
    in_queue = r < len(q)
    hidden = q.count(HIDDEN)
    hidden_agent = agent == HIDDEN
    spare = total - hidden - hidden_agent + (agent != EMPTY) - (r + 1)
    z = w[0] + w[1 + r]
    if not in_queue:
        z += w[8]
    elif r == 0 and not qp:
        z += w[9]
    if qp:
        z += w[10]
    if agent == EMPTY:
        z += w[11]
    elif hidden_agent:
        z += w[12]
    else:
        z += w[13 + effect[agent]]
    hand_effect = effect[hand]
    z += w[21 + hand_effect] + w[31 + max(-2, min(3, spare))]
    share = [0.0] * 8
    guess = -1
    for c, n in enumerate(u):
        if n:
            share[effect[c]] += n / total
            if guess < 0:
                guess = c
    for e in range(8):
        z += w[35 + e] * share[e]
    if retinue:
        first = retinue[0]
        z += w[43] if first == HIDDEN else w[44 + effect[first]]
        if in_queue and q[-1] == princess:
            last = retinue[-1]
            z += w[52] if last == HIDDEN else w[53 + effect[last]]
    guards = barons = 0
    for c in retinue:
        if c >= 0:
            e = effect[c]
            if e == GUARD:
                guards += 1
            elif e == BARON:
                barons += 1
            elif e == HANDMAID:
                z += w[63]
            elif e == PRINCE:
                z += w[64]
            elif e == PRIEST:
                z += w[65]
    z += w[61] * guards + w[62] * barons + w[66] * hidden * share[GUARD] + w[67] * hidden * share[BARON]
    expected_guards = guards + hidden * share[GUARD]
    if hidden_agent:
        risk = u[guess] / total if guess >= 0 else 1.0
        z += w[68] * risk + w[69] * risk * expected_guards
    else:
        z += w[70] * expected_guards
    z += w[71] * (share[GUARD] + share[PRINCE] + share[KING]) + w[73] * cards.value[hand] / 9.0
    if in_queue and hand_effect in _FINISHERS:
        z += w[72]
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


WEIGHTS: tuple[float, ...] = (
    0.4357,
    -0.1649,
    -0.0386,
    0.0143,
    0.1736,
    0.4514,
    0.0000,
    0.0000,
    0.0651,
    0.5645,
    -0.4837,
    -0.6319,
    -0.1082,
    0.0773,
    0.0523,
    -0.1307,
    0.3733,
    0.2355,
    0.2535,
    0.3147,
    0.0000,
    -0.0391,
    0.0052,
    0.0005,
    0.4631,
    -0.1334,
    0.3465,
    -0.2722,
    0.0651,
    0.0000,
    -0.2993,
    -0.0361,
    0.2083,
    0.3064,
    0.2565,
    0.2442,
    0.1386,
    -0.1603,
    0.0649,
    -0.1625,
    0.8019,
    -0.5235,
    0.0000,
    -0.0710,
    -0.2159,
    -0.0549,
    0.1799,
    -0.1145,
    0.0424,
    0.5970,
    0.2376,
    0.0000,
    0.0084,
    0.1039,
    0.1253,
    -0.2485,
    -0.4349,
    0.1750,
    0.5041,
    0.3022,
    0.0000,
    -0.1568,
    -0.2398,
    -0.1447,
    0.1414,
    0.3121,
    -0.8149,
    -0.6177,
    -0.0751,
    -0.2272,
    -0.5309,
    0.8836,
    0.1740,
    0.2213,
)
