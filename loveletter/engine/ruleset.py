"""Rulesets: the data that tells editions apart, loaded from ``rulesets/*.toml`` and validated once.

A ruleset names its card types (value and effect), one or more *modes* chosen by the player count (deck
composition, tokens to win, face-up cards for two players, how game ties end), how the Guard names a card,
the deck-out tie breaks, and the RULES.md §8 flags. Card *effects* are code, looked up by the effect name.

>>> rs = load_ruleset("classic")
>>> rs.name, rs.min_players, rs.max_players
('classic', 2, 4)
>>> rs.mode_for(4).deck_size, rs.tokens_to_win(4)
(16, 4)
>>> list(rs.mode_for(4).guard_names)
['Princess', 'Countess', 'King', 'Prince', 'Handmaid', 'Baron', 'Priest']
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from loveletter.engine.errors import RulesetError, SetupError

GuardNaming = Literal["card", "number"]
GameTie = Literal["shared", "tiebreak_round"]

#: Effects the engine implements (see ``loveletter/engine/effects/``). Kept here, not imported from there,
#: so that loading a ruleset stays cheap and free of import cycles; a test checks the two agree.
KNOWN_EFFECTS = frozenset(
    {
        "princess", "countess", "king", "chancellor", "prince", "handmaid", "baron", "priest", "guard",
        "spy", "bishop", "dowager_queen", "constable", "count", "sycophant", "baroness", "cardinal",
        "jester", "assassin",
    }
)  # fmt: skip

TIE_BREAKS = frozenset({"discard_sum"})
MAX_PLAYERS = 8
_CARD_ID = re.compile(r"^[A-Z][A-Za-z]{0,23}$")


@dataclass(frozen=True, slots=True)
class CardType:
    """A character card: its id (used in the action notation), printed value and effect name."""

    id: str
    value: int
    effect: str


@dataclass(frozen=True, slots=True)
class Flags:
    """The configuration flags of RULES.md §8 for the multi-player rulesets, with their defaults."""

    first_player_mode: Literal["random", "choose"] = "random"
    reveal_set_aside_at_round_end: bool = False
    spy_blocking: Literal["in_round_only", "any_player"] = "in_round_only"
    residual_tie: Literal["all_win", "none"] = "all_win"
    game_tie_most_tokens_wins: bool = False
    bishop_may_name_1: bool = False
    constable_counts_hand: bool = False
    sycophant_impossible: Literal["no_effect", "ignore_constraint"] = "no_effect"


# Allowed values of the flags that are not booleans.
_FLAG_CHOICES: dict[str, tuple[str, ...]] = {
    "first_player_mode": ("random", "choose"),
    "spy_blocking": ("in_round_only", "any_player"),
    "residual_tie": ("all_win", "none"),
    "sycophant_impossible": ("no_effect", "ignore_constraint"),
}
_BOOL_FLAGS = frozenset(
    {"reveal_set_aside_at_round_end", "game_tie_most_tokens_wins", "bishop_may_name_1", "constable_counts_hand"}
)


@dataclass(frozen=True, slots=True)
class Mode:
    """The part of a ruleset that depends on the player count: deck, tokens, set-aside cards, game ties."""

    players: tuple[int, int]
    face_up_set_aside: int
    game_tie: GameTie
    tokens_by_players: Mapping[int, int]
    copies: Mapping[str, int]
    #: The cards of this mode, highest value first (the order the ruleset lists them).
    cards: tuple[CardType, ...] = field(default=())
    guard_naming: GuardNaming = "card"
    guard_effect_values: frozenset[int] = frozenset()

    @property
    def deck_size(self) -> int:
        return sum(self.copies.values())

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def deck(self) -> list[str]:
        """Every card of the deck, highest value first (unshuffled)."""
        return [c.id for c in self.cards for _ in range(self.copies[c.id])]

    @property
    def values(self) -> tuple[int, ...]:
        """The distinct printed values of the deck, highest first."""
        return tuple(sorted({c.value for c in self.cards}, reverse=True))

    @property
    def guard_names(self) -> tuple[str, ...] | tuple[int, ...]:
        """What a Guard may name: card ids (naming by card) or values (naming by number), never a Guard."""
        if self.guard_naming == "card":
            return tuple(c.id for c in self.cards if c.effect != "guard")
        return tuple(v for v in self.values if v not in self.guard_effect_values)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """An immutable, validated ruleset. Load one with :func:`load_ruleset`."""

    name: str
    title: str
    cards: Mapping[str, CardType]
    guard_naming: GuardNaming
    countess_forced_by: frozenset[str]
    tie_breaks: tuple[str, ...]
    modes: tuple[Mode, ...]
    flags: Flags
    #: Where it was loaded from (a path), and the TOML text itself, so a game record can carry a user's file.
    source: str = ""
    text: str = ""
    bundled: bool = False

    @property
    def min_players(self) -> int:
        return min(m.players[0] for m in self.modes)

    @property
    def max_players(self) -> int:
        return max(m.players[1] for m in self.modes)

    def mode_for(self, players: int) -> Mode:
        """The mode used with this many players; :class:`SetupError` if the ruleset does not seat them."""
        for mode in self.modes:
            if mode.players[0] <= players <= mode.players[1]:
                return mode
        raise SetupError(
            f"the {self.name} ruleset seats {self.min_players} to {self.max_players} players, not {players}"
        )

    def tokens_to_win(self, players: int) -> int:
        return self.mode_for(players).tokens_by_players[players]

    def value(self, card: str) -> int:
        return self.cards[card].value


# --------------------------------------------------------------------------------------------------- loading


def bundled_dir() -> Path:
    """The folder of the bundled rulesets: inside the installed package, or at the top of a source checkout."""
    here = Path(__file__).resolve().parent.parent
    installed = here / "rulesets"
    return installed if installed.is_dir() else here.parent / "rulesets"


def bundled_names() -> list[str]:
    """Names of the bundled rulesets, in a stable order (editions first, variants after)."""
    order = ["2019", "classic", "premium", "original2012", "solitaire"]
    found = sorted(p.stem for p in bundled_dir().glob("*.toml"))
    return [n for n in order if n in found] + [n for n in found if n not in order]


def resolve_source(name_or_path: str) -> tuple[Path, bool]:
    """Map a ruleset argument to a file: a bundled name, or a path to a user's TOML file."""
    if name_or_path in bundled_names():
        return bundled_dir() / f"{name_or_path}.toml", True
    path = Path(name_or_path).expanduser()
    looks_like_path = path.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path or path.is_file():
        return path, False
    choices = ", ".join(n for n in bundled_names() if n != "solitaire")
    raise RulesetError(
        name_or_path, "", f"no bundled ruleset has this name; choose one of {choices}, or give a path to a .toml file"
    )


def read_toml(name_or_path: str) -> tuple[dict[str, Any], Path, str, bool]:
    """Read and parse a ruleset file: (data, path, text, bundled). Errors are :class:`RulesetError`."""
    path, bundled = resolve_source(name_or_path)
    shown = path.name if bundled else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError(shown, "", "file not found; check the path") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(shown, "", f"cannot be read ({exc.__class__.__name__}: {exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(shown, "", f"is not valid TOML: {exc}") from None
    return data, path, text, bundled


def load_ruleset(name_or_path: str) -> Ruleset:
    """Load a bundled ruleset by name (``"2019"``, ``"classic"``, ``"premium"``, ``"original2012"``) or a
    user's TOML file by path, and validate it. Any problem raises :class:`RulesetError` with one clear line."""
    data, path, text, bundled = read_toml(name_or_path)
    shown = path.name if bundled else str(path)
    if data.get("kind", "multiplayer") == "solitaire":
        raise RulesetError(shown, "kind", "this is the one-player variant; play it with `loveletter solitaire`")
    return parse_ruleset(data, source=shown, text=text, bundled=bundled)


def parse_ruleset(data: Mapping[str, Any], *, source: str, text: str = "", bundled: bool = False) -> Ruleset:
    """Validate parsed TOML data and build a :class:`Ruleset` (see :func:`load_ruleset`)."""
    c = _Checker(source)
    c.keys(
        data,
        "",
        required={"name", "cards", "modes"},
        optional={"title", "kind", "guard_naming", "countess_forced_by", "tie_breaks", "flags", "description"},
    )
    name = c.string(data["name"], "name")
    if "kind" in data and data["kind"] != "multiplayer":
        c.fail("kind", f'must be "multiplayer" or "solitaire", got {data["kind"]!r}')
    title = c.string(data.get("title", name), "title")
    guard_naming = c.choice(data.get("guard_naming", "card"), "guard_naming", ("card", "number"))

    raw_cards = c.table(data["cards"], "cards")
    if not raw_cards:
        c.fail("cards", "must define at least one card type")
    cards: dict[str, CardType] = {}
    for card_id, raw_spec in raw_cards.items():
        key = f"cards.{card_id}"
        if not _CARD_ID.match(card_id):
            c.fail(key, "a card id is a capitalised word of letters only, such as Guard or DowagerQueen")
        spec = c.table(raw_spec, key)
        c.keys(spec, key, required={"value", "effect"}, optional={"title"})
        value = c.integer(spec["value"], f"{key}.value", 0, 99)
        effect = c.one_of(spec["effect"], f"{key}.effect", KNOWN_EFFECTS, "effect")
        cards[card_id] = CardType(card_id, value, effect)
    ordered = tuple(sorted(cards.values(), key=lambda ct: -ct.value))
    forced_ids = frozenset(c.names(data.get("countess_forced_by", []), "countess_forced_by", cards, "card"))
    tie_breaks = c.names(data.get("tie_breaks", []), "tie_breaks", TIE_BREAKS, "tie break")

    flags = _parse_flags(c, data.get("flags", {}))
    guard_values = frozenset(ct.value for ct in cards.values() if ct.effect == "guard")

    modes: list[Mode] = []
    raw_modes = c.array(data["modes"], "modes")
    if not raw_modes:
        c.fail("modes", "must have at least one [[modes]] table")
    for i, raw in enumerate(raw_modes):
        modes.append(_parse_mode(c, raw, f"modes[{i}]", cards, ordered, guard_naming, guard_values))
    modes.sort(key=lambda m: m.players)
    for a, b in itertools.pairwise(modes):
        if b.players[0] <= a.players[1]:
            c.fail("modes", f"player ranges {list(a.players)} and {list(b.players)} overlap")
    unused = [cid for cid in cards if not any(cid in m.copies for m in modes)]
    if unused:
        c.fail(f"cards.{unused[0]}", "is in no mode's copies; remove it or give it copies")

    return Ruleset(
        name=name,
        title=title,
        cards=MappingProxyType(cards),
        guard_naming=guard_naming,  # type: ignore[arg-type]
        countess_forced_by=forced_ids,
        tie_breaks=tie_breaks,
        modes=tuple(modes),
        flags=flags,
        source=source,
        text=text,
        bundled=bundled,
    )


def _parse_mode(
    c: _Checker,
    raw: Any,
    key: str,
    cards: Mapping[str, CardType],
    ordered: tuple[CardType, ...],
    guard_naming: str,
    guard_values: frozenset[int],
) -> Mode:
    raw = c.table(raw, key)
    c.keys(raw, key, required={"players", "tokens_to_win", "copies"}, optional={"face_up_set_aside", "game_tie"})
    players = c.array(raw["players"], f"{key}.players")
    if len(players) != 2:
        c.fail(f"{key}.players", "must be [lowest, highest], e.g. [2, 4]")
    lo = c.integer(players[0], f"{key}.players[0]", 2, MAX_PLAYERS)
    hi = c.integer(players[1], f"{key}.players[1]", 2, MAX_PLAYERS)
    if lo > hi:
        c.fail(f"{key}.players", f"lowest ({lo}) is above highest ({hi})")
    face_up = c.integer(raw.get("face_up_set_aside", 0), f"{key}.face_up_set_aside", 0, 10)
    game_tie = c.choice(raw.get("game_tie", "shared"), f"{key}.game_tie", ("shared", "tiebreak_round"))

    tokens_raw = c.table(raw["tokens_to_win"], f"{key}.tokens_to_win")
    tokens: dict[int, int] = {}
    for k, v in tokens_raw.items():
        if not k.isdigit():
            c.fail(f"{key}.tokens_to_win.{k}", "keys are player counts, such as 2 = 6")
        tokens[int(k)] = c.integer(v, f"{key}.tokens_to_win.{k}", 1, 99)
    missing = [n for n in range(lo, hi + 1) if n not in tokens]
    if missing:
        c.fail(f"{key}.tokens_to_win", f"missing the player count {missing[0]}")
    extra = [n for n in tokens if not lo <= n <= hi]
    if extra:
        c.fail(f"{key}.tokens_to_win.{extra[0]}", f"player count outside this mode's range {lo}-{hi}")

    copies_raw = c.table(raw["copies"], f"{key}.copies")
    for cid, n in copies_raw.items():
        if cid not in cards:
            c.fail(f"{key}.copies.{cid}", "is not a card defined under [cards]")
        c.integer(n, f"{key}.copies.{cid}", 1, 99)
    copies = {ct.id: copies_raw[ct.id] for ct in ordered if ct.id in copies_raw}
    mode_cards = tuple(ct for ct in ordered if ct.id in copies)
    size = sum(copies.values())
    # One face-down set-aside card, the face-up ones with two players, one card per player, and at least one
    # card left to draw.
    needed = max(1 + (face_up if lo == 2 else 0) + lo + 1, 1 + hi + 1)
    if size < needed:
        c.fail(f"{key}.copies", f"the deck has {size} cards but this mode needs at least {needed}")
    return Mode(
        players=(lo, hi),
        face_up_set_aside=face_up,
        game_tie=game_tie,  # type: ignore[arg-type]
        tokens_by_players=MappingProxyType(tokens),
        copies=MappingProxyType(copies),
        cards=mode_cards,
        guard_naming=guard_naming,  # type: ignore[arg-type]
        guard_effect_values=guard_values if guard_naming == "number" else frozenset(),
    )


def _parse_flags(c: _Checker, raw: Any) -> Flags:
    raw = c.table(raw, "flags")
    known = set(_FLAG_CHOICES) | _BOOL_FLAGS
    values: dict[str, Any] = {}
    for k, v in raw.items():
        if k not in known:
            c.fail(f"flags.{k}", f"unknown flag; known flags: {', '.join(sorted(known))}")
        if k in _BOOL_FLAGS:
            if not isinstance(v, bool):
                c.fail(f"flags.{k}", f"must be true or false, got {v!r}")
            values[k] = v
        else:
            values[k] = c.choice(v, f"flags.{k}", _FLAG_CHOICES[k])
    return Flags(**values)


class _Checker:
    """Small helpers that raise :class:`RulesetError` naming the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> None:
        raise RulesetError(self.source, key, problem)

    def keys(self, table: Mapping[str, Any], key: str, *, required: set[str], optional: set[str]) -> None:
        prefix = f"{key}." if key else ""
        for k in table:
            if k not in required and k not in optional:
                allowed = ", ".join(sorted(required | optional))
                self.fail(f"{prefix}{k}", f"unknown key; allowed here: {allowed}")
        for k in sorted(required):
            if k not in table:
                self.fail(f"{prefix}{k}", "is missing")

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(key, f"must be a table, got {type(value).__name__}")
        return value  # type: ignore[no-any-return]

    def array(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(key, f"must be an array, got {type(value).__name__}")
        return value  # type: ignore[no-any-return]

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value:
            self.fail(key, f"must be a non-empty string, got {value!r}")
        return value  # type: ignore[no-any-return]

    def integer(self, value: Any, key: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(key, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value  # type: ignore[no-any-return]

    def one_of(self, value: Any, key: str, allowed: Collection[str], what: str) -> str:
        """A string from ``allowed`` (an open-ended set such as the card ids or the effects)."""
        text = self.string(value, key)
        if text not in allowed:
            self.fail(key, f"unknown {what} {text!r}; known: {', '.join(sorted(allowed))}")
        return text

    def names(self, value: Any, key: str, allowed: Collection[str], what: str) -> tuple[str, ...]:
        """An array of strings, each from ``allowed``."""
        return tuple(self.one_of(x, f"{key}[{i}]", allowed, what) for i, x in enumerate(self.array(value, key)))

    def choice(self, value: Any, key: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            self.fail(key, f"must be one of {', '.join(repr(x) for x in choices)}, got {value!r}")
        return value  # type: ignore[no-any-return]
