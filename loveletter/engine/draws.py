"""Shuffling and choosing with an injected ``random.Random``: the very draws of its ``shuffle`` and ``choice``,
in fewer steps.

``Random.shuffle`` calls a Python method per card (``_randbelow``, which calls ``getrandbits``), about half of
the cost of dealing a round; ``Random.choice`` is two Python calls per decision of a random player. These
functions draw the same bits in the same order (``getrandbits(k)`` with ``k`` the bit length of the bound,
again while the draw is out of range: CPython's ``_randbelow_with_getrandbits``), so the same seed deals the
same rounds and a random player makes the same choices. A generator whose class draws another way (one that
overrides ``random`` and not ``getrandbits``) is left to its own methods.

>>> import random
>>> a, b = random.Random(3), random.Random(3)
>>> cards = list("ABCDEFGH")
>>> shuffle(a, cards)
>>> b.shuffle(mine := list("ABCDEFGH"))
>>> cards == mine, choice(a, cards) == b.choice(cards)
(True, True)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")

_WITH_BITS = Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
#: Length -> the steps of a Fisher-Yates shuffle of that many items: (index, its bound, the bits drawn).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _draws_bits(rng: Random) -> bool:
    """Whether ``rng`` picks a number below ``n`` as CPython's ``Random`` does, from ``getrandbits``."""
    return getattr(type(rng), "_randbelow", None) is _WITH_BITS


def shuffle(rng: Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place, exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not Random and not _draws_bits(rng):
        rng.shuffle(items)
        return
    steps = _STEPS.get(len(items))
    if steps is None:
        steps = _STEPS[len(items)] = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(items))))
    getrandbits = rng.getrandbits
    for i, bound, bits in steps:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def choice(rng: Random, items: Sequence[T]) -> T:
    """An item of ``items`` (not empty), exactly as ``rng.choice(items)`` would pick it."""
    if type(rng) is not Random and not _draws_bits(rng):
        return rng.choice(items)
    bound = len(items)
    if not bound:
        raise IndexError("Cannot choose from an empty sequence")
    getrandbits = rng.getrandbits
    bits = bound.bit_length()
    i = getrandbits(bits)
    while i >= bound:
        i = getrandbits(bits)
    return items[i]
