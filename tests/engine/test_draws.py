"""The engine's shuffle and choice draw exactly what ``random.Random``'s do: same results, same generator state
after, so that a seed deals the same rounds and a random player chooses the same actions as before."""

from __future__ import annotations

import random

import pytest

from loveletter.engine import draws


class OwnRandom(random.Random):
    """Draws from ``random()`` only: ``Random`` then picks numbers without ``getrandbits``."""

    def random(self) -> float:
        return super().random()


class OwnBits(random.Random):
    """Its own ``getrandbits``, which ``Random`` uses to pick numbers."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)


@pytest.mark.parametrize("kind", [random.Random, OwnRandom, OwnBits])
def test_shuffle_draws_what_random_shuffle_draws(kind: type[random.Random]) -> None:
    for seed in range(200):
        ours, theirs = kind(seed), kind(seed)
        for length in (0, 1, 2, 3, 7, 16, 21, 32, 33):
            mine, expected = list(range(length)), list(range(length))
            draws.shuffle(ours, mine)
            theirs.shuffle(expected)
            assert mine == expected
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("kind", [random.Random, OwnRandom, OwnBits])
def test_choice_draws_what_random_choice_draws(kind: type[random.Random]) -> None:
    for seed in range(200):
        ours, theirs = kind(seed), kind(seed)
        for length in (1, 2, 3, 5, 8, 9, 17, 64, 65):
            items = tuple(range(length))
            assert draws.choice(ours, items) == theirs.choice(items)
        assert ours.getstate() == theirs.getstate()


def test_choice_of_nothing_is_an_error() -> None:
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), ())
