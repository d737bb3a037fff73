"""Runs a Python bot class in its own process, speaking the bot protocol (:mod:`loveletter.arena.protocol`) for it.

    python -m loveletter.arena.runner FILE CLASS [SHOWN]

``FILE`` holds the bot's source (``SHOWN`` is the path its errors name: the user's file, where a worker was given
only its text); ``CLASS`` is called with the bot's ``random.Random`` at each new game and its ``choose(view)``
at each decision, with a :class:`~loveletter.engine.View` rebuilt from the message
(:func:`loveletter.engine.viewjson.view_from_json`). Anything else that turns an object into an answer can
reuse :func:`serve` with its own ``make`` (a trained policy, say).

What the bot prints goes to its log (the runner keeps the real stdout for the protocol); an exception it raises
is answered as an error, with its type, message and the line of the bot's file, and it loses that game only.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tomllib
import types
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from loveletter.arena.protocol import PROTOCOL, encode
from loveletter.engine import Ruleset, parse_ruleset
from loveletter.engine.actions import ACTION_TYPES
from loveletter.engine.viewjson import ActionReader, view_from_json

#: What makes a bot for one game: called with its random source.
Make = Callable[[random.Random], Any]


class LoadError(Exception):
    """A bot that cannot be made: ``problem`` is ``load`` (the file raised), ``no_class`` or ``not_a_bot``."""

    def __init__(self, problem: str, message: str) -> None:
        self.problem, self.message = problem, message
        super().__init__(message)


def load_class(source: str, cls: str, shown: str) -> Make:
    """The class ``cls`` of a bot file's ``source`` (run as a module named after it, errors naming ``shown``)."""
    module = types.ModuleType("loveletter_bot")
    module.__file__ = shown
    sys.modules[module.__name__] = module  # dataclasses and pickling look a module up by name
    try:
        exec(compile(source, shown, "exec"), module.__dict__)
    except BaseException as exc:  # whatever the file does when run is its problem, worded once
        raise LoadError("load", one_line(exc)) from None
    found = getattr(module, cls, None)
    if found is None:
        raise LoadError("no_class", cls)
    if not callable(getattr(found, "choose", None)):
        raise LoadError("not_a_bot", cls)
    return found  # type: ignore[no-any-return]


def serve(make: Make | LoadError, name: str, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Answer the referee on ``stdin``/``stdout`` until it says bye or closes stdin: a bot made by ``make`` for
    each game (or, if ``make`` is the error that stopped it being loaded, that error at the greeting)."""
    rulesets: dict[str, tuple[Ruleset, ActionReader]] = {}
    bot: Any = None
    failed: str | None = None  # why this game's bot could not be made: answered at its first decision

    def say(message: dict[str, Any]) -> None:
        stdout.write(encode(message))
        stdout.flush()

    for line in stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if isinstance(make, LoadError):
                say({"type": "error", "problem": make.problem, "message": make.message})
                return
            say({"type": "hello", "protocol": PROTOCOL, "name": name})
        elif kind == "game":
            text = message["ruleset"]["toml"]
            if text not in rulesets:
                ruleset = parse_ruleset(tomllib.loads(text), source=message["ruleset"]["name"], text=text)
                rulesets[text] = (ruleset, ActionReader(ruleset))
            ruleset, actions = rulesets[text]
            bot, failed = None, None
            try:
                bot = make(random.Random(message["seed"]))  # type: ignore[operator]
            except BaseException as exc:
                failed = one_line(exc)
        elif kind == "decide":
            ident = message["id"]
            if failed is not None:
                say({"type": "error", "id": ident, "message": failed})
                continue
            view = view_from_json(message["view"], ruleset, actions)
            try:
                answer = notation(bot.choose(view))
            except BaseException as exc:
                say({"type": "error", "id": ident, "message": one_line(exc)})
                continue
            say({"type": "action", "id": ident, "action": answer})
        elif kind == "end":
            bot = None
        elif kind == "bye":
            return


def notation(action: object) -> str:
    """What the bot chose, as the referee reads it: an engine action's notation, else what the object shows
    itself as (which the referee cannot read as an action: the game is lost as illegal, the text kept)."""
    if type(action) in ACTION_TYPES:
        return str(action)
    try:
        return repr(action)[:200]
    except BaseException:
        return f"<{type(action).__name__}>"


def one_line(exc: BaseException) -> str:
    """An exception as ``Type: message (file.py:line)`` on one line, the line being the innermost of the bot's
    own file (or of a syntax error); no words of any language but the exception's own."""
    where = None
    try:
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
    except BaseException:  # an exception whose message cannot be had: its type says enough
        text = ""
    text = " ".join(text.split())
    line = f"{type(exc).__name__}{': ' + text if text else ''}"[:160]
    if where is not None and where[0]:
        line += f" ({Path(where[0]).name}:{where[1]})"
    return line


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    path, cls = argv[0], argv[1]
    shown = argv[2] if len(argv) == 3 else path
    # The protocol keeps the real stdout; what the bot prints goes where its stderr goes (its log).
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    try:
        make: Make | LoadError = load_class(Path(path).read_text(encoding="utf-8"), cls, shown)
    except LoadError as exc:
        make = exc
    except OSError as exc:
        make = LoadError("load", f"{type(exc).__name__}: {exc.strerror}")
    serve(make, cls, sys.stdin.buffer, protocol)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
