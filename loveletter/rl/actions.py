"""The fixed action space: every action the notation can express for one ruleset and player count, numbered.

Learning libraries want one ``Discrete(N)`` space that never changes during a game, with the legal actions of the
moment given as a mask. :class:`ActionTable` lists, for a ruleset's mode at a player count, every play of every
card with every target (seats are absolute, as in the notation), every name a Guard or a Bishop may say, every
Cardinal look, every Chancellor keep with each order of the returned cards, and the Bishop target's ``redraw`` and
``pass``. Most are illegal at any one moment; the engine's ``legal_actions()`` says which are legal, and
:meth:`ActionTable.legal_indices` turns them into indices.

>>> table = ActionTable("classic", 2)
>>> table.to_notation(0), table.index(parse("Guard>1=Priest", table))
('Princess', 29)
>>> table.to_notation(29)
'Guard>1=Priest'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from typing import Generic, TypeVar

from loveletter.engine import Action, Keep, NotationError, Play, Redraw, Ruleset, load_ruleset, parse_action
from loveletter.engine.ruleset import Mode

#: An action of one of the notations (the multi-player game's or the solitaire's).
A = TypeVar("A")


def mode_of(ruleset: Ruleset, players: int) -> Mode:
    """The ruleset's mode for ``players``, or a clear error naming the counts the ruleset allows."""
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise ValueError(
            f"the {ruleset.name} ruleset seats {ruleset.min_players} to {ruleset.max_players} players, not {players}"
        )
    return ruleset.mode_for(players)


def bishop_numbers(ruleset: Ruleset, mode: Mode) -> tuple[int, ...]:
    """The values a Bishop may name (as the engine's Bishop computes them: not the Guard's, unless the flag)."""
    guard_values = {c.value for c in mode.cards if c.traits.names == "card"}
    return tuple(v for v in mode.values if ruleset.flags.bishop_may_name_1 or v not in guard_values)


def enumerate_actions(ruleset: Ruleset, players: int) -> tuple[Action, ...]:
    """Every action of the notation that can arise with this ruleset and player count, in a fixed order: the
    cards' plays in the order the ruleset lists the cards (highest first), then the Chancellor's keeps, then the
    Bishop target's two answers."""
    mode = mode_of(ruleset, players)
    seats = range(players)
    pairs = list(combinations(seats, 2))
    ids = mode.card_ids
    out: list[Action] = []
    chancellor = bishop = False
    for card in mode.cards:
        traits, cid = card.traits, card.id
        out.append(Play(cid))  # no target: a card that chooses nobody, or finds nobody to choose
        if traits.names == "card":  # Guard
            out += [Play(cid, (t,), name) for t in seats for name in mode.guard_names]
        elif traits.names == "value":  # Bishop
            bishop = True
            out += [Play(cid, (t,), x) for t in seats for x in bishop_numbers(ruleset, mode)]
        elif traits.targets in ("another", "anyone"):
            out += [Play(cid, (t,)) for t in seats]
        elif traits.targets == "one_or_two_others":  # Baroness
            out += [Play(cid, (t,)) for t in seats]
            out += [Play(cid, pair) for pair in pairs]
        elif traits.targets == "two_players":  # Cardinal
            for pair in pairs:
                out.append(Play(cid, pair))
                out += [Play(cid, pair, None, look) for look in pair]
        elif traits.draws:  # Chancellor
            chancellor = True
    if chancellor:
        # Keep one card and return the one or two others (a deck with one card left gives one), in order.
        for kept in ids:
            out += [Keep(kept, (a,)) for a in ids]
            out += [Keep(kept, pair) for pair in product(ids, repeat=2)]
    if bishop:
        out += [Redraw(True), Redraw(False)]
    return tuple(out)


class Numbered(Generic[A]):
    """A fixed numbering of actions: index <-> action <-> notation, with clear errors. The multi-player table and
    the solitaire's share it; each says what its space is called (``space``) in its errors."""

    space = "the action space"

    def __init__(self, actions: tuple[A, ...]) -> None:
        self.actions = actions
        # Actions are interned (one object per value): a dict by identity-hashed action is the fastest lookup.
        self._index: dict[A, int] = {a: i for i, a in enumerate(actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: A) -> int:
        """The index of ``action``; a clear error if the table cannot express it (a bug: tests check it never is)."""
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action} is not in {self.space}") from None

    def action(self, index: int) -> A:
        if not 0 <= index < len(self.actions):
            raise ValueError(f"action {index} is outside the action space 0..{len(self.actions) - 1}")
        return self.actions[index]

    def to_notation(self, index: int) -> str:
        return str(self.action(index))


class ActionTable(Numbered[Action]):
    """The numbered actions of one ruleset at one player count, and the index <-> action <-> notation mapping."""

    def __init__(self, ruleset: Ruleset | str, players: int) -> None:
        self.ruleset = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.players = players
        super().__init__(enumerate_actions(self.ruleset, players))
        self.space = f"the action space of {self.ruleset.name} at {players}"
        self._legal_cache: dict[tuple[Action, ...], tuple[int, ...]] = {}

    def from_notation(self, text: str) -> int:
        return self.index(parse(text, self))

    def legal_indices(self, legal: Sequence[Action]) -> tuple[int, ...]:
        """The indices of ``legal``, in the engine's order. The engine hands out the same legal-action tuples
        again and again, so the answer is cached by tuple (bounded: cleared when it grows large)."""
        key = tuple(legal)
        found = self._legal_cache.get(key)
        if found is None:
            if len(self._legal_cache) > 50_000:
                self._legal_cache.clear()
            index = self._index
            found = self._legal_cache[key] = tuple(index[a] for a in key)
        return found


def parse(text: str, table: ActionTable) -> Action:
    """Parse the notation with the table's card names (case does not matter)."""
    return parse_action(text, table.ruleset.cards)


@cache
def _table(ruleset: str, players: int) -> ActionTable:
    return ActionTable(ruleset, players)


def table_for(ruleset: Ruleset | str, players: int) -> ActionTable:
    """The action table of a ruleset (by name: shared) at ``players``."""
    if isinstance(ruleset, str):
        return _table(ruleset, players)
    return ActionTable(ruleset, players)


def action_to_notation(index: int, ruleset: Ruleset | str = "2019", players: int = 2) -> str:
    """The notation of action ``index`` in the space of ``ruleset`` at ``players``.

    >>> action_to_notation(1, "classic", 2)
    'Countess'
    """
    return table_for(ruleset, players).to_notation(index)


def notation_to_action(text: str, ruleset: Ruleset | str = "2019", players: int = 2) -> int:
    """The index of the action written ``text`` in the space of ``ruleset`` at ``players``.

    >>> notation_to_action("guard>1=priest", "classic", 2)
    29
    """
    try:
        return table_for(ruleset, players).from_notation(text)
    except NotationError as error:
        raise ValueError(str(error)) from None
