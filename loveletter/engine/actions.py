"""Actions: the decisions a seat makes, as small immutable values with a text notation.

The notation is what records, logs, tests and computer players share. Seats are numbered from 0.

=================================  ===================================================================
``Guard>2=Priest``                 play a Guard on seat 2, naming the Priest (editions that name cards)
``Guard>2=5``                      play a Guard on seat 2, naming the value 5 (premium names numbers)
``Priest>1``                       play a card on one target
``Handmaid``                       play a card that chooses nobody, or one whose every target is
                                   protected (it then has no effect)
``Baroness>1,3``                   a card on two targets (Baroness, Cardinal)
``Cardinal>1,3?3``                 the Cardinal swaps seats 1 and 3 and looks at seat 3's new hand
``keep Guard return Baron,Priest`` after a Chancellor: keep the Guard, put the Baron and then the Priest
                                   under the deck (the last one named ends at the very bottom)
``redraw`` / ``pass``              the Bishop's target discards and redraws, or keeps their card
=================================  ===================================================================

>>> a = parse_action("Guard>2=Priest")
>>> a
Play(card='Guard', targets=(2,), named='Priest', look=None)
>>> str(a)
'Guard>2=Priest'
>>> str(parse_action("keep guard return baron,priest", ["Guard", "Baron", "Priest"]))
'keep Guard return Baron,Priest'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import ClassVar

from loveletter.engine.errors import NotationError


class _Value:
    """Base of the action types: one object per distinct value (the same arguments give the same object), so
    actions are immutable, compare and hash by identity at C speed, and legal-action lists stay cheap."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), tuple(getattr(self, f) for f in self._fields)

    def __copy__(self) -> _Value:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> _Value:
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({args})"


class Play(_Value):
    """Play ``card`` from hand, choosing ``targets`` (seats) and, for the Guard and Bishop, ``named`` (a card id
    or a value); ``look`` is the seat whose hand a Cardinal's player looks at afterwards, if any.

    >>> Play("Guard", (2,), "Priest") is Play("Guard", [2], "Priest")
    True
    """

    __slots__ = ("card", "look", "named", "targets")
    _fields = ("card", "targets", "named", "look")
    _pool: ClassVar[dict[tuple[str, tuple[int, ...], str | int | None, int | None], Play]] = {}
    card: str
    targets: tuple[int, ...]
    named: str | int | None
    look: int | None

    def __new__(
        cls, card: str, targets: Iterable[int] = (), named: str | int | None = None, look: int | None = None
    ) -> Play:
        key = (card, tuple(targets), named, look)
        action = cls._pool.get(key)
        if action is None:
            action = object.__new__(cls)
            action._set(card=card, targets=key[1], named=named, look=look)
            cls._pool[key] = action
        return action

    def __str__(self) -> str:
        text = self.card
        if self.targets:
            text += ">" + ",".join(map(str, self.targets))
        if self.named is not None:
            text += f"={self.named}"
        if self.look is not None:
            text += f"?{self.look}"
        return text


class Keep(_Value):
    """The Chancellor's second step: keep ``card`` and put ``returned`` under the deck in this order (the last
    one ends at the very bottom)."""

    __slots__ = ("card", "returned")
    _fields = ("card", "returned")
    _pool: ClassVar[dict[tuple[str, tuple[str, ...]], Keep]] = {}
    card: str
    returned: tuple[str, ...]

    def __new__(cls, card: str, returned: Iterable[str]) -> Keep:
        key = (card, tuple(returned))
        action = cls._pool.get(key)
        if action is None:
            action = object.__new__(cls)
            action._set(card=card, returned=key[1])
            cls._pool[key] = action
        return action

    def __str__(self) -> str:
        return f"keep {self.card} return {','.join(self.returned)}"


class Redraw(_Value):
    """The Bishop's target decides: discard their card and draw a new one (``True``) or keep it (``False``)."""

    __slots__ = ("redraw",)
    _fields = ("redraw",)
    _pool: ClassVar[dict[bool, Redraw]] = {}
    redraw: bool

    def __new__(cls, redraw: bool) -> Redraw:
        action = cls._pool.get(redraw)
        if action is None:
            action = object.__new__(cls)
            action._set(redraw=bool(redraw))
            cls._pool[bool(redraw)] = action
        return action

    def __str__(self) -> str:
        return "redraw" if self.redraw else "pass"


Action = Play | Keep | Redraw
#: The engine's own action types. An action is an instance of one of them exactly: a subclass could change how it
#: compares and hashes, and the engine checks an action by what it is, not by what it says of itself.
ACTION_TYPES = (Play, Keep, Redraw)
#: The types of the values an action's fields hold: its card names, seats, and what a Guard names.
_PLAIN = (str, int, bool, type(None))


def legal_twin(action: object, legal: Iterable[Action]) -> Action | None:
    """The action of ``legal`` whose type is ``action``'s own and whose fields equal its fields, each a plain
    value (a string, a number, a tuple of them), or ``None``. For an engine action made without its constructor,
    which is not the one object of its value; nothing of ``action`` but its fields' values is used.

    >>> forged = object.__new__(Redraw)
    >>> object.__setattr__(forged, "redraw", True)
    >>> legal_twin(forged, [Redraw(False), Redraw(True)]) is Redraw(True)
    True
    >>> legal_twin(42, [Redraw(True)]) is None
    True
    """
    kind = type(action)
    if kind not in ACTION_TYPES:
        return None
    values = []
    for name in kind._fields:
        try:
            value = object.__getattribute__(action, name)
        except AttributeError:
            return None
        if type(value) is tuple:
            if not all(type(item) in _PLAIN for item in value):
                return None
        elif type(value) not in _PLAIN:
            return None
        values.append(value)
    for option in legal:
        if type(option) is kind and all(getattr(option, n) == v for n, v in zip(kind._fields, values, strict=True)):
            return option
    return None


def described(action: object) -> str:
    """``action`` in words for an error message: its notation if it is an engine action, else its type's name
    (never its own ``str`` or ``repr``, which could be anything)."""
    kind = type(action)
    if kind is str:
        return repr(action)
    if kind in ACTION_TYPES and legal_twin(action, [action]) is not None:  # type: ignore[list-item]
        return str(action)
    return f"a {kind.__name__} object"


def card_reader(text: str, card_ids: Iterable[str] | None) -> Callable[[str], str]:
    """How the card names in the action ``text`` are read: as written without ``card_ids``; with them, matched
    without regard to case, a name that is none of them raising a :class:`NotationError` that quotes ``text``.
    This notation and the solitaire's (:mod:`loveletter.solitaire.actions`) both read their card names so.

    >>> card_reader("guard>1=PRIEST", ["Guard", "Priest"])("PRIEST")
    'Priest'
    """
    if card_ids is None:
        return _as_written
    lookup = {c.lower(): c for c in card_ids}

    def card(name: str) -> str:
        try:
            return lookup[name.lower()]
        except KeyError:
            known = ", ".join(lookup.values())
            raise NotationError(f"{text!r}: unknown card {name!r} (known: {known})") from None

    return card


def _as_written(name: str) -> str:
    return name


_PLAY = re.compile(
    r"^(?P<card>[A-Za-z]+)(?:>(?P<targets>\d+(?:,\d+)*))?(?:=(?P<named>[A-Za-z]+|\d+))?(?:\?(?P<look>\d+))?$"
)
_KEEP = re.compile(r"^keep\s+(?P<card>[A-Za-z]+)\s+return\s+(?P<returned>[A-Za-z]+(?:\s*,\s*[A-Za-z]+)*)$", re.I)


def parse_action(text: str, card_ids: Iterable[str] | None = None) -> Action:
    """Parse the notation (see the module docstring). With ``card_ids``, card names are matched without regard
    to case and must be one of them; without, they are taken as written.

    >>> parse_action("Cardinal>1,3?3")
    Play(card='Cardinal', targets=(1, 3), named=None, look=3)
    >>> parse_action("Guard>1=Nobody", ["Guard", "Priest"])
    Traceback (most recent call last):
    ...
    loveletter.engine.errors.NotationError: 'Guard>1=Nobody': unknown card 'Nobody' (known: Guard, Priest)
    """
    stripped = text.strip()
    card = card_reader(text, card_ids)
    low = stripped.lower()
    if low in ("redraw", "pass"):
        return Redraw(low == "redraw")
    keep = _KEEP.match(stripped)
    if keep:
        returned = tuple(card(x.strip()) for x in keep["returned"].split(","))
        return Keep(card(keep["card"]), returned)
    play = _PLAY.match(stripped)
    if not play or low.startswith("keep"):
        raise NotationError(
            f"{text!r} is not an action; examples: Guard>2=Priest, Handmaid, Cardinal>1,3?3, "
            "keep Guard return Baron,Priest, redraw, pass"
        )
    targets = tuple(int(t) for t in play["targets"].split(",")) if play["targets"] else ()
    named_text = play["named"]
    named: str | int | None
    if named_text is None:
        named = None
    elif named_text.isdigit():
        named = int(named_text)
    else:
        named = card(named_text)
    look = int(play["look"]) if play["look"] is not None else None
    return Play(card(play["card"]), targets, named, look)
