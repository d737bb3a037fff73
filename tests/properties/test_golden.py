"""Golden playthroughs: replay a few recorded games and compare what every seat sees with the checked-in files
(``golden/*.json``, written by ``make_golden.py``). Any change in a view or in who sees which event shows up here
as a difference, naming the step, the seat and the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.properties.make_golden import PLAYTHROUGHS, Playthrough, record

REGENERATE = "uv run python -m tests.properties.make_golden"


def first_difference(expected: Any, actual: Any, where: str = "") -> str | None:
    """The path of the first place two JSON values differ, with both values, or ``None``."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if key not in actual or key not in expected:
                return f"{where}.{key}: expected {expected.get(key, '(absent)')!r}, got {actual.get(key, '(absent)')!r}"
            found = first_difference(expected[key], actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(e, a, f"{where}[{i}]")
            if found:
                return found
        return None
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_playthrough_matches_its_golden_file(playthrough: Playthrough) -> None:
    assert playthrough.path.exists(), f"{playthrough.path.name} is missing; write it with: {REGENERATE}"
    expected = json.loads(playthrough.path.read_text(encoding="utf-8"))
    actual = record(playthrough)
    steps = actual["steps"]
    for i, (want, got) in enumerate(zip(expected["steps"], steps, strict=False)):
        found = first_difference(want, got)
        if found:
            pytest.fail(
                f"{playthrough.name}, step {i} (action {got['action']!r}) {found}\n"
                f"If this change in what players see is intended, regenerate the files with {REGENERATE} "
                "and review the diff."
            )
    assert len(steps) == len(expected["steps"]), f"{len(steps)} steps, the file has {len(expected['steps'])}"
    assert actual == expected


def test_golden_games_show_private_information_to_some_seats_only() -> None:
    """The files are worth having: in each, some seat knows a card in another's hand that not every seat knows,
    and some private event reaches exactly one seat."""
    for playthrough in PLAYTHROUGHS:
        data = json.loads(playthrough.path.read_text(encoding="utf-8"))
        knowers = [
            {seat["seat"] for seat in step["seats"] if seat.get("known")}
            for step in data["steps"]
            if step["public"]["phase"] != "round_over"
        ]
        assert any(0 < len(k) < playthrough.players for k in knowers), playthrough.name
        assert any(seat.get("events") for step in data["steps"] for seat in step["seats"]), playthrough.name
