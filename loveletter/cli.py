"""The ``loveletter`` command: argparse subcommands, one module each in ``loveletter/commands/``.

Only argparse and the message catalog are imported to build the parser, so ``--help`` and ``--version`` stay
fast; a command imports what it needs (rich, prompt_toolkit, the engine) when it runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn, Protocol

from loveletter import __version__
from loveletter.errors import UsageError, UserError
from loveletter.i18n import LANGUAGES, detect_language, set_language, t

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

#: Subcommand -> module in loveletter.commands; the order is the order of --help.
COMMANDS = ("play", "solitaire", "rules", "rulesets", "simulate", "resume", "replay", "games")


class Command(Protocol):
    def configure(self, parser: argparse.ArgumentParser) -> None: ...
    def run(self, args: argparse.Namespace) -> int: ...


class _Parser(argparse.ArgumentParser):
    """Reports a bad argument as one line (what is wrong and where to look) instead of usage plus error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, t("cli.error", message=f"{message} (see: {self.prog} --help)") + "\n")


def _peek_lang(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="loveletter", description=t("cli.help.description"))
    parser.add_argument("--version", action="version", version=f"loveletter {__version__}", help=t("cli.help.version"))
    # --lang is read before parsing (the help texts depend on it); it is accepted before or after the command.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang"))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        module: Command = importlib.import_module(f"loveletter.commands.{name}")
        sub = subparsers.add_parser(name, help=t(f"cli.help.{name}"), description=t(f"cli.help.{name}"))
        sub.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang"))
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    set_language(detect_language(_peek_lang(args_list)))
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 0
    from loveletter.engine.errors import EngineError

    try:
        code: int = args.run(args)
    except (UserError, EngineError) as exc:
        print(t("cli.error", message=str(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(t("cli.interrupted"), file=sys.stderr)
        return 130
    return code
