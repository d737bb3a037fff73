"""The bot protocol: what the referee and a bot in its own process say to each other, one JSON object a line
(UTF-8) on the bot's stdin and stdout. docs/reference/bot-protocol.md is its reference; this module writes the
referee's messages and reads the bot's.

* ``hello`` (referee) ``{"type": "hello", "protocol": 1}``; the bot answers ``{"type": "hello", "protocol": 1,
  "name": "..."}`` (or ``{"type": "error", "message": "..."}`` if it cannot play).
* ``game``: a new game, the bot's seat, the number of players, the ruleset (its TOML text and its cards'
  values) and the seed of the bot's random source. No answer.
* ``decide``: ``{"type": "decide", "id": 7, "view": {...}}``, the seat's view (:mod:`loveletter.engine.viewjson`)
  with its legal actions in notation; the bot answers ``{"type": "action", "id": 7, "action": "Guard>1=Priest"}``
  (or ``{"type": "error", "id": 7, "message": "..."}``: it gives the game up, saying why).
* ``end``: the game's result. No answer. ``bye``: the bot should exit.

The bot speaks only when asked (``hello``, ``decide``): anything else it writes loses its game.
"""

from __future__ import annotations

import json
from typing import Any

from loveletter.engine import Ruleset, View
from loveletter.engine.viewjson import event_to_json, view_to_json

#: The protocol's version: the referee's hello says it, and the bot's must say the same.
PROTOCOL = 1
#: The longest line a bot may write, in bytes (an answer is a few dozen).
MAX_LINE = 64 * 1024

_dumps = json.JSONEncoder(separators=(",", ":")).encode


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line."""
    return _dumps(message).encode() + b"\n"


HELLO = encode({"type": "hello", "protocol": PROTOCOL})
BYE = encode({"type": "bye"})


def game_message(game: int, ruleset: Ruleset, seat: int, players: int, seed: int) -> bytes:
    """A new game: ``seat`` of ``players`` in the tournament's game ``game``; ``seed`` seeds the bot's own random
    source (the same tournament, the same games). The ruleset as its TOML text, and each card's value and effect
    (what most bots need of it)."""
    return encode(
        {
            "type": "game",
            "game": game,
            "seat": seat,
            "players": players,
            "seed": seed,
            "ruleset": {
                "name": ruleset.name,
                "cards": {c.id: {"value": c.value, "effect": c.effect} for c in ruleset.cards.values()},
                "toml": ruleset.text,
            },
        }
    )


def end_message(winners: tuple[int, ...], tokens: tuple[int, ...], forfeit: dict[str, Any] | None) -> bytes:
    """The game's end: the winning seats, each seat's tokens, and the seat that forfeited and why, if one did."""
    lost = None if forfeit is None else {"seat": forfeit["seat"], "reason": forfeit["reason"]}
    return encode({"type": "end", "winners": list(winners), "tokens": list(tokens), "forfeit": lost})


class Decisions:
    """Writes one seat's ``decide`` messages through a game. A round's history only grows, so the events written
    for the seat's last decision are kept as JSON and only the new ones written: the message holds the whole
    view all the same."""

    def __init__(self) -> None:
        self.round = -1
        self.events: list[str] = []

    def message(self, view: View, ident: int) -> bytes:
        history = view.history
        if view.round != self.round or len(history) < len(self.events):
            self.round, self.events = view.round, []
        self.events.extend(_dumps(event_to_json(event)) for event in history[len(self.events) :])
        head = _dumps({"type": "decide", "id": ident, "view": view_to_json(view, history=False)})
        return f'{head[:-2]},"history":[{",".join(self.events)}]}}}}\n'.encode()


class ProtocolError(ValueError):
    """A line that is not a protocol message: ``line`` is what was written (clipped)."""

    def __init__(self, line: str) -> None:
        self.line = line
        super().__init__(line)


def read(line: bytes) -> dict[str, Any]:
    """The message of one line the bot wrote. Raises :class:`ProtocolError` unless it is a JSON object with a
    ``type``."""
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        message = None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(shown(line))
    return message


def shown(data: bytes | str, limit: int = 80) -> str:
    """What a bot wrote, for a forfeit's detail: decoded, on one line, clipped, with no control characters."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = "".join(c if c.isprintable() else " " for c in text)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
