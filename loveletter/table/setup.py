"""Who sits at the table, from the command line: seat counts, names, computer players, stacked deals.

Errors are ``ValueError`` with a message for the player (from the catalog); the command turns them into one
line and exit status 2.

>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> [s.name for s in plan_seats(3, 1, "random", None)]
['', '', 'Bot 1']
>>> [s.name for s in plan_seats(2, 1, "random", ["Ana"])]
['Ana', 'Bot 1']
>>> check_name("ana", ["Ana"])
'ana is already taken: choose another name.'
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections import Counter
from dataclasses import dataclass

from loveletter.engine import Game, Ruleset
from loveletter.engine.textfile import TextFileError, read_text_file
from loveletter.i18n import t
from loveletter.records.names import cell_width, hidden, name_key, normalize_name, same_name
from loveletter.table.seats import Seat, StackedDeal

#: Longest name: the table has room for this many characters.
MAX_NAME = 16


def check_name(name: str, taken: list[str]) -> str | None:
    """Why ``name`` cannot be used (a message), or ``None`` if it can. Names are compared as they look
    (:func:`~loveletter.records.names.same_name`) and measured in terminal cells."""
    name = normalize_name(name)
    if not name:
        return t("play.setup.name_empty")
    if not name_key(name):  # only characters that show nothing (U+3164...)
        return t("play.setup.name_empty")
    if cell_width(name) > MAX_NAME:
        # Only the start of the name: the message must fit the line under the question, whatever was typed.
        return t("play.setup.name_long", name=name[:MAX_NAME] + "…", most=MAX_NAME)
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in name):
        return t("play.setup.name_control")
    invisible = hidden(name)  # a joiner, a zero-width space, U+3164... (Unicode's Default_Ignorable_Code_Point)
    if invisible is not None:
        return t("play.setup.name_invisible", code=f"U+{ord(invisible):04X}")
    if any(same_name(name, n) for n in taken):
        return t("play.setup.name_taken", name=name)
    return None


def default_name(index: int) -> str:
    """The suggested name of the ``index``-th person (from 1)."""
    return t("play.setup.player_name", number=index)


def plan_seats(players: int, bots: int, level: str, names: list[str] | None) -> list[Seat]:
    """The seats: people first, then ``bots`` computer players of ``level``. ``names`` gives every seat's name,
    or just the people's; a person's name left empty (``""``) is asked at the start of the game."""
    if not 0 <= bots <= players:
        raise ValueError(t("play.setup.too_many_bots", bots=bots, players=players))
    people = players - bots
    given: list[str] = []
    if names is not None:
        given = [normalize_name(n) for n in names]
        if len(given) not in (players, people):
            # With only people or only computer players, "the people only" is no second way to count.
            key = "play.setup.names_count" if 0 < people < players else "play.setup.names_count_seats"
            raise ValueError(t(key, count=len(given), players=players, people=people))
        taken: list[str] = []
        for name in given:
            problem = check_name(name, taken)
            if problem:
                raise ValueError(t("play.setup.bad_name", problem=problem))
            taken.append(name)

    seats: list[Seat] = []
    for index in range(players):
        computer = index >= people
        name = given[index] if index < len(given) else ""
        if computer and not name:
            name = t("play.setup.bot_name", number=index - people + 1)
            while any(same_name(name, n) for n in given):
                name += "'"
        seats.append(Seat(name, level if computer else None))
    return seats


#: The largest deal file read: a game's deals are a few kilobytes.
DEAL_FILE_BYTES = 1 << 20


def read_deals(path: str, ruleset: Ruleset, players: int) -> list[StackedDeal]:
    """Read a ``--deal-file``: a JSON list of ``{"deck": [...top card first], "first_player": n}`` (the
    first player may be left out), one per round from the first. Each deck must be the ruleset's deck."""
    try:
        # Like every file the program reads: a regular file (never a pipe that blocks or /dev/zero), of a size.
        data = json.loads(read_text_file(path, limit=DEAL_FILE_BYTES))
    except TextFileError as exc:
        if exc.reason == "missing":
            raise ValueError(t("play.setup.deal_missing", path=path)) from None
        if exc.reason in ("folder", "not_regular", "too_large", "not_text"):
            problem = t(f"play.setup.deal_{exc.reason}", limit=DEAL_FILE_BYTES >> 20)
        else:
            problem = t("play.setup.deal_unreadable", problem=exc.strerror or exc.reason)
        raise ValueError(t("play.setup.deal_bad", path=path, problem=problem)) from None
    except json.JSONDecodeError as exc:
        problem = t("play.setup.deal_json", line=exc.lineno, column=exc.colno)
        raise ValueError(t("play.setup.deal_bad", path=path, problem=problem)) from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc.__class__.__name__
        problem = t("play.setup.deal_unreadable", problem=reason)
        raise ValueError(t("play.setup.deal_bad", path=path, problem=problem)) from None
    if not isinstance(data, list):
        raise ValueError(t("play.setup.deal_bad", path=path, problem=t("play.setup.deal_list")))
    expected = Counter(ruleset.mode_for(players).deck())
    deals = []
    for number, item in enumerate(data, 1):
        where = t("play.setup.deal_where", path=path, round=number)
        if not isinstance(item, dict) or not isinstance(item.get("deck"), list):
            raise ValueError(t("play.setup.deal_bad", path=where, problem=t("play.setup.deal_round")))
        deck = item["deck"]
        first = item.get("first_player")
        if Counter(deck) != expected:
            problem = t("play.setup.deal_deck", ruleset=ruleset.name, players=players)
            raise ValueError(t("play.setup.deal_bad", path=where, problem=problem))
        if first is not None and (not isinstance(first, int) or not 0 <= first < players):
            raise ValueError(t("play.setup.deal_bad", path=where, problem=t("play.setup.deal_first", last=players - 1)))
        deals.append(StackedDeal(tuple(deck), first))
    return deals


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game to start once the seats are named: with ``first_player_mode = "choose"`` the host picks who plays
    the first round (unless the first stacked deal says), and the names are needed to ask."""

    ruleset: Ruleset
    players: int
    seed: int | None
    first: StackedDeal | None = None

    def chooses_first(self) -> bool:
        """Whether the host picks who starts the first round."""
        given = self.first.first_player if self.first is not None else None
        return self.ruleset.flags.first_player_mode == "choose" and given is None

    def start(self, rng: random.Random, first_player: int | None = None) -> Game:
        """The game, started by ``first_player``: the host's pick, else the stacked deal's, else (when the host
        chooses but nobody was asked) one drawn from ``rng``, else the rules'."""
        first = self.first
        if first_player is None and first is not None:
            first_player = first.first_player
        if first_player is None and self.chooses_first():
            first_player = rng.randrange(self.players)
        deck = list(first.deck) if first is not None else None
        return Game(self.ruleset, self.players, seed=self.seed, deck=deck, first_player=first_player)
