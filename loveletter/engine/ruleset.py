"""Rulesets: the data that tells editions apart, loaded from ``rulesets/*.toml`` and validated once.

A ruleset names its card types (value and effect), one or more *modes* chosen by the player count (deck
composition, tokens to win, face-up cards for two players, how game ties end), how the Guard names a card,
the deck-out tie breaks, and the docs/rules.md §8 flags. Card *effects* are code, looked up by the effect name.

>>> rs = load_ruleset("classic")
>>> rs.name, rs.min_players, rs.max_players
('classic', 2, 4)
>>> rs.mode_for(4).deck_size, rs.tokens_to_win(4)
(16, 4)
>>> list(rs.mode_for(4).guard_names)
['Princess', 'Countess', 'King', 'Prince', 'Handmaid', 'Baron', 'Priest']
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, NoReturn

from loveletter.engine.errors import RulesetError, SetupError
from loveletter.engine.lookalike import hidden, look_alike
from loveletter.engine.textfile import TextFileError, read_text_file
from loveletter.engine.traits import Traits

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

#: Every problem the loader and the validator report: a code, and its English wording (``{}`` fields are the
#: error's ``params``). Front ends word them in the player's language by code (``ruleset.problem.<code>``).
PROBLEMS: Mapping[str, str] = MappingProxyType(
    {
        # finding and reading the file
        "unknown_ruleset": "no bundled ruleset has this name; choose one of {choices}, or give a path to a .toml file",
        "empty_ruleset": "no ruleset given; choose one of {choices}, or give a path to a .toml file",
        "file_not_found": "file not found; check the path",
        "file_folder": "is a folder; give the path of a .toml file",
        "file_permission": "cannot be read: permission denied",
        "file_not_regular": "is not a regular file (a pipe or a device?); give the path of a .toml file",
        "file_too_large": "is larger than {limit} KB, too large for a ruleset",
        "file_not_text": "is not UTF-8 text",
        "unreadable": "cannot be read ({error})",
        "invalid_toml": "is not valid TOML: {detail}",
        "toml_too_deep": "is not a ruleset: its TOML is nested too deeply to be read",
        "toml_number_too_long": "is not a ruleset: it holds a number too long to be read",
        "solitaire_kind": "this is the one-player variant; play it with `loveletter solitaire`",
        # the shape of the data
        "unknown_key": "unknown key; allowed here: {allowed}",
        "missing": "is missing",
        "not_table": "must be a table, got {value}",
        "not_array": "must be an array, got {value}",
        "not_string": "must be a non-empty string, got {value}",
        "not_integer": "must be a whole number from {lo} to {hi}, got {value}",
        "not_choice": "must be one of {choices}, got {value}",
        "not_bool": "must be true or false, got {value}",
        # what the data says
        "bad_kind": 'must be "multiplayer" or "solitaire", got {value}',
        "no_cards": "must define at least one card type",
        "bad_card_id": "a card id is a capitalised word of letters only, such as Guard or DowagerQueen",
        "card_id_case": "{card} and {other} differ only in case, and card ids are read without regard to case",
        "card_id_word": "{card} is a word of the action notation ({words}); give the card another id",
        "text_too_long": "must be at most {limit} characters, got {length}",
        "text_not_printable": "must be printable text on one line (no control characters)",
        "text_invisible": "holds a character that shows nothing ({char}); remove it",
        "title_alike": "looks the same as the title of {other} ({title}); give each card a title of its own",
        "unknown_effect": "unknown effect {name}; known: {known}",
        "unknown_card": "unknown card {name}; known: {known}",
        "unknown_tie_break": "unknown tie break {name}; known: {known}",
        "unknown_flag": "unknown flag; known flags: {known}",
        "no_modes": "must have at least one [[modes]] table",
        "players_pair": "must be [lowest, highest], e.g. [2, 4]",
        "players_order": "lowest ({lo}) is above highest ({hi})",
        "tokens_key": "keys are player counts, such as 2 = 6",
        "tokens_missing": "missing the player count {players}",
        "tokens_outside": "player count outside this mode's range {lo}-{hi}",
        "copies_unknown_card": "is not a card defined under [cards]",
        "deck_too_small": "the deck has {size} cards but this mode needs at least {needed}",
        "modes_overlap": "player ranges {first} and {second} overlap",
        "card_unused": "is in no mode's copies; remove it or give it copies",
        "game_tie_conflict": "is {mode} but flags.premium_game_tie is {flag}; keep one of them",
        "game_tie_unused": "no mode seats 2 to 4 players, so this flag has nothing to set",
        "game_tie_endless": (
            "every card of this mode has the value {value} and none can knock a player out, so every round ends in "
            'a tie and tie-break rounds would never end; use game_tie = "shared"'
        ),
        "rounds_undecided": (
            "no card of mode {mode} can knock a player out, so its rounds may all end in a tie, which this flag "
            "gives to nobody: the game might never end"
        ),
        "bishop_nothing_to_name": (
            "the {card} of mode {mode} has no number it may name (every value of its deck is a Guard's), so it "
            "could never be played"
        ),
        "too_many_cards": "the deck has {size} cards; a deck has at most {limit}",
        # the solitaire's own file (loveletter.solitaire.ruleset)
        "solitaire_not_kind": (
            'must be "solitaire" for the one-player variant, got {value} (play it with loveletter play)'
        ),
        "solitaire_cards_from": 'must name the ruleset whose cards are used, such as "classic", got {value}',
        "solitaire_cards_load": "cannot take the cards of {name}; check it with loveletter rules --ruleset {name}",
        "solitaire_no_rules": "{name} has the {card} ({effect}), which has no solitaire rules",
        "solitaire_princess": "{name} must have exactly one princess card",
        "solitaire_deck_small": "{name} has {size} cards; solitaire needs at least {needed}",
    }
)


def ruleset_error(source: str, key: str, code: str, **params: object) -> RulesetError:
    """A :class:`RulesetError` for the problem ``code`` of :data:`PROBLEMS`, worded in English. The key and the
    details come from the file, which may hold anything: each is cut short enough for a one-line message."""
    shown = {name: _one_line(_clip(str(value), 400)) for name, value in params.items()}
    return RulesetError(source, _one_line(_clip(key, 80)), PROBLEMS[code].format(**shown), code=code, params=shown)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_line(text: str) -> str:
    """``text`` with its control characters written as escapes (a key may be any string in TOML)."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


MAX_PLAYERS = 8
#: The most cards a deck may hold (the largest edition has 32): every round's deck is written in the game's
#: record, so this bounds a record's size (:data:`loveletter.records.fileformat.MAX_BYTES`).
MAX_DECK = 100
#: A ruleset file is a few kilobytes; one past this size is refused unread.
MAX_BYTES = 1 << 20
_CARD_ID = re.compile(r"[A-Z][A-Za-z]{0,23}")  # fullmatch: "$" would let a final newline through
#: Words of the action notations (the game's and the solitaire's): a card with one of these ids would be read as
#: that action. Any id beginning with "keep" is read as a Chancellor's keep.
NOTATION_WORDS = ("keep", "return", "redraw", "pass", "draw", "agent", "hand", "choose")
#: The longest name, title and description a ruleset may give (they are shown in tables and titles).
NAME_LIMIT, TITLE_LIMIT, DESCRIPTION_LIMIT = 60, 100, 2000
_GAME_TIES = ("shared", "tiebreak_round")
#: The player counts of premium's small game, which docs/rules.md §8's premium_game_tie flag is about.
_SMALL_GAME = (2, 4)


#: Effect name -> its traits, looked up once.
_TRAITS: dict[str, Traits] = {}


@dataclass(frozen=True, slots=True)
class CardType:
    """A character card: its id (used in the action notation), printed value and effect name."""

    id: str
    value: int
    effect: str

    @property
    def traits(self) -> Traits:
        """What this card's effect does (see :mod:`loveletter.engine.traits`)."""
        traits = _TRAITS.get(self.effect)
        if traits is None:
            # The effects import this module's types.
            from loveletter.engine.effects import EFFECTS  # noqa: PLC0415

            traits = _TRAITS[self.effect] = EFFECTS[self.effect].traits
        return traits


@dataclass(frozen=True, slots=True)
class Flags:
    """The configuration flags of docs/rules.md §8 for the multi-player rulesets, with their defaults. The flag
    ``premium_game_tie`` is not kept here: it sets the ``game_tie`` of the mode that seats 2 to 4 players."""

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
            return tuple(c.id for c in self.cards if c.traits.names != "card")
        return tuple(v for v in self.values if v not in self.guard_effect_values)

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


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

    # A ruleset is immutable: a copy is the ruleset itself. It pickles as where it comes from, a bundled
    # ruleset as its name and any other as its text (so a game, a view or an environment travels to another
    # process whole, and reads the same ruleset there); one built some other way, as its fields.

    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return by_source(self, reloaded)


@functools.lru_cache(maxsize=64)
def reloaded(name: str | None, text: str, source: str) -> Ruleset:
    """The ruleset a pickle names: a bundled one by ``name``, or the one a file's ``text`` says (``source``: where
    it was read, for its messages). Kept, so that a process that loads many pickled views parses each ruleset once."""
    if name is not None:
        return load_ruleset(name)
    return parse_ruleset(tomllib.loads(text), source=source, text=text)


def by_source(ruleset: Any, reload: Callable[[str | None, str, str], Any]) -> tuple[Any, ...]:
    """How a ruleset (of the game or the solitaire) pickles: ``reload``'s arguments, a bundled ruleset's name or
    another's text, when ``reload`` gives it back equal; else its fields (:func:`by_fields`)."""
    key = (Path(ruleset.source).stem, "", ruleset.source) if ruleset.bundled else (None, ruleset.text, ruleset.source)
    if key[0] is not None or key[1]:
        try:
            if reload(*key) == ruleset:
                return reload, key
        except RulesetError:
            pass
    return by_fields(ruleset)


def by_fields(value: Any) -> tuple[Any, ...]:
    """How a frozen dataclass with read-only mappings pickles: its fields, each mapping as a plain dict."""
    values = tuple(getattr(value, f.name) for f in dataclasses.fields(value))
    proxies = tuple(i for i, v in enumerate(values) if isinstance(v, MappingProxyType))
    plain = tuple(dict(v) if i in proxies else v for i, v in enumerate(values))
    return _rebuilt, (type(value), proxies, plain)


def _rebuilt(cls: type[Any], proxies: tuple[int, ...], values: tuple[Any, ...]) -> Any:
    return cls(*(MappingProxyType(v) if i in proxies else v for i, v in enumerate(values)))


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
    choices = ", ".join(n for n in bundled_names() if n != "solitaire")
    if not name_or_path.strip():
        raise ruleset_error('""', "", "empty_ruleset", choices=choices)
    if name_or_path in bundled_names():
        return bundled_dir() / f"{name_or_path}.toml", True
    path = Path(name_or_path).expanduser()
    looks_like_path = path.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path or _exists(path):
        return path, False
    raise ruleset_error(name_or_path, "", "unknown_ruleset", choices=choices)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL in it
        return False


def read_toml(name_or_path: str) -> tuple[dict[str, Any], Path, str, bool]:
    """Read and parse a ruleset file: (data, path, text, bundled). Errors are :class:`RulesetError`. Only a
    regular file of at most :data:`MAX_BYTES` is read (:func:`~loveletter.engine.textfile.read_text_file`)."""
    path, bundled = resolve_source(name_or_path)
    shown = path.name if bundled else str(path)
    try:
        text = read_text_file(path, limit=MAX_BYTES)
    except TextFileError as exc:
        if exc.reason == "os_error":
            raise ruleset_error(shown, "", "unreadable", error=exc.strerror or "?", errno=exc.errno or 0) from None
        code = {"missing": "file_not_found", "too_large": "file_too_large"}.get(exc.reason, f"file_{exc.reason}")
        raise ruleset_error(shown, "", code, limit=MAX_BYTES // 1024) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column = _toml_position(str(exc), text)
        raise ruleset_error(shown, "", "invalid_toml", detail=exc, line=line, column=column) from None
    except RecursionError:
        raise ruleset_error(shown, "", "toml_too_deep") from None
    except ValueError:  # an integer past the interpreter's digit limit
        raise ruleset_error(shown, "", "toml_number_too_long") from None
    return data, path, text, bundled


def _toml_position(message: str, text: str) -> tuple[int, int]:
    """The line and column a ``tomllib`` error points at (its message ends "(at line L, column C)" or "(at end
    of document)"), so that a front end can show where without tomllib's English wording."""
    found = re.search(r"\(at line (\d+), column (\d+)\)$", message)
    if found:
        return int(found[1]), int(found[2])
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def load_ruleset(name_or_path: str) -> Ruleset:
    """Load a bundled ruleset by name (``"2019"``, ``"classic"``, ``"premium"``, ``"original2012"``) or a
    user's TOML file by path, and validate it. Any problem raises :class:`RulesetError` with one clear line."""
    data, path, text, bundled = read_toml(name_or_path)
    shown = path.name if bundled else str(path)
    if data.get("kind", "multiplayer") == "solitaire":
        raise ruleset_error(shown, "kind", "solitaire_kind")
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
    name = c.text(data["name"], "name", NAME_LIMIT)
    if "kind" in data and data["kind"] != "multiplayer":
        c.fail("kind", "bad_kind", value=short_repr(data["kind"]))
    title = c.text(data.get("title", name), "title", TITLE_LIMIT)
    if "description" in data:
        c.text(data["description"], "description", DESCRIPTION_LIMIT, lines=True)
    guard_naming = c.choice(data.get("guard_naming", "card"), "guard_naming", ("card", "number"))

    raw_cards = c.table(data["cards"], "cards")
    if not raw_cards:
        c.fail("cards", "no_cards")
    cards: dict[str, CardType] = {}
    folded: dict[str, str] = {}
    titles: dict[str, str] = {}  # card id -> its title, when it has one
    for card_id, raw_spec in raw_cards.items():
        key = f"cards.{card_id}"
        if not _CARD_ID.fullmatch(card_id):
            c.fail(key, "bad_card_id")
        low = card_id.lower()
        if low in NOTATION_WORDS or low.startswith("keep"):
            c.fail(key, "card_id_word", card=card_id, words=", ".join(NOTATION_WORDS))
        if low in folded:
            c.fail(key, "card_id_case", card=card_id, other=folded[low])
        folded[low] = card_id
        spec = c.table(raw_spec, key)
        c.keys(spec, key, required={"value", "effect"}, optional={"title"})
        if "title" in spec:  # checked as players' names are: printable, nothing invisible, none looking alike
            title = c.text(spec["title"], f"{key}.title", NAME_LIMIT)
            other = next((o for o, t in titles.items() if look_alike(t, title)), None)
            if other is not None:
                c.fail(f"{key}.title", "title_alike", other=other, title=titles[other])
            titles[card_id] = title
        value = c.integer(spec["value"], f"{key}.value", 0, 99)
        effect = c.one_of(spec["effect"], f"{key}.effect", KNOWN_EFFECTS, "unknown_effect")
        cards[card_id] = CardType(card_id, value, effect)
    ordered = tuple(sorted(cards.values(), key=lambda ct: -ct.value))
    forced_ids = frozenset(c.names(data.get("countess_forced_by", []), "countess_forced_by", cards, "unknown_card"))
    tie_breaks = c.names(data.get("tie_breaks", []), "tie_breaks", TIE_BREAKS, "unknown_tie_break")

    flags, small_game_tie = _parse_flags(c, data.get("flags", {}))
    guard_values = frozenset(ct.value for ct in cards.values() if ct.traits.names == "card")

    modes: list[Mode] = []
    raw_modes = c.array(data["modes"], "modes")
    if not raw_modes:
        c.fail("modes", "no_modes")
    for i, raw in enumerate(raw_modes):
        mode = _parse_mode(c, raw, f"modes[{i}]", cards, ordered, guard_naming, guard_values, small_game_tie)
        _check_decidable(c, mode, f"modes[{i}]", flags)
        modes.append(mode)
    modes.sort(key=lambda m: m.players)
    for a, b in itertools.pairwise(modes):
        if b.players[0] <= a.players[1]:
            c.fail("modes", "modes_overlap", first=list(a.players), second=list(b.players))
    if small_game_tie is not None and not any(m.players[0] <= _SMALL_GAME[1] for m in modes):
        c.fail("flags.premium_game_tie", "game_tie_unused")
    unused = [cid for cid in cards if not any(cid in m.copies for m in modes)]
    if unused:
        c.fail(f"cards.{unused[0]}", "card_unused")

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
    small_game_tie: str | None = None,
) -> Mode:
    raw = c.table(raw, key)
    c.keys(raw, key, required={"players", "tokens_to_win", "copies"}, optional={"face_up_set_aside", "game_tie"})
    players = c.array(raw["players"], f"{key}.players")
    if len(players) != 2:
        c.fail(f"{key}.players", "players_pair")
    lo = c.integer(players[0], f"{key}.players[0]", 2, MAX_PLAYERS)
    hi = c.integer(players[1], f"{key}.players[1]", 2, MAX_PLAYERS)
    if lo > hi:
        c.fail(f"{key}.players", "players_order", lo=lo, hi=hi)
    face_up = c.integer(raw.get("face_up_set_aside", 0), f"{key}.face_up_set_aside", 0, 10)
    game_tie = c.choice(raw.get("game_tie", "shared"), f"{key}.game_tie", _GAME_TIES)
    if small_game_tie is not None and lo <= _SMALL_GAME[1]:
        # docs/rules.md §8 names this choice premium_game_tie, a flag of the 2-4 player game.
        if "game_tie" in raw and game_tie != small_game_tie:
            c.fail(f"{key}.game_tie", "game_tie_conflict", mode=repr(game_tie), flag=repr(small_game_tie))
        game_tie = small_game_tie

    tokens_raw = c.table(raw["tokens_to_win"], f"{key}.tokens_to_win")
    tokens: dict[int, int] = {}
    for k, v in tokens_raw.items():
        # ASCII digits (str.isdigit() also accepts digits int() rejects, such as '²'), and few of them: a player
        # count has one digit, and int() refuses thousands.
        if not (k.isascii() and k.isdigit() and len(k) <= 2):
            c.fail(f"{key}.tokens_to_win.{k}", "tokens_key")
        tokens[int(k)] = c.integer(v, f"{key}.tokens_to_win.{k}", 1, 99)
    missing = [n for n in range(lo, hi + 1) if n not in tokens]
    if missing:
        c.fail(f"{key}.tokens_to_win", "tokens_missing", players=missing[0])
    extra = [n for n in tokens if not lo <= n <= hi]
    if extra:
        c.fail(f"{key}.tokens_to_win.{extra[0]}", "tokens_outside", lo=lo, hi=hi)

    copies_raw = c.table(raw["copies"], f"{key}.copies")
    for cid, n in copies_raw.items():
        if cid not in cards:
            c.fail(f"{key}.copies.{cid}", "copies_unknown_card")
        c.integer(n, f"{key}.copies.{cid}", 1, 99)
    copies = {ct.id: copies_raw[ct.id] for ct in ordered if ct.id in copies_raw}
    mode_cards = tuple(ct for ct in ordered if ct.id in copies)
    size = sum(copies.values())
    # One face-down set-aside card, the face-up ones with two players, one card per player, and at least one
    # card left to draw. A tie-break round may seat only two of the mode's players: it sets the face-up cards
    # aside too.
    fewest = 2 if game_tie == "tiebreak_round" else lo
    needed = max(1 + (face_up if fewest == 2 else 0) + fewest + 1, 1 + hi + 1)
    if size < needed:
        c.fail(f"{key}.copies", "deck_too_small", size=size, needed=needed)
    if size > MAX_DECK:
        c.fail(f"{key}.copies", "too_many_cards", size=size, limit=MAX_DECK)
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


def _check_decidable(c: _Checker, mode: Mode, key: str, flags: Flags) -> None:
    """Refuse a mode some card of which can never be played, or whose games may never end.

    A Bishop needs a number to name. A residual tie given to nobody needs a card that can end a round before the
    deck-out (:func:`can_knock_out`): else every round may end tied, and no token is ever given. A tie-break
    round needs, when every card has the same value, a card that can decide it (:func:`decisive_when_all_equal`);
    whatever a file says, the engine ends a run of them (:data:`loveletter.engine.scoring.MAX_TIEBREAK_ROUNDS`).
    Every other round gives a token, so a game ends within (tokens to win - 1) x players + 1 rounds, plus its
    tie-break rounds."""
    for card in mode.cards:
        if card.effect == "bishop" and not _bishop_numbers(mode, flags):
            c.fail(f"cards.{card.id}", "bishop_nothing_to_name", card=card.id, mode=list(mode.players))
    if flags.residual_tie == "none" and not can_knock_out(mode, flags):
        c.fail("flags.residual_tie", "rounds_undecided", mode=list(mode.players))
    values = {card.value for card in mode.cards}
    # A tie break on the sum of the discards is no help: with one value, the sums are equal whenever the turns
    # fell evenly, and a deck can make them always fall so.
    if len(values) != 1 or decisive_when_all_equal(mode, flags):
        return
    value = values.pop()
    if mode.game_tie == "tiebreak_round":
        c.fail(f"{key}.game_tie", "game_tie_endless", value=value)


def _bishop_numbers(mode: Mode, flags: Flags) -> tuple[int, ...]:
    """The numbers a Bishop of ``mode`` may name: the deck's values, but a Guard's unless the flag allows it."""
    guard_values = {card.value for card in mode.cards if card.effect == "guard"}
    return tuple(v for v in mode.values if flags.bishop_may_name_1 or v not in guard_values)


def can_knock_out(mode: Mode, flags: Flags) -> bool:
    """Whether a card of ``mode`` can end a round before the deck-out: knock a player out (a Princess, a Guard
    with a card to name, a Baron or a Dowager Queen with unequal cards to compare) or win a token at once (a
    Bishop). A round of a mode without one is decided at the deck-out, by hands that may tie every time."""
    effects = {card.effect for card in mode.cards}
    if "princess" in effects or ("guard" in effects and mode.guard_names):
        return True
    if effects & {"baron", "dowager_queen"} and len(mode.values) > 1:
        return True
    return "bishop" in effects and bool(_bishop_numbers(mode, flags))


def decisive_when_all_equal(mode: Mode, flags: Flags) -> bool:
    """Whether a card of ``mode``, whose cards all have the same value, can decide a round (see
    :func:`_check_decidable`). Every other effect (a Spy's or a Jester's token, a Constable's, a Sycophant's
    demand, an Assassin with no Guard that can name it) leaves a round with every player in and tied."""
    effects = {card.effect for card in mode.cards}
    if effects & {"princess", "count"}:
        return True
    if "guard" in effects and mode.guard_names:
        return True
    return "bishop" in effects and bool(_bishop_numbers(mode, flags))


def _parse_flags(c: _Checker, raw: Any) -> tuple[Flags, str | None]:
    """The flags, and ``premium_game_tie`` if given (it is applied to the 2-4 player mode, not kept as a flag)."""
    values = c.flags(raw, "flags", {**_FLAG_CHOICES, "premium_game_tie": _GAME_TIES}, _BOOL_FLAGS)
    small_game_tie: str | None = values.pop("premium_game_tie", None)
    return Flags(**values), small_game_tie


def checked_text(source: str, value: Any, key: str, limit: int, *, lines: bool = False) -> str:
    """A name, title or description from the file ``source``: a non-empty string of at most ``limit`` characters,
    printable (on one line unless ``lines``); else a :class:`RulesetError`."""
    return _Checker(source).text(value, key, limit, lines=lines)


def short_repr(value: Any) -> str:
    """A value from the file, short enough for a one-line message (never a Python type's name)."""
    return _clip(repr(value), 40)


class _Checker:
    """Small helpers that raise :class:`RulesetError` naming the file, the key and the problem's code."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, code: str, **params: object) -> NoReturn:
        raise ruleset_error(self.source, key, code, **params)

    def keys(self, table: Mapping[str, Any], key: str, *, required: set[str], optional: set[str]) -> None:
        prefix = f"{key}." if key else ""
        for k in table:
            if k not in required and k not in optional:
                self.fail(f"{prefix}{k}", "unknown_key", allowed=", ".join(sorted(required | optional)))
        for k in sorted(required):
            if k not in table:
                self.fail(f"{prefix}{k}", "missing")

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(key, "not_table", value=short_repr(value))
        return value

    def array(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(key, "not_array", value=short_repr(value))
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value:
            self.fail(key, "not_string", value=short_repr(value))
        return value

    def text(self, value: Any, key: str, limit: int, *, lines: bool = False) -> str:
        """A non-empty string of at most ``limit`` characters, printable (on one line unless ``lines``)."""
        text = self.string(value, key)
        if len(text) > limit:
            self.fail(key, "text_too_long", limit=limit, length=len(text))
        if not (text.replace("\n", " ") if lines else text).isprintable():
            self.fail(key, "text_not_printable")
        hiding = None if lines else hidden(text)
        if hiding is not None:
            self.fail(key, "text_invisible", char=f"U+{ord(hiding):04X}")
        return text

    def integer(self, value: Any, key: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(key, "not_integer", lo=lo, hi=hi, value=short_repr(value))
        return value

    def one_of(self, value: Any, key: str, allowed: Collection[str], code: str) -> str:
        """A string from ``allowed`` (an open-ended set such as the card ids or the effects); ``code`` is the
        problem when it is not there."""
        text = self.string(value, key)
        if text not in allowed:
            self.fail(key, code, name=short_repr(text), known=", ".join(sorted(allowed)))
        return text

    def names(self, value: Any, key: str, allowed: Collection[str], code: str) -> tuple[str, ...]:
        """An array of strings, each from ``allowed``."""
        return tuple(self.one_of(x, f"{key}[{i}]", allowed, code) for i, x in enumerate(self.array(value, key)))

    def choice(self, value: Any, key: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            self.fail(key, "not_choice", choices=", ".join(repr(x) for x in choices), value=short_repr(value))
        return value  # type: ignore[no-any-return]

    def flags(
        self, raw: Any, key: str, choices: Mapping[str, tuple[str, ...]], bools: Collection[str]
    ) -> dict[str, Any]:
        """A table of flags, each one of ``choices`` (a flag -> its allowed values) or of ``bools`` (true or
        false): the flags it sets, checked."""
        raw = self.table(raw, key)
        known = set(choices) | set(bools)
        values: dict[str, Any] = {}
        for k, v in raw.items():
            if k not in known:
                self.fail(f"{key}.{k}", "unknown_flag", known=", ".join(sorted(known)))
            if k in bools:
                if not isinstance(v, bool):
                    self.fail(f"{key}.{k}", "not_bool", value=short_repr(v))
                values[k] = v
            else:
                values[k] = self.choice(v, f"{key}.{k}", choices[k])
        return values


#: The checks above, for the other loader of ruleset files (the solitaire's: ``loveletter.solitaire.ruleset``).
RulesetChecker = _Checker
