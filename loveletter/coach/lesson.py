"""Lessons as data: a stacked game whose every decision is written down in advance.

A lesson is a TOML file in ``loveletter/coach/lessons/`` (``basic.toml``, ``premium.toml``): the ruleset, the seats
(seat 0 is the person learning; the others are computer players), and its rounds. Each round is a stacked deck
(as :func:`~loveletter.engine.stacked_deck` builds it: ``hands`` from the first player on, then ``draws``, and
the set-aside cards) and its *steps*: every decision of the round in order, each with the seat that takes it and
the move (or moves) it takes. A person's step is what the lesson asks of the player; a computer player's step is
what that player does, so the lesson is the same every time.

The texts are in the message catalogs (``learn.toml``), under ``learn.<lesson>.<id>``:

* ``intro`` (before the first deal) and ``outro`` (after the last round), for the lesson;
* ``<step>.say`` (what this moment teaches) and ``<step>.do`` (the one instruction) for a person's step;
  ``<step>.wrong``, ``.wrong_target`` and ``.wrong_named`` (optional: why another card, another player or another
  guess is not the one asked; a general text otherwise); ``<step>.done`` (optional: said over the table as the
  move left it, before the next player moves); ``<step>.coach`` (said after ``say`` when the move the step asks
  for is not the coach's choice, which the review will mark: why the lesson asks for it all the same);
* for a step that asks for the coach's hint first (``hint = true``): ``<step>.ask`` (the instruction until ``h``
  is pressed) and ``<step>.hinted`` (said over the hint, with ``do`` after it);
* ``<step>.say`` (optional) for a computer player's step: what just happened;
* ``<round>.end`` for the end of each round.

A step also says which cards it introduces (``cards``) and which rules it shows (``topics``): tests check that a
lesson covers what it claims, and that its script is legal from the first deal to the last step.

>>> lesson = load_lesson("basic")
>>> lesson.ruleset.name, lesson.seats
('2019', ('Alex', 'Bot'))
>>> step = lesson.rounds[0].steps[0]
>>> step.seat, [str(m) for m in step.moves]
(0, ['Priest>1'])
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loveletter.engine import Action, Game, Ruleset, View, load_ruleset, parse_action, stacked_deck
from loveletter.engine.events import Event
from loveletter.errors import UserError

#: Where the lessons are: beside the package's modules, shipped in the wheel with them.
LESSONS = Path(__file__).resolve().parent / "lessons"
#: The lesson ``loveletter learn`` gives without a name.
DEFAULT_LESSON = "basic"
#: The rules a lesson may claim to show (``topics``); the cards it introduces are the ruleset's card ids.
TOPICS = frozenset({"protection", "knock_out", "countess", "spy_token", "deck_out", "token"})
#: The seat of the person learning.
PERSON = 0


class LessonError(UserError):
    """A lesson file that cannot be used, or a script that does not fit the game (a bug of the lesson)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a lesson: ``seat`` decides one of ``moves`` (the first is the one a computer player takes).
    ``key`` is where its texts are in the catalog (``learn.<lesson>.<id>``)."""

    id: str
    key: str
    seat: int
    moves: tuple[Action, ...]
    cards: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    #: Whether the person asks the coach for a hint (``h``) before making this move.
    hint: bool = False

    @property
    def person(self) -> bool:
        return self.seat == PERSON


@dataclass(frozen=True, slots=True)
class Round:
    """A round of a lesson: its deck (top card first), who starts, its steps, and its end text's key."""

    id: str
    key: str
    deck: tuple[str, ...]
    first_player: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Lesson:
    name: str
    ruleset: Ruleset
    seats: tuple[str, ...]
    rounds: tuple[Round, ...]

    @property
    def key(self) -> str:
        return f"learn.{self.name}"

    @property
    def players(self) -> int:
        return len(self.seats)

    def steps(self) -> list[Step]:
        return [step for r in self.rounds for step in r.steps]


def lesson_names() -> list[str]:
    """The lessons there are, the default one first."""
    found = sorted(p.stem for p in LESSONS.glob("*.toml"))
    return sorted(found, key=lambda name: name != DEFAULT_LESSON)


def load_lesson(name: str) -> Lesson:
    """The lesson ``name`` (one of :func:`lesson_names`), read and checked for its shape; :class:`LessonError`
    if it cannot be used."""
    if name not in lesson_names():
        raise LessonError(f"no lesson {name!r}; there are: {', '.join(lesson_names())}")
    path = LESSONS / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return _parse(name, data)
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise LessonError(f"{path}: {exc}") from None


def _parse(name: str, data: dict[str, Any]) -> Lesson:
    ruleset = load_ruleset(data["ruleset"])
    seats = tuple(str(s) for s in data["seats"])
    players = len(seats)
    rounds = []
    for number, raw in enumerate(data["rounds"], 1):
        first = int(raw.get("first_player", PERSON))
        hands = list(raw["hands"])
        # ``hands`` are listed from seat 0; the deck deals them from the first player on.
        deck = stacked_deck(
            ruleset,
            players,
            hands=hands,
            first_player=first,
            draws=list(raw.get("draws", ())),
            set_aside=raw.get("set_aside"),
            face_up=raw.get("face_up"),
        )
        round_id = str(raw.get("id", f"round{number}"))
        steps = tuple(_step(name, ruleset, item) for item in raw["steps"])
        rounds.append(Round(round_id, f"learn.{name}.{round_id}", tuple(deck), first, steps))
    return Lesson(name, ruleset, seats, tuple(rounds))


def _step(lesson: str, ruleset: Ruleset, raw: dict[str, Any]) -> Step:
    moves: Sequence[str] = raw["moves"] if "moves" in raw else [raw["move"]]
    if not moves:
        raise ValueError(f"step {raw['id']!r} has no move")
    cards = tuple(str(c) for c in raw.get("cards", ()))
    unknown = [c for c in cards if c not in ruleset.cards]
    topics = tuple(str(x) for x in raw.get("topics", ()))
    unknown += [x for x in topics if x not in TOPICS]
    if unknown:
        raise ValueError(f"step {raw['id']!r}: unknown {', '.join(unknown)}")
    if raw.get("hint") and int(raw.get("seat", PERSON)) != PERSON:
        raise ValueError(f"step {raw['id']!r}: only the person asks for a hint")
    return Step(
        id=str(raw["id"]),
        key=f"learn.{lesson}.{raw['id']}",
        seat=int(raw.get("seat", PERSON)),
        moves=tuple(parse_action(m, ruleset.cards) for m in moves),
        cards=cards,
        topics=topics,
        hint=bool(raw.get("hint", False)),
    )


def walk(lesson: Lesson) -> Iterator[tuple[Step, View, list[Event]]]:
    """Play the lesson's script through the engine alone, checking that it fits the game: each step, the deciding
    seat's view before it (its legal actions) and the events of its first move. :class:`LessonError` where a step
    is not the deciding seat's, a move is not legal, or a round goes on after its last step."""
    game: Game | None = None
    for number, round_ in enumerate(lesson.rounds, 1):
        if game is None:
            game = Game(lesson.ruleset, lesson.players, deck=list(round_.deck), first_player=round_.first_player)
        elif round_.first_player not in game.first_player_choices():
            raise LessonError(f"lesson {lesson.name}: round {number} cannot start with seat {round_.first_player}")
        else:
            game.next_round(deck=list(round_.deck), first_player=round_.first_player)
        for step in round_.steps:
            if game.decider != step.seat:
                raise LessonError(f"lesson {lesson.name}: step {step.id!r} is seat {step.seat}'s, not {game.decider}'s")
            view = game.view(step.seat)
            illegal = [str(m) for m in step.moves if m not in view.legal_actions]
            if illegal:
                raise LessonError(f"lesson {lesson.name}: step {step.id!r}: {', '.join(illegal)} not legal")
            yield step, view, game.push(step.moves[0])
        if not (game.round_over or game.over):
            raise LessonError(f"lesson {lesson.name}: round {number} goes on after its last step")


class Script:
    """Where a lesson is: the steps of the round being played, one after another. The person's front end and the
    computer players read the same script, so whoever decides takes the next step."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.round = 0
        self.position = 0

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.lesson.rounds[self.round].steps

    def current(self) -> Step:
        """The step to take now; :class:`LessonError` if the round has no more (a lesson that does not fit)."""
        if self.position >= len(self.steps):
            raise LessonError(f"lesson {self.lesson.name}: round {self.round + 1} goes on after its last step")
        return self.steps[self.position]

    def step_for(self, seat: int) -> Step:
        """The current step, which must be ``seat``'s."""
        step = self.current()
        if step.seat != seat:
            raise LessonError(f"lesson {self.lesson.name}: step {step.id!r} is seat {step.seat}'s, not {seat}'s")
        return step

    def advance(self) -> None:
        self.position += 1

    def next_round(self) -> None:
        self.round += 1
        self.position = 0

    @property
    def last_round(self) -> bool:
        return self.round == len(self.lesson.rounds) - 1


class ScriptedBot:
    """A computer player that plays its steps of the script."""

    level = "lesson"

    def __init__(self, script: Script) -> None:
        self.script = script
        #: The steps taken since the front end last showed a move (a Chancellor's play and its keep).
        self.taken: list[Step] = []

    def choose(self, view: View) -> Action:
        step = self.script.step_for(view.seat)
        action = step.moves[0]
        if action not in view.legal_actions:
            raise LessonError(f"lesson {self.script.lesson.name}: step {step.id!r}: {action} is not legal")
        self.script.advance()
        self.taken.append(step)
        return action
