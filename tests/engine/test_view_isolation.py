"""No view reaches the live game. Everything a view holds, followed reference by reference (as ``gc`` or a bot
in this process could), is a value: no object of the game (its state, hands, deck, discard piles, plays,
knowledge, log) and no container that can change (no list, dict or set) is reachable from it, read or unread;
and what it holds does not depend on any card its seat cannot see (every such card re-dealt, it is the same).
The engine's actions and events it holds are values too, shared with the game's record as they are shared
between games (docs/reference/bot-protocol.md says what a view holds)."""

from __future__ import annotations

import enum
import gc
import random
import types
from typing import Any

import pytest

from loveletter.engine import Game, View
from tests.properties.redeal import redeal

#: Objects whose references are not followed: code, and the shared constants of classes and modules.
OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType, enum.Enum)
MUTABLE = (list, dict, set, bytearray)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references; a dict is reported only when it is not behind a
    read-only mapping proxy (the ruleset's tables are)."""
    found: dict[int, object] = {}
    stack: list[tuple[object, bool]] = [(root, False)]
    while stack:
        obj, proxied = stack.pop()
        if id(obj) in found or isinstance(obj, OPAQUE):
            continue
        if not proxied:
            found[id(obj)] = obj
        behind = isinstance(obj, types.MappingProxyType)
        stack.extend((ref, behind) for ref in gc.get_referents(obj))
    return list(found.values())


def game_objects(game: Game) -> dict[int, str]:
    """The game's own objects (what changes as it is played), by identity."""
    s = game.state
    named: dict[str, Any] = {
        "game": game, "state": s, "deck": s.deck, "hands": s.hands, "discards": s.discards, "plays": s.plays,
        "known": s.known, "tokens": s.tokens, "alive": s.alive, "protected": s.protected, "log": game.log,
        "actions": game.actions, "deals": game.deals, "pending": s.pending_tokens,
    }  # fmt: skip
    named.update({f"hand {p}": hand for p, hand in enumerate(s.hands)})
    named.update({f"pile {p}": pile for p, pile in enumerate(s.discards)})
    return {id(obj): name for name, obj in named.items()}


def check_view(game: Game, seat: int) -> None:
    own = game_objects(game)
    for read in (False, True):
        view = game.view(seat)
        if read:
            _ = (view.seats, view.history)
        for obj in reachable(view):
            assert id(obj) not in own, f"a view of seat {seat} reaches the game's {own[id(obj)]}"
            assert not isinstance(obj, MUTABLE), f"a view of seat {seat} holds a {type(obj).__name__}: {obj!r:.80}"


@pytest.mark.parametrize(("name", "players"), [("2019", 2), ("2019", 4), ("premium", 6), ("classic", 3)])
def test_nothing_reachable_from_a_view_belongs_to_the_game_or_can_change(name: str, players: int) -> None:
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        game = Game(name, players, seed=seed)
        while not game.over:
            if game.round_over:
                check_view(game, rng.randrange(players))
                game.next_round()
                continue
            check_view(game, rng.randrange(players))
            check_view(game, game.state.decider)  # type: ignore[arg-type]
            game.push(rng.choice(game.legal_actions()))
            checked += 1
    assert checked > 20


def test_the_old_ways_in_are_closed() -> None:
    """The opening of the round (every hand and every card to come) was reachable from an unread view."""
    game = Game("2019", 2, seed=1)
    view = game.view(0)
    with pytest.raises(AttributeError):
        object.__getattribute__(view, "_snapshot")
    deck = game.state.deck
    assert not any(obj is deck or obj == list(deck) for obj in reachable(view))


@pytest.mark.parametrize(("name", "players"), [("2019", 2), ("2019", 4), ("premium", 5), ("premium", 8)])
def test_what_a_view_holds_does_not_depend_on_a_card_its_seat_cannot_see(name: str, players: int) -> None:
    """At every decision of random games, for every seat: re-deal every card that seat cannot see; all the view
    holds, unread, is the same (and its fields, once read)."""
    rng = random.Random(f"{name}/{players}")
    moved = compared = 0
    for seed in range(3):
        game = Game(name, players, seed=seed)
        while not game.over:
            if game.round_over:
                game.next_round()
                continue
            for seat in range(players):
                other = redeal(game.state, seat, rng)
                moved += other.changed
                mine, theirs = game.state.view(seat), other.state.view(seat)
                assert object.__getattribute__(mine, "_seen") == object.__getattribute__(theirs, "_seen")
                assert mine == theirs and repr(mine) == repr(theirs)
                compared += 1
            game.push(rng.choice(game.legal_actions()))
    assert moved > compared // 2, (moved, compared)


def test_a_view_is_the_same_value_after_the_game_moves_on() -> None:
    game = Game("premium", 4, seed=3)
    taken = [(game.view(p), repr(game.view(p))) for p in range(4)]
    while not game.round_over:
        game.push(game.legal_actions()[0])
    assert [repr(view) for view, _ in taken] == [text for _, text in taken]
    assert all(isinstance(view, View) for view, _ in taken)
