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
from loveletter.i18n import LANGUAGES, detect_language, ruleset_problem, set_language, t

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

#: Subcommand -> module in loveletter.commands; the order is the order of --help.
COMMANDS = ("play", "host", "solitaire", "rules", "rulesets", "simulate", "resume", "replay", "games")


class Command(Protocol):
    def configure(self, parser: argparse.ArgumentParser) -> None: ...
    def run(self, args: argparse.Namespace) -> int: ...


class _Parser(argparse.ArgumentParser):
    """Reports a bad argument as one line (what is wrong and where to look) instead of usage plus error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, t("cli.error", message=t("cli.see_help", message=message, prog=self.prog)) + "\n")


#: argparse's own texts (it passes them through gettext) -> their keys in the catalog (``cli.argparse.*``).
_ARGPARSE_TEXTS = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
    "argument %(argument_name)s: %(message)s": "argument",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "one of the arguments %s is required": "one_of",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "not allowed with argument %s": "not_allowed",
    "ignored explicit argument %r": "ignored",
    "unexpected option string: %s": "unexpected",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_parser",
}


def _argparse_gettext(message: str) -> str:
    key = _ARGPARSE_TEXTS.get(message)
    return t(f"cli.argparse.{key}") if key is not None else message


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return t("cli.argparse.expected_n_one" if n == 1 else "cli.argparse.expected_n")
    return singular if n == 1 else plural


def _translate_argparse() -> None:
    """Route argparse's headings, ``-h`` help and error messages through our catalog. argparse looks them up
    with the module-level ``_``/``ngettext`` it imported from gettext; our English texts are argparse's own, so
    other users of argparse in the process see no change."""
    setattr(argparse, "_", _argparse_gettext)  # noqa: B010 (the stubs do not declare these names)
    setattr(argparse, "ngettext", _argparse_ngettext)  # noqa: B010


def _peek_lang(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def build_parser() -> argparse.ArgumentParser:
    _translate_argparse()
    parser = _Parser(prog="loveletter", description=t("cli.help.description"))
    parser.add_argument("--version", action="version", version=f"loveletter {__version__}", help=t("cli.help.version"))
    # --lang is read before parsing (the help texts depend on it); it is accepted before or after the command.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.help.lang"))
    subparsers = parser.add_subparsers(dest="command", metavar=t("cli.metavar.command"), parser_class=_Parser)
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
        print(t("cli.error", message=_error_text(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(t("cli.interrupted"), file=sys.stderr)
        return 130
    return code


def _error_text(exc: Exception) -> str:
    """The one-line message of ``exc`` in the player's language. The engine words its errors in English; a
    ruleset error carries a problem code and its details, worded here from the catalog as ``file: `key`: problem``
    (the key in backquotes: it is written in the file as it is, in any language)."""
    from loveletter.engine.errors import RulesetError

    if not isinstance(exc, RulesetError):
        return str(exc)
    if exc.code == "solitaire_kind":
        return t("cli.ruleset_solitaire", name=exc.source)
    if exc.code == "unknown_ruleset":
        return t("cli.ruleset_unknown", name=exc.source, choices=exc.params["choices"])
    if exc.code == "file_not_found":
        return t("cli.ruleset_missing", path=exc.source)
    problem = ruleset_problem(exc.code, exc.params)
    if problem is None:
        return str(exc)  # raised without a code (or with one this version does not word): as the engine says it
    return f"{exc.source}: `{exc.key}`: {problem}" if exc.key else f"{exc.source}: {problem}"
