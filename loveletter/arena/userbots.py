"""The players of a tournament: the built-in levels and people's own bots, read from a Python file.

A player is written ``[NAME=]LEVEL`` (``easy``, ``hard:5000``) or ``[NAME=]FILE.py:CLASS``. A bot file's text is
read once, in the process that starts the tournament, and travels inside each game's description: a worker (another
process, or a machine of a Ray cluster) runs the text it was given, not whatever the file holds by then, and needs
no access to the file.

A bot class is called with one argument, its own ``random.Random`` (seeded from the tournament's seed, so that a
game can be played again), and must have ``choose(view) -> action`` (:class:`loveletter.bots.base.Bot`).
"""

from __future__ import annotations

import hashlib
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loveletter.arena.games import LevelError, parse_level
from loveletter.bots import LEVELS, REFERENCE_LEVELS, Bot, make_bot

#: The levels a tournament takes (``hard:N`` included, through :func:`parse_level`).
TOURNAMENT_LEVELS = (*LEVELS, *REFERENCE_LEVELS)


class PlayerError(ValueError):
    """A player the tournament cannot seat, found before any game is played. ``problem`` says what (``unknown``,
    ``budget``, ``syntax``, ``missing``, ``unreadable``, ``load``, ``no_class``, ``not_a_bot``, ``name``), ``text``
    is what was typed and ``detail`` the cause, so that the command can word it in one line."""

    def __init__(self, problem: str, text: str, detail: str = "") -> None:
        self.problem, self.text, self.detail = problem, text, detail
        super().__init__(f"{text}: {problem}{': ' + detail if detail else ''}")


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of a tournament: a built-in ``level`` (its text, ``hard:5000``), or the class ``cls`` of the
    bot file ``path``, whose text ``source`` (and its SHA-256, ``digest``) travels with every game."""

    name: str
    level: str | None = None
    path: str | None = None
    cls: str | None = None
    source: str | None = None
    digest: str | None = None

    @property
    def is_file(self) -> bool:
        return self.source is not None

    def identity(self) -> dict[str, str]:
        """What makes this player the same one in a resumed tournament (its name, level or file's contents)."""
        if self.level is not None:
            return {"name": self.name, "level": self.level}
        return {"name": self.name, "class": str(self.cls), "sha256": str(self.digest)}

    def make(self, seed: int) -> Bot:
        """A fresh bot of this player with its own random source seeded by ``seed``."""
        import random

        if self.level is not None:
            level, budget = parse_level(self.level, TOURNAMENT_LEVELS)
            return make_bot(level, seed=seed, budget=budget)
        bot: Bot = bot_class(self)(random.Random(seed))
        return bot


def parse_player(text: str) -> Entrant:
    """``"easy"``, ``"fast=hard:500"``, ``"mybot.py:MyBot"``, ``"Mine=bots/mybot.py:MyBot"`` -> an
    :class:`Entrant` (a bot file is read and its class loaded here, so that a bad one stops the tournament before
    any game). Raises :class:`PlayerError`."""
    spec = text.strip()
    name, sep, rest = spec.partition("=")
    if not sep or "/" in name or ":" in name or name.endswith(".py"):
        name, rest = "", spec  # no display name (an "=" further on belongs to the path)
    elif not name.strip():
        raise PlayerError("name", text)
    name, rest = name.strip(), rest.strip()
    file, colon, cls = rest.rpartition(":")
    if colon and file.endswith(".py"):
        return _file_player(text, name, file, cls.strip())
    if rest.endswith(".py"):
        raise PlayerError("syntax", text)
    try:
        parse_level(rest, TOURNAMENT_LEVELS)
    except LevelError as exc:
        raise PlayerError(exc.problem, text) from None
    return Entrant(name=name or rest, level=rest)


def _file_player(text: str, name: str, file: str, cls: str) -> Entrant:
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
    )
    bot_class(entrant)  # loads it here, once: a file that does not load stops everything before the first game
    return entrant


#: Bot files already run in this process, by the SHA-256 of their text and path: a worker runs each file once. The
#: path counts too: the same text in two files is two modules, each naming its own file in its errors.
_MODULES: dict[str, types.ModuleType] = {}


def bot_class(entrant: Entrant) -> Any:
    """The class ``entrant.cls`` of the bot file's text (run as a module once per process). Raises
    :class:`PlayerError` (``load``: the file raised, its syntax included; ``no_class``; ``not_a_bot``)."""
    assert entrant.source is not None and entrant.digest is not None and entrant.cls is not None
    where = entrant.path or entrant.name
    key = hashlib.sha256(f"{entrant.digest}\0{where}".encode()).hexdigest()
    module = _MODULES.get(key)
    if module is None:
        module = types.ModuleType(f"loveletter_bot_{key[:16]}")
        module.__file__ = entrant.path
        # Registered while it runs, as an import would: dataclasses and pickling look the module up by name.
        sys.modules[module.__name__] = module
        try:
            code = compile(entrant.source, where, "exec")
            exec(code, module.__dict__)
        except BaseException as exc:  # whatever the file does when run is its problem, worded once
            del sys.modules[module.__name__]
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise PlayerError("load", where, one_line(exc)) from None
        _MODULES[key] = module
    cls = getattr(module, entrant.cls, None)
    if cls is None:
        raise PlayerError("no_class", where, entrant.cls)
    if not callable(getattr(cls, "choose", None)):
        raise PlayerError("not_a_bot", where, entrant.cls)
    return cls


def one_line(exc: BaseException) -> str:
    """An exception as ``Type: message (file.py:line)`` on one line, the line being the innermost of the bot's
    own file (or of a syntax error); no words of any language but the exception's own."""
    where = None
    if isinstance(exc, SyntaxError):
        where = (exc.filename, exc.lineno)
        text = str(exc.msg)
    else:
        tb = exc.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            if code.co_filename == tb.tb_frame.f_globals.get("__file__"):
                where = (code.co_filename, tb.tb_lineno)
            tb = tb.tb_next
        text = str(exc)
    text = " ".join(text.split())
    line = f"{type(exc).__name__}{': ' + text if text else ''}"[:160]
    if where is not None and where[0]:
        line += f" ({Path(where[0]).name}:{where[1]})"
    return line


def unique_names(entrants: list[Entrant]) -> list[Entrant]:
    """The same players, a name given twice made unique by a number (``easy``, ``easy 2``)."""
    from dataclasses import replace

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
    from string import Template

    return Template(TEMPLATE).substitute(cls=class_name(name), file=f"{name}.py")
