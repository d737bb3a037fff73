"""A view as JSON, and back: what a bot in its own process is told at each decision (docs/reference/bot-protocol.md).

Every field of a :class:`~.view.View` but the ruleset (told once per game) becomes plain JSON: cards by their ids,
seats by number, actions in the action notation (:mod:`.actions`), events as objects named by their type
(``{"event": "Played", "seat": 0, "card": "Guard", ...}``), the phase by its value. Nothing else goes in, so the
JSON holds exactly what the view does: what its seat may know.

>>> from loveletter.engine import Game
>>> game = Game("2019", players=2, seed=3, first_player=0)
>>> data = view_to_json(game.view(0))
>>> data["hand"], data["legal_actions"][:2]
(['Guard', 'Priest'], ['Guard>1=Princess', 'Guard>1=Countess'])
>>> view_from_json(data, game.ruleset) == game.view(0)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from loveletter.engine import events as ev
from loveletter.engine.actions import Action, parse_action
from loveletter.engine.errors import EngineError
from loveletter.engine.phase import Phase
from loveletter.engine.result import RoundResult
from loveletter.engine.ruleset import Ruleset
from loveletter.engine.view import SeatView, View, view_with_history

#: Event type name -> its class and fields, for every event the engine emits.
EVENTS: dict[str, tuple[type[ev.Event], tuple[str, ...]]] = {
    cls.__name__: (cls, tuple(f.name for f in dataclasses.fields(cls)))
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and dataclasses.is_dataclass(cls)
}
_FIELDS = dict(EVENTS.values())
_RESULT_FIELDS = tuple(f.name for f in dataclasses.fields(RoundResult))


def event_to_json(event: ev.Event) -> dict[str, Any]:
    """``{"event": type name, field: value...}``, tuples as lists."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for name in _FIELDS[type(event)]:
        data[name] = _listed(getattr(event, name))
    return data


def event_from_json(data: Mapping[str, Any]) -> ev.Event:
    """The event :func:`event_to_json` wrote. Raises :class:`EngineError` for an unknown type or fields."""
    try:
        cls, fields = EVENTS[data["event"]]
        return cls(**{name: _tupled(data[name]) for name in fields})
    except (KeyError, TypeError) as exc:
        raise EngineError(f"not an event: {str(data)[:80]}") from exc


def seat_to_json(sv: SeatView) -> dict[str, Any]:
    return {
        "seat": sv.seat,
        "tokens": sv.tokens,
        "dealt_in": sv.dealt_in,
        "in_round": sv.in_round,
        "protected": sv.protected,
        "discards": list(sv.discards),
        "hand_size": sv.hand_size,
        "known": list(sv.known),
    }


def view_to_json(view: View, *, history: bool = True) -> dict[str, Any]:
    """Every field of ``view`` but the ruleset, as JSON values (the history left out when ``history`` is false)."""
    data: dict[str, Any] = {
        "seat": view.seat,
        "players": view.players,
        "goal": view.goal,
        "round": view.round,
        "phase": view.phase.value,
        "current": view.current,
        "decider": view.decider,
        "hand": list(view.hand),
        "seats": [seat_to_json(sv) for sv in view.seats],
        "deck_size": view.deck_size,
        "face_up": list(view.face_up),
        "set_aside_taken_by": view.set_aside_taken_by,
        "deck_known": [list(pair) for pair in view.deck_known],
        "sycophant": view.sycophant,
        "jester": _listed(view.jester),
        "tiebreak": _listed(view.tiebreak),
        "legal_actions": [str(action) for action in view.legal_actions],
        "plays": [[seat, str(action)] for seat, action in view.plays],
        "result": None if view.result is None else _listed(dataclasses.astuple(view.result), _RESULT_FIELDS),
        "winners": list(view.winners),
        "known_by": [[seat, list(cards)] for seat, cards in view.known_by],
    }
    if history:
        data["history"] = [event_to_json(event) for event in view.history]
    return data


def view_from_json(data: Mapping[str, Any], ruleset: Ruleset, actions: ActionReader | None = None) -> View:
    """The view :func:`view_to_json` wrote, for ``ruleset``. Its history is read from the JSON only when first
    asked for. ``actions`` reads the notation (one per ruleset, kept between views: the same actions recur)."""
    read = actions or ActionReader(ruleset)
    seats = tuple(
        SeatView(
            s["seat"], s["tokens"], s["dealt_in"], s["in_round"], s["protected"], tuple(s["discards"]),
            s["hand_size"], tuple(s["known"]),
        )
        for s in data["seats"]
    )  # fmt: skip
    result = data["result"]
    fields = {
        "ruleset": ruleset,
        "seat": data["seat"],
        "players": data["players"],
        "goal": data["goal"],
        "round": data["round"],
        "phase": Phase(data["phase"]),
        "current": data["current"],
        "decider": data["decider"],
        "hand": tuple(data["hand"]),
        "seats": seats,
        "deck_size": data["deck_size"],
        "face_up": tuple(data["face_up"]),
        "set_aside_taken_by": data["set_aside_taken_by"],
        "deck_known": tuple((position, card) for position, card in data["deck_known"]),
        "sycophant": data["sycophant"],
        "jester": _tupled(data["jester"]),
        "tiebreak": _tupled(data["tiebreak"]),
        "legal_actions": tuple(map(read, data["legal_actions"])),
        "plays": tuple((seat, read(text)) for seat, text in data["plays"]),
        "result": None if result is None else RoundResult(**{k: _tupled(result[k]) for k in _RESULT_FIELDS}),
        "winners": tuple(data["winners"]),
        "known_by": tuple((seat, tuple(cards)) for seat, cards in data["known_by"]),
    }
    raw = data.get("history")
    return view_with_history(fields, None if raw is None else _reader(raw))


class ActionReader:
    """Reads action notation for one ruleset, keeping what it read (a game's actions recur at every decision)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.cards = tuple(ruleset.cards)
        self.known: dict[str, Action] = {}

    def __call__(self, text: str) -> Action:
        action = self.known.get(text)
        if action is None:
            action = self.known[text] = parse_action(text, self.cards)
        return action


def _reader(raw: Sequence[Mapping[str, Any]]) -> Callable[[], tuple[ev.Event, ...]]:
    def history() -> tuple[ev.Event, ...]:
        return tuple(map(event_from_json, raw))

    return history


def _listed(value: Any, names: Sequence[str] | None = None) -> Any:
    """Tuples as lists, all the way down (a dict of ``names`` for a record's fields)."""
    if names is not None:
        return {name: _listed(item) for name, item in zip(names, value, strict=True)}
    if isinstance(value, tuple):
        return [_listed(item) for item in value]
    return value


def _tupled(value: Any) -> Any:
    """Lists as tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_tupled(item) for item in value)
    return value
