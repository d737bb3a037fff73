"""The players of a tournament: the built-in levels, people's bot classes in Python files, and programs of any
language that speak the bot protocol (docs/reference/bot-protocol.md).

A player is written ``[NAME=]LEVEL`` (``easy``, ``hard:5000``), ``[NAME=]FILE.py:CLASS``, ``[NAME=]cmd:PROGRAM
ARGS`` (a command line, split as a shell would) or ``[NAME=]PATH`` (an executable file). The built-in levels play
in the referee's process; every other player is a program the referee starts (:mod:`loveletter.arena.process`):
a bot class runs in a small runner (:mod:`loveletter.arena.runner`), so that nothing it does reaches the
tournament. Each player is started once before any game (:func:`check`), so that one that does not load or does
not speak the protocol stops the tournament with one line.

A bot file's text is read once, in the process that starts the tournament, and travels inside each game's
description: a worker (another process, or a machine of a Ray cluster) runs the text it was given, not whatever
the file holds by then. A program is run as given, in the folder the tournament was started from (a Ray worker
on another machine needs it at the same place).

A bot class is called with one argument, its own ``random.Random`` (seeded from the tournament's seed, so that a
game can be played again), and must have ``choose(view) -> action`` (:class:`loveletter.bots.base.Bot`).
"""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from string import Template
from typing import Any

from loveletter.arena.games import LevelError, parse_level
from loveletter.arena.process import BotFailure, BotProcess
from loveletter.bots import LEVELS, REFERENCE_LEVELS, Bot, make_bot

#: The levels a tournament takes (``hard:N`` included, through :func:`parse_level`).
TOURNAMENT_LEVELS = (*LEVELS, *REFERENCE_LEVELS)
#: How long a bot may take to start and greet the referee (at least: the time per move if longer).
START_TIME = 10.0
#: The address space a bot's process may use by default, in MiB (``--bot-memory``).
DEFAULT_MEMORY = 2048
#: Where the package lives: a bot class's runner imports this very copy of it.
_ROOT = str(Path(__file__).resolve().parents[2])


class PlayerError(ValueError):
    """A player the tournament cannot seat, found before any game is played. ``problem`` says what (``unknown``,
    ``budget``, ``syntax``, ``missing``, ``unreadable``, ``load``, ``no_class``, ``not_a_bot``, ``name``,
    ``not_executable``, ``start``), ``text`` is what was typed and ``detail`` the cause, so that the command can
    word it in one line."""

    def __init__(self, problem: str, text: str, detail: str = "") -> None:
        self.problem, self.text, self.detail = problem, text, detail
        super().__init__(f"{text}: {problem}{': ' + detail if detail else ''}")


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of a tournament: a built-in ``level`` (its text, ``hard:5000``); the class ``cls`` of the bot
    file ``path``, whose text ``source`` (and its SHA-256, ``digest``) travels with every game (run in ``cwd``
    if given, else where the game is played); or a program, ``command`` run in ``cwd``, known by its words and
    the SHA-256 of those that are files (``files``)."""

    name: str
    level: str | None = None
    path: str | None = None
    cls: str | None = None
    source: str | None = None
    digest: str | None = None
    command: tuple[str, ...] | None = None
    files: tuple[tuple[str, str], ...] = ()
    cwd: str | None = field(default=None, compare=False)

    @property
    def is_file(self) -> bool:
        return self.source is not None

    @property
    def in_process(self) -> bool:
        """A built-in level, played in the referee's process; every other player is a process of its own."""
        return self.level is not None

    def identity(self) -> dict[str, Any]:
        """What makes this player the same one in a resumed tournament (its name, level, file's contents or
        command), and where it is (``path``, ``cwd``: not compared, used to start it again)."""
        if self.level is not None:
            return {"name": self.name, "level": self.level}
        if self.command is not None:
            return {"name": self.name, "command": list(self.command), "files": dict(self.files), "cwd": self.cwd}
        where = {"cwd": self.cwd} if self.cwd is not None else {}
        return {"name": self.name, "class": str(self.cls), "sha256": str(self.digest), "path": self.path, **where}

    def make(self, seed: int) -> Bot:
        """A fresh bot of this built-in level with its own random source seeded by ``seed``."""
        assert self.level is not None, "only a level plays in the referee's process"
        level, budget = parse_level(self.level, TOURNAMENT_LEVELS)
        return make_bot(level, seed=seed, budget=budget)

    def launch(self, workdir: str) -> tuple[list[str], dict[str, str] | None, str | None]:
        """The command line, environment and folder that start this player; a bot file's text is written under
        ``workdir`` first (once), as the file its runner reads."""
        cwd = self.cwd if self.cwd is not None and os.path.isdir(self.cwd) else None
        if self.command is not None:
            return list(self.command), None, cwd
        assert self.source is not None and self.digest is not None and self.cls is not None
        shown = self.path or f"{self.cls}.py"
        folder = Path(workdir, self.digest[:32])
        source = folder / Path(shown).name
        if not source.exists():
            folder.mkdir(parents=True, exist_ok=True)
            partial = source.with_name(source.name + ".part")
            partial.write_text(self.source, encoding="utf-8")
            partial.replace(source)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH")) if p)
        return [sys.executable, "-m", "loveletter.arena.runner", str(source), self.cls, shown], env, cwd


def parse_player(text: str, *, memory: int = DEFAULT_MEMORY) -> Entrant:
    """``"easy"``, ``"fast=hard:500"``, ``"mybot.py:MyBot"``, ``"Mine=bots/mybot.py:MyBot"``, ``"cmd:perl
    bot.pl"``, ``"./mybot"`` -> an :class:`Entrant`. Every player but a level is started here once
    (:func:`check`, with ``memory`` MiB), so that a bad one stops the tournament before any game. Raises
    :class:`PlayerError`."""
    spec = text.strip()
    name, sep, rest = spec.partition("=")
    if not sep or "/" in name or ":" in name or name.endswith(".py"):
        name, rest = "", spec  # no display name (an "=" further on belongs to the path or the command)
    elif not name.strip():
        raise PlayerError("name", text)
    name, rest = name.strip(), rest.strip()
    if rest.startswith("cmd:"):
        try:
            words = shlex.split(rest[4:])
        except ValueError as exc:
            raise PlayerError("syntax_command", text, str(exc)) from None
        if not words:
            raise PlayerError("syntax_command", text)
        return _program(text, name, words, memory)
    file, colon, cls = rest.rpartition(":")
    if colon and file.endswith(".py"):
        return _file_player(text, name, file, cls.strip(), memory)
    if rest.endswith(".py"):
        raise PlayerError("syntax", text)
    try:
        parse_level(rest, TOURNAMENT_LEVELS)
    except LevelError as exc:
        if os.sep in rest or os.path.isfile(rest):
            if not os.path.isfile(rest):
                raise PlayerError("missing", rest) from None
            if not os.access(rest, os.X_OK):
                raise PlayerError("not_executable", rest) from None
            return _program(text, name, [rest], memory)
        raise PlayerError(exc.problem, text) from None
    return Entrant(name=name or rest, level=rest)


def _file_player(text: str, name: str, file: str, cls: str, memory: int, cwd: str | None = None) -> Entrant:
    if not cls.isidentifier():
        raise PlayerError("syntax", text)
    path = Path(file).expanduser()
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PlayerError("missing", file) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayerError("unreadable", file, getattr(exc, "strerror", None) or str(exc)) from None
    entrant = Entrant(
        name=name or cls,
        path=str(path),
        cls=cls,
        source=source,
        digest=hashlib.sha256(source.encode()).hexdigest(),
        cwd=cwd,
    )
    check(entrant, memory)  # loads it once, in its own process: one that does not load stops everything here
    return entrant


def _program(text: str, name: str, words: list[str], memory: int, cwd: str | None = None) -> Entrant:
    """A program run as ``words`` in ``cwd`` (default: here), known by its words and the files they name."""
    cwd = cwd or os.getcwd()
    files = []
    for word in words:
        path = os.path.join(cwd, word)
        if os.path.isfile(path):
            try:
                files.append((word, hashlib.sha256(Path(path).read_bytes()).hexdigest()))
            except OSError as exc:
                raise PlayerError("unreadable", word, exc.strerror or str(exc)) from None
    entrant = Entrant(name=name, command=tuple(words), files=tuple(files), cwd=cwd)
    said = check(entrant, memory)
    return entrant if name else _named(entrant, said or Path(words[0]).name)


def from_identity(data: Any, *, memory: int = DEFAULT_MEMORY) -> Entrant:
    """The player a results file names (:meth:`Entrant.identity`), found again where it was: a level, the bot
    file at its path, the program in its folder; started once, as :func:`parse_player` does (whether it is still
    the same player, its file's SHA-256, is for the tournament's check to say). Raises :class:`PlayerError`."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise PlayerError("syntax", str(data)[:60])
    name = data["name"]
    if isinstance(data.get("level"), str):
        try:
            parse_level(data["level"], TOURNAMENT_LEVELS)
        except LevelError as exc:
            raise PlayerError(exc.problem, data["level"]) from None
        return Entrant(name=name, level=data["level"])
    command = data.get("command")
    if isinstance(command, list) and command and all(isinstance(w, str) for w in command):
        cwd = data.get("cwd") if isinstance(data.get("cwd"), str) else None
        return _program(name, name, command, memory, cwd)
    path, cls = data.get("path"), data.get("class")
    if not isinstance(path, str) or not isinstance(cls, str):
        raise PlayerError("where", name)
    cwd = data.get("cwd") if isinstance(data.get("cwd"), str) else None
    return _file_player(f"{path}:{cls}", name, path, cls, memory, cwd)


def _named(entrant: Entrant, name: str) -> Entrant:
    return replace(entrant, name=name)


def check(entrant: Entrant, memory: int = DEFAULT_MEMORY, seconds: float = START_TIME) -> str:
    """Start ``entrant``'s process and greet it, then stop it: the name it gives. Raises :class:`PlayerError`:
    ``load``, ``no_class`` or ``not_a_bot`` for a bot file its runner cannot load, ``start`` for a program that
    does not start or does not speak the protocol (its stderr is kept in a file of the system's temporary
    folder only while it runs)."""
    where = entrant.path or " ".join(entrant.command or ())
    with tempfile.TemporaryDirectory(prefix="loveletter-check-") as workdir:
        argv, env, cwd = entrant.launch(workdir)
        process = BotProcess(argv, log=os.path.join(workdir, "check.log"), memory=memory * 2**20, env=env, cwd=cwd)
        try:
            name = process.start(seconds)
        except BotFailure as failure:
            if entrant.is_file and failure.problem in ("load", "no_class", "not_a_bot"):
                raise PlayerError(failure.problem, where, failure.detail) from None
            raise PlayerError("start", where, failure.detail) from None
        finally:
            process.close(grace=0.5)
    return name


def unique_names(entrants: list[Entrant]) -> list[Entrant]:
    """The same players, a name given twice made unique by a number (``easy``, ``easy 2``)."""
    seen: dict[str, int] = {}
    out = []
    for entrant in entrants:
        count = seen[entrant.name] = seen.get(entrant.name, 0) + 1
        out.append(replace(entrant, name=f"{entrant.name} {count}") if count > 1 else entrant)
    return out


#: The file ``loveletter bot new NAME`` writes (``$cls``: the class's name), the docs' example bot.
TEMPLATE = '''\
"""A Love Letter player for `loveletter tournament --player $file:$cls`."""

import random

from loveletter.engine import Action, Play, View


class $cls:
    """Plays its lowest card, at random among the targets and guesses the rules allow."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # its own random source: the same tournament seed, the same games

    def choose(self, view: View) -> Action:
        """Called on each decision of this seat, with what the seat may know; returns one of view.legal_actions."""
        plays = [action for action in view.legal_actions if isinstance(action, Play)]
        if not plays:  # not a card to play: which card a Chancellor keeps, or a Bishop target's choice
            return self.rng.choice(view.legal_actions)
        lowest = min(view.ruleset.value(play.card) for play in plays)
        return self.rng.choice([play for play in plays if view.ruleset.value(play.card) == lowest])
'''


def class_name(name: str) -> str:
    """The class of a bot called ``name``: ``cautious`` -> ``Cautious``, ``my_bot`` -> ``MyBot``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part) or name


def bot_template(name: str) -> str:
    """The text of a new bot file called ``name`` (``name.py``, class :func:`class_name`)."""
    return Template(TEMPLATE).substitute(cls=class_name(name), file=f"{name}.py")
