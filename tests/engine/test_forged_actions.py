"""The engine accepts only its own actions, checked by value: an object that claims to equal a legal action (its
``__eq__`` always true, its ``__hash__`` copied from one), a subclass of an action type, or an action forged
without its constructor that is not legal, is refused with :class:`IllegalActionError` before it reaches the
rules; an engine action made without its constructor whose fields equal a legal action's is that legal action."""

from __future__ import annotations

from typing import Any

import pytest

from loveletter.engine import Game, IllegalActionError, Keep, Play, Redraw, load_ruleset, stacked_deck
from loveletter.engine.actions import legal_twin


def game() -> Game:
    """Seat 0 holds a Guard and a Baron, seat 1 a Priest."""
    rs = load_ruleset("2019")
    deck = stacked_deck(rs, 2, hands=["Guard", "Priest"], draws=["Baron"], set_aside="Spy")
    return Game(rs, players=2, deck=deck, first_player=0)


class Claims:
    """Equal to everything, hashed as a legal action: what passed the old ``action in legal`` check."""

    def __init__(self, twin: object) -> None:
        self.twin = twin

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(self.twin)


class SubPlay(Play):
    """A Play whose instances claim to equal any play (made with ``forged``: its constructor gives the genuine
    Play of the value)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def forged(kind: type, **fields: Any) -> Any:
    """An object of an engine action type made without its constructor (so not the one object of its value)."""
    action: Any = object.__new__(kind)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def unchanged(g: Game) -> tuple[Any, ...]:
    s = g.state
    return (tuple(map(tuple, s.hands)), tuple(s.deck), tuple(map(tuple, s.discards)), tuple(s.alive), len(s.plays))


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda legal: Claims(legal[0]), id="__eq__ and __hash__ of a legal action"),
        pytest.param(
            lambda legal: forged(SubPlay, card="Guard", targets=(1,), named="Priest", look=None), id="a subclass"
        ),
        pytest.param(
            lambda legal: forged(Play, card="Guard", targets=(1,), named="Guard", look=None), id="Guard=Guard"
        ),
        pytest.param(lambda legal: forged(Play, card="Princess", targets=(), named=None, look=None), id="not in hand"),
        pytest.param(lambda legal: forged(Play, card="Guard"), id="fields missing"),
        pytest.param(lambda legal: forged(Redraw, redraw=True), id="not this phase"),
        pytest.param(lambda legal: "Guard>1=Priest", id="a string to apply"),
        pytest.param(lambda legal: 42, id="not an action"),
    ],
)
def test_a_forged_action_is_illegal_and_changes_nothing(make: Any) -> None:
    g = game()
    before = unchanged(g)
    action = make(g.legal_actions())
    pushes: list[Any] = [g.state.apply] if isinstance(action, str) else [g.push, g.state.apply]  # push reads notation
    for push in pushes:
        with pytest.raises(IllegalActionError, match="is not legal for seat 0"):
            push(action)
        assert unchanged(g) == before and g.actions == [[]]


def test_an_action_made_without_its_constructor_is_the_legal_action_of_its_value() -> None:
    g = game()
    legal = next(a for a in g.legal_actions() if str(a) == "Guard>1=Priest")
    copy = forged(Play, card="Guard", targets=(1,), named="Priest", look=None)
    assert copy is not legal and copy not in g.legal_actions()
    g.push(copy)
    assert g.actions[0][-1] is legal and not g.state.alive[1]


def test_only_plain_field_values_make_a_twin() -> None:
    """A field that only claims to be "Guard" is no card name: the twin is looked up by plain values only."""

    class Sly(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    legal = (Play("Guard", (1,), "Priest"), Keep("Guard", ("Baron",)), Redraw(True))
    assert legal_twin(forged(Play, card=Sly("Guard"), targets=(1,), named="Priest", look=None), legal) is None
    assert legal_twin(forged(Play, card="Guard", targets=[1], named="Priest", look=None), legal) is None
    assert legal_twin(forged(Keep, card="Guard", returned=("Baron",)), legal) is legal[1]
    assert legal_twin(forged(SubPlay, card="Guard", targets=(1,), named="Priest", look=None), legal) is None


def test_the_refusal_never_calls_the_objects_own_methods() -> None:
    """Saying why an object is refused uses its type's name, never its ``str``, ``repr``, ``==`` or hash."""

    class Hostile:
        def __str__(self) -> str:
            raise AssertionError("str called")

        __repr__ = __str__

        def __eq__(self, other: object) -> bool:
            raise AssertionError("== called")

        def __hash__(self) -> int:
            raise AssertionError("hash called")

    g = game()
    with pytest.raises(IllegalActionError, match="a Hostile object is not legal"):
        g.push(Hostile())  # type: ignore[arg-type]
