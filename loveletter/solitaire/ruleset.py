"""The solitaire ruleset: a card set borrowed from a multiplayer ruleset, plus the docs/rules.md §8 solitaire flags.

``rulesets/solitaire.toml`` has ``kind = "solitaire"``, takes its cards from another ruleset (``cards =
"classic"``) and sets ``[flags]`` ``sol_prince_queue`` and ``sol_baron_reveal_first``. Mistakes are reported as
one :class:`~loveletter.engine.errors.RulesetError` line naming the file and the key.

>>> rs = load_solitaire_ruleset()
>>> rs.name, rs.cards_from, rs.deck_size, rs.princess
('solitaire', 'classic', 16, 'Princess')
>>> rs.flags
SolitaireFlags(sol_prince_queue='replace', sol_baron_reveal_first=False)
>>> rs.with_flags(sol_prince_queue="remove").flags.sol_prince_queue
'remove'
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from loveletter.engine.errors import RulesetError
from loveletter.engine.ruleset import (
    DESCRIPTION_LIMIT,
    NAME_LIMIT,
    TITLE_LIMIT,
    CardType,
    RulesetChecker,
    bundled_names,
    by_source,
    load_ruleset,
    read_toml,
    ruleset_error,
    short_repr,
)
from loveletter.solitaire.effects import EFFECTS, SolitaireEffect, effect_named

PrinceQueue = Literal["replace", "remove", "replace_if_possible"]

#: The card effects that have solitaire rules (docs/rules.md §6.4, §6.5): the classic characters (``effects/``).
SOLITAIRE_EFFECTS = frozenset(EFFECTS)
#: Six retinue cards, a hand card, a secret agent and at least one card to draw.
MIN_DECK = 6 + 1 + 1 + 1 + 1

_PRINCE_QUEUE: tuple[PrinceQueue, ...] = ("replace", "remove", "replace_if_possible")
# The allowed values of each flag (the fields of SolitaireFlags).
_FLAG_CHOICES = {"sol_prince_queue": _PRINCE_QUEUE}
_BOOL_FLAGS = frozenset({"sol_baron_reveal_first"})
_TOP_KEYS = frozenset({"kind", "name", "title", "description", "cards", "flags"})


@dataclass(frozen=True, slots=True)
class SolitaireFlags:
    """The solitaire flags of docs/rules.md §8, with their defaults."""

    #: What a player's Prince does to a queue card other than the princess (§6.7 D14).
    sol_prince_queue: PrinceQueue = "replace"
    #: Whether a Baron's queue card is revealed before the player commits hand or agent (§6.7 D17).
    sol_baron_reveal_first: bool = False


@dataclass(frozen=True, slots=True)
class SolitaireRuleset:
    """An immutable, validated solitaire ruleset. Load one with :func:`load_solitaire_ruleset`."""

    name: str
    title: str
    #: The multiplayer ruleset the cards come from.
    cards_from: str
    #: The card types, highest value first.
    cards: Mapping[str, CardType]
    copies: Mapping[str, int]
    countess_forced_by: frozenset[str]
    flags: SolitaireFlags
    source: str = ""
    text: str = ""
    bundled: bool = False

    @property
    def deck_size(self) -> int:
        return sum(self.copies.values())

    @property
    def princess(self) -> str:
        """The id of the princess card (the one the retinue protects)."""
        return next(c.id for c in self.cards.values() if EFFECTS[c.effect].is_princess)

    @property
    def guard_names(self) -> tuple[str, ...]:
        """What the player's Guard may name: every card type but the Guard(s), highest value first."""
        return tuple(c.id for c in self.cards.values() if EFFECTS[c.effect].guard_may_name)

    def deck(self) -> list[str]:
        """Every card, highest value first (unshuffled)."""
        return [cid for cid in self.cards for _ in range(self.copies[cid])]

    def value(self, card: str) -> int:
        return self.cards[card].value

    def effect(self, card: str) -> str:
        return self.cards[card].effect

    def rules_of(self, card: str) -> SolitaireEffect:
        """What ``card`` does in solitaire, and its traits (``effects/``)."""
        return effect_named(self.cards[card].effect)

    # Immutable, and pickled as the game's rulesets are (loveletter.engine.ruleset.by_source).

    def __copy__(self) -> SolitaireRuleset:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SolitaireRuleset:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return by_source(self, reloaded_solitaire)

    def with_flags(self, **changes: Any) -> SolitaireRuleset:
        """The same ruleset with some flags changed (validated like the file's)."""
        raw = {**dataclasses.asdict(self.flags), **changes}
        flags = _parse_flags(RulesetChecker(self.source or "<flags>"), raw)
        return dataclasses.replace(self, flags=flags)


def load_solitaire_ruleset(name_or_path: str = "solitaire") -> SolitaireRuleset:
    """Load the bundled solitaire ruleset (or a user's solitaire TOML file by path) and validate it."""
    data, path, text, bundled = read_toml(name_or_path)
    shown = path.name if bundled else str(path)
    return parse_solitaire_ruleset(data, source=shown, text=text, bundled=bundled, folder=path.parent)


@functools.lru_cache(maxsize=16)
def reloaded_solitaire(name: str | None, text: str, source: str) -> SolitaireRuleset:
    """The solitaire ruleset a pickle names (see :func:`loveletter.engine.ruleset.reloaded`); a file's cards
    are looked for beside it, as when it was read."""
    if name is not None:
        return load_solitaire_ruleset(name)
    return parse_solitaire_ruleset(tomllib.loads(text), source=source, text=text, folder=Path(source).parent)


def parse_solitaire_ruleset(
    data: Mapping[str, Any], *, source: str, text: str = "", bundled: bool = False, folder: Path | None = None
) -> SolitaireRuleset:
    """Validate parsed TOML data and build a :class:`SolitaireRuleset` (see :func:`load_solitaire_ruleset`).

    >>> parse_solitaire_ruleset({"kind": "solitaire", "name": "x", "cards": "classic",
    ...                          "flags": {"sol_prince_queue": "never"}}, source="x.toml")
    Traceback (most recent call last):
    ...
    loveletter.engine.errors.RulesetError: x.toml: flags.sol_prince_queue: must be one of 'replace', 'remove', \
'replace_if_possible', got 'never'
    """

    c = RulesetChecker(source)
    kind = data.get("kind", "multiplayer")
    if kind != "solitaire":
        c.fail("kind", "solitaire_not_kind", value=short_repr(kind))
    c.keys(data, "", required={"name"}, optional=set(_TOP_KEYS - {"name"}))
    if "cards" not in data:  # after the name: a file without either is told about its name first
        c.fail("cards", "missing")
    name = c.text(data["name"], "name", NAME_LIMIT)
    title = c.text(data.get("title", name), "title", TITLE_LIMIT)
    if "description" in data:
        c.text(data["description"], "description", DESCRIPTION_LIMIT, lines=True)
    cards_from = data["cards"]
    if not isinstance(cards_from, str) or not cards_from:
        c.fail("cards", "solitaire_cards_from", value=short_repr(cards_from))

    target = cards_from
    if folder is not None and cards_from not in bundled_names() and not Path(cards_from).is_absolute():
        target = str(folder / cards_from)
    try:
        base = load_ruleset(target)
    except RulesetError as exc:
        if exc.code == "solitaire_kind":  # another solitaire file: its cards come from elsewhere
            raise ruleset_error(source, "cards", "solitaire_cards_from", value=short_repr(cards_from)) from exc
        raise ruleset_error(source, "cards", "solitaire_cards_load", name=short_repr(cards_from)) from exc
    mode = base.modes[0]  # the smallest game: classic and original2012 have only one, premium's is 16 cards
    for card in mode.cards:
        if card.effect not in SOLITAIRE_EFFECTS:
            c.fail("cards", "solitaire_no_rules", name=short_repr(cards_from), card=card.id, effect=card.effect)
    princesses = [card for card in mode.cards if EFFECTS[card.effect].is_princess]
    if len(princesses) != 1 or mode.copies[princesses[0].id] != 1:
        c.fail("cards", "solitaire_princess", name=short_repr(cards_from))
    if mode.deck_size < MIN_DECK:
        c.fail("cards", "solitaire_deck_small", name=short_repr(cards_from), size=mode.deck_size, needed=MIN_DECK)
    return SolitaireRuleset(
        name=name,
        title=title,
        cards_from=cards_from,
        cards=MappingProxyType({card.id: card for card in mode.cards}),
        copies=MappingProxyType(dict(mode.copies)),
        countess_forced_by=base.countess_forced_by,
        flags=_parse_flags(c, data.get("flags", {})),
        source=source,
        text=text,
        bundled=bundled,
    )


def _parse_flags(c: RulesetChecker, raw: Any) -> SolitaireFlags:
    return SolitaireFlags(**c.flags(raw, "flags", _FLAG_CHOICES, _BOOL_FLAGS))
