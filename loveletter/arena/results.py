"""A tournament's results: what each game gave (:class:`Outcome`), and the results file they stream to, one JSON
line per game after a header that says which tournament it is, so that a stopped tournament can be resumed and
another tournament's file refused, saying what differs.

Nothing a bot does reaches this file: a game's outcome is the referee's (:mod:`loveletter.arena.referee`), written
by the command that runs the tournament.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from loveletter.arena.tournament import Tournament


@dataclass(slots=True)
class Outcome:
    """What one game of a tournament gave. Seats are table seats; ``seats[s]`` is the entrant at seat ``s``.
    ``forfeit`` is ``{"seat", "reason", "detail"}`` when a bot lost the game by misbehaving."""

    index: int
    deal: int
    lineup: int
    rotation: int
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    rounds: int
    turns: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    forfeit: dict[str, Any] | None = None

    def ranks(self) -> list[int]:
        """Each seat's place (0 best, ties shared): the winners, then by tokens, a forfeiting bot last."""
        keys = []
        for s, tokens in enumerate(self.tokens):
            if self.forfeit is not None and self.forfeit["seat"] == s:
                keys.append((2, 0))
            else:
                keys.append((0 if s in self.winners else 1, -tokens))
        order = sorted(set(keys))
        return [order.index(key) for key in keys]

    def key(self) -> dict[str, Any]:
        """Everything but the timings: what must be the same whoever plays the game."""
        data = self.to_json()
        del data["decisions"], data["seconds"]
        return data

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "lineup": self.lineup,
            "rotation": self.rotation,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "tokens": list(self.tokens),
            "rounds": self.rounds,
            "turns": self.turns,
            "decisions": list(self.decisions),
            "seconds": [round(x, 6) for x in self.seconds],
            "forfeit": self.forfeit,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            index=int(data["index"]),
            deal=int(data["deal"]),
            lineup=int(data["lineup"]),
            rotation=int(data["rotation"]),
            seats=tuple(map(int, data["seats"])),
            winners=tuple(map(int, data["winners"])),
            tokens=tuple(map(int, data["tokens"])),
            rounds=int(data["rounds"]),
            turns=int(data["turns"]),
            decisions=tuple(map(int, data["decisions"])),
            seconds=tuple(map(float, data["seconds"])),
            forfeit=data.get("forfeit"),
        )


#: The first line of a results file says what it is, then what tournament it holds.
RESULTS_FORMAT = "loveletter-tournament/1"


class ResultsError(ValueError):
    """A results file that cannot be resumed: ``problem`` is ``unreadable`` (``detail``: why), ``not_results`` (no
    tournament's header), or ``other`` (another tournament: ``differences`` names each field that differs, with
    its value here and in the file)."""

    def __init__(self, problem: str, path: str, detail: str = "", differences: Sequence[tuple[str, Any, Any]] = ()):
        self.problem, self.path, self.detail, self.differences = problem, path, detail, list(differences)
        super().__init__(f"{path}: {problem} {detail} {self.differences}".strip())


def header(tournament: Tournament, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A results file's first line: what it is, the tournament, and the options that say when it stops (the
    SPRT's), so that ``--resume FILE`` alone can continue it."""
    head: dict[str, Any] = {"format": RESULTS_FORMAT, "tournament": tournament.identity()}
    if options:
        head["options"] = options
    return head


def differences(here: dict[str, Any], there: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """The fields of two tournaments' identities that differ, as (field, value here, value there); the players by
    name, then by what they are; the ruleset by its contents (the same file elsewhere is the same ruleset), or by
    its name in a file written before the contents were recorded. Where a player is (its file's path, a
    program's folder) is not what it is; a field added since a file was written is not compared."""
    found: list[tuple[str, Any, Any]] = []
    digest_here, digest_there = here.get("ruleset_sha256"), there.get("ruleset_sha256")
    for key in sorted(set(here) | set(there)):
        a, b = here.get(key), there.get(key)
        if key == "ruleset_sha256" or (key not in there and key in ADDED):
            continue
        if key == "ruleset" and digest_here and digest_there:
            if digest_here != digest_there:
                found.append(("ruleset", _ruleset_shown(a, digest_here), _ruleset_shown(b, digest_there)))
            continue
        if a == b:
            continue
        if key == "players" and isinstance(a, list) and isinstance(b, list):
            names_a = [p.get("name") for p in a]
            names_b = [p.get("name") for p in b if isinstance(p, dict)]
            if names_a != names_b:
                found.append(("players", ", ".join(map(str, names_a)), ", ".join(map(str, names_b))))
            else:
                for p, q in zip(a, b, strict=True):
                    if _what_it_is(p) != _what_it_is(q):
                        found.append((f"player {p.get('name')}", _what(p), _what(q)))
            continue
        found.append((key, a, b))
    return found


#: Fields of a tournament's identity added since results files were first written.
ADDED = ("bot_memory",)
#: What says where a player is, not what it is.
WHERE = ("path", "cwd")


def _what_it_is(player: Any) -> Any:
    return {k: v for k, v in player.items() if k not in WHERE} if isinstance(player, dict) else player


def _ruleset_shown(name: object, digest: object) -> str:
    """A ruleset and its contents' digest, short: a long path keeps its end (the file's name)."""
    text = str(name)
    text = text if len(text) <= 40 else "…" + text[-39:]
    return f"{text} (sha256 {str(digest)[:12]})"


def _what(player: dict[str, Any]) -> str:
    if "level" in player:
        return str(player["level"])
    if "command" in player:
        return " ".join(map(str, player["command"]))[:40]
    return f"{player.get('class')} (sha256 {str(player.get('sha256'))[:12]})"


def read_results(path: str) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """A results file's header, its games (in order, a contiguous run from game 0) and how many bytes of it are
    whole lines (a line cut short by a stop mid-write is dropped). Raises :class:`ResultsError`."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as exc:
        raise ResultsError("unreadable", path, exc.strerror or str(exc)) from None
    lines = data.split(b"\n")
    good = 0
    head: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    for line in lines[:-1]:  # the last is empty, or a line cut short
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            item = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            break
        if head is None:
            if not isinstance(item, dict) or item.get("format") != RESULTS_FORMAT:
                raise ResultsError("not_results", path)
            head = item
        elif not isinstance(item, dict) or item.get("index") != len(games):
            break
        else:
            games.append(item)
        good += len(line) + 1
    if head is None:
        raise ResultsError("not_results", path)
    return head, games, min(good, len(data))


def check_resume(tournament: Tournament, head: dict[str, Any], path: str) -> None:
    """Refuse ``path`` unless it holds this very tournament, saying what differs."""
    found = differences(tournament.identity(), head.get("tournament") or {})
    if found:
        raise ResultsError("other", path, differences=found)
